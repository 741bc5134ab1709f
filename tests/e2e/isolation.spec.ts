/**
 * Tests share one Chromium per worker; the `context` fixture gives each one the state of a fresh install
 * (tests/e2e/support/profile-reset.ts, docs/testing.md). The first test here leaves behind everything a test can:
 * a bought contact, a list, a cached answer, today's credits, a key and an address, storage of every area, a value
 * in the worker's memory, open pages, a web page's localStorage and a granted permission. The second runs next, in
 * the same browser, and finds none of it: if the reset missed one, it fails here and not at random elsewhere.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, uniqueKey } from './fixtures';
import { ledgerOf, samplesOf, send } from './support/reliability';

test.describe.configure({ mode: 'serial' });

let firstBrowser: BrowserContext | undefined;

interface Left {
  book: number;
  lists: number;
  today: number;
  cached: number;
  history: number;
  keyPresent: boolean;
  apiBaseUrl: string;
}

async function whatIsLeft(page: Page): Promise<Left> {
  const data = async <T>(type: string, input: unknown): Promise<T> => {
    const reply = await send<T>(page, type, input);
    if (!reply.ok) throw new Error(`${type} failed: ${reply.error.message}`);
    return reply.data;
  };
  const settings = await data<{ settings: { apiBaseUrl: string }; key: { present: boolean } }>('settings/get', {});
  return {
    book: (await data<{ total: number }>('contacts/list', {})).total,
    lists: (await data<unknown[]>('lists/all', {})).length,
    today: (await data<{ today: number }>('credits/summary', {})).today,
    cached: (await data<{ entries: number }>('cache/stats', {})).entries,
    history: (await data<unknown[]>('history/list', {})).length,
    keyPresent: settings.key.present,
    apiBaseUrl: settings.settings.apiBaseUrl,
  };
}

test('a test that leaves everything behind', async ({ context, serviceWorker, openExtensionPage, configure, sandbox }) => {
  firstBrowser = context;
  await configure({ apiKey: uniqueKey('test-standard-isolation-first') });
  const samples = await samplesOf(sandbox.url);
  const options = await openExtensionPage('options.html');
  const bought = await send<{ found: boolean }>(options, 'contact/enrich', { lookup: { email: samples.emails[0] } });
  expect(bought).toMatchObject({ ok: true, data: { found: true } });
  expect((await send(options, 'lists/create', { name: 'Left behind' })).ok).toBe(true);
  await serviceWorker.evaluate(async () => {
    (globalThis as { leftBehind?: string }).leftBehind = 'in memory';
    await chrome.storage.session.set({ leftBehind: 'session' });
    await chrome.storage.sync.set({ leftBehind: 'sync' });
  });
  const web = await context.newPage();
  await web.goto(`${sandbox.url}/demo/team`);
  await web.evaluate(() => localStorage.setItem('leftBehind', 'web page'));
  await context.grantPermissions(['clipboard-read'], { origin: sandbox.url });
  await openExtensionPage('sidepanel.html?tabId=0');

  // Everything the next test must not see is really there now.
  const left = await whatIsLeft(options);
  expect(left).toMatchObject({ book: 1, lists: 1, today: 1, keyPresent: true, apiBaseUrl: sandbox.url });
  expect(left.cached).toBeGreaterThan(0);
  expect(left.history).toBeGreaterThan(0);
  expect(await web.evaluate(async () => (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state)).toBe('granted');
  expect(context.pages().length).toBeGreaterThanOrEqual(3);
});

test('the next test in the same browser starts as from a fresh install', async ({ context, serviceWorker, openExtensionPage, configure, sandbox }) => {
  // The point is the shared browser: a new one would prove nothing.
  expect(firstBrowser, 'runs after the test above, in the same worker').toBe(context);
  // Only the extensions page the reset keeps open (support/profile-reset.ts) is left.
  expect(context.pages().map((p) => p.url())).toEqual(['chrome://extensions/']);

  expect(
    await serviceWorker.evaluate(async () => ({
      memory: (globalThis as { leftBehind?: string }).leftBehind ?? null,
      local: Object.keys(await chrome.storage.local.get(null)).filter((k) => k.includes('leftBehind')),
      session: (await chrome.storage.session.get('leftBehind')).leftBehind ?? null,
      sync: (await chrome.storage.sync.get('leftBehind')).leftBehind ?? null,
    })),
  ).toEqual({ memory: null, local: [], session: null, sync: null });

  const options = await openExtensionPage('options.html');
  const left = await whatIsLeft(options);
  expect(left).toEqual({ book: 0, lists: 0, today: 0, cached: 0, history: 0, keyPresent: false, apiBaseUrl: expect.any(String) });
  expect(left.apiBaseUrl).not.toBe(sandbox.url);

  const web = await context.newPage();
  await web.goto(`${sandbox.url}/demo/team`);
  expect(await web.evaluate(() => localStorage.getItem('leftBehind'))).toBeNull();
  expect(await web.evaluate(async () => (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state)).not.toBe('granted');

  // The same person again costs a credit (nothing cached), charged to this test's key alone.
  const key = uniqueKey('test-standard-isolation-second');
  await configure({ apiKey: key });
  const samples = await samplesOf(sandbox.url);
  expect(await send(options, 'credits/estimate', { action: 'contact/enrich', lookup: { email: samples.emails[0] } })).toMatchObject({
    ok: true,
    data: { credits: 1 },
  });
  expect(await send(options, 'contact/enrich', { lookup: { email: samples.emails[0] } })).toMatchObject({ ok: true, data: { found: true } });
  expect((await ledgerOf(sandbox.url, key)).entries.filter((e) => e.credits > 0)).toHaveLength(1);
});
