/**
 * A bulk start above "Ask again above N credits" asks a second time: the import's Start names the most it can cost,
 * the first click opens the question and charges nothing (the sandbox ledger is empty), Escape closes it, and only
 * the question's Start sends the job, charged as the ledger says.
 */
import Papa from 'papaparse';
import { expect, test } from './fixtures';
import { apiRequests, ledgerOf, samplesOf, send } from './support/reliability';
import { budget } from '../time-budget';

test('an import above the threshold is sent only after the second Start', async ({ openExtensionPage, configure, sandbox, shot }) => {
  const key = `test-standard-spend-confirm-${Date.now()}`;
  await configure({ apiKey: key, settings: { confirmAboveCredits: 2 } });
  const { emails } = await samplesOf(sandbox.url);
  const people = emails.slice(0, 5);
  const csv = Papa.unparse([['Name', 'Email'], ...people.map((email, i) => [`Person ${i}`, email])]);
  const panel = await openExtensionPage('sidepanel.html');
  const bulkCharged = async () => (await ledgerOf(sandbox.url, key)).entries.filter((e) => e.endpoint === 'bulk-enrich' && e.credits > 0).reduce((n, e) => n + e.credits, 0);

  await test.step('preview the 5-row file: up to 5 credits', async () => {
    await panel.getByRole('tab', { name: 'History' }).click();
    await panel.getByRole('tab', { name: 'Import' }).click();
    await panel.getByLabel('CSV or TSV file').setInputFiles({ name: 'five.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(panel.getByTestId('import-column').locator('select')).toHaveCount(2, { timeout: budget(30_000) });
    await panel.getByRole('button', { name: 'Preview cost' }).click();
    await expect(panel.getByTestId('preview-credits')).toHaveText('5 credits', { timeout: budget(60_000) });
  });

  const start = panel.getByRole('button', { name: /^Start — up to 5 credits/ });
  const question = panel.getByRole('alertdialog', { name: 'This can cost up to 5 credits. Start?' });
  await test.step('the first click asks and sends nothing; Escape closes the question', async () => {
    await start.click();
    await expect(question).toBeVisible();
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shot(panel, 'spend-confirm-question');
    // A job is written before its first chunk leaves: none listed and none sent means the first click started nothing
    // (the ledger alone could not tell, as a started job is charged only when its chunk is answered).
    const jobs = async () => {
      const reply = await send<unknown[]>(panel, 'bulk/list', {});
      expect(reply.ok).toBe(true);
      return reply.ok ? reply.data.length : -1;
    };
    const bulkSent = async () => (await apiRequests(sandbox.url, key)).filter((r) => r.path === '/v1/bulk-enrich').length;
    expect(await jobs()).toBe(0);
    expect(await bulkSent()).toBe(0);
    await panel.keyboard.press('Escape');
    await expect(question).toBeHidden();
    expect(await jobs()).toBe(0);
    expect(await bulkSent()).toBe(0);
    expect(await bulkCharged()).toBe(0);
    await expect(panel.getByTestId('import-job-status')).toBeHidden();
  });

  await test.step('the second Start sends the job; the ledger charges the 5 people', async () => {
    await start.click();
    await question.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(panel.getByTestId('import-job-status')).toHaveText('Finished.', { timeout: budget(120_000) });
    expect(await bulkCharged()).toBe(5);
  });
});
