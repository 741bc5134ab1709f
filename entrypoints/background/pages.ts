/**
 * What was found on each tab: the content script reports raw candidates ('content/scan'), the background finalises
 * them (re-validates: the content script runs in a process the page controls), stores the PageState per tab in
 * storage.session (survives worker restarts; trusted contexts only), shows the count on the toolbar badge and
 * tells the side panel ('event/page'). 'page/get' with `scan: true` injects the scanner when allowed.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { finalisePageScan } from '@/lib/detect';
import { countryForPages } from './your-country';
import { type ContentMessage, ContentMessageSchema } from '@/lib/messaging/protocol';
import { type PageState, PageStateSchema } from '@/lib/model/state';
import { fitPageState } from '@/lib/messaging/page-state';
import { DEMO_PAGES_PATH, type SenderInfo } from '@/lib/messaging/router';
import { HandledError } from '@/lib/errors/handled-error';
import { broadcast } from './broadcast';
import { isScannableUrl } from './scannable';
import { foundCount } from '@/lib/people';
import { createKeyedOrder } from '@/lib/async/keyed-order';
import { sameDocumentHref } from '@/lib/detect/visit';

const CONTENT_SCRIPT = '/content-scripts/content.js';
/** A huge page may take a while for its first full pass (the scanner works in slices). */
const RESCAN_TIMEOUT_MS = 30_000;

const pageKey = (tabId: number) => `session:page.${tabId}` as const;

/** The badge counts people + companies + loose identifiers, as the panel does (docs/people.md). */
export function entityCount(page: PageState): number {
  return foundCount(page.entities);
}

type BadgeApi = Pick<typeof browser.action, 'setBadgeText' | 'setBadgeBackgroundColor'>;

async function setBadge(tabId: number, count: number): Promise<void> {
  const text = count === 0 ? '' : count > 999 ? '999+' : String(count);
  // MV3 `action`; Firefox's MV2 build has `browserAction` with the same calls.
  const badge = (browser.action ?? (browser as unknown as { browserAction?: BadgeApi }).browserAction) as BadgeApi | undefined;
  await badge?.setBadgeText({ tabId, text }).catch(() => undefined);
  await badge?.setBadgeBackgroundColor({ tabId, color: '#1f6feb' }).catch(() => undefined);
}

/**
 * Each tab's page state changes in the order its events arrived. A navigation's 'loading' clear and the new page's
 * first scan can arrive 40 ms apart (a small page under load); unordered, the clear's read-then-remove straddled the
 * scan's write and removed the new page's findings (the panel then showed nothing until the next change).
 */
const inTabOrder = createKeyedOrder<number>();

async function storedPage(tabId: number): Promise<PageState | null> {
  const parsed = PageStateSchema.safeParse(await storage.getItem(pageKey(tabId)));
  return parsed.success ? parsed.data : null;
}

/** The tab's page state once every change that arrived before this call has been applied. */
export function readPage(tabId: number): Promise<PageState | null> {
  return inTabOrder(tabId, () => storedPage(tabId));
}

/** A 'content/scan' from a content script (or the answer to our 'to-content/rescan'). */
export async function onPageScan(message: Extract<ContentMessage, { type: 'content/scan' }>, sender: SenderInfo): Promise<{ ok: true }> {
  const tabId = sender.tab?.id;
  // Only the top frame speaks for the tab (frames of other sites must not overwrite it).
  if (tabId === undefined || (sender.frameId !== undefined && sender.frameId !== 0)) return { ok: true };
  const url = pageUrlOf(message.scan.url, sender.url);
  // National numbers on a page that names no country are read in the user's (lib/identity/region.ts). Read before
  // the tab's turn is taken, but awaited inside it: the turn is taken at once, so a clear that arrives after this scan
  // still applies after it.
  const yourCountry = countryForPages();
  await inTabOrder(tabId, async () => {
    const entities = finalisePageScan({ ...message.scan, url }, { yourCountry: await yourCountry });
    const page = fitPageState({ tabId, url, title: message.scan.title, entities, scannedAt: Date.now(), complete: message.complete });
    await storage.setItem(pageKey(tabId), page);
    await setBadge(tabId, entityCount(page));
    broadcast({ type: 'event/page', page });
  });
  return { ok: true };
}

/**
 * The page's URL for its scan. The sender's URL is the browser's word, but Chromium keeps the document's first URL
 * there after `pushState`/`replaceState` (audit e2/e3: the profile card named Bob and enriched Alice's profile URL);
 * so the scan's own URL is taken when it is of the sender's origin (a page can only push URLs of its own origin), else
 * the sender's.
 */
export function pageUrlOf(scanUrl: string, senderUrl: string | undefined): string {
  if (senderUrl === undefined) return scanUrl;
  try {
    return new URL(scanUrl).origin === new URL(senderUrl).origin ? scanUrl : senderUrl;
  } catch {
    return senderUrl;
  }
}

async function clearNow(tabId: number): Promise<void> {
  const had = (await storage.getItem(pageKey(tabId))) !== null;
  await storage.removeItem(pageKey(tabId));
  await setBadge(tabId, 0);
  if (had) broadcast({ type: 'event/page-cleared', tabId });
}

/** Forget a tab's page (navigated away, closed). */
export function clearPage(tabId: number): Promise<void> {
  return inTabOrder(tabId, () => clearNow(tabId));
}

/** How long a 'loading' tab's scanner has to answer before its page state is cleared. */
const LOADING_PING_MS = 1000;

/**
 * A tab started loading (`tabs.onUpdated` status 'loading'): a new document's findings start empty. Chromium fires
 * it for same-document navigations too (a hash link, `replaceState` to the same URL: audit e1/e2), where clearing
 * wiped the findings and the badge for good. So when the URL stays the stored one but for the fragment (`url` is
 * absent when it did not change), the tab's scanner is asked whether it is still there: it is only in the same
 * document (a new one has none yet at commit, when Chromium fires this), and then the state stays (a hash route's
 * new scan comes from the scanner itself). Any other URL clears at once, as before (audit e6: a slow cross-document
 * navigation keeps the old findings until it commits, then clears them).
 */
/** Does the tab's top frame run our scanner? A tab that does not answer within `timeoutMs` (if given) has none. */
function scannerPresent(tabId: number, timeoutMs?: number): Promise<boolean> {
  const ping = browser.tabs.sendMessage(tabId, { type: 'to-content/ping' }, { frameId: 0 }).then(Boolean, () => false);
  if (timeoutMs === undefined) return ping;
  return Promise.race([ping, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs))]);
}

export function onTabLoading(tabId: number, url: string | undefined): Promise<void> {
  return inTabOrder(tabId, async () => {
    const stored = await storedPage(tabId);
    if (stored === null) return;
    if (url === undefined || sameDocumentHref(url, stored.url)) {
      if (await scannerPresent(tabId, LOADING_PING_MS)) return;
    }
    await clearNow(tabId);
  });
}

function notScannable(): HandledError {
  return new HandledError({ kind: 'not_scannable', message: 'This page cannot be scanned: browsers keep their own pages and stores closed to extensions.' });
}

function permissionNeeded(): HandledError {
  return new HandledError({
    kind: 'permission_needed',
    message: 'The extension needs your permission to read this page. Click the In-Page Enrich toolbar button on the page, or allow this site in the options.',
  });
}

async function askContentScript(tabId: number, full = false): Promise<Extract<ContentMessage, { type: 'content/scan' }> | null> {
  const reply = await Promise.race([
    browser.tabs.sendMessage(tabId, full ? { type: 'to-content/rescan', full: true } : { type: 'to-content/rescan' }, { frameId: 0 }),
    new Promise((resolve) => setTimeout(() => resolve(null), RESCAN_TIMEOUT_MS)),
  ]).catch(() => null);
  const parsed = ContentMessageSchema.safeParse(reply);
  return parsed.success && parsed.data.type === 'content/scan' ? parsed.data : null;
}

/**
 * Injects the scanner (unless it is already there) and returns the finished scan. Allowed when the user invoked
 * the extension on the tab (activeTab) or the site's host permission is granted; otherwise `permission_needed`.
 */
/** `full`: the user asked for the page to be read again (the panel's Rescan); otherwise the scanner's current result. */
export async function scanTab(tabId: number, full = false): Promise<PageState | null> {
  let tab;
  try {
    tab = await browser.tabs.get(tabId);
  } catch {
    throw new HandledError({ kind: 'invalid_message', message: 'That tab is no longer open.' });
  }
  const url = tab.url ?? tab.pendingUrl;
  // A demo page (our own package, /demo/) carries the scanner itself: no permission, nothing to inject.
  const demoPage = url?.startsWith(browser.runtime.getURL(DEMO_PAGES_PATH as '/')) === true;
  if (url && !demoPage && !isScannableUrl(url)) throw notScannable();
  const present = demoPage || (await scannerPresent(tabId));
  if (!present) {
    try {
      await browser.scripting.executeScript({ target: { tabId }, files: [CONTENT_SCRIPT] });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (/cannot be scripted|chrome:\/\/|extensions gallery|cannot access a chrome/i.test(text)) throw notScannable();
      throw permissionNeeded();
    }
  }
  // A scanner injected just now reads the whole page anyway: only one already there is asked for a new full pass.
  const scan = await askContentScript(tabId, full && present);
  if (!scan) return readPage(tabId);
  await onPageScan(scan, { tab: { id: tabId }, frameId: 0, ...(tab.url ? { url: tab.url } : {}) });
  return readPage(tabId);
}
