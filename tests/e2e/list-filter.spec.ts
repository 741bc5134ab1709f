/**
 * A long list of loose addresses, filtered to one company's domain: "Select all" takes only the addresses shown, the
 * bulk job sends exactly those, and the sandbox ledger charges exactly the ones it knows (misses are free). The people
 * list's filter is checked on the sandbox directory (people-pages.spec.ts); both share ListFilter and one text rule.
 */
import { expect, test } from './fixtures';
import { bulkQueries, ledgerOf, openPanelFor, samplesOf } from './support/reliability';
import { serveMailtoList } from './support/static-server';
import { budget } from '../time-budget';

test('loose addresses filtered by a domain: "Select all" sends exactly the addresses shown and the ledger charges the known ones', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
  sandbox,
  shot,
}) => {
  // Budget: scan 30 s + filter 15 s + one bulk chunk (seconds; 60 s behind the limiter at worst) + ledger; doubled.
  test.setTimeout(240_000);
  const key = `test-standard-list-filter-${Date.now()}`;
  await configure({ apiKey: key });
  const known = (await samplesOf(sandbox.url)).emails.slice(0, 12);
  expect(known.length).toBe(12);
  // The sandbox's people among addresses nobody knows, several at the same domains, in a plain list (no people).
  const domain = known[0]!.split('@')[1]!;
  const strangers = Array.from({ length: 48 }, (_, i) => `x.nobody${i}@${i % 4 === 0 ? domain : `nowhere${i % 5}.com`}`);
  const emails = [...known, ...strangers];
  const expected = emails.filter((e) => e.endsWith(`@${domain}`));
  const expectedKnown = known.filter((e) => e.endsWith(`@${domain}`));
  expect(expected.length).toBeGreaterThan(expectedKnown.length);
  const pages = await serveMailtoList('Mailing list', emails);
  try {
    const { panel } = await openPanelFor(context, serviceWorker, openExtensionPage, pages.url);
    const page = panel.getByRole('tabpanel', { name: 'Page' });
    const table = page.getByRole('table', { name: 'Emails found on this page' });

    await test.step(`60 addresses; typing the domain in capitals keeps the ${expected.length} there`, async () => {
      await expect(table).toHaveAttribute('aria-rowcount', String(emails.length + 1), { timeout: budget(30_000) });
      await page.getByRole('searchbox', { name: 'Filter by address or domain…' }).fill(domain.toUpperCase());
      await expect(table).toHaveAttribute('aria-rowcount', String(expected.length + 1), { timeout: budget(15_000) });
      await expect(page.getByText(`${expected.length} of ${emails.length}`, { exact: true })).toBeVisible();
      await shot(panel, 'list-filter-emails');
    });

    await test.step(`"Select all" + Enrich: the ${expected.length} addresses shown, ${expectedKnown.length} credits`, async () => {
      await table.getByRole('checkbox', { name: `Select all ${expected.length}` }).check();
      await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: new RegExp(`^Enrich ${expected.length} selected`) }).click();
      await expect(page.getByRole('heading', { name: 'Bulk enrichment finished' })).toBeVisible({ timeout: budget(120_000) });
      const sent = (await bulkQueries(sandbox.url, key)).map((q) => q.value).sort();
      expect(sent).toEqual([...expected].sort());
      const charged = (await ledgerOf(sandbox.url, key)).entries.filter((e) => e.endpoint === 'bulk-enrich').reduce((n, e) => n + e.credits, 0);
      expect(charged).toBe(expectedKnown.length);
    });

    await test.step('a domain nobody has: the list says nothing matches (addresses are things, not people)', async () => {
      await page.getByRole('searchbox', { name: 'Filter by address or domain…' }).fill('zzyzx.example');
      await expect(page.getByText('Nothing here matches “zzyzx.example”.').first()).toBeVisible();
      await expect(table).toHaveCount(0);
    });
  } finally {
    await pages.close();
  }
});
