/**
 * Driving the built extension from Playwright, the way its own pages do: typed messages to the background from
 * an extension page, tab ids from the service worker, and the side panel opened as a tab (`sidepanel.html?tabId=`)
 * because Playwright cannot reach the browser's real side panel.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { Reply, RequestInput, RequestOutput, RequestType } from '../../lib/messaging/protocol';
import { patient } from './patience';

/** The side panel's real width in Chrome. */
export const PANEL_VIEWPORT = { width: 360, height: 900 };
/** The toolbar popup's real width. */
export const POPUP_VIEWPORT = { width: 360, height: 560 };

export interface Extension {
  context: BrowserContext;
  worker: Worker;
  id: string;
}

export async function findExtension(context: BrowserContext): Promise<Extension> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: patient(20_000) }));
  return { context, worker, id: new URL(worker.url()).host };
}

export function extensionUrl(ext: Extension, path: string): string {
  return `chrome-extension://${ext.id}/${path}`;
}

/** Sends a request from an extension page, as the side panel, popup and options page do; throws on an error reply. */
export async function send<T extends RequestType>(page: Page, type: T, input: RequestInput<T>): Promise<RequestOutput<T>> {
  const reply = (await page.evaluate(([t, i]) => chrome.runtime.sendMessage({ type: t, input: i }), [type, input] as const)) as Reply<
    RequestOutput<T>
  >;
  if (!reply.ok) throw new Error(`${type} failed (${reply.error.kind}): ${reply.error.message}`);
  return reply.data;
}

/** The background sets `backgroundReady` once its stores are open and queued work has resumed. */
export async function waitForBackground(ext: Extension, writtenMs = 20_000): Promise<void> {
  const timeoutMs = patient(writtenMs);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ready = await ext.worker.evaluate(async () => Boolean((await chrome.storage.session.get('backgroundReady')).backgroundReady));
    if (ready) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the background service worker did not get ready within ${timeoutMs / 1000} s`);
}

export async function tabIdOf(ext: Extension, url: string): Promise<number> {
  const id = await ext.worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id ?? -1, url);
  if (id < 0) throw new Error(`no browser tab shows ${url}`);
  return id;
}

/** Opens `url` in a tab, then the side panel for that tab in another tab at the panel's width. */
export async function openWithPanel(ext: Extension, url: string): Promise<{ tab: Page; panel: Page; tabId: number }> {
  const tab = await ext.context.newPage();
  await tab.goto(url);
  const tabId = await tabIdOf(ext, url);
  const panel = await ext.context.newPage();
  await panel.setViewportSize(PANEL_VIEWPORT);
  await panel.goto(extensionUrl(ext, `sidepanel.html?tabId=${tabId}`));
  return { tab, panel, tabId };
}

/** Waits for an extension page (e.g. the onboarding tab the background opens on install) to appear. */
export async function waitForExtensionPage(ext: Extension, path: string, timeoutMs: number): Promise<Page | null> {
  const url = extensionUrl(ext, path);
  const deadline = Date.now() + timeoutMs;
  // A tab opened by the extension starts as about:blank, so poll the URLs rather than trusting the 'page' event.
  while (Date.now() < deadline) {
    const page = ext.context.pages().find((p) => p.url().startsWith(url));
    if (page) return page;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}
