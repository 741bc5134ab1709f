/**
 * The background service worker: the only part that holds the API key and talks to the API.
 *
 * Composition only. Every listener is registered synchronously in `main()` (an MV3 worker woken by an event
 * must find its listener on the first turn); each awaits the services, which open IndexedDB and resume queued
 * work. Follow one lookup: protocol (lib/messaging) → handlers.ts → lib/engine/lookups.ts → queue/limiter →
 * lib/api client → cache/ledger → reply.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { defineBackground } from 'wxt/utils/define-background';
import { toErrorData } from '@/lib/errors/to-error-data';
import { keyRefusedBy } from '@/lib/api/transport';
import { createRouter, type SenderInfo } from '@/lib/messaging/router';
import { closeStorageToContentScripts } from '@/lib/settings/storage-access';
import { applyAutoScan } from './auto-scan';
import { broadcast, createQueueBroadcaster, createThrottle } from './broadcast';
import { onCommand } from './commands';
import { contactBook } from './contacts';
import { createMenus, onContextMenuClick } from './context-menu';
import { createHandlers } from './handlers';
import { createKeepAlive } from './keep-alive';
import { clearPage, onPageScan, onTabLoading } from './pages';
import { createServices, type Services } from './services';
import { readCountryFrom } from './your-country';
import { onBulkJob } from './contacts';
import { demoLedger, demoModeOn, setDemoMode } from './demo';
import type { BulkJob } from '@/lib/model/state';

export default defineBackground(() => {
  // Close storage.local/sync/session to content scripts where the browser can (lib/settings/storage-access.ts).
  void closeStorageToContentScripts(browser.storage as Parameters<typeof closeStorageToContentScripts>[0]).then((open) => {
    if (open.length) console.warn('In-Page Enrich: storage stays open to content scripts:', open.join(', '));
  });
  /** Polled by e2e tests instead of sleeping through `runtime.onInstalled` (toolchain notes: "races test start"). */
  const readyFlag = storage.defineItem<{ at: number; version: string } | null>('session:backgroundReady', { fallback: null });
  let onQueueChange = () => {};
  let creditsChanged = () => {};
  const hooks = {
    onBulk: (job: BulkJob) => {
      broadcast({ type: 'event/bulk', job });
      onBulkJob(job);
    },
    onCredits: () => creditsChanged(),
  };
  let services: Promise<Services> = demoModeOn()
    .catch(() => false)
    .then((demo) => createServices(hooks, demo));
  const ready = () => services;
  readCountryFrom(() => services.then((s) => s.settings.get()));

  const attach = (current: Promise<Services>) =>
    void current.then(async (s) => {
      const keepAlive = createKeepAlive(() => s.engine.queue.busy());
      const queueEvent = createQueueBroadcaster(() => s.engine.queue.state(), 250, () => !s.engine.queue.busy());
      onQueueChange = () => {
        keepAlive();
        queueEvent();
      };
      s.engine.queue.subscribe(() => {
        if (current === services) onQueueChange();
      });
      keepAlive();
      // Holds taken and freed change the budget left too, so a batch of lookups changes it in bursts: at most one event per
      // 250 ms, carrying the summary at the time it is sent (each event makes open pages ask their prices again).
      creditsChanged = createThrottle(() => {
        void s.engine.ledger.summary().then((credits) => broadcast({ type: 'event/credits', credits }));
      }, 250);
      s.settings.watch(() => {
        if (current !== services) return;
        void s.engine.reloadSettings();
        void applyAutoScan(() => s.settings.get()).catch((error: unknown) => console.warn('In-Page Enrich: auto-scan not applied', error));
      });
      await applyAutoScan(() => s.settings.get()).catch(() => []);
      await readyFlag.setValue({ at: Date.now(), version: browser.runtime.getManifest().version });
    }).catch((error: unknown) => {
      // Requests still answer (each awaits the services and reports the failure as data); this is for the log.
      console.error('In-Page Enrich: background services did not start', error);
    });
  attach(services);

  /** Demo mode on or off (./demo.ts): the other engine, over its own stores, from the next request on. */
  const switchMode = async (demo: boolean): Promise<Services> => {
    const current = await services.catch(() => null);
    if (current?.demo === demo) return current;
    await current?.engine.cancelWaitingLookups().catch(() => 0);
    await setDemoMode(demo);
    services = createServices(hooks, demo);
    attach(services);
    const next = await services;
    broadcast({ type: 'event/settings' });
    void next.engine.ledger.summary().then((credits) => broadcast({ type: 'event/credits', credits }));
    return next;
  };

  // ------------------------------------------------------------------------------------------ messages
  const route = createRouter<SenderInfo>({
    ownId: browser.runtime.id,
    ownOrigin: browser.runtime.getURL('/'),
    handlers: createHandlers(ready, switchMode),
    context: (sender) => sender,
    toErrorData: (error) => {
      const data = toErrorData(error);
      // The saved key was refused: the options page says so (entrypoints/background/key-rejection.ts).
      if (data.kind === 'invalid_key') void ready().then((s) => s.keyRejection.note(keyRefusedBy(error))).catch(() => undefined);
      return data;
    },
    onContent: async (message, sender) => onPageScan(message, sender),
  });
  browser.runtime.onMessage.addListener((message: unknown, sender) => route(message, sender));

  // ------------------------------------------------------------------------------------------ tabs
  browser.tabs.onUpdated.addListener((tabId, change) => {
    // A new document (navigation or reload): what was found belongs to the old one. A same-document 'loading' (a
    // hash link, replaceState) keeps it (`onTabLoading`); single-page apps' scanners send the new URL's scan themselves.
    if (change.status === 'loading') void onTabLoading(tabId, change.url);
  });
  browser.tabs.onRemoved.addListener((tabId) => void clearPage(tabId));

  // ------------------------------------------------------------------------------------------ menus, commands
  browser.contextMenus.onClicked.addListener((info, tab) => void onContextMenuClick(info, tab));
  browser.commands.onCommand.addListener((command, tab) => void onCommand(command, tab));
  browser.permissions.onAdded.addListener(() => void ready().then((s) => applyAutoScan(() => s.settings.get())).catch(() => undefined));
  browser.permissions.onRemoved.addListener(() => void ready().then((s) => applyAutoScan(() => s.settings.get())).catch(() => undefined));

  // ------------------------------------------------------------------------------------------ install, start
  // Firefox forgets a persistent background page's menus at a restart (./context-menu.ts).
  browser.runtime.onStartup.addListener(() => void createMenus());
  browser.runtime.onInstalled.addListener((details) => {
    void createMenus();
    // The toolbar button shows the popup; the panel opens from the popup, the menu or the shortcut.
    browser.sidePanel?.setPanelBehavior({ openPanelOnActionClick: false }).catch(() => undefined);
    if (details.reason === 'install') void openOnboarding();
  });

  // Test hook: reachable only by code already running inside this worker (Playwright's serviceWorker.evaluate);
  // pages and content scripts cannot see the worker's global scope, so it grants nothing new.
  // `contactBook`: the book's own API, so a test fills a large book as purchases would, without buying each one.
  (globalThis as { inPageEnrich?: unknown }).inPageEnrich = { onContextMenuClick, onCommand, ready, contactBook, demoLedger };
});

async function openOnboarding(): Promise<void> {
  const url = browser.runtime.getURL('/onboarding.html');
  // Only when the build has the page (it is a separate entry point).
  const exists = await fetch(url, { method: 'HEAD' }).then((r) => r.ok, () => false);
  if (exists) await browser.tabs.create({ url });
}
