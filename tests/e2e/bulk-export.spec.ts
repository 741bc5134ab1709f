/**
 * A bug this guards against: "Exporting right after 'finished' gave 500 rows marked 'Pending' that the ledger had
 * already charged." A bulk job of a few hundred entries is started through the side panel, its CSV is downloaded the
 * moment the panel says finished, and the file is checked against the sandbox's own ledger: no row is pending, and the
 * rows exported as enriched are exactly the ones the ledger charged for.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, test } from './fixtures';
import { ledgerOf, openPanelFor, samplesOf } from './support/reliability';
import { serveMailtoList } from './support/static-server';
import { scanFinished } from './support/page-scan';
import { budget } from '../time-budget';

test('export right after a bulk job finishes: no row the ledger charged is exported as pending', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
  sandbox,
}) => {
  test.setTimeout(240_000);
  const key = `test-standard-bulk-export-${Date.now()}`;
  await configure({ apiKey: key });
  const samples = await samplesOf(sandbox.url);

  // 400 addresses on a page: the known sandbox people (charged when found) among unknown ones (free misses).
  const known = samples.emails.slice(0, 20);
  const emails = Array.from({ length: 400 }, (_, i) => (i % 20 === 0 && known[i / 20] ? known[i / 20]! : `x.nobody${i}@nowhere${i % 7}.com`));
  const pages = await serveMailtoList('400 members', emails);
  try {
    const { panel } = await openPanelFor(context, serviceWorker, openExtensionPage, pages.url);
    const page = panel.getByRole('tabpanel', { name: 'Page' });
    const table = page.getByRole('table', { name: 'Emails found on this page' });
    await expect(table).toBeVisible({ timeout: budget(30_000) });
    await scanFinished(panel);

    await table.getByRole('checkbox', { name: /^Select all/ }).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: /^Enrich 400 selected/ }).click();

    // The moment the panel says finished: click the CSV export, no waiting for the table.
    await expect(page.getByRole('heading', { name: 'Bulk enrichment finished' })).toBeVisible({ timeout: budget(120_000) });
    const download = panel.waitForEvent('download');
    await page.getByRole('button', { name: 'Download bulk results as CSV' }).click();
    const parsed = Papa.parse<Record<string, string>>(readFileSync(await (await download).path(), 'utf8'), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(400);
    expect(parsed.data.filter((r) => r.Status === 'Pending')).toEqual([]);

    const enriched = parsed.data.filter((r) => r.Status === 'Enriched' && r['From cache'] === 'no').length;
    expect(enriched).toBeGreaterThan(0);
    const charged = async () => (await ledgerOf(sandbox.url, key)).entries.filter((e) => e.endpoint === 'bulk-enrich').reduce((n, e) => n + e.credits, 0);
    expect(await charged()).toBe(enriched);
  } finally {
    await pages.close();
  }
});
