import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '@/sandbox/server';
import { EXTENSION_DIR, expect, test } from './fixtures';
import { apiRequests, enrichSelection, openPanelFor, type Reply, samplesOf, send, tabIdOf } from './support/reliability';
import { budget } from '../time-budget';

// The security suite: the key stays in the background, forged messages are refused, hostile API data
// renders inert under a strict CSP with no remote code, and nothing is sent to the API until the user asks.
// tests/e2e/background.spec.ts already proves the content-script firewall for the key-reading requests and the
// 2 MB limit; tests/e2e/sidepanel-hostile.spec.ts walks every view with hostile data. This file covers the rest.

let own: RunningSandbox;
let hostile: RunningSandbox;

test.beforeAll(async () => {
  own = await startSandbox({ port: 0, quiet: true });
  hostile = await startSandbox({ port: 0, quiet: true, hostile: true });
});
test.afterAll(async () => {
  await own?.close();
  await hostile?.close();
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('the key is unreachable from the page and from the content script, and forged messages are refused', async ({
  context,
  serviceWorker,
  extensionId,
  openExtensionPage,
  configure,
}) => {
  const secret = `test-standard-sec-${unique()}`;
  await configure({ baseUrl: own.url, apiKey: secret });
  const samples = await samplesOf(own.url);
  const url = `${own.url}/demo/team`;
  const { tab, panel, tabId } = await openPanelFor(context, serviceWorker, openExtensionPage, url);
  // The key has been used (one real lookup) and the content script is on the page (the panel scanned it).
  expect((await send(panel, 'contact/enrich', { lookup: { email: samples.emails[0] } })).ok).toBe(true);
  await expect(panel.getByRole('table', { name: 'Emails found on this page' })).toBeVisible({ timeout: budget(15_000) });
  const requestsBefore = (await apiRequests(own.url, secret)).length;

  // The page's own world: no extension API to call, nothing of ours in its storage, DOM or globals.
  const pageView = await tab.evaluate(async (id) => {
    const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: (id: string, m: unknown) => Promise<unknown> } } }).chrome?.runtime;
    let external: string;
    if (!runtime?.sendMessage) external = 'no runtime';
    else {
      try {
        external = `answered: ${JSON.stringify(await runtime.sendMessage(id, { type: 'settings/get', input: {} }))}`;
      } catch (e) {
        external = `threw: ${String(e)}`;
      }
    }
    const storage = (s: Storage) => Object.keys(s).map((k) => `${k}=${s.getItem(k) ?? ''}`).join(';');
    return {
      external,
      everything: [
        storage(localStorage),
        storage(sessionStorage),
        document.cookie,
        document.documentElement.textContent ?? '',
        [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value)).join(' '),
        JSON.stringify((await indexedDB.databases()).map((d) => d.name)),
        Object.keys(globalThis).join(','),
      ].join('\n'),
    };
  }, extensionId);
  expect(pageView.external).toMatch(/^(no runtime|threw)/); // no externally_connectable: a page cannot even ask
  expect(pageView.everything).not.toContain(secret);

  // The content script's world (ISOLATED): its storage views, and every request type it is not allowed to send.
  const probe = await serviceWorker.evaluate(
    async ([id, email]) => {
      const [result] = await chrome.scripting.executeScript({
        target: { tabId: id },
        world: 'ISOLATED',
        args: [email],
        func: async (lookupEmail: string) => {
          const ask = (message: unknown) => chrome.runtime.sendMessage(message).catch((e: unknown) => ({ thrown: String(e) }));
          const validScan = { url: 'https://evil.example/', title: 'forged', emails: ['forged@evil-example.com'], phones: [], profiles: [], companyProfiles: [], linkHosts: [], faxes: [], lang: '', hreflangs: [], addressCountries: [], embedHosts: [], people: [], companies: [], truncated: false };
          const replies: Record<string, unknown> = {
            // extension-page requests, from the wrong sender
            enrich: await ask({ type: 'contact/enrich', input: { lookup: { email: lookupEmail } } }),
            settingsUpdate: await ask({ type: 'settings/update', input: { apiBaseUrl: 'https://evil.example' } }),
            settingsGet: await ask({ type: 'settings/get', input: {} }),
            keyTest: await ask({ type: 'key/test', input: {} }),
            bulkStart: await ask({ type: 'bulk/start', input: { entries: [{ field_type: 'email', value: lookupEmail }] } }),
            history: await ask({ type: 'history/list', input: {} }),
            cacheClear: await ask({ type: 'cache/clear', input: {} }),
            // wrong shapes
            text: await ask('settings/get'),
            number: await ask(42),
            list: await ask([{ type: 'content/open-panel' }]),
            noType: await ask({ input: {} }),
            panelExtra: await ask({ type: 'content/open-panel', url: 'https://evil.example' }),
            scanBadField: await ask({ type: 'content/scan', scan: { ...validScan, emails: 'x' }, scanId: 'x', complete: true }),
            // too large
            huge: await ask({ type: 'content/scan', scan: { ...validScan, emails: Array.from({ length: 3000 }, (_, i) => `${'x'.repeat(700)}${i}@a.com`) }, scanId: 'x', complete: true }),
            // well-formed, but it names another URL: accepted, and the browser's URL wins
            forgedUrl: await ask({ type: 'content/scan', scan: validScan, scanId: 'forged', complete: true }),
          };
          let session: string;
          try {
            session = JSON.stringify(await chrome.storage.session.get(null));
          } catch (e) {
            session = `refused: ${String(e)}`;
          }
          // storage.local holds the settings (the API address among them): closed to content scripts too.
          let local: string;
          try {
            await chrome.storage.local.set({ settings: { apiBaseUrl: 'https://evil.example' } });
            local = `writable: ${JSON.stringify(await chrome.storage.local.get(null))}`;
          } catch (e) {
            local = `refused: ${String(e)}`;
          }
          return { replies, local, session };
        },
      });
      return result?.result as { replies: Record<string, Reply>; local: string; session: string };
    },
    [tabId, samples.emails[1]!] as const,
  );
  const { replies, local, session } = probe;
  for (const name of ['enrich', 'settingsUpdate', 'settingsGet', 'keyTest', 'bulkStart', 'history', 'cacheClear', 'text', 'number', 'list', 'noType', 'panelExtra', 'scanBadField']) {
    expect(replies[name], name).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  }
  expect(replies.huge).toMatchObject({ ok: false, error: { kind: 'invalid_message' } });
  expect(replies.forgedUrl).toEqual({ ok: true });
  expect(JSON.stringify(replies)).not.toContain(secret);
  expect(local).not.toContain(secret);
  expect(local).toMatch(/^refused/);
  expect(session).toMatch(/^refused/);

  // Nothing the content script sent changed anything or reached the API.
  const stored = await send<{ url: string; entities: { emails: string[] } }>(panel, 'page/get', { tabId });
  expect(stored).toMatchObject({ ok: true, data: { url } }); // the browser's URL, not the forged one
  const settings = await send<{ settings: { apiBaseUrl: string } }>(panel, 'settings/get', {});
  expect(settings).toMatchObject({ ok: true, data: { settings: { apiBaseUrl: own.url } } });
  expect((await apiRequests(own.url, secret)).length).toBe(requestsBefore);

  // Extension pages are validated too: unknown types, wrong shapes, extra keys and oversized messages.
  const raw = (message: unknown) => panel.evaluate((m) => chrome.runtime.sendMessage(m), message) as Promise<Reply>;
  const refused = await Promise.all([
    raw({ type: 'key/export', input: {} }),
    raw({ type: 'contact/enrich', input: { lookup: {} } }),
    raw({ type: 'contact/enrich', input: { lookup: { email: samples.emails[2] }, fetch: 'https://evil.example' } }),
    raw({ type: 'company/enrich', input: { url: 'x'.repeat(600) } }),
    raw({ type: 'selection/classify', input: { text: 'x'.repeat(2_100_000) } }),
  ]);
  for (const reply of refused) expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid_message' } });
  expect((await apiRequests(own.url, secret)).length).toBe(requestsBefore);
});

/** Everything in a page's DOM that could run code or navigate somewhere it should not. */
async function dangers(page: Page) {
  return page.evaluate(() => ({
    javascriptLinks: [...document.querySelectorAll('[href]')].map((a) => a.getAttribute('href') ?? '').filter((h) => /^\s*(javascript|data|vbscript):/i.test(h)),
    scripts: [...document.querySelectorAll('script')].map((s) => s.getAttribute('src') ?? 'inline').filter((src) => !src.startsWith('/') && !src.startsWith('chrome-extension:')),
    images: [...document.querySelectorAll('img')].map((i) => i.getAttribute('src') ?? '').filter((src) => !/^(https?:|\/|chrome-extension:)/i.test(src)),
    handlers: document.querySelectorAll('[onerror], [onload], [onclick], [onmouseover], iframe, object, embed').length,
  }));
}

test('hostile API data renders inert in the side panel: no dialog, no javascript: link, no script, images only http(s)', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
  shot,
}) => {
  const dialogs: string[] = [];
  context.on('page', (p) => p.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss())));
  await configure({ baseUrl: hostile.url, apiKey: `test-standard-sec-hostile-${unique()}` });
  const samples = await samplesOf(hostile.url);
  const { panel, tabId } = await openPanelFor(context, serviceWorker, openExtensionPage, `${hostile.url}/demo/blog`);
  panel.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
  const none = { javascriptLinks: [], scripts: [], images: [], handlers: 0 };

  // Every 7th seeded record is hostile (markup, javascript: URLs, 60 kB strings, bidi): the samples' first and eighth.
  let sawMarkup = false;
  for (const profileUrl of [samples.socialProfiles[0], samples.socialProfiles[7], samples.socialProfiles[14]]) {
    await enrichSelection(serviceWorker, tabId, profileUrl!);
    const view = panel.getByRole('tabpanel', { name: 'Contact' });
    await view.getByRole('button', { name: /^Enrich · / }).click();
    await expect(view.getByTestId('contact-profile')).toBeVisible({ timeout: budget(15_000) });
    expect(await dangers(panel)).toEqual(none);
    if ((await view.getByText(/<script|<img|javascript:/).count()) > 0) sawMarkup = true;
  }
  await shot(panel, 'security-hostile-contact');
  for (const company of [samples.companies[0], samples.companies[7]]) {
    await enrichSelection(serviceWorker, tabId, company!.website);
    const view = panel.getByRole('tabpanel', { name: 'Company' });
    await view.getByRole('button', { name: /^Enrich company · / }).click();
    await expect(view.getByTestId('company-profile')).toBeVisible({ timeout: budget(15_000) });
    expect(await dangers(panel)).toEqual(none);
    if ((await view.getByText(/<script|<img|javascript:/).count()) > 0) sawMarkup = true;
  }
  await shot(panel, 'security-hostile-company');
  // The hostile strings reached the UI (shown as text), so the checks above were not vacuous.
  expect(sawMarkup).toBe(true);
  expect(dialogs).toEqual([]);
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('the built extension keeps a strict CSP and carries no remote code', () => {
  const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as {
    manifest_version: number;
    content_security_policy?: { extension_pages?: string; sandbox?: string };
    externally_connectable?: unknown;
    web_accessible_resources?: unknown;
  };
  expect(manifest.manifest_version).toBe(3);
  // Either the MV3 default (script-src 'self'; object-src 'self') or a policy at least as strict.
  const csp = manifest.content_security_policy?.extension_pages ?? "script-src 'self'; object-src 'self';";
  expect(csp).toMatch(/script-src 'self'/);
  // The one allowance: demo mode compiles SQLite's WebAssembly (sql.js) in the background, which MV3 allows only
  // with 'wasm-unsafe-eval'. It permits compiling WebAssembly, not eval of JavaScript.
  expect(csp.replace(" 'wasm-unsafe-eval'", '')).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
  expect(csp.match(/'[a-z-]*unsafe[a-z-]*'/g) ?? []).toEqual(["'wasm-unsafe-eval'"]);
  // No page may message us, and no file of ours is exposed to pages.
  expect(manifest.externally_connectable).toBeUndefined();
  expect(manifest.web_accessible_resources).toBeUndefined();

  const files = filesUnder(EXTENSION_DIR);
  const remote: string[] = [];
  for (const file of files.filter((f) => /\.(html|js|mjs)$/.test(f))) {
    const text = readFileSync(file, 'utf8');
    const name = relative(EXTENSION_DIR, file);
    if (file.endsWith('.html')) {
      for (const [, src] of text.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)) {
        if (/^((https?|data|blob):|\/\/)/i.test(src!)) remote.push(`${name}: script ${src}`);
      }
      for (const [, href] of text.matchAll(/<link\b[^>]*\bhref\s*=\s*["']((?:https?:)?\/\/[^"']+)["']/gi)) remote.push(`${name}: link ${href ?? ''}`);
    } else {
      for (const m of text.matchAll(/\b(importScripts|import)\s*\(\s*["'`](https?:)?\/\/[^"'`]+/g)) remote.push(`${name}: ${m[0]}`);
    }
  }
  expect(files.some((f) => f.endsWith('background.js'))).toBe(true);
  expect(remote).toEqual([]);
});

test('privacy: demo pages cause no API request by default, nor with auto-scan on (which does scan them), until the user asks', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
}) => {
  const key = `test-standard-sec-privacy-${unique()}`;
  await configure({ baseUrl: own.url, apiKey: key });
  const samples = await samplesOf(own.url);
  const slug = new URL(samples.socialProfiles[0]!).pathname.split('/').filter(Boolean)[1];
  const demoPages = ['/demo/', '/demo/team', '/demo/directory', '/demo/search', `/demo/profile/${slug}`, '/demo/blog'].map((p) => `${own.url}${p}`);
  const options = await openExtensionPage('options.html');
  const apiCalls = async () => (await apiRequests(own.url)).length;
  const baseline = await apiCalls();

  // Default mode ('on-request'): visiting, scrolling and clicking around reads nothing and sends nothing.
  const visit = async (url: string) => {
    const page = await context.newPage();
    await page.goto(url);
    await page.mouse.wheel(0, 2000);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    return page;
  };
  for (const url of demoPages) {
    const page = await visit(url);
    expect(await send(options, 'page/get', { tabId: await tabIdOf(serviceWorker, url) })).toEqual({ ok: true, data: null });
    await page.close();
  }
  expect(await apiCalls()).toBe(baseline);

  // Auto-scan on for 127.0.0.1 (a required host, so no prompt): the scanner now runs by itself on every visit …
  await configure({ baseUrl: own.url, settings: { scanMode: 'sites', scanSites: ['http://127.0.0.1/*'] } });
  await expect
    .poll(() => serviceWorker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).flatMap((s) => s.matches ?? [])))
    .toContain('http://127.0.0.1/*');
  let found = 0;
  for (const url of demoPages) {
    const page = await visit(url);
    const tabId = await tabIdOf(serviceWorker, url);
    // … proved by the page state it reports without any 'scan' request (the test is not vacuous) …
    let count = -1;
    await expect
      .poll(async () => {
        const reply = await send<{ entities: Record<string, unknown> } | null>(options, 'page/get', { tabId });
        count = reply.ok && reply.data ? Object.values(reply.data.entities).filter(Array.isArray).reduce((n, list) => n + (list as unknown[]).length, 0) : -1;
        return count;
      }, { message: url })
      .toBeGreaterThanOrEqual(0);
    found += count;
    await page.close();
  }
  expect(found).toBeGreaterThan(300); // the directory alone lists 300 members
  // … and still nothing was sent to the API.
  expect(await apiCalls()).toBe(baseline);

  // The user's first lookup is the first API request, exactly one.
  const url = `${own.url}/demo/team`;
  const { panel, tabId } = await openPanelFor(context, serviceWorker, openExtensionPage, url);
  await expect(panel.getByRole('table', { name: 'Emails found on this page' })).toBeVisible({ timeout: budget(15_000) });
  expect(await apiCalls()).toBe(baseline);
  await enrichSelection(serviceWorker, tabId, samples.emails[3]!);
  await panel.getByRole('tabpanel', { name: 'Contact' }).getByRole('button', { name: /^Enrich · / }).click();
  await expect(panel.getByRole('tabpanel', { name: 'Contact' }).getByTestId('contact-profile')).toBeVisible();
  expect((await apiRequests(own.url)).slice(baseline).map((r) => `${r.path} ${r.query.email ?? ''}`)).toEqual([`/v1/enrich ${samples.emails[3]}`]);
});

test('events forged by a content script on tab A never reach the panel of tab B, and storage.sync is closed', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
}) => {
  test.setTimeout(120_000);
  await configure({ baseUrl: own.url, apiKey: `test-standard-ev-${unique()}` });
  const forgedEmail = `forged-${unique()}@evil-example.com`;
  const intentEmail = `intent-${unique()}@evil-example.com`;

  const { panel, tabId: tabB } = await test.step('open the panel for tab B and let it show its real findings', async () => {
    const opened = await openPanelFor(context, serviceWorker, openExtensionPage, `${own.url}/demo/team`);
    await expect(opened.panel.getByRole('table', { name: 'Emails found on this page' })).toBeVisible({ timeout: budget(30_000) });
    return opened;
  });

  const attacker = await test.step('tab A: a content script forges page, intent and credits events for tab B', async () => {
    const tabA = await context.newPage();
    const urlA = `${own.url}/demo/blog`;
    await tabA.goto(urlA);
    const tabIdA = await tabIdOf(serviceWorker, urlA);
    return serviceWorker.evaluate(
      async ([id, victim, email, lookup]) => {
        const [result] = await chrome.scripting.executeScript({
          target: { tabId: id },
          world: 'ISOLATED',
          args: [victim, email, lookup],
          func: async (victimTab: number, forged: string, armed: string) => {
            const entities = { url: 'https://victim.example/', title: 'forged', emails: [forged], phones: [], profiles: [], companyProfiles: [], domains: [], faxes: [], phoneCountry: null, people: [], companies: [] };
            const events = [
              { type: 'event/page', page: { tabId: victimTab, url: 'https://victim.example/', title: 'forged', entities, scannedAt: Date.now(), complete: true } },
              { type: 'event/intent', tabId: victimTab, intent: { kind: 'lookup', meaning: { kind: 'email', email: armed }, at: Date.now() } },
              { type: 'event/credits', credits: { today: 99_999, month: 99_999, byAction: {}, dailyBudget: 100, budgetLeft: 0 } },
            ];
            for (const event of events) await chrome.runtime.sendMessage(event).catch(() => undefined);
            let sync: string;
            try {
              await chrome.storage.sync.set({ planted: 'by a content script' });
              sync = 'writable';
            } catch (e) {
              sync = `refused: ${String(e)}`;
            }
            return { sync };
          },
        });
        return result?.result as { sync: string };
      },
      [tabIdA, tabB, forgedEmail, intentEmail] as const,
    );
  });

  await test.step('the panel of tab B shows only what the background sent', async () => {
    // A real broadcast after the forged ones: the panel's listener is alive, so what it ignored, it ignored.
    expect((await send(panel, 'page/get', { tabId: tabB, scan: true })).ok).toBe(true);
    await expect(panel.getByRole('table', { name: 'Emails found on this page' })).toBeVisible();
    const text = (await panel.locator('body').textContent()) ?? '';
    expect(text).not.toContain(forgedEmail);
    expect(text).not.toContain(intentEmail);
    expect(text).not.toContain('99,999');
    expect(text).not.toContain('victim.example');
  });

  await test.step('storage.sync refused the content script', () => {
    expect(attacker.sync).toMatch(/^refused/);
  });
});
