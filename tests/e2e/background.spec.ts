import type { Page, Worker } from '@playwright/test';
import { expect, test, testInOwnBrowser } from './fixtures';
import { apiRequests, injectFault, ledgerOf, samplesOf } from './support/reliability';
import { budget } from '../time-budget';

// The background service worker in real Chromium: page state from the content script, the context menu's
// intents, the message firewall for content scripts, and a bulk job that survives the worker being stopped.

type Reply<T = unknown> = { ok: true; data: T } | { ok: false; error: { kind: string; message: string } };

function send<T = unknown>(page: Page, type: string, input: unknown): Promise<Reply<T>> {
  return page.evaluate(([t, i]) => chrome.runtime.sendMessage({ type: t, input: i }), [type, input] as const) as Promise<Reply<T>>;
}

async function tabIdOf(page: Page, url: string): Promise<number> {
  return page.evaluate(async (u) => {
    const [tab] = await chrome.tabs.query({ url: u });
    return tab?.id ?? -1;
  }, url);
}

async function waitReady(worker: Worker): Promise<number> {
  let at = 0;
  await expect
    .poll(async () => {
      at = await worker.evaluate(async () => ((await chrome.storage.session.get('backgroundReady')).backgroundReady as { at: number } | undefined)?.at ?? 0);
      return at;
    })
    .toBeGreaterThan(0);
  return at;
}

testInOwnBrowser('the worker starts, creates its menus, opens onboarding on install and flags itself ready', async ({ context, serviceWorker }) => {
  await waitReady(serviceWorker);
  await expect.poll(() => context.pages().some((p) => p.url().endsWith('/onboarding.html'))).toBe(true);
  // contextMenus.update fails for an id that does not exist: both menus are there.
  const menus = await serviceWorker.evaluate(async () => {
    const exists = (id: string) =>
      new Promise<boolean>((resolve) => chrome.contextMenus.update(id, {}, () => resolve(!chrome.runtime.lastError)));
    return { selection: await exists('ipe-enrich-selection'), link: await exists('ipe-enrich-link'), bogus: await exists('nope') };
  });
  expect(menus).toEqual({ selection: true, link: true, bogus: false });
  const behavior = await serviceWorker.evaluate(() => chrome.sidePanel.getPanelBehavior());
  expect(behavior.openPanelOnActionClick).toBe(false);
});

test('a scanned 127.0.0.1 page is stored per tab, returned by page/get and counted on the badge', async ({
  context,
  sandbox,
  serviceWorker,
  openExtensionPage,
  shot,
}) => {
  await waitReady(serviceWorker);
  const page = await context.newPage();
  await page.goto(`${sandbox.url}/demo/team`);
  const panel = await openExtensionPage('options.html');
  const tabId = await tabIdOf(panel, `${sandbox.url}/demo/team`);
  expect(await send(panel, 'page/get', { tabId })).toEqual({ ok: true, data: null }); // nothing until asked

  const scanned = await send<{ url: string; complete: boolean; entities: { emails: string[]; profiles: string[] } }>(panel, 'page/get', { tabId, scan: true });
  expect(scanned.ok).toBe(true);
  const state = (scanned as { data: { url: string; complete: boolean; entities: { emails: string[]; profiles: string[] } } }).data;
  expect(state.url).toBe(`${sandbox.url}/demo/team`);
  expect(state.complete).toBe(true);
  expect(state.entities.emails.length).toBeGreaterThan(0);

  // Stored in storage.session for this tab (survives a worker restart) and read back without rescanning.
  const again = await send<typeof state>(panel, 'page/get', { tabId });
  expect(again).toMatchObject({ ok: true, data: { entities: { emails: state.entities.emails } } });
  const badge = await serviceWorker.evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);
  expect(Number(badge)).toBeGreaterThanOrEqual(state.entities.emails.length);

  // Navigating away forgets the old page.
  await page.goto(`${sandbox.url}/demo/`);
  await expect.poll(async () => (await send(panel, 'page/get', { tabId })) as unknown).toEqual({ ok: true, data: null });
  await shot(page, 'background-scanned-page');
});

test('page/get refuses browser pages as not scannable', async ({ context, serviceWorker, openExtensionPage }) => {
  await waitReady(serviceWorker);
  const panel = await openExtensionPage('options.html');
  const tabId = await panel.evaluate(async () => (await chrome.tabs.create({ url: 'chrome://version', active: false })).id ?? -1);
  await expect.poll(() => context.pages().some((p) => p.url().startsWith('chrome://version'))).toBe(true);
  const reply = await send(panel, 'page/get', { tabId, scan: true });
  expect(reply).toMatchObject({ ok: false, error: { kind: 'not_scannable' } });
});

const menuCases: Array<[string, { menuItemId: string; selectionText?: string; linkUrl?: string }, unknown]> = [
  ['an email', { menuItemId: 'ipe-enrich-selection', selectionText: 'Jane.Doe@Acme.com' }, { kind: 'lookup', meaning: { kind: 'email', email: 'jane.doe@acme.com' } }],
  ['a phone', { menuItemId: 'ipe-enrich-selection', selectionText: '+44 20 7946 0958' }, { kind: 'lookup', meaning: { kind: 'phone', phone: '+442079460958' } }],
  [
    'a profile URL',
    { menuItemId: 'ipe-enrich-selection', selectionText: 'https://uk.linkedin.com/in/Jane-Doe?trk=x' },
    { kind: 'lookup', meaning: { kind: 'profile', url: 'https://www.linkedin.com/in/jane-doe' } },
  ],
  ['a company website', { menuItemId: 'ipe-enrich-selection', selectionText: 'www.acme.co.uk' }, { kind: 'lookup', meaning: { kind: 'company', url: 'acme.co.uk' } }],
  [
    'First Last at Company',
    { menuItemId: 'ipe-enrich-selection', selectionText: 'Jane Doe at Acme Corp' },
    { kind: 'lookup', meaning: { kind: 'person', first_name: 'Jane', last_name: 'Doe', company_name: 'Acme Corp' } },
  ],
  [
    'an email and a phone (ambiguous)',
    { menuItemId: 'ipe-enrich-selection', selectionText: 'jane@acme.com +1 415 555 0132' },
    { kind: 'ambiguous', choices: [{ kind: 'email', email: 'jane@acme.com' }, { kind: 'phone', phone: '+14155550132' }] },
  ],
  ['plain words (unrecognised)', { menuItemId: 'ipe-enrich-selection', selectionText: 'hello there' }, { kind: 'unrecognised', text: 'hello there' }],
  ['a mailto: link', { menuItemId: 'ipe-enrich-link', linkUrl: 'mailto:Bob@Acme.io?subject=Hi' }, { kind: 'lookup', meaning: { kind: 'email', email: 'bob@acme.io' } }],
  [
    'a profile link',
    { menuItemId: 'ipe-enrich-link', linkUrl: 'https://www.linkedin.com/in/bob-smith/' },
    { kind: 'lookup', meaning: { kind: 'profile', url: 'https://www.linkedin.com/in/bob-smith' } },
  ],
];

test('the context-menu handler turns each kind of selection or link into the right panel intent', async ({
  context,
  sandbox,
  serviceWorker,
  openExtensionPage,
}) => {
  await waitReady(serviceWorker);
  const page = await context.newPage();
  await page.goto(`${sandbox.url}/demo/`);
  const panel = await openExtensionPage('sidepanel.html');
  const tabId = await tabIdOf(panel, `${sandbox.url}/demo/`);
  // The side panel hears about the intent as an event too.
  await panel.evaluate(() => {
    (window as unknown as { seen: unknown[] }).seen = [];
    chrome.runtime.onMessage.addListener((m: { type?: string }) => {
      if (m.type === 'event/intent') (window as unknown as { seen: unknown[] }).seen.push(m);
    });
  });
  for (const [name, info, expected] of menuCases) {
    await serviceWorker.evaluate(
      ([i, id]) => (globalThis as unknown as { inPageEnrich: { onContextMenuClick(i: unknown, t: unknown): Promise<void> } }).inPageEnrich.onContextMenuClick(i, { id }),
      [info, tabId] as const,
    );
    const reply = await send(panel, 'panel/intent', { tabId });
    expect(reply, name).toMatchObject({ ok: true, data: expected });
    // Consumed when read.
    expect(await send(panel, 'panel/intent', { tabId }), name).toEqual({ ok: true, data: null });
  }
  await expect.poll(() => panel.evaluate(() => (window as unknown as { seen: unknown[] }).seen.length)).toBe(menuCases.length);
});

test('a content script cannot read the key or send forbidden requests', async ({ context, sandbox, serviceWorker, configure }) => {
  const secret = `test-standard-secret${Date.now()}`;
  await configure({ apiKey: secret });
  const page = await context.newPage();
  await page.goto(`${sandbox.url}/demo/team`);
  const tabId = await serviceWorker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]?.id ?? -1, `${sandbox.url}/demo/team`);

  // Runs in the ISOLATED world: exactly what a (compromised) content script can do.
  const probe = await serviceWorker.evaluate(async (id) => {
    const [result] = await chrome.scripting.executeScript({
      target: { tabId: id },
      world: 'ISOLATED',
      func: async () => {
        const ask = (message: unknown) => chrome.runtime.sendMessage(message).catch((e: unknown) => ({ thrown: String(e) }));
        const replies = {
          settings: await ask({ type: 'settings/get', input: {} }),
          keyTest: await ask({ type: 'key/test', input: {} }),
          enrich: await ask({ type: 'contact/enrich', input: { lookup: { email: 'a@b.com' } } }),
          keySet: await ask({ type: 'key/set', input: { key: 'attacker-key-123' } }),
          fetchUrl: await ask({ type: 'content/scan', scan: { url: 'https://evil.example/' }, scanId: 'x', complete: true, fetch: 'https://evil.example' }),
          huge: await ask({ type: 'content/scan', blob: 'x'.repeat(2_100_000) }),
        };
        let local: string;
        try {
          local = JSON.stringify(await chrome.storage.local.get(null));
        } catch (e) {
          local = `refused: ${String(e)}`;
        }
        let session: string;
        try {
          session = JSON.stringify(await chrome.storage.session.get(null));
        } catch (e) {
          session = `refused: ${String(e)}`;
        }
        const databases = (await indexedDB.databases()).map((d) => d.name);
        return { replies, local, session, databases };
      },
    });
    return result?.result;
  }, tabId);
  expect(probe).toBeDefined();
  const { replies, local, session, databases } = probe as {
    replies: Record<string, { ok?: boolean; error?: { kind: string } }>;
    local: string;
    session: string;
    databases: string[];
  };
  for (const name of ['settings', 'keyTest', 'enrich', 'keySet', 'fetchUrl', 'huge'] as const) {
    expect(replies[name], name).toMatchObject({ ok: false });
    expect(JSON.stringify(replies[name]), name).not.toContain(secret);
  }
  expect(replies.settings?.error?.kind).toBe('forbidden');
  expect(replies.huge?.error?.kind).toBe('invalid_message');
  expect(local).not.toContain(secret);
  expect(local).toMatch(/^refused/); // the background closes storage.local to content scripts
  expect(session).not.toContain(secret);
  expect(session).toMatch(/^refused/); // storage.session is for trusted contexts only
  expect(databases).not.toContain('ipe-keystore'); // the page's origin, not ours
  // The attacker's key/set changed nothing.
  const hint = await serviceWorker.evaluate(() => (globalThis as unknown as { inPageEnrich: { ready(): Promise<{ keystore: { get(): Promise<string | null> } }> } }).inPageEnrich.ready().then((s) => s.keystore.get()));
  expect(hint).toBe(secret);
});

test('settings/get shows only a hint of the key; the page never sees it', async ({ openExtensionPage, configure }) => {
  const key = `test-standard-hint${Date.now()}`;
  await configure({ apiKey: key });
  const options = await openExtensionPage('options.html');
  const reply = await send<{ key: { present: boolean; hint: string } }>(options, 'settings/get', {});
  expect(reply).toMatchObject({ ok: true, data: { key: { present: true, hint: `…${key.slice(-4)}` } } });
  expect(JSON.stringify(reply)).not.toContain(key);
});

testInOwnBrowser('a bulk job survives the worker being stopped mid-job: the chunks in flight are answered through the offscreen document, never sent twice, and the ledger is asserted after every step', async ({
  context,
  sandbox,
  serviceWorker,
  openExtensionPage,
  configure,
}) => {
  // Budget: build-free steps; start ~5 s, stop + resume ≤ 60 s, the rest ≤ 20 s (a busy 2-core box).
  test.setTimeout(150_000);
  const key = `test-standard-bulk${Date.now()}`;
  await configure({ apiKey: key });
  const samples = await samplesOf(sandbox.url);
  const bulkCharged = async () => (await ledgerOf(sandbox.url, key)).entries.filter((e) => e.endpoint === 'bulk-enrich').reduce((n, e) => n + e.credits, 0);
  const bulkRequests = async () => (await apiRequests(sandbox.url, key)).filter((r) => r.path === '/v1/bulk-enrich');
  const panel = await openExtensionPage('sidepanel.html');
  const job = async () => ((await send(panel, 'bulk/get', { jobId })) as { data: { status: string; done: number; total: number; enriched: number; interrupted: number; failed: number; creditsCharged: number; inFlight?: number } }).data;
  const localToday = async () => ((await send(panel, 'credits/summary', {})) as { data: { today: number } }).data.today;
  let jobId = '';

  await test.step('start 2,500 entries (20 known) with every chunk slow at the sandbox', async () => {
    const entries = Array.from({ length: 2500 }, (_, i) =>
      i % 125 === 0 ? { field_type: 'email', value: samples.emails[i / 125]! } : { field_type: 'email', value: `nobody${i}@nowhere${i % 9}.com` },
    );
    await injectFault(sandbox.url, { mode: 'slow', count: 3, delayMs: 3000, paths: ['/v1/bulk-enrich'] });
    const started = await send<{ id: string; total: number }>(panel, 'bulk/start', { entries });
    expect(started).toMatchObject({ ok: true, data: { total: 2500 } });
    jobId = (started as { data: { id: string } }).data.id;
    expect(await bulkCharged()).toBe(0);
  });

  const readyBefore = await waitReady(serviceWorker);
  await test.step('stop the worker while two chunks are in flight (the job says so)', async () => {
    await expect.poll(async () => (await job()).inFlight ?? 0).toBe(2000);
    await panel.waitForTimeout(500); // the only sleep: lets both requests reach the sandbox
    // The requests run in the offscreen document, which the worker's stop does not end.
    expect(await serviceWorker.evaluate(async () => (await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] } as unknown as Parameters<typeof chrome.runtime.getContexts>[0])).length)).toBe(1);
    const cdp = await context.newCDPSession(panel);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    // The service charges on arrival: the two chunks in flight are paid whether or not anyone reads the answers.
    expect(await bulkCharged()).toBeLessThanOrEqual(16);
  });

  await test.step('a new worker completes the two chunks from their kept answers, sends the third, and nothing twice', async () => {
    await expect
      .poll(
        async () => {
          const reply = await send<{ status: string }>(panel, 'bulk/get', { jobId }).catch(() => null);
          return reply && reply.ok ? reply.data.status : 'waking';
        },
        { timeout: budget(60_000), intervals: [500] },
      )
      .toBe('done');
    const restarted = context.serviceWorkers().at(-1)!;
    expect(await waitReady(restarted)).toBeGreaterThan(readyBefore);
    const j = await job();
    expect(j).toMatchObject({ done: 2500, enriched: 20, interrupted: 0, failed: 0, inFlight: 0 });
    const rows: Array<{ status: string }> = [];
    for (let offset = 0; offset < 2500; offset += 500) {
      rows.push(...((await send(panel, 'bulk/rows', { jobId, offset, limit: 500 })) as { data: { rows: Array<{ status: string }> } }).data.rows);
    }
    expect(rows.filter((r) => r.status === 'enriched')).toHaveLength(20);
    // Each chunk went out exactly once: three requests, three different bodies.
    const requests = await bulkRequests();
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.body)).size).toBe(3);
    // Ledger: 20 records charged once; the screen and the local ledger say the same as the service.
    expect(await bulkCharged()).toBe(20);
    expect(j.creditsCharged).toBe(20);
    await expect.poll(localToday).toBe(20);
  });

  await test.step('nothing is left to retry: "Retry all" sends nothing and the ledger stays at 20', async () => {
    const before = (await bulkRequests()).length;
    expect((await send(panel, 'bulk/retry', { jobId })).ok).toBe(true);
    expect((await job()).status).toBe('done');
    expect((await bulkRequests()).length).toBe(before);
    expect(await bulkCharged()).toBe(20);
    expect(await localToday()).toBe(20);
  });
});

test('the enrich-selection shortcut reads the selection of the tab and sets its intent', async ({ context, sandbox, serviceWorker, openExtensionPage }) => {
  await waitReady(serviceWorker);
  const page = await context.newPage();
  await page.goto(`${sandbox.url}/demo/`);
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.textContent = 'Write to Jane.Doe@Acme.com today';
    document.body.append(p);
    const range = document.createRange();
    range.setStart(p.firstChild!, 9);
    range.setEnd(p.firstChild!, 26);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  const panel = await openExtensionPage('sidepanel.html');
  const tabId = await tabIdOf(panel, `${sandbox.url}/demo/`);
  await serviceWorker.evaluate(
    (id) => (globalThis as unknown as { inPageEnrich: { onCommand(c: string, t: unknown): Promise<void> } }).inPageEnrich.onCommand('enrich-selection', { id }),
    tabId,
  );
  expect(await send(panel, 'panel/intent', { tabId })).toMatchObject({ ok: true, data: { kind: 'lookup', meaning: { kind: 'email', email: 'jane.doe@acme.com' } } });
});

test('automatic scanning on chosen sites registers the scanner; back to on-request unregisters it', async ({
  context,
  sandbox,
  serviceWorker,
  openExtensionPage,
  configure,
}) => {
  // 127.0.0.1 is a granted host (the sandbox's origin), so no permission prompt is needed here.
  await configure({ settings: { scanMode: 'sites', scanSites: ['http://127.0.0.1/*'] } });
  const registered = () => serviceWorker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).map((s) => ({ id: s.id, matches: s.matches })));
  await expect.poll(registered).toEqual([{ id: 'ipe-auto-scan', matches: ['http://127.0.0.1/*'] }]);

  // A page visit is scanned without anyone asking, and no API request is made (scanning only lists the page).
  const page = await context.newPage();
  await page.goto(`${sandbox.url}/demo/team`);
  const panel = await openExtensionPage('options.html');
  const tabId = await tabIdOf(panel, `${sandbox.url}/demo/team`);
  await expect
    .poll(async () => ((await send<{ entities: { emails: string[] } } | null>(panel, 'page/get', { tabId })) as { data: { entities: { emails: string[] } } | null }).data?.entities.emails.length ?? 0)
    .toBeGreaterThan(0);

  await configure({ settings: { scanMode: 'on-request' } });
  await expect.poll(registered).toEqual([]);
});
