// Content-script glue: one scanner per page visit, its results sent to the background, and the
// answers to the background's `to-content/ping` and `to-content/rescan`. Only entities leave the page.
import { browser } from 'wxt/browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createPageScanner, type PageScanner, type ScannerHost, type ScanUpdate } from '@/lib/detect/dom-scan';
import type { PageScanMessage } from '@/lib/detect/schema';
import { sameVisit } from '@/lib/detect/visit';

/** Shared by every injection of this script into the page (they run in the same isolated world). */
const INSTANCE = Symbol.for('in-page-enrich.content-scanner');
/** Updates after the first complete pass are coalesced: sent this many ms after the last one… */
const SEND_DEBOUNCE_MS = 250;
/** …but no later than this after the first one waiting: a widget re-rendering every 100 ms must not starve the rest (audit e13). */
const SEND_MAX_WAIT_MS = 1000;
/** After an SPA navigation, give the app a moment to render the new view before the full pass. */
const NAVIGATION_SETTLE_MS = 300;
/** A burst of `pushState` calls delays the new pass by at most this much (it must not starve it). */
const NAVIGATION_MAX_WAIT_MS = 1500;
/** WXT's name for this entry point (its folder, `entrypoints/content/`). */
const SCRIPT_NAME = 'content';
/** Which copy of this script is the live one (the isolated world's own property: the page cannot set it). */
const OWNER = Symbol.for('in-page-enrich.content-owner');

interface Session {
  scanner: PageScanner;
}

type InstanceHolder = { [INSTANCE]?: Session; [OWNER]?: object };

const toMessage = (update: ScanUpdate): PageScanMessage => ({
  type: 'content/scan',
  scan: update.scan,
  scanId: update.scanId,
  complete: update.complete,
});

/** `scheduler.postTask` where available (no 4 ms timer clamping), else a zero timeout. */
function makeSchedule(ctx: ContentScriptContext): ScannerHost['schedule'] {
  const scheduler = (globalThis as { scheduler?: { postTask?: (cb: () => void, o: object) => Promise<void> } }).scheduler;
  if (typeof scheduler?.postTask === 'function') {
    const postTask = scheduler.postTask.bind(scheduler);
    return (task) => {
      postTask(() => ctx.isValid && task(), { priority: 'user-visible', signal: ctx.signal }).catch(() => {
        // Aborted because the context was invalidated: the scanner is being stopped.
      });
    };
  }
  return (task) => {
    ctx.setTimeout(task, 0);
  };
}

function send(message: PageScanMessage): void {
  // No listener yet (the background starts lazily) is fine: it asks with `to-content/rescan` when it needs the result.
  browser.runtime.sendMessage(message).catch(() => undefined);
}

function isEmpty(update: ScanUpdate): boolean {
  const { scan } = update;
  return scan.emails.length + scan.phones.length + scan.profiles.length + scan.companyProfiles.length + scan.linkHosts.length === 0;
}

export function runContentAgent(ctx: ContentScriptContext): void {
  const holder = window as unknown as InstanceHolder;
  const me = {};
  holder[OWNER] = me;
  let debounce: number | undefined;
  /** When the oldest update the pending send coalesces arrived (the debounce never waits past SEND_MAX_WAIT_MS). */
  let waitingSince = 0;
  let lastSent: ScanUpdate | null = null;
  /** The last message sent, serialised: an update whose result did not change is not sent again. */
  let lastText = '';
  /** The pass whose first people were sent at once. */
  let peopleSentFor: string | null = null;

  const sendIfChanged = (update: ScanUpdate): void => {
    const message = toMessage(update);
    const text = JSON.stringify(message);
    if (text === lastText) return;
    lastText = text;
    send(message);
  };

  const onUpdate = (update: ScanUpdate): void => {
    if (ctx.isInvalid) return;
    // A new page visit (SPA navigation) keeps the last findings on show until its pass has found
    // something or finished: rapid `pushState` must not keep replacing them with an empty list (a page could blank the
    // panel that way).
    const newVisit = lastSent !== null && lastSent.scanId !== update.scanId;
    if (newVisit && !update.complete && isEmpty(update)) return;
    // The first complete result, and the first people of a pass still running, go out at once (a big page's first
    // people are on screen long before its full list); progress and later changes are coalesced.
    const firstComplete = update.complete && (lastSent === null || !lastSent.complete || lastSent.scanId !== update.scanId);
    const firstPeople = !update.complete && update.scan.people.length > 0 && peopleSentFor !== update.scanId;
    if (firstPeople) peopleSentFor = update.scanId;
    lastSent = update;
    const now = Date.now();
    if (debounce === undefined) waitingSince = now;
    else clearTimeout(debounce);
    debounce = undefined;
    if (firstComplete || firstPeople) {
      sendIfChanged(update);
      return;
    }
    const wait = Math.max(0, Math.min(SEND_DEBOUNCE_MS, waitingSince + SEND_MAX_WAIT_MS - now));
    debounce = ctx.setTimeout(() => {
      debounce = undefined;
      if (lastSent !== null) sendIfChanged(session.scanner.current());
    }, wait);
  };

  const host: ScannerHost = { schedule: makeSchedule(ctx), onUpdate, later: (task, ms) => void ctx.setTimeout(task, ms) };
  const startSession = (pageUrl: string): Session => {
    const scanner = createPageScanner({ root: document, pageUrl, ...host });
    scanner.start();
    return { scanner };
  };

  // The background may inject this file again (it cannot always know we are here); a second copy
  // adopts the running scanner instead of starting another one.
  let session: Session;
  const existing = holder[INSTANCE];
  if (existing !== undefined && sameVisit(new URL(existing.scanner.pageUrl), new URL(location.href))) {
    session = existing;
    session.scanner.rebind(host);
  } else {
    // None yet, or one left over from before an SPA navigation the old copy did not finish.
    existing?.scanner.stop();
    session = startSession(location.href);
    holder[INSTANCE] = session;
  }

  // Single-page apps: a new URL is a new page visit with a fresh result (and a new scanId).
  let pendingNavigation: number | undefined;
  let burstStart = 0;
  /** Rescans asked for while a navigation settles: answered by the new view's pass (audit e18). */
  let afterNavigation: Array<() => void> = [];
  const startAfterNavigation = (): void => {
    if (pendingNavigation !== undefined) clearTimeout(pendingNavigation);
    pendingNavigation = undefined;
    burstStart = 0;
    session = startSession(location.href);
    holder[INSTANCE] = session;
    const waiting = afterNavigation;
    afterNavigation = [];
    for (const resume of waiting) resume();
  };

  const answerOf = (message: unknown): Promise<unknown> | undefined => {
    if (typeof message !== 'object' || message === null) return undefined;
    const type = (message as { type?: unknown }).type;
    if (type === 'to-content/ping') return Promise.resolve({ ok: true });
    if (type === 'to-content/rescan') {
      // Asked while the new view is settling (the panel follows the URL at once): answer with the pass that starts
      // once the app has rendered it, not with one over the old view's DOM.
      if (pendingNavigation !== undefined) {
        return new Promise<void>((resume) => afterNavigation.push(resume)).then(() => session.scanner.settled().then(toMessage));
      }
      // The panel's Rescan reads the page again (`full`); any other ask gets the running scanner's result, which
      // removals and edits keep current (lib/detect/dom-scan.ts), without a full pass at every visit.
      const full = (message as { full?: unknown }).full === true;
      return (full ? session.scanner.rescan() : session.scanner.settled()).then(toMessage);
    }
    return undefined;
  };
  // The browser's own messaging, not the polyfill's (wxt.config.ts): the answer goes through `sendResponse`, kept open
  // by returning true; a failed answer sends nothing the background can read, which it takes as "no scan" as before.
  const onMessage = (message: unknown, _sender: unknown, sendResponse: (answer?: unknown) => void): true | undefined => {
    const answer = answerOf(message);
    if (answer === undefined) return undefined;
    answer.then(sendResponse, () => sendResponse(undefined));
    return true;
  };
  browser.runtime.onMessage.addListener(onMessage);

  ctx.onInvalidated(() => {
    browser.runtime.onMessage.removeListener(onMessage);
    if (debounce !== undefined) clearTimeout(debounce);
    if (pendingNavigation !== undefined) clearTimeout(pendingNavigation);
    const waiting = afterNavigation;
    afterNavigation = [];
    for (const resume of waiting) resume();
    // The extension was updated or unloaded: stop observing the page.
    if (browser.runtime?.id === undefined) {
      session.scanner.stop();
      if (holder[INSTANCE] === session) delete holder[INSTANCE];
      return;
    }
    // "A newer copy started" is a DOM event a page that knows our id can forge to switch us off. A real
    // newer copy claims OWNER in the same task; if none did, take over again with a fresh context.
    window.setTimeout(() => {
      if (holder[OWNER] === me && browser.runtime?.id !== undefined) runContentAgent(new ContentScriptContext(SCRIPT_NAME));
    }, 0);
  });

  ctx.addEventListener(window, 'wxt:locationchange', (event) => {
    const { newUrl, oldUrl } = event;
    if (sameVisit(newUrl, oldUrl)) return;
    session.scanner.stop();
    if (pendingNavigation !== undefined) clearTimeout(pendingNavigation);
    // Debounced, but a steady stream of navigations still gets its pass within the maximum wait.
    const now = Date.now();
    if (burstStart === 0) burstStart = now;
    const wait = Math.max(0, Math.min(NAVIGATION_SETTLE_MS, burstStart + NAVIGATION_MAX_WAIT_MS - now));
    pendingNavigation = ctx.setTimeout(startAfterNavigation, wait);
  });
}
