/**
 * Demo mode in real Firefox ESR as a store user meets it: the store build (`npm run build:firefox`: production, no
 * sandbox address, no required host; MV2, a background page, not a worker) in a fresh profile whose network is shut
 * (every request to a proxy on a closed port, loopback included). Onboarding's "Try it with demo data", a demo page
 * shipped in the package (an extension page), its people in the sidebar page, one enrichment answered by the sandbox
 * inside the extension (sql.js: WebAssembly under the MV2 policy's 'wasm-unsafe-eval') and charged in the demo
 * ledger exactly as the button priced it, and as the header's "credits today" says. The run's sandbox server is never asked anything.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRequests } from '@/tests/e2e/support/reliability';
import { EXTENSION_ORIGIN, type Firefox, getByName, launchFirefox, poll, SCREENS_DIR, waitForText } from './support/firefox';

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
    });
    onboarding = await ff.findExtensionPage('onboarding.html');
  }, 600_000); // a production build on a busy two-core machine can take a few minutes
  afterAll(async () => {
    await ff?.close();
    wire.closeAllConnections();
    await new Promise((ok) => wire.close(ok));
    rmSync(outDir, { recursive: true, force: true });
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

  it('demo on → a demo page → its people in the sidebar → one enrichment, charged in the demo ledger as shown', async () => {
    const serverRequests = (await apiRequests(sandboxUrl)).length;

    await (await getByName(onboarding, '[data-testid="demo-start"]', /./, 20_000)).click();
    await onboarding.waitForSelector('[data-testid="demo-banner"]', { visible: true, timeout: 30_000 });
    expect(await ff.send('demo/state', {})).toEqual({ ok: true, data: { on: true } });
    await onboarding.screenshot({ path: `${SCREENS_DIR}/demo-onboarding.png`, fullPage: true });

    const team = await ff.openExtensionPage('demo/team.html');
    await team.waitForSelector('[data-demo-banner]', { visible: true });
    const cards = await team.$$eval('article.card', (els) => els.length);
    expect(cards).toBeGreaterThan(1);
    const teamUrl = `${EXTENSION_ORIGIN}/demo/team.html`;
    const tabId = await onboarding.evaluate(
      async (u) => Math.max(-1, ...(await (globalThis as unknown as WebExt).browser.tabs.query({})).filter((t) => t.url === u).map((t) => t.id ?? -1)),
      teamUrl,
    );
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
    const panel = await ff.openExtensionPage(`sidepanel.html?tabId=${tabId}`);
    await panel.setViewport({ width: 350, height: 900 });
    await panel.waitForSelector('[data-testid="demo-banner"]', { visible: true });
    await waitForText(panel, new RegExp(`\\b${people}\\speople\\b`), 30_000);

    const before = await demoLedger();
    const button = await getByName(panel, 'button', /^Enrich .+ · 1 credit$/);
    await button.click();
    await panel.waitForSelector('[data-testid="contact-profile"]', { visible: true, timeout: 30_000 });
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

    // Demo answers come from inside the extension: the run's sandbox server and the tripwire saw no request.
    expect((await apiRequests(sandboxUrl)).length).toBe(serverRequests);
    expect(hits).toBe(0);
  });
});
