/**
 * A file bigger than one message may carry: 40,300 rows (40,000 distinct people, 300 repeats). Before
 * staged uploads, a file of ~30,000 rows could not start (one `bulk/start` over the router's 2 MB limit). Now the
 * panel stages the entries page by page, the preview shows the file's figures, the job holds all 40,000 rows, and
 * a cancel after the first chunk ends with the sandbox ledger equal to what the job says it charged.
 */
import Papa from 'papaparse';
import { expect, test } from './fixtures';
import { clearFaults, injectFault, ledgerOf, samplesOf, send, type Reply } from './support/reliability';
import { budget } from '../time-budget';

const DISTINCT = 40_000;
const REPEATS = 300;

interface Job {
  id: string;
  status: string;
  total: number;
  done: number;
  duplicates?: number;
  creditsCharged: number;
  inFlight?: number;
}

test('a 40,300-row file: staged, previewed, started whole, cancelled after the first chunk, charged as the ledger says', async ({ openExtensionPage, configure, sandbox }) => {
  // Reading and staging 40,000 rows, the job's creation, one slow chunk, the cancel: each budgeted below.
  test.setTimeout(600_000);
  const key = `test-standard-import-large-${Date.now()}`;
  await configure({ apiKey: key });
  const { emails } = await samplesOf(sandbox.url);
  const known = emails.slice(0, 20);
  // Known people first (the first chunk charges them), then unknown addresses (misses are free), then repeats.
  const people = [...known, ...Array.from({ length: DISTINCT - known.length }, (_, i) => `nobody${i}@large-${i % 11}.example`)];
  const rows = people.map((email, i) => [`Person ${i}`, email, `note ${i}`]);
  for (let i = 0; i < REPEATS; i++) rows.push([`Again ${i}`, people[i * 7]!.toUpperCase(), 'repeat']);
  const csv = Papa.unparse([['Name', 'Email', 'Notes'], ...rows]);
  // Sent whole, the distinct entries alone would be one message over the router's limit (MAX_MESSAGE_BYTES).
  const whole = JSON.stringify({ type: 'bulk/start', input: { entries: people.map((value) => ({ field_type: 'email', value })) } });
  expect(whole.length).toBeGreaterThan(2_000_000);
  const panel = await openExtensionPage('sidepanel.html');

  await test.step('read the file: three columns detected', async () => {
    await panel.getByRole('tab', { name: 'History' }).click();
    await panel.getByRole('tab', { name: 'Import' }).click();
    await panel.getByLabel('CSV or TSV file').setInputFiles({ name: 'large.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const kinds = panel.getByTestId('import-column').locator('select');
    await expect(kinds).toHaveCount(3, { timeout: budget(90_000) });
    expect(await kinds.evaluateAll((s) => s.map((e) => (e as HTMLSelectElement).value))).toEqual(['full_name', 'email', 'ignore']);
  });

  await test.step('preview: staged in pages, the file figures and the most it can cost', async () => {
    await panel.getByRole('button', { name: 'Preview cost' }).click();
    await expect(panel.getByTestId('import-preview')).toBeVisible({ timeout: budget(150_000) });
    await expect(panel.getByTestId('preview-rows')).toHaveText(String(DISTINCT + REPEATS));
    await expect(panel.getByTestId('preview-duplicates')).toHaveText(String(REPEATS));
    await expect(panel.getByTestId('preview-unique')).toHaveText(String(DISTINCT));
    await expect(panel.getByTestId('preview-cached')).toHaveText('0');
    await expect(panel.getByTestId('preview-credits')).toHaveText(`${DISTINCT.toLocaleString('en-US')} credits`);
  });

  let job: Job;
  await test.step('start: one job with all 40,000 rows', async () => {
    // Every bulk answer takes 3 s, so the cancel below lands while the job is early on.
    await injectFault(sandbox.url, { mode: 'slow', count: 40, delayMs: 3_000, paths: ['/v1/bulk-enrich'] });
    await panel.getByRole('button', { name: /Start bulk enrichment/ }).click();
    await expect(panel.getByTestId('import-job-status')).toBeVisible({ timeout: budget(150_000) });
    const list = await send<Job[]>(panel, 'bulk/list', {});
    expect(list.ok).toBe(true);
    job = (list as Extract<Reply<Job[]>, { ok: true }>).data[0]!;
    expect(job).toMatchObject({ total: DISTINCT, duplicates: 0 });
  });

  await test.step('cancel once the first chunk is answered', async () => {
    await expect.poll(async () => ((await send<Job>(panel, 'bulk/get', { jobId: job.id })) as { data: Job }).data.done, { timeout: budget(60_000) }).toBeGreaterThanOrEqual(1_000);
    await panel.getByRole('button', { name: 'Cancel', exact: true }).click();
    // Cancelling settles every chunk that never left (about 39,000 rows in one write): slow on a busy machine.
    await expect(panel.getByTestId('import-job-status')).toHaveText('Cancelled.', { timeout: budget(150_000) });
  });

  await test.step('the ledger charged exactly what the job reports, never more', async () => {
    // A chunk that had left before the cancel is answered (and charged) later: wait until none is in flight.
    let end: Job = job;
    await expect
      .poll(
        async () => {
          end = ((await send<Job>(panel, 'bulk/get', { jobId: job.id })) as { data: Job }).data;
          return { inFlight: end.inFlight ?? 0, done: end.done };
        },
        { timeout: budget(60_000) },
      )
      .toEqual({ inFlight: 0, done: DISTINCT });
    const ledger = await ledgerOf(sandbox.url, key);
    const charged = ledger.entries.filter((e) => e.endpoint === 'bulk-enrich').reduce((n, e) => n + e.credits, 0);
    expect(end.status).toBe('cancelled');
    expect(end.creditsCharged).toBeGreaterThanOrEqual(known.length);
    expect(charged).toBe(end.creditsCharged);
    // Most chunks never left: far less than the preview's maximum was charged.
    expect(charged).toBeLessThan(DISTINCT);
    await clearFaults(sandbox.url);
  });
});
