/**
 * Demo mode in real Firefox ESR as a store user meets it: the store build (`npm run build:firefox`: production, no
 * sandbox address, no required host; MV2, a background page, not a worker) in a fresh profile whose network is shut
 * (every request to a proxy on a closed port, loopback included). Onboarding's "Try it with demo data", a demo page
 * shipped in the package (an extension page), its people in the sidebar page, then the tour Chromium walks
 * (tests/e2e/demo-mode.spec.ts): an enrichment, the contact's company, lookalikes, an email verification in the popup,
 * a bulk job on the 300-member directory and its CSV saved to disk and read back. Every answer comes from the sandbox
 * inside the extension (sql.js: WebAssembly under the MV2 policy's 'wasm-unsafe-eval'); every paid step is charged in
 * the demo ledger exactly as the UI priced and reported it, and as the header's "credits today" says. The run's
 * sandbox server is never asked anything.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import Papa from 'papaparse';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequests } from '@/tests/e2e/support/reliability';
import { EXTENSION_ORIGIN, type Firefox, getByName, launchFirefox, poll, SCREENS_DIR, waitForText } from './support/firefox';
import { budget } from '../time-budget';

const skipReason = inject('skipReason');
const sandboxUrl = inject('sandboxUrl');

interface DemoLedger {
  balance: number;
  entries: Array<{ endpoint: string; credits: number }>;
}

type WebExt = {
  browser: {
    tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> };
    runtime: { getBackgroundPage(): Promise<{ inPageEnrich?: { demoLedger(): Promise<DemoLedger> } }> };
  };
};

/** E2E_FIREFOX_STORE_DIR reuses a store build's firefox-mv2 folder; otherwise one is built for this file. */
function storeBuild(outDir: string): string {
  const given = process.env.E2E_FIREFOX_STORE_DIR;
  if (given && existsSync(`${given}/manifest.json`)) return resolve(given);
  const env: NodeJS.ProcessEnv = { ...process.env, WXT_OUT_DIR: outDir };
  for (const name of ['WXT_API_BASE_URL', 'WXT_DEMO', 'WXT_LOCAL_SANDBOX', 'WXT_PROVIDER_PROFILE']) delete env[name];
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { stdio: 'ignore', env });
  return `${outDir}/firefox-mv2`;
}

describe.skipIf(skipReason !== '')(`Firefox ESR: demo mode${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let ff: Firefox;
  let onboarding: Page;
  // The journey's pages, kept from one step to the next (each step is its own test so partial progress shows).
  let team: Page;
  let panel: Page;
  const downloads = resolve(`.output/e2e-firefox-demo-downloads-${process.pid}`);
  const outDir = resolve(`.output/e2e-firefox-demo-${process.pid}`);
  // A loopback server that counts what reaches it, and the closed port the proxy points at.
  let hits = 0;
  const wire = createServer((_, res) => {
    hits++;
    res.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
  });
  const port = () => {
    const address = wire.address();
    return typeof address === 'object' && address ? address.port : 0;
  };

  beforeAll(async () => {
    const build = storeBuild(outDir);
    await new Promise<void>((ok) => wire.listen(0, '127.0.0.1', ok));
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((ok) => closed.close(ok));
    ff = await launchFirefox(build, {
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': closedPort,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': closedPort,
      'network.proxy.share_proxy_settings': true,
      'network.proxy.no_proxies_on': '',
      'network.proxy.allow_hijacking_localhost': true,
      // Exports save straight into a folder the test reads, without asking where.
      'browser.download.folderList': 2,
      'browser.download.dir': downloads,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.download.start_downloads_in_tmp_dir': false,
      'browser.helperApps.neverAsk.saveToDisk': 'text/csv',
    });
    onboarding = await ff.findExtensionPage('onboarding.html');
  }, budget(600_000)); // a production build on a busy two-core machine can take a few minutes
  afterAll(async () => {
    await ff?.close();
    wire.closeAllConnections();
    await new Promise((ok) => wire.close(ok));
    rmSync(outDir, { recursive: true, force: true });
    rmSync(downloads, { recursive: true, force: true });
  });

  /** The demo account's ledger, from the background page's test hook (MV2: reachable from an extension page). */
  const demoLedger = () =>
    onboarding.evaluate(async () => {
      const bg = await (globalThis as unknown as WebExt).browser.runtime.getBackgroundPage();
      if (!bg.inPageEnrich) throw new Error('the background has not exposed its test hook yet');
      return bg.inPageEnrich.demoLedger();
    });

  it('the store build asks for no site, and its pages cannot reach the network, loopback included', async () => {
    const manifest = await onboarding.evaluate(() => (globalThis as unknown as { browser: { runtime: { getManifest(): { permissions?: string[] } } } }).browser.runtime.getManifest());
    expect((manifest.permissions ?? []).filter((p) => p.includes('://'))).toEqual([]);
    const reached = await onboarding.evaluate((url) => fetch(url).then((r) => `answered ${r.status}`, (e: Error) => `failed: ${e.name}`), `http://127.0.0.1:${port()}/`);
    expect(reached).toMatch(/^failed/);
    expect(hits).toBe(0);
  });

  let serverRequests = 0;

  /** The newest tab showing `url` (tab ids only grow), from the extension's side. */
  const tabOf = (url: string) =>
    onboarding.evaluate(
      async (u) => Math.max(-1, ...(await (globalThis as unknown as WebExt).browser.tabs.query({})).filter((t) => t.url === u).map((t) => t.id ?? -1)),
      url,
    );

  /** The header's "N credits today" on `page`. */
  const creditsToday = (page: Page) =>
    page.$eval('[data-testid="credits-stat"]', (el) => el.textContent ?? '').then((text) => Number(text.replace(/credits? today.*/, '').replace(/\D/g, '') || NaN));

  /**
   * Runs a paid step: the credits the UI says it charged must be the demo ledger's new rows (one endpoint), within
   * the price shown before the click, and the header's "credits today" must say the ledger's total.
   */
  async function paid(
    what: string,
    header: Page,
    run: () => Promise<{ shown: number; quoted?: number; endpoint: string; on: Page }>,
  ): Promise<void> {
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
    const total = after.entries.reduce((n, e) => n + e.credits, 0);
    await on.screenshot({ path: `${SCREENS_DIR}/demo-${what}.png`, fullPage: true });
    // The header's "credits today" comes from the extension's own ledger. Firefox pauses rendering in background
    // tabs: the panel whose header is read is brought to the front.
    await header.bringToFront();
    await poll(() => creditsToday(header), (n) => n === total);
    if (header !== on) await header.screenshot({ path: `${SCREENS_DIR}/demo-${what}-header.png` });
  }

  /** "Live · 3 credits" on a paid answer's provenance line, in the visible part of `page` → 3. */
  async function liveCredits(page: Page): Promise<number> {
    const line = await getByName(page, '[role="tabpanel"] *', /^Live · \d+ credits?$/, 20_000);
    const text = await line.evaluate((el) => el.getAttribute('aria-label') ?? el.textContent ?? '');
    return Number(/(\d+) credits?$/.exec(text.trim())?.[1] ?? NaN);
  }

  /** The accessible name the way getByName reads it: aria-label, else text. */
  const nameOf = (handle: Awaited<ReturnType<typeof getByName>>) => handle.evaluate((el) => el.getAttribute('aria-label') ?? (el.textContent ?? '').trim());

  it('demo on → a demo page → its people in the sidebar → one enrichment, charged in the demo ledger as shown', async () => {
    serverRequests = (await apiRequests(sandboxUrl)).length;

    await (await getByName(onboarding, '[data-testid="demo-start"]', /./, 20_000)).click();
    await onboarding.waitForSelector('[data-testid="demo-banner"]', { visible: true, timeout: budget(30_000) });
    expect(await ff.send('demo/state', {})).toEqual({ ok: true, data: { on: true } });
    await onboarding.screenshot({ path: `${SCREENS_DIR}/demo-onboarding.png`, fullPage: true });

    team = await ff.openExtensionPage('demo/team.html');
    await team.waitForSelector('[data-demo-banner]', { visible: true });
    const cards = await team.$$eval('article.card', (els) => els.length);
    expect(cards).toBeGreaterThan(1);
    const teamUrl = `${EXTENSION_ORIGIN}/demo/team.html`;
    const tabId = await tabOf(teamUrl);
    expect(tabId).toBeGreaterThan(-1);

    // The page's own scanner reports its people; the sidebar page lists one row per person.
    const people = await poll(
      async () => {
        const reply = await ff.send<{ complete: boolean; entities: { people: unknown[] } } | null>('page/get', { tabId, scan: true });
        return reply.ok && reply.data?.complete ? reply.data.entities.people.length : 0;
      },
      (n) => n >= cards,
      30_000,
    );
    panel = await ff.openExtensionPage(`sidepanel.html?tabId=${tabId}`);
    await panel.setViewport({ width: 350, height: 900 });
    await panel.waitForSelector('[data-testid="demo-banner"]', { visible: true });
    await waitForText(panel, new RegExp(`\\b${people}\\speople\\b`), 30_000);

    const before = await demoLedger();
    // A person's row: the companies' rows below carry "Enrich <domain> · 1 credit" too, and may be priced first.
    const button = await getByName(panel, '[role="table"][aria-label="People found on this page"] button', /^Enrich .+ · 1 credit$/);
    await button.click();
    await panel.waitForSelector('[data-testid="contact-profile"]', { visible: true, timeout: budget(30_000) });
    // The witness is the price on the clicked button ("· 1 credit"), not the profile's provenance line: that once
    // read "Cached just now · free" under load after the paid answer (the view opened the answer a second time).
    const after = await demoLedger();
    const charged = after.entries.slice(before.entries.length).filter((e) => e.credits !== 0);
    expect(charged).toEqual([{ endpoint: 'enrich', credits: 1 }].map((e) => expect.objectContaining(e)));
    expect(after.balance).toBe(before.balance - 1);
    // The header's "credits today" is the demo ledger's total.
    const total = after.entries.reduce((n, e) => n + e.credits, 0);
    await poll(
      () => panel.$eval('[data-testid="credits-stat"]', (el) => el.textContent ?? ''),
      (text) => text.replace(/credits? today.*/, '').replace(/\D/g, '') === String(total),
    );
    await panel.screenshot({ path: `${SCREENS_DIR}/demo-enriched-350.png`, fullPage: true });
  });

  it('the contact’s company, enriched from the contact: the price on its button is what the demo ledger charged', async () => {
    await paid('company', panel, async () => {
      await (await getByName(panel, '[data-testid="contact-profile"] button', /^Company$/)).click();
      // The button shows "…" while its price is estimated: the step waits for the price, as a user reads it first.
      const button = await getByName(panel, 'button', /^Enrich company\b.* · \d+ credits?$/, 20_000);
      const label = await nameOf(button);
      const quoted = Number(/(\d+) credits?$/.exec(label)?.[1] ?? NaN);
      await button.click();
      await panel.waitForSelector('[data-testid="company-profile"]', { visible: true, timeout: budget(30_000) });
      // An exact price on the button ("Enrich company · 1 credit"): that is what must be charged.
      return { shown: quoted, endpoint: 'company', on: panel };
    });
  });

  it('lookalike companies: the price shown first, the charge after', async () => {
    await paid('lookalikes', panel, async () => {
      await (await getByName(panel, 'button', /^Lookalikes$/)).click();
      const find = await getByName(panel, 'button', /^Find lookalikes · (up to )?\d+ credits?$/, 20_000);
      const label = await nameOf(find);
      const quoted = Number(/up to (\d+) credits?|(\d+) credits?/.exec(label)?.slice(1).find(Boolean) ?? NaN);
      expect(quoted, `the price on "${label}"`).toBeGreaterThan(0);
      await find.click();
      const table = await panel.waitForSelector('[role="table"][aria-label="Lookalike companies"]', { visible: true, timeout: budget(30_000) });
      expect(Number(await table?.evaluate((el) => el.getAttribute('aria-rowcount')))).toBeGreaterThan(1);
      return { shown: await liveCredits(panel), quoted, endpoint: 'similar-companies', on: panel };
    });
  });

  it('an email verification in the popup: "N credits charged" is what the demo ledger charged', async () => {
    const href = await team.$eval('a[href^="mailto:"]:not([href^="mailto:press@"])', (a) => a.getAttribute('href') ?? '');
    const email = href.slice('mailto:'.length);
    expect(email).toContain('@');
    const popup = await ff.openExtensionPage('popup.html');
    await popup.setViewport({ width: 360, height: 560 });
    await popup.waitForSelector('[data-testid="demo-banner"]', { visible: true, timeout: budget(20_000) });
    await paid('verify', panel, async () => {
      // The box is found by its label, as a user (or a screen reader) finds it.
      const inputId = await popup.waitForFunction(
        () => [...document.querySelectorAll('label')].find((l) => (l.textContent ?? '').trim() === 'Email address to verify')?.htmlFor ?? null,
        { timeout: budget(15_000), polling: 100 },
      );
      await popup.type(`[id="${String(await inputId.jsonValue())}"]`, email);
      // The typed address is priced before the click ("Verify · 1 credit"); the charge must stay within it.
      const verify = await getByName(popup, 'button', /^Verify · \d+ credits?$/);
      const quoted = Number(/(\d+) credits?$/.exec(await nameOf(verify))?.[1] ?? NaN);
      await verify.click();
      const cost = await popup.waitForSelector('[data-testid="verification-result"] .pop-result__cost', { visible: true, timeout: budget(30_000) });
      const text = ((await cost?.evaluate((el) => el.textContent ?? '')) ?? '').trim();
      expect(text).toMatch(/^Checked live · \d+ credits? charged$/);
      return { shown: Number(/(\d+) credits?/.exec(text)?.[1] ?? NaN), quoted, endpoint: 'email-verification', on: popup };
    });
    await popup.close();
  });

  let bulkPanel: Page;
  let directory: Page;

  it('a bulk job on the 300-member directory: "N credits charged" is what the demo ledger charged', async () => {
    directory = await ff.openExtensionPage('demo/directory.html');
    const directoryTab = await tabOf(`${EXTENSION_ORIGIN}/demo/directory.html`);
    expect(directoryTab).toBeGreaterThan(-1);
    bulkPanel = await ff.openExtensionPage(`sidepanel.html?tabId=${directoryTab}`);
    await bulkPanel.setViewport({ width: 360, height: 900 });
    await paid('bulk', bulkPanel, async () => {
      await bulkPanel.waitForSelector('[role="table"][aria-label="People found on this page"]', { visible: true, timeout: budget(60_000) });
      // The first people are shown while the scan reads on: "Select all" before it ends selects part of the page.
      await waitForText(bulkPanel, / · scanned /, 60_000);
      await (await getByName(bulkPanel, 'input[type="checkbox"]', /^Select all\b/, 30_000)).click();
      const start = await getByName(bulkPanel, '[role="region"][aria-label="Selection"] button', /^Enrich \d+ selected · up to [\d,]+ credits?$/);
      const quoted = Number(/up to ([\d,]+) credits?/.exec(await nameOf(start))?.[1]?.replace(/,/g, '') ?? NaN);
      await start.click();
      // Above the "ask again" threshold (100 credits by default) the bar asks a second time.
      await waitForText(bulkPanel, /This can cost up to [\d,]+ credits?\. Start\?/);
      await (await getByName(bulkPanel, '[role="alertdialog"] button', /^Start$/)).click();
      const heading = await poll(
        () => bulkPanel.$$eval('h1, h2, h3, h4', (hs) => hs.map((h) => (h.textContent ?? '').trim()).find((t) => /^Bulk enrichment (finished|cancelled|failed)$/.test(t)) ?? ''),
        (t) => t !== '',
        180_000,
      );
      expect(heading).toBe('Bulk enrichment finished');
      const progress = await bulkPanel.$eval('[role="progressbar"][aria-label="Bulk enrichment progress"]', (el) => el.getAttribute('aria-valuetext') ?? '');
      expect(progress).toMatch(/^300 of 300 done · 300 found\b/);
      const shown = Number(/([\d,]+) credits? charged/.exec(progress)?.[1]?.replace(/,/g, '') ?? NaN);
      return { shown, quoted, endpoint: 'bulk-enrich', on: bulkPanel };
    });
  }, budget(300_000));

  it('the bulk job’s CSV, downloaded and read back: one enriched row per person on the directory', async () => {
    await bulkPanel.bringToFront();
    const saved = () => (existsSync(downloads) ? readdirSync(downloads).filter((f) => f.endsWith('.csv')) : []);
    expect(saved()).toEqual([]);
    await (await getByName(bulkPanel, 'button', /^Download bulk results as CSV$/)).click();
    // Firefox writes the file beside a ".part" file and renames it when complete.
    const [file] = await poll(
      async () => (existsSync(downloads) && readdirSync(downloads).some((f) => f.endsWith('.part')) ? [] : saved()),
      (files) => files.length === 1,
      30_000,
    );
    const csv = Papa.parse<Record<string, string>>(readFileSync(`${downloads}/${file}`, 'utf8'), { header: true, skipEmptyLines: true });
    expect(csv.errors).toEqual([]);
    expect(csv.data).toHaveLength(300);
    expect(csv.data.filter((r) => r.Status === 'Enriched')).toHaveLength(300);
    expect(csv.data.filter((r) => (r['Full name'] ?? '').trim() !== '')).toHaveLength(300);
    // The rows are the directory's people: each row's input is an identifier the page shows, and the answer is the
    // person the page names.
    const html = await directory.content();
    expect(csv.data.filter((r) => !r.Input || !html.includes(r.Input)).map((r) => r.Input)).toEqual([]);
    expect(csv.data.filter((r) => r['Full name'] !== r['Name (page or file)']).map((r) => `${r['Name (page or file)']} → ${r['Full name']}`)).toEqual([]);
    await bulkPanel.screenshot({ path: `${SCREENS_DIR}/demo-bulk-export.png` });
  });

  it('nothing left the browser: the run’s sandbox server and the tripwire saw no request', async () => {
    // Demo answers come from inside the extension.
    expect((await apiRequests(sandboxUrl)).length).toBe(serverRequests);
    expect(hits).toBe(0);
  });
});
