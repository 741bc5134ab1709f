/**
 * One Chromium per Playwright worker, with a fresh profile STATE per test (docs/testing.md). Between two tests:
 *
 * 1. every page is closed but one, the browser's extensions page (chrome://extensions), kept open to switch the
 *    extension off and on as a user can there (`chrome.management`);
 * 2. the extension is switched off: its worker, offscreen document and pages end, so nothing held in memory (queues,
 *    limiter, timers, requests in flight) survives or writes anything more;
 * 3. its origin's IndexedDB, Cache Storage and localStorage are deleted through the DevTools protocol (nothing has them
 *    open now); the web origins the test visited lose their storage too; cookies, granted permissions, HTTP cache go;
 * 4. switched on, its new worker clears chrome.storage (local, sync, session), dynamic content scripts and optional
 *    host permissions (only a running extension can), then it is switched off, its databases deleted again (that
 *    worker may have opened them with what chrome.storage still said) and on once more;
 * 5. the last worker is awaited until it flags itself ready (the flag the background sets in storage.session).
 *
 * The quick way first (`quickReset`): the last test's worker, if still running, does step 4's clear itself, then one
 * off/on (steps 2, 3, 5) and the fresh worker must start with nothing stored, nothing granted, no script or alarm, or
 * the full reset above runs after it. One switch and one wait for ready instead of two: ~0.7 s a test instead of
 * ~1.6 s under load (docs/testing.md). E2E_FULL_RESET=1 always runs the full one.
 *
 * `chrome.runtime.reload()` would be one step, but a reloaded unpacked extension stays disabled in headless Chromium.
 * Switching on is not an install: `runtime.onInstalled` does not fire and no onboarding tab opens. Tests about the
 * install itself, or that stop the worker, ask for their own browser (`testInOwnBrowser` in fixtures.ts).
 */
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { budget } from '../../time-budget';

const READY_TIMEOUT_MS = budget(30_000);
const EXTENSIONS_PAGE = 'chrome://extensions/';

/** Storage the DevTools protocol clears for the extension's origin: everything but its service worker registration. */
const EXTENSION_ORIGIN_STORAGE = 'indexeddb,cache_storage,local_storage,file_systems,websql';

export interface SharedProfile {
  context: BrowserContext;
  extensionId: string;
}

const isWorkerOf = (extensionId: string) => (worker: Worker) => worker.url().startsWith(`chrome-extension://${extensionId}/`);

/** Waits until the background flags itself ready (it has opened its stores and resumed queued work). */
export async function waitForBackgroundReady(worker: Worker, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Inside the worker, the flag is awaited through storage.onChanged (answered the moment it is set, where a poll
    // every 100 ms lost ~50 ms per wait, two waits per reset); each call gives up after a second so a worker that
    // ends meanwhile is asked again, not waited on.
    const ready = await worker
      .evaluate(
        (waitMs) =>
          new Promise<boolean>((answer) => {
            const done = (value: boolean) => {
              chrome.storage.session.onChanged.removeListener(onChange);
              clearTimeout(timer);
              answer(value);
            };
            const onChange = (changes: Record<string, { newValue?: unknown }>) => {
              if (changes.backgroundReady?.newValue) done(true);
            };
            const timer = setTimeout(() => done(false), waitMs);
            chrome.storage.session.onChanged.addListener(onChange);
            void chrome.storage.session.get('backgroundReady').then((got) => got.backgroundReady && done(true));
          }),
        1_000,
      )
      .catch(() => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`The extension's worker did not flag itself ready within ${timeoutMs} ms.`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

/** Closes every page but the extensions page (opened if the last test closed it); returns that page. */
async function closePagesButExtensionsPage(context: BrowserContext): Promise<Page> {
  const pages = context.pages();
  const keep = pages.find((p) => p.url() === EXTENSIONS_PAGE);
  await Promise.all(pages.filter((p) => p !== keep).map((page) => page.close().catch(() => undefined)));
  if (keep) return keep;
  const page = await context.newPage();
  await page.goto(EXTENSIONS_PAGE);
  return page;
}

/** Switches the extension off (`on` false) or on, from the extensions page; on: returns its new worker. */
async function switchExtension(context: BrowserContext, extensionsPage: Page, extensionId: string, on: boolean): Promise<Worker | null> {
  const started = on ? context.waitForEvent('serviceworker', { predicate: isWorkerOf(extensionId), timeout: READY_TIMEOUT_MS }) : null;
  await extensionsPage.evaluate(
    ([id, enabled]) => (globalThis as unknown as { chrome: { management: { setEnabled(id: string, on: boolean): Promise<void> } } }).chrome.management.setEnabled(id, enabled),
    [extensionId, on] as const,
  );
  return started ? await started : null;
}

async function clearOrigins(cdp: CDPSession, extensionId: string, visitedOrigins: Iterable<string>): Promise<void> {
  await cdp.send('Storage.clearDataForOrigin', { origin: `chrome-extension://${extensionId}`, storageTypes: EXTENSION_ORIGIN_STORAGE });
  for (const origin of visitedOrigins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
}

/**
 * Run inside the extension's worker: removes hosts a test was granted, every chrome.storage area, dynamic content
 * scripts and alarms, and clears again until local and sync read back empty (a running worker may write once more).
 */
async function clearExtensionState(): Promise<void> {
  const required = new Set(chrome.runtime.getManifest().host_permissions ?? []);
  const granted = (await chrome.permissions.getAll()).origins ?? [];
  // Hosts a test was granted; required ones (and content-script matches) cannot be removed and stay.
  await Promise.all(granted.filter((o) => !required.has(o)).map((o) => chrome.permissions.remove({ origins: [o] }).catch(() => false)));
  await Promise.all([
    chrome.storage.local.clear(),
    chrome.storage.sync.clear(),
    chrome.storage.session.clear(),
    chrome.scripting.unregisterContentScripts(),
    // Optional API: present only with its permission.
    chrome.alarms?.clearAll(),
  ]);
  const stored = async () => Object.keys(await chrome.storage.local.get(null)).length + Object.keys(await chrome.storage.sync.get(null)).length;
  for (let tries = 0; (await stored()) > 0; tries++) {
    if (tries === 20) throw new Error('chrome.storage kept being written while the extension was being reset.');
    await new Promise((ok) => setTimeout(ok, 50));
    await Promise.all([chrome.storage.local.clear(), chrome.storage.sync.clear()]);
  }
}

/**
 * Run inside a fresh worker once it is ready: true when it started from nothing a test left (chrome.storage local and
 * sync empty, no host granted beyond the required ones, no dynamic content script, no alarm).
 */
async function startedClean(): Promise<boolean> {
  const required = new Set(chrome.runtime.getManifest().host_permissions ?? []);
  const granted = ((await chrome.permissions.getAll()).origins ?? []).filter((o) => !required.has(o));
  const local = Object.keys(await chrome.storage.local.get(null)).length;
  const sync = Object.keys(await chrome.storage.sync.get(null)).length;
  const scripts = (await chrome.scripting.getRegisteredContentScripts()).length;
  const alarms = chrome.alarms ? (await chrome.alarms.getAll()).length : 0;
  return granted.length + local + sync + scripts + alarms === 0;
}

/**
 * The quick reset: one off/on instead of two. The last test's worker, still running, clears chrome.storage and the
 * rest (only a running extension can); off ends it and whatever it still held in memory; the origins are cleared;
 * on, and the fresh worker must start from nothing: a write that slipped in between the clear and the switch-off
 * would show in its stores, and then this returns null and the full reset runs. Also null when the last test left
 * no worker running (it stopped it, or it went idle).
 */
async function quickReset(profile: SharedProfile, extensionsPage: Page, cdp: CDPSession, visitedOrigins: Iterable<string>): Promise<Worker | null> {
  const { context, extensionId } = profile;
  const last = context.serviceWorkers().find(isWorkerOf(extensionId));
  if (!last) return null;
  const cleared = await Promise.race([
    last.evaluate(clearExtensionState).then(() => true, () => false),
    new Promise<boolean>((ok) => setTimeout(() => ok(false), 5_000)),
  ]);
  if (!cleared) return null;
  await switchExtension(context, extensionsPage, extensionId, false);
  await clearOrigins(cdp, extensionId, visitedOrigins);
  await cdp.send('Network.clearBrowserCache');
  await context.clearCookies();
  await context.clearPermissions();
  const fresh = (await switchExtension(context, extensionsPage, extensionId, true))!;
  await waitForBackgroundReady(fresh);
  return (await fresh.evaluate(startedClean).catch(() => false)) ? fresh : null;
}

/**
 * Wipes what the last test left in the shared profile and restarts the extension; returns its new worker, ready.
 * `visitedOrigins`: http origins the last test's pages loaded (their localStorage, IndexedDB and cookies go too).
 */
export async function resetProfile(profile: SharedProfile, visitedOrigins: Iterable<string>): Promise<Worker> {
  const { context, extensionId } = profile;
  const extensionsPage = await closePagesButExtensionsPage(context);
  const cdp = await context.newCDPSession(extensionsPage);
  try {
    if (process.env.E2E_FULL_RESET !== '1') {
      const quick = await quickReset(profile, extensionsPage, cdp, visitedOrigins);
      if (quick) return quick;
    }
    await switchExtension(context, extensionsPage, extensionId, false);
    await clearOrigins(cdp, extensionId, visitedOrigins);
    await cdp.send('Network.clearBrowserCache');
    await context.clearCookies();
    await context.clearPermissions();

    const cleaner = (await switchExtension(context, extensionsPage, extensionId, true))!;
    // The cleaner's own start-up reads what the last test stored and may write it back (settings are re-saved
    // sanitised): clearing before that start-up ends let a test's lookup defaults reach the next test. So the clear
    // waits for the worker to be ready, and is repeated until the stores read back empty.
    await waitForBackgroundReady(cleaner);
    await cleaner.evaluate(clearExtensionState);
    await switchExtension(context, extensionsPage, extensionId, false);
    await clearOrigins(cdp, extensionId, []);
    const fresh = (await switchExtension(context, extensionsPage, extensionId, true))!;
    await waitForBackgroundReady(fresh);
    return fresh;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/**
 * Records the http(s) origins `context`'s pages load from now on (the next reset clears their storage) and, on
 * `stop`, takes off every listener added to the context meanwhile (a test's `context.on('page', …)` is the test's).
 */
export function watchTest(context: BrowserContext): { origins: Set<string>; stop: () => void } {
  const origins = new Set<string>();
  // Playwright's BrowserContext is an event emitter with these methods; its typings list only on/off/once.
  const emitter = context as unknown as Pick<NodeJS.EventEmitter, 'eventNames' | 'listeners' | 'off'>;
  const before = new Map(emitter.eventNames().map((name) => [name, new Set(emitter.listeners(name))]));
  const onFrame = (frame: { url(): string }) => {
    const url = frame.url();
    if (url.startsWith('http://') || url.startsWith('https://')) origins.add(new URL(url).origin);
  };
  const watched = new Set<Page>();
  const onPage = (page: Page) => {
    watched.add(page);
    page.on('framenavigated', onFrame);
  };
  for (const page of context.pages()) onPage(page);
  context.on('page', onPage);
  return {
    origins,
    stop: () => {
      for (const page of watched) page.off('framenavigated', onFrame);
      for (const name of emitter.eventNames()) {
        const kept = before.get(name);
        for (const listener of emitter.listeners(name)) {
          if (!kept?.has(listener)) emitter.off(name, listener as (...args: unknown[]) => void);
        }
      }
    },
  };
}
