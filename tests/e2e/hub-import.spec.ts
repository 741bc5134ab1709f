/**
 * A staged import asks the team's book (no proxy mode): a teammate (Ada, over the hub's API) bought two people of
 * Bea's file; Bea, signed in through the options page with her own key, imports the file of five. The preview lists
 * the two as "From your team's book (free)" and prices the other three; the job charges exactly that, and the
 * sandbox's ledger for Bea's key holds exactly that.
 */
import { randomBytes } from 'node:crypto';
import Papa from 'papaparse';
import { startHub, type RunningHub } from '@/hub/server';
import type { HubDatabase } from '@/hub/db/open';
import { bookOptions } from '@/lib/hub-client/book-options';
import { testDatabases, type TestDatabases } from '../unit/hub/backends';
import { expect, test, uniqueKey } from './fixtures';
import { hubCall, makeTeam, signedIn } from './support/hub';
import { ledgerOf, samplesOf, send } from './support/reliability';
import { budget } from '../time-budget';

interface Job {
  id: string;
  status: string;
  creditsCharged: number;
  fromTeam?: number;
}

test.describe('a staged import with the team book, on PGlite', () => {
  let dbs: TestDatabases;
  let database: HubDatabase;
  let hub: RunningHub;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dbs = await testDatabases('pglite');
    database = await dbs.open();
    hub = await startHub({ port: 0, database, keySecret: randomBytes(32).toString('base64') });
  });
  test.afterAll(async () => {
    await hub?.close();
    await dbs?.dispose();
  });

  test("the preview prices a teammate's people free; preview = the job's charge = the sandbox ledger", async ({ openExtensionPage, configure, sandbox, shot }) => {
    test.setTimeout(240_000);
    const key = uniqueKey('test-standard-hub-import');
    const teamName = `Acme import ${randomBytes(2).toString('hex')}`;
    const { invites } = await makeTeam(hub, teamName, { invite: ['ada', 'bea'] });
    const emails = (await samplesOf(sandbox.url)).emails.slice(5, 10);

    await test.step("Ada's purchases of two of the five are in the team's book", async () => {
      const ada = (await hubCall(hub, '/hub/invites/redeem', { body: { code: invites.ada, name: 'Ada' } })).token as string;
      for (const email of emails.slice(0, 2)) {
        const bought = (await (await fetch(`${sandbox.url}/v1/enrich?email=${encodeURIComponent(email)}`, { headers: { 'x-api-key': uniqueKey('test-standard-hub-import-ada') } })).json()) as { result: unknown };
        await hubCall(hub, '/hub/book', { token: ada, body: { writeId: `ada-${email}`, lookup: { email }, answer: bought.result, options: bookOptions({}), boughtAt: new Date().toISOString(), credits: 1 } });
      }
    });

    await configure({ apiKey: key });
    const options = await openExtensionPage('options.html');
    await test.step('Bea signs in to the hub; her own key stays in use', async () => {
      await signedIn(options, hub.url, invites.bea!, 'Bea', teamName);
    });

    const panel = await openExtensionPage('sidepanel.html');
    await test.step('the preview: 2 from the team\'s book (free), at most 3 credits', async () => {
      await panel.getByRole('tab', { name: 'History' }).click();
      await panel.getByRole('tab', { name: 'Import' }).click();
      const csv = Papa.unparse([['Name', 'Email'], ...emails.map((email, i) => [`Person ${i}`, email])]);
      await panel.getByLabel('CSV or TSV file').setInputFiles({ name: 'team.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await panel.getByRole('button', { name: 'Preview cost' }).click();
      await expect(panel.getByTestId('import-preview')).toBeVisible({ timeout: budget(60_000) });
      await expect(panel.getByTestId('preview-unique')).toHaveText('5');
      await expect(panel.getByTestId('preview-team')).toHaveText('2');
      await expect(panel.getByText("From your team's book (free)")).toBeVisible();
      await expect(panel.getByTestId('preview-credits')).toHaveText('3 credits');
      await expect(panel.getByText(/2 bought by your team · free/)).toBeVisible();
      await shot(panel, 'hub-import-preview-team');
    });

    await test.step('the job charges the preview\'s 3 credits, fills the two from the book, and the sandbox charged 3', async () => {
      await panel.getByRole('button', { name: /Start bulk enrichment/ }).click();
      await expect(panel.getByTestId('import-job-status')).toBeVisible({ timeout: budget(60_000) });
      let job: Job | undefined;
      await expect
        .poll(
          async () => {
            const list = await send<Job[]>(panel, 'bulk/list', {});
            job = list.ok ? list.data[0] : undefined;
            return job?.status;
          },
          { timeout: budget(90_000) },
        )
        .toBe('done');
      expect(job).toMatchObject({ creditsCharged: 3, fromTeam: 2 });
      const ledger = await ledgerOf(sandbox.url, key);
      expect(ledger.entries.reduce((sum, e) => sum + e.credits, 0)).toBe(3);
    });
  });
});
