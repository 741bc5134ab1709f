import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, test as base, chromium, type Page, type TestInfo, type Worker } from '@playwright/test';
import type { SettingsPatch } from '@/lib/settings/schema';
import { startSandbox } from '@/sandbox/server';
import { budget } from '../time-budget';
import { chromiumPath, extensionArgs } from './support/chromium';
import { resetProfile, type SharedProfile, waitForBackgroundReady, watchTest } from './support/profile-reset';
import { startStaticServer } from './support/static-server';

/** The build under test: global setup builds a private copy per run (see global-setup.ts). */
export const EXTENSION_DIR = resolve(process.env.E2E_EXTENSION_DIR ?? '.output/chrome-mv3');

/** Per-worker fixtures: one sandbox, one page server and (when a test asks for it) one Chromium per worker. */
export interface WorkerFixtures {
  /**
   * This worker's sandbox API. Per worker, not per run: its fault queue is global, so two tests running at once
   * must not share one. Each test still uses its own key (its ledger and request log are per key).
   */
  sandbox: { url: string };
  /** Static server for tests/fixtures/pages on 127.0.0.1. */
  pageServer: { url: string };
  /**
   * Opt-in: the browser's UI language (e.g. 'de'), so the extension's i18n answers in it. Chromium on
   * Linux takes it from LANGUAGE/LANG and `--lang`; unset (the default) leaves the browser as it always was.
   * Per worker: a file that sets it runs in a worker (and a Chromium) of its own.
   */
  uiLanguage: string | undefined;
  /** The worker's Chromium with the extension, launched on first use; `context` resets it before each test. */
  sharedProfile: () => Promise<SharedProfile>;
}

export interface Fixtures {
  /**
   * Opt-in: a Chromium of the test's own instead of the worker's (which is reset between tests). For tests about
   * the install itself (onboarding opens) or that stop the extension's worker.
   */
  freshBrowser: boolean;
  /** A Chromium profile with the built extension loaded, in the state of a fresh install with its worker ready. */
  context: BrowserContext;
  /** The extension's background service worker. */
  serviceWorker: Worker;
  extensionId: string;
  /** Opens an extension page (e.g. `sidepanel.html?tabId=3`) in a normal tab. */
  openExtensionPage: (path: string) => Promise<Page>;
  /** Saves test-results/screens/<name>.png. */
  shot: (page: Page, name: string) => Promise<void>;
  /**
   * Sets the API base URL (default: this worker's sandbox), the key and any other settings through the real
   * messages ('settings/update', 'key/set') from an extension page, as the options page does. Waits for the
   * background to be ready first. Use an isolated sandbox key per test: `uniqueKey('test-standard-…')`.
   */
  configure: (opts: { apiKey?: string; baseUrl?: string; settings?: SettingsPatch }) => Promise<void>;
}

/**
 * A sandbox key no other test uses (`test-standard-x` → `test-standard-x-<unique>`): the sandbox makes an account of
 * the same kind on its first use, so a test's ledger and request log hold only what that test did, on a retry too.
 */
let keys = 0;
export function uniqueKey(base: string): string {
  return `${base}-${process.pid.toString(36)}${Date.now().toString(36)}${(keys++).toString(36)}`;
}

/** The http origins the previous test in this worker loaded: the next reset clears their storage. */
let lastOrigins: Set<string> = new Set();

/** Internal: the context and its worker, from the worker's shared Chromium or a fresh one. */
interface Profile {
  context: BrowserContext;
  worker: Worker;
}

async function launchChromium(uiLanguage: string | undefined): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'ipe-profile-'));
  const language = uiLanguage
    ? {
        args: [`--lang=${uiLanguage}`],
        env: { ...process.env, LANGUAGE: uiLanguage, LANG: `${uiLanguage}_${uiLanguage.toUpperCase()}.UTF-8`, LC_ALL: `${uiLanguage}_${uiLanguage.toUpperCase()}.UTF-8` },
        locale: uiLanguage,
      }
    : null;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...extensionArgs(EXTENSION_DIR), ...(language?.args ?? [])],
    viewport: { width: 1280, height: 800 },
    ...(language ? { env: language.env, locale: language.locale } : {}),
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function firstWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: budget(30_000) }));
}

/**
 * A test that failed leaves a picture of each extension page it had open (whole pages, in
 * test-results/screens/auto/). With E2E_SCREENS=all every test does, for reviewing each view as the tests leave it:
 * a full-page PNG of every page after every test cost ~5% of the suite's CPU (docs/testing.md), spent on pictures
 * nobody looks at in a green run. Tests still take the pictures they name (`shot`).
 */
async function screenshotExtensionPages(context: BrowserContext, testInfo: TestInfo): Promise<void> {
  if (process.env.E2E_SCREENS !== 'all' && testInfo.status === testInfo.expectedStatus) return;
  const slug = testInfo.titlePath.slice(1).join('-').replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  let n = 0;
  for (const page of context.pages()) {
    if (!page.url().startsWith('chrome-extension://')) continue;
    await page.screenshot({ path: `test-results/screens/auto/${slug}-${n++}.png`, fullPage: true }).catch(() => undefined);
  }
}

/**
 * A spec's `test.setTimeout(ms)` is written for the reference machine, like the config's own budgets: both are scaled
 * the same way (tests/time-budget.ts), so a slow machine gives a long test as much more room as a short one.
 */
function withScaledTimeouts<T extends { setTimeout: (timeout: number) => void }>(testType: T): T {
  const unscaled = testType.setTimeout;
  testType.setTimeout = (timeout: number) => unscaled(budget(timeout));
  return testType;
}

export const test = withScaledTimeouts(base.extend<Fixtures & { profile: Profile }, WorkerFixtures>({
  uiLanguage: [undefined, { option: true, scope: 'worker' }],
  sandbox: [
    async ({}, use) => {
      const sandbox = await startSandbox({ port: 0, quiet: true });
      await use({ url: sandbox.url });
      await sandbox.close();
    },
    { scope: 'worker', timeout: budget(60_000) },
  ],
  pageServer: [
    async ({}, use) => {
      const pages = await startStaticServer('tests/fixtures/pages');
      await use({ url: pages.url });
      pages.server.closeAllConnections();
      await new Promise((ok) => pages.server.close(ok));
    },
    { scope: 'worker' },
  ],
  sharedProfile: [
    async ({ uiLanguage }, use) => {
      let launched: Promise<{ profile: SharedProfile; close: () => Promise<void> }> | undefined;
      await use(async () => {
        launched ??= (async () => {
          const chromium = await launchChromium(uiLanguage);
          const worker = await firstWorker(chromium.context);
          return { profile: { context: chromium.context, extensionId: new URL(worker.url()).host }, close: chromium.close };
        })();
        return (await launched).profile;
      });
      if (launched) await (await launched.catch(() => null))?.close();
    },
    { scope: 'worker', timeout: budget(60_000) },
  ],
  freshBrowser: [false, { option: true }],
  profile: async ({ freshBrowser, uiLanguage, sharedProfile }, use, testInfo) => {
    if (freshBrowser) {
      const fresh = await launchChromium(uiLanguage);
      await use({ context: fresh.context, worker: await firstWorker(fresh.context) });
      await screenshotExtensionPages(fresh.context, testInfo);
      await fresh.close();
      return;
    }
    const shared = await sharedProfile();
    const watch = watchTest(shared.context);
    // Reset before the test, not after: the state a test starts from never depends on how the last one ended.
    const worker = await resetProfile(shared, lastOrigins);
    try {
      await use({ context: shared.context, worker });
      await screenshotExtensionPages(shared.context, testInfo);
    } finally {
      watch.stop();
      lastOrigins = watch.origins;
    }
  },
  context: async ({ profile }, use) => {
    await use(profile.context);
  },
  serviceWorker: async ({ profile }, use) => {
    await use(profile.worker);
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
  openExtensionPage: async ({ context, extensionId }, use) => {
    await use(async (path) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    });
  },
  configure: async ({ context, extensionId, sandbox, serviceWorker }, use) => {
    await use(async ({ apiKey, baseUrl, settings }) => {
      // The background sets this flag once it has opened its stores and resumed queued work.
      await waitForBackgroundReady(serviceWorker, 15_000);
      const page = await context.newPage();
      try {
        await page.goto(`chrome-extension://${extensionId}/options.html`);
        const send = (type: string, input: unknown) =>
          page.evaluate(([t, i]) => chrome.runtime.sendMessage({ type: t, input: i }), [type, input] as const) as Promise<{
            ok: boolean;
            error?: { message: string };
          }>;
        // Specs start bulk jobs of hundreds of credits with one click; the second question above a threshold has its
        // own spec (spend-confirm.spec.ts), which sets the threshold it tests through `settings`.
        const updated = await send('settings/update', { apiBaseUrl: baseUrl ?? sandbox.url, confirmAboveCredits: 1_000_000, ...settings });
        if (!updated.ok) throw new Error(`configure: settings/update failed: ${updated.error?.message}`);
        if (apiKey !== undefined) {
          const set = await send('key/set', { key: apiKey });
          if (!set.ok) throw new Error(`configure: key/set failed: ${set.error?.message}`);
        }
      } finally {
        await page.close();
      }
    });
  },
  shot: async ({}, use) => {
    await use(async (page, name) => {
      await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
    });
  },
}));

export const expect = test.expect;

/**
 * A test with a Chromium of its own (the same fixtures): for what a reset cannot give back, the install itself
 * (`runtime.onInstalled` with 'install' opens onboarding) and the extension's worker stopped through the DevTools
 * protocol (`ServiceWorker.stopAllWorkers` stops every worker of the browser).
 */
export const testInOwnBrowser = withScaledTimeouts(test.extend({ freshBrowser: true }));
