import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
// The extension's test type (this file uses none of its fixtures): one worker kind for the whole suite, so this file
// joins the workers already running instead of starting its own at the end (docs/testing.md).
import { expect, test } from './fixtures';
import Papa from 'papaparse';
import type { PagePerson } from '@/lib/detect/schema';
import { demoLedgerOf } from '../../scripts/demo/backend';
import type { Ledger } from '../../scripts/demo/sandbox-api';
import { launchOffline, type OfflineBrowser, type Tripwire, tripwire } from './support/demo-store';
import { storeBuild } from './support/store-build';
import { send, tabIdOf } from './support/reliability';
import { scanFinished } from './support/page-scan';
import { budget } from '../time-budget';

// Demo mode, as a stranger tries the extension before any account: a store build in a fresh profile with the
// network shut and no sandbox process (support/demo-store.ts). Onboarding → "Try it with demo data" → the demo team
// page (an extension page, no site permission) → its people → an enrichment → the company → lookalikes → an email
// verification → a bulk job on the 300-member directory → its CSV read back. Every paid step compares what the UI
// says it charged, and the header's "credits today", with the demo ledger the sandbox inside the worker keeps.
// Leaving demo mode leaves nothing where a real key looks: cache, book, lists, history, jobs, ledger, exports.

const PANEL = { width: 360, height: 900 };

let build = '';
let browser: OfflineBrowser;
let wire: Tripwire;

test.beforeAll(async () => {
  // A production build on a busy two-core machine can take two minutes (shared with demo-tour.spec.ts).
  test.setTimeout(600_000);
  build = await storeBuild();
});

test.afterEach(async () => {
  await browser?.close();
  await wire?.close();
});

const view = (panel: Page, name: string): Locator => panel.getByRole('tabpanel', { name });
/** "Live · 3 credits" → 3; the provenance line every paid answer carries. */
const liveCredits = async (where: Locator): Promise<number> => {
  const line = (await where.getByText(/^Live · \d+ credits?$/).first().textContent({ timeout: budget(20_000) })) ?? '';
  return Number(/(\d+) credits?$/.exec(line)?.[1] ?? NaN);
};
/** The header's "N credits today". */
const creditsToday = async (panel: Page): Promise<number> =>
  Number(((await panel.getByTestId('credits-stat').textContent()) ?? '').replace(/credits? today.*/, '').replace(/\D/g, '') || NaN);
const total = (ledger: Ledger) => ledger.entries.reduce((n, e) => n + e.credits, 0);

test('demo mode in a store build with no network: team page → enrichment → company → lookalikes → verification → bulk job and CSV, credits as the demo ledger says; leaving it leaves nothing for a real key', async () => {
  // Budget: browser start 10 s, demo database 5 s, seven UI steps of 20 s at most, a 300-row bulk job 90 s, checks.
  test.setTimeout(360_000);
  wire = await tripwire();
  browser = await launchOffline(build);
  const { context, worker, extensionId } = browser;
  const demoLedger = () => demoLedgerOf({ worker });
  const ext = (path: string) => `chrome-extension://${extensionId}/${path}`;

  await test.step('the store build asks for no site, and its worker cannot reach the network, loopback included', async () => {
    const manifest = await worker.evaluate(() => chrome.runtime.getManifest() as { host_permissions?: string[] });
    expect(manifest.host_permissions ?? []).toEqual([]);
    const reached = await worker.evaluate((url) => fetch(url).then((r) => `answered ${r.status}`, (e: Error) => `failed: ${e.name}`), wire.url);
    expect(reached).toMatch(/^failed/);
    expect(wire.hits()).toBe(0);
  });

  const onboarding =
    context.pages().find((p) => p.url().endsWith('/onboarding.html')) ??
    (await context.waitForEvent('page', { predicate: (p) => p.url().endsWith('/onboarding.html'), timeout: budget(20_000) }));
  await onboarding.waitForLoadState();
  await onboarding.setViewportSize({ width: 1000, height: 900 });

  await test.step('onboarding switches demo mode on and says so', async () => {
    await onboarding.getByTestId('demo-start').click();
    await expect(onboarding.getByTestId('demo-banner')).toBeVisible({ timeout: budget(20_000) });
    await expect(onboarding.getByTestId('demo-open-team')).toBeVisible();
    expect(await send(onboarding, 'demo/state', {})).toEqual({ ok: true, data: { on: true } });
    await onboarding.screenshot({ path: 'test-results/screens/demo-onboarding.png', fullPage: true });
  });

  const teamUrl = ext('demo/team.html');
  const [team] = await Promise.all([context.waitForEvent('page', { predicate: (p) => p.url() === teamUrl }), onboarding.getByTestId('demo-open-team').click()]);
  await team.waitForLoadState();
  await expect(team.locator('[data-demo-banner]')).toBeVisible();
  const tabId = await tabIdOf(worker, teamUrl);
  expect(tabId).toBeGreaterThan(-1);
  const panel = await context.newPage();
  await panel.setViewportSize(PANEL);
  await panel.goto(ext(`sidepanel.html?tabId=${tabId}`));
  await expect(panel.getByTestId('demo-banner')).toBeVisible();

  await test.step('the scanner on the demo page reports its people, and the panel lists them', async () => {
    const cards = await team.locator('article.card').count();
    expect(cards).toBeGreaterThan(1);
    let found: PagePerson[] = [];
    await expect
      .poll(
        async () => {
          const reply = await send<{ complete: boolean; entities: { people: PagePerson[] } } | null>(panel, 'page/get', { tabId, scan: true });
          if (!reply.ok || !reply.data?.complete) return 0;
          found = reply.data.entities.people;
          return found.length;
        },
        { timeout: budget(30_000) },
      )
      .toBeGreaterThanOrEqual(cards);
    const table = view(panel, 'Page').getByRole('table', { name: 'People found on this page' });
    await expect(table).toHaveAttribute('aria-rowcount', String(found.length + 1), { timeout: budget(20_000) });
  });

  /** Runs a paid step; the credits the UI says it charged must be the demo ledger's new rows, and the header agrees. */
  async function paid(what: string, run: () => Promise<{ shown: number; quoted?: number; endpoint: string; on: Page }>): Promise<void> {
    const before = await demoLedger();
    const { shown, quoted, endpoint, on } = await run();
    const after = await demoLedger();
    const rows = after.entries.slice(before.entries.length).filter((e) => e.credits !== 0);
    const charged = rows.reduce((n, e) => n + e.credits, 0);
    expect(charged, `${what}: the demo ledger's new rows (${JSON.stringify(rows)}) against the ${shown} credits the UI shows`).toBe(shown);
    expect(shown, `${what}: charged at least one credit`).toBeGreaterThan(0);
    if (quoted !== undefined) expect(shown, `${what}: within the price shown before (${quoted})`).toBeLessThanOrEqual(quoted);
    expect(new Set(rows.map((e) => e.endpoint))).toEqual(new Set([endpoint]));
    expect(after.balance).toBe(before.balance - charged);
    // The header's "credits today" comes from the extension's own ledger; it must say what the demo ledger says.
    await expect.poll(() => creditsToday(panel), { timeout: budget(10_000) }).toBe(total(after));
    await on.screenshot({ path: `test-results/screens/demo-${what}.png`, fullPage: true });
  }

  let person = '';
  await test.step('an enrichment from a person card: the price on its button is what the demo ledger charged', async () => {
    await paid('enrich', async () => {
      // A person's row: the companies' rows carry "Enrich <domain> · 1 credit" too, and may be priced first.
      const people = view(panel, 'Page').getByRole('table', { name: 'People found on this page' });
      const button = people.getByRole('button', { name: /^Enrich .+ · 1 credit$/ }).first();
      const label = (await button.getAttribute('aria-label')) ?? '';
      person = label.replace(/^Enrich (.+) · 1 credit$/, '$1');
      await button.click();
      const profile = view(panel, 'Contact').getByTestId('contact-profile');
      await expect(profile).toBeVisible({ timeout: budget(20_000) });
      // The witness is the price on the clicked button: the provenance line once read "Cached just now · free" after
      // the paid answer (Firefox under load: the view opened the answer a second time, free).
      return { shown: 1, endpoint: 'enrich', on: panel };
    });
    expect(person).not.toBe('');
  });

  await test.step('the contact’s company, enriched from the contact', async () => {
    await paid('company', async () => {
      await view(panel, 'Contact').getByTestId('contact-profile').getByRole('button', { name: 'Company', exact: true }).click();
      // The button reads "Enrich company · …" until the background has priced it: wait for the price, then read it.
      const button = view(panel, 'Company').getByRole('button', { name: /^Enrich company\b.* · \d+ credits?$/ });
      await expect(button).toBeVisible({ timeout: budget(15_000) });
      const label = (await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '';
      const quoted = Number(/(\d+) credits?$/.exec(label)?.[1] ?? NaN);
      await button.click();
      const profile = view(panel, 'Company').getByTestId('company-profile');
      await expect(profile).toBeVisible({ timeout: budget(20_000) });
      // An exact price on the button ("Enrich company · 1 credit"): that is what must be charged.
      return { shown: quoted, endpoint: 'company', on: panel };
    });
  });

  await test.step('lookalike companies: the price shown first, the charge after', async () => {
    await paid('lookalikes', async () => {
      await view(panel, 'Company').getByTestId('company-profile').getByRole('button', { name: 'Lookalikes' }).click();
      const similar = view(panel, 'Similar');
      const find = similar.getByRole('button', { name: /^Find lookalikes.*\d+ credits?/ });
      await expect(find).toBeVisible({ timeout: budget(15_000) });
      const quoted = Number(/up to (\d+) credits?|(\d+) credits?/.exec((await find.getAttribute('aria-label')) ?? '')?.slice(1).find(Boolean) ?? NaN);
      await find.click();
      const table = similar.getByRole('table', { name: 'Lookalike companies' });
      await expect(table).toBeVisible({ timeout: budget(20_000) });
      expect(Number(await table.getAttribute('aria-rowcount'))).toBeGreaterThan(1);
      return { shown: await liveCredits(similar), quoted, endpoint: 'similar-companies', on: panel };
    });
  });

  await test.step('an email verification in the popup', async () => {
    const email = (await team.locator('a[href^="mailto:"]:not([href^="mailto:press@"])').first().getAttribute('href'))?.slice('mailto:'.length) ?? '';
    expect(email).toContain('@');
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 360, height: 560 });
    await popup.goto(ext('popup.html'));
    await expect(popup.getByTestId('demo-banner')).toBeVisible();
    await paid('verify', async () => {
      await popup.getByRole('textbox', { name: 'Email address to verify' }).fill(email);
      await popup.getByRole('button', { name: /^Verify/ }).click();
      const result = popup.getByTestId('verification-result');
      await expect(result).toBeVisible({ timeout: budget(20_000) });
      const cost = (await result.locator('.pop-result__cost').textContent()) ?? '';
      expect(cost).toMatch(/^Checked live · \d+ credits? charged$/);
      return { shown: Number(/(\d+) credits?/.exec(cost)?.[1]), endpoint: 'email-verification', on: popup };
    });
    await popup.close();
  });

  const directoryUrl = ext('demo/directory.html');
  const directory = await context.newPage();
  await directory.goto(directoryUrl);
  const directoryTab = await tabIdOf(worker, directoryUrl);
  const bulkPanel = await context.newPage();
  await bulkPanel.setViewportSize(PANEL);
  await bulkPanel.goto(ext(`sidepanel.html?tabId=${directoryTab}`));
  const page = view(bulkPanel, 'Page');
  let progressText = '';

  await test.step('a bulk job on the 300-member directory: "N credits charged" is what the demo ledger charged', async () => {
    await paid('bulk', async () => {
      const people = page.getByRole('table', { name: 'People found on this page' });
      await expect(people).toBeVisible({ timeout: budget(30_000) });
      await scanFinished(bulkPanel);
      await people.getByRole('checkbox', { name: /^Select all/ }).check();
      const start = page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: /^Enrich \d+ selected · .*up to [\d,]+ credits?/ });
      await expect(start).toBeVisible({ timeout: budget(15_000) });
      const quoted = Number(/up to ([\d,]+) credits?/.exec((await start.getAttribute('aria-label')) ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
      await start.click();
      // Above the "ask again" threshold (100 credits by default) the bar asks a second time.
      await page.getByRole('alertdialog', { name: /^This can cost up to .+ Start\?$/ }).getByRole('button', { name: 'Start', exact: true }).click();
      await expect(page.getByRole('heading', { name: /^Bulk enrichment (finished|cancelled|failed)$/ })).toHaveText('Bulk enrichment finished', { timeout: budget(120_000) });
      progressText = (await page.getByRole('progressbar', { name: 'Bulk enrichment progress' }).getAttribute('aria-valuetext')) ?? '';
      expect(progressText).toMatch(/^300 of 300 done · 300 found\b/);
      const shown = Number(/([\d,]+) credits? charged/.exec(progressText)?.[1]?.replace(/,/g, '') ?? NaN);
      return { shown, quoted, endpoint: 'bulk-enrich', on: bulkPanel };
    });
  });

  await test.step('the bulk job’s CSV, downloaded and read back: one enriched row per person', async () => {
    const results = page.getByRole('table', { name: 'Bulk enrichment results' });
    await expect(results.getByText('Enriched').first()).toBeVisible();
    const [download] = await Promise.all([bulkPanel.waitForEvent('download', { timeout: budget(20_000) }), page.getByRole('button', { name: 'Download bulk results as CSV' }).click()]);
    const path = test.info().outputPath('directory-enriched.csv');
    await download.saveAs(path);
    const csv = Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), { header: true, skipEmptyLines: true });
    expect(csv.errors).toEqual([]);
    expect(csv.data).toHaveLength(300);
    expect(csv.data.filter((r) => r.Status === 'Enriched')).toHaveLength(300);
    expect(csv.data.filter((r) => (r['Full name'] ?? '').trim() !== '')).toHaveLength(300);
    // The rows are the directory's people: each row's input is an identifier the page shows, and the answer is the
    // person the page names.
    const html = await directory.content();
    expect(csv.data.filter((r) => !r.Input || !html.includes(r.Input)).map((r) => r.Input)).toEqual([]);
    expect(csv.data.filter((r) => r['Full name'] !== r['Name (page or file)']).map((r) => `${r['Name (page or file)']} → ${r['Full name']}`)).toEqual([]);
    await bulkPanel.screenshot({ path: 'test-results/screens/demo-bulk-export.png' });
  });

  await test.step('demo data is where demo mode looks: cache, book, a list, history, the job, the ledger', async () => {
    // The book keeps every paid answer (the 300 bulk rows, the contact, the company, the lookalikes), written as
    // the job's rows are stored: wait for it to catch up.
    let ids = await send<{ ids: string[] }>(onboarding, 'contacts/ids', {});
    await expect
      .poll(async () => {
        ids = await send<{ ids: string[] }>(onboarding, 'contacts/ids', {});
        return ids.ok ? ids.data.ids.length : JSON.stringify(ids);
      }, { timeout: budget(30_000) })
      .toBeGreaterThan(300);
    const list = await send<{ id: string }>(onboarding, 'lists/create', { name: 'Demo picks' });
    expect(list.ok, JSON.stringify(list)).toBe(true);
    if (ids.ok && list.ok) expect(await send(onboarding, 'lists/add', { id: list.data.id, recordIds: ids.data.ids.slice(0, 5) })).toEqual({ ok: true, data: { added: 5 } });
    expect(await send(onboarding, 'lists/all', {})).toMatchObject({ ok: true, data: [{ name: 'Demo picks' }] });
    expect(await send(onboarding, 'bulk/list', {})).toMatchObject({ ok: true, data: [{}] });
    const history = await send<unknown[]>(onboarding, 'history/list', {});
    expect(history.ok && history.data.length).toBeGreaterThan(0);
    const events = await send<unknown[]>(onboarding, 'contacts/events', {});
    expect(events.ok && events.data.length).toBeGreaterThan(0);
    const cache = await send<{ entries: number }>(onboarding, 'cache/stats', {});
    expect(cache.ok && cache.data.entries).toBeGreaterThan(300);
    const credits = await send<{ today: number }>(onboarding, 'credits/summary', {});
    expect(credits).toMatchObject({ ok: true, data: { today: total(await demoLedger()) } });
  });

  await test.step('leaving demo mode: a real key’s cache, book, lists, history, jobs, ledger and exports hold nothing from it', async () => {
    await onboarding.bringToFront();
    await onboarding.getByTestId('demo-stop').click();
    await expect(onboarding.getByTestId('demo-stopped')).toBeVisible();
    await expect(onboarding.getByTestId('demo-banner')).toBeHidden();
    expect(await send(onboarding, 'demo/state', {})).toEqual({ ok: true, data: { on: false } });
    expect(await send(onboarding, 'credits/summary', {})).toMatchObject({ ok: true, data: { today: 0, month: 0 } });
    expect(await send(onboarding, 'history/list', {})).toEqual({ ok: true, data: [] });
    expect(await send(onboarding, 'bulk/list', {})).toEqual({ ok: true, data: [] });
    expect(await send(onboarding, 'lists/all', {})).toEqual({ ok: true, data: [] });
    expect(await send(onboarding, 'contacts/list', {})).toMatchObject({ ok: true, data: { total: 0, entries: [] } });
    expect(await send(onboarding, 'contacts/events', {})).toEqual({ ok: true, data: [] });
    // Exports read the book (by id), history and jobs: with no id to read there is nothing to export.
    expect(await send(onboarding, 'contacts/ids', {})).toEqual({ ok: true, data: { ids: [] } });
    expect(await send(onboarding, 'cache/stats', {})).toMatchObject({ ok: true, data: { entries: 0 } });
    // The panels open now show the real side: no banner, no demo credits.
    await bulkPanel.reload();
    await expect(bulkPanel.getByTestId('credits-stat')).toBeVisible({ timeout: budget(20_000) });
    await expect(bulkPanel.getByTestId('demo-banner')).toBeHidden();
    expect(await creditsToday(bulkPanel)).toBe(0);
    // With no key, a store build's panel offers demo mode again, never a local sandbox its user does not have.
    const noKey = view(bulkPanel, 'Page').getByTestId('no-key');
    await expect(noKey.getByTestId('no-key-demo')).toHaveText('Try it with demo data');
    await expect(noKey.getByRole('button', { name: 'Use the demo sandbox' })).toHaveCount(0);
    await bulkPanel.screenshot({ path: 'test-results/screens/demo-left.png', fullPage: true });
    // A demo page cannot switch demo mode back on: it speaks with a content script's rights only.
    const fromPage = await team.evaluate(() => chrome.runtime.sendMessage({ type: 'demo/start', input: {} }));
    expect(fromPage).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await send(onboarding, 'demo/state', {})).toEqual({ ok: true, data: { on: false } });
  });

  await test.step('the panel’s "Try it with demo data" goes back to demo mode, its data kept apart all along', async () => {
    await view(bulkPanel, 'Page').getByTestId('no-key-demo').click();
    await expect(bulkPanel.getByTestId('demo-banner')).toBeVisible({ timeout: budget(20_000) });
    expect(await send(onboarding, 'demo/state', {})).toEqual({ ok: true, data: { on: true } });
    expect(await send(onboarding, 'lists/all', {})).toMatchObject({ ok: true, data: [{ name: 'Demo picks' }] });
    expect(await send(onboarding, 'bulk/list', {})).toMatchObject({ ok: true, data: [{}] });
    await expect.poll(() => creditsToday(bulkPanel), { timeout: budget(10_000) }).toBe(total(await demoLedger()));
  });

  await test.step('nothing left the browser: no request reached the network', async () => {
    expect(wire.hits()).toBe(0);
    // Requests Playwright saw from pages and the worker (the worker's probe of the tripwire is the only one allowed).
    expect(browser.requests.filter((url) => !url.startsWith(wire.url))).toEqual([]);
  });
});
