/**
 * Real Firefox (Debian's firefox-esr) driven over WebDriver BiDi by puppeteer-core, with the built Firefox
 * extension installed through BiDi's `webExtension.install` (temporary add-on: unsigned builds load).
 *
 * Two Firefox facts shape these helpers:
 * - BiDi may not navigate a tab to `moz-extension://` ("not allowed in this context"), so extension pages are
 *   opened by the extension itself (`browser.tabs.create` from an extension page), as the real UI does.
 * - BiDi does not report navigations an extension makes (the tab's URL stays `about:blank` for puppeteer), so a
 *   page is recognised by its own `location.href`.
 * The moz-extension UUID is random per profile; the `extensions.webextensions.uuids` pref pins it so tests know
 * the origin before the add-on starts.
 */
import { existsSync, mkdirSync } from 'node:fs';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { budget } from '../../time-budget';

export const GECKO_ID = 'in-page-enrich@in-page-enrich.dev';
export const EXTENSION_UUID = '6b3f0f9e-2f4e-4c57-9c1d-3e1a5b7c9d20';
export const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}`;

/** Firefox's sidebar is about 350 px wide by default; 320 px is the narrowest the panel must still fit. */
export const SIDEBAR_WIDTHS = [350, 320] as const;
export const SCREENS_DIR = 'test-results/firefox';

/** FIREFOX_PATH, else Debian's firefox-esr; null when neither exists (the suite then reports itself skipped). */
export function firefoxPath(): string | null {
  const candidates = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'].filter((p): p is string => Boolean(p));
  return candidates.find((p) => existsSync(p)) ?? null;
}

export interface Firefox {
  browser: Browser;
  /** An extension page already open (found by its own location), waiting up to `writtenMs` × TEST_TIME_SCALE. */
  findExtensionPage(path: string, writtenMs?: number): Promise<Page>;
  /** Opens an extension page (e.g. `sidepanel.html?tabId=3`) in a new tab, the way the extension opens its pages. */
  openExtensionPage(path: string): Promise<Page>;
  /** Opens a web page in a new tab and returns it with the extension's id for that tab. */
  openTab(url: string): Promise<{ page: Page; tabId: number }>;
  /** One protocol request, exactly as the UI sends it (from an extension page). */
  send<T = unknown>(type: string, input: unknown): Promise<{ ok: true; data: T } | { ok: false; error: { kind: string; message: string } }>;
  /**
   * Right-click → "Enrich “text”" on a tab: the background's real menu handler, reached through
   * runtime.getBackgroundPage (MV2), because a test cannot click Firefox's native menu.
   */
  enrichSelection(text: string, tabId: number): Promise<void>;
  close(): Promise<void>;
}

/** What the background exposes to in-extension test code (entrypoints/background/index.ts). */
export interface BackgroundHook {
  onContextMenuClick(info: { menuItemId: string; selectionText?: string }, tab: { id: number }): Promise<void>;
}

type WebExtGlobal = {
  browser: {
    tabs: { create(o: { url: string; active?: boolean }): Promise<{ id: number }>; query(q: { url?: string }): Promise<Array<{ id?: number; url?: string }>> };
    runtime: { sendMessage(m: unknown): Promise<unknown>; getBackgroundPage(): Promise<{ inPageEnrich?: BackgroundHook }> };
  };
};

/** The page's own address; '' when it cannot say within 2 s (a document still being replaced). */
async function hrefOf(page: Page): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((ok) => (timer = setTimeout(() => ok(''), 2_000)));
  try {
    return await Promise.race([page.evaluate(() => location.href).catch(() => ''), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Launches Firefox with a fresh profile and installs the extension from `extensionPath` (a folder or a .zip).
 * `prefs` adds Firefox preferences (e.g. a network shut: tests/e2e-firefox/demo-mode.test.ts).
 */
export async function launchFirefox(extensionPath: string, prefs: Record<string, unknown> = {}): Promise<Firefox> {
  const executablePath = firefoxPath();
  if (!executablePath) throw new Error('Firefox not found: run `bash scripts/ensure-firefox.sh` or set FIREFOX_PATH.');
  mkdirSync(SCREENS_DIR, { recursive: true });
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
      // No network but loopback here: keep Firefox from phoning home while tests run.
      'app.update.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
      ...prefs,
    },
  });
  const installed = await browser.installExtension(extensionPath);
  if (installed !== GECKO_ID) throw new Error(`installed ${installed}, expected ${GECKO_ID}`);

  async function findExtensionPage(path: string, writtenMs = 15_000): Promise<Page> {
    const timeoutMs = budget(writtenMs);
    const wanted = `${EXTENSION_ORIGIN}/${path}`;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const page of await browser.pages()) if ((await hrefOf(page)) === wanted) return page;
      if (Date.now() > deadline) throw new Error(`no extension page ${wanted} within ${timeoutMs} ms`);
      await new Promise((ok) => setTimeout(ok, 200));
    }
  }

  /** An extension page kept open to call extension APIs from (the launcher of the other pages). */
  let launcher: Page | undefined;
  async function extensionContext(): Promise<Page> {
    if (launcher && !launcher.isClosed()) return launcher;
    // Installing opens the onboarding tab: the first extension page there is, so it is the launcher.
    launcher = await findExtensionPage('onboarding.html');
    return launcher;
  }

  /**
   * Opens `path` in a new tab from the launcher page and finds that tab's page by its own location. Beside the
   * Chromium e2e on two cores a new tab once took over 15 s, and once never read as the extension page in 40 s (BiDi
   * reports neither the extension's navigation nor, it seems, always the new document): a tab that has not shown the
   * page after 20 s is closed and opened again, three times at most.
   */
  async function openExtensionPage(path: string): Promise<Page> {
    const from = await extensionContext();
    const wanted = `${EXTENSION_ORIGIN}/${path}`;
    const seen: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = new Set(await browser.pages());
      await from.evaluate((url) => (globalThis as unknown as WebExtGlobal).browser.tabs.create({ url }), `/${path}`);
      const deadline = Date.now() + 20_000;
      for (;;) {
        const fresh = (await browser.pages()).filter((page) => !before.has(page));
        for (const page of fresh) {
          if ((await hrefOf(page)) !== wanted) continue;
          // Firefox pauses rendering in background tabs: the page under test is the one in front.
          await page.bringToFront();
          return page;
        }
        if (Date.now() > deadline) {
          for (const page of fresh) {
            seen.push((await hrefOf(page)) || '(no address)');
            await page.close().catch(() => undefined);
          }
          break;
        }
        await new Promise((ok) => setTimeout(ok, 150));
      }
    }
    throw new Error(`extension page ${wanted} did not open in three tries of 20 s; the new tabs read: ${seen.join(', ') || 'none'}`);
  }

  async function openTab(url: string): Promise<{ page: Page; tabId: number }> {
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const from = await extensionContext();
    const tabId = await from.evaluate(
      // Firefox match patterns have no port, so `query({ url })` cannot name a 127.0.0.1:<port> page: compare URLs.
      // The newest tab with that address is the one just opened (tab ids only grow).
      async (u) =>
        Math.max(-1, ...(await (globalThis as unknown as WebExtGlobal).browser.tabs.query({})).filter((t) => t.url === u).map((t) => t.id ?? -1)),
      url,
    );
    if (tabId < 0) throw new Error(`no tab for ${url}`);
    return { page, tabId };
  }

  async function send<T>(type: string, input: unknown) {
    const from = await extensionContext();
    return (await from.evaluate(
      (t, i) => (globalThis as unknown as WebExtGlobal).browser.runtime.sendMessage({ type: t, input: i }),
      type,
      input as never,
    )) as { ok: true; data: T } | { ok: false; error: { kind: string; message: string } };
  }

  async function enrichSelection(text: string, tabId: number): Promise<void> {
    const from = await extensionContext();
    // Extension pages forbid eval (CSP), so the call is spelled out here rather than passed in as a function.
    await from.evaluate(
      async (selectionText, id) => {
        const bg = await (globalThis as unknown as WebExtGlobal).browser.runtime.getBackgroundPage();
        if (!bg.inPageEnrich) throw new Error('the background has not exposed its test hook yet');
        await bg.inPageEnrich.onContextMenuClick({ menuItemId: 'ipe-enrich-selection', selectionText }, { id });
      },
      text,
      tabId,
    );
  }

  return { browser, findExtensionPage, openExtensionPage, openTab, send, enrichSelection, close: () => browser.close() };
}

/**
 * Waits until the page's visible text contains `text` (string or pattern). Every wait of these helpers is written for
 * the reference machine and scaled like the suite's own budgets (tests/time-budget.ts).
 */
export async function waitForText(page: Page, text: string | RegExp, writtenMs = 15_000): Promise<void> {
  const timeoutMs = budget(writtenMs);
  const source = typeof text === 'string' ? { s: text } : { r: text.source, f: text.flags };
  await page
    .waitForFunction(
      (q: { s?: string; r?: string; f?: string }) => {
        const body = document.body?.innerText ?? '';
        return q.s !== undefined ? body.includes(q.s) : new RegExp(q.r ?? '', q.f).test(body);
      },
      { timeout: timeoutMs, polling: 100 },
      source,
    )
    .catch(async (e: unknown) => {
      const body = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '');
      throw new Error(`text ${String(text)} did not appear within ${timeoutMs} ms. The page said:\n${body.slice(0, 1500)}`, { cause: e });
    });
}

/**
 * The first visible, enabled element matching `selector` whose accessible name (aria-label, else text) matches
 * `name`, waiting for it. Clicking the returned handle is a real (trusted) click through BiDi input actions.
 * Enabled, as Playwright's actionability checks: a priced button can carry its price while still disabled (the
 * account's key state arrives in its own answer), and a click on it does nothing.
 */
export async function getByName(page: Page, selector: string, name: RegExp, writtenMs = 15_000): Promise<ElementHandle<Element>> {
  const timeoutMs = budget(writtenMs);
  const handle = await page
    .waitForFunction(
      (sel: string, src: string, flags: string) => {
        const re = new RegExp(src, flags);
        return (
          [...document.querySelectorAll(sel)].find((el) => {
            const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim();
            const disabled = (el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true';
            return re.test(label) && (el as HTMLElement).offsetParent !== null && !disabled;
          }) ?? null
        );
      },
      { timeout: timeoutMs, polling: 100 },
      selector,
      name.source,
      name.flags,
    )
    .catch((e: unknown) => {
      throw new Error(`no visible ${selector} named ${String(name)} within ${timeoutMs} ms`, { cause: e });
    });
  return handle as ElementHandle<Element>;
}

/** Polls `probe` until `accept` says yes; returns the accepted value or throws with the last one seen. */
export async function poll<T>(probe: () => Promise<T>, accept: (value: T) => boolean, writtenMs = 15_000): Promise<T> {
  const timeoutMs = budget(writtenMs);
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (accept(last)) return last;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((ok) => setTimeout(ok, 200));
  }
}

export interface LayoutReport {
  /** How far the page scrolls sideways (0 when it fits). */
  overflowX: number;
  /** Labels of tabs, buttons and headings whose text is cut (ellipsis or clipped). */
  truncated: string[];
}

/** What does not fit at the current width: sideways scrolling and cut-off tab labels. */
export async function layoutOf(page: Page): Promise<LayoutReport> {
  return page.evaluate(() => {
    const overflowX = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const truncated: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('[role="tab"], [role="tab"] *')) {
      if (el.offsetParent === null) continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) truncated.push((el.textContent ?? '').trim());
    }
    return { overflowX, truncated: [...new Set(truncated)] };
  });
}

/** Screenshots `page` at each sidebar width into test-results/firefox/<name>-<width>.png and returns each layout. */
export async function shootAtSidebarWidths(page: Page, name: string): Promise<Array<LayoutReport & { width: number }>> {
  const reports: Array<LayoutReport & { width: number }> = [];
  for (const width of SIDEBAR_WIDTHS) {
    await page.setViewport({ width, height: 900 });
    // Two frames, so the layout of the new width has been painted before measuring.
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${width}.png`, fullPage: true });
    reports.push({ width, ...(await layoutOf(page)) });
  }
  return reports;
}
