import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, test as base, chromium, type Page, type Worker } from '@playwright/test';
import type { SettingsPatch } from '@/lib/settings/schema';
import { chromiumPath, extensionArgs } from './support/chromium';

/** The build under test: global setup builds a private copy per run (see global-setup.ts). */
export const EXTENSION_DIR = resolve(process.env.E2E_EXTENSION_DIR ?? '.output/chrome-mv3');

export interface Fixtures {
  /** A fresh Chromium profile with the built extension loaded. */
  context: BrowserContext;
  /** The extension's background service worker. */
  serviceWorker: Worker;
  extensionId: string;
  /** The sandbox API started for this run. */
  sandbox: { url: string };
  /** Static server for tests/fixtures/pages on 127.0.0.1. */
  pageServer: { url: string };
  /** Opens an extension page (e.g. `sidepanel.html?tabId=3`) in a normal tab. */
  openExtensionPage: (path: string) => Promise<Page>;
  /** Saves test-results/screens/<name>.png. */
  shot: (page: Page, name: string) => Promise<void>;
  /**
   * Sets the API base URL (default: this run's sandbox), the key and any other settings through the real
   * messages ('settings/update', 'key/set') from an extension page, as the options page does. Waits for the
   * background to be ready first. Use an isolated sandbox key per test, e.g. `test-standard-${Date.now()}`.
   */
  configure: (opts: { apiKey?: string; baseUrl?: string; settings?: SettingsPatch }) => Promise<void>;
  /**
   * Opt-in: the browser's UI language (e.g. 'de'), so the extension's i18n answers in it. Chromium on
   * Linux takes it from LANGUAGE/LANG and `--lang`; unset (the default) leaves the browser as it always was.
   */
  uiLanguage: string | undefined;
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests through Playwright's global setup.`);
  return value;
}

export const test = base.extend<Fixtures>({
  uiLanguage: [undefined, { option: true }],
  context: async ({ uiLanguage }, use, testInfo) => {
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
    await use(context);
    // Every UI test leaves a picture of each extension page it had open, whatever it asserted.
    const slug = testInfo.titlePath.slice(1).join('-').replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    let n = 0;
    for (const page of context.pages()) {
      if (!page.url().startsWith('chrome-extension://')) continue;
      await page
        .screenshot({ path: `test-results/screens/auto/${slug}-${n++}.png`, fullPage: true })
        .catch(() => undefined);
    }
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  },
  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(worker);
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
  sandbox: async ({}, use) => {
    await use({ url: requiredEnv('E2E_SANDBOX_URL') });
  },
  pageServer: async ({}, use) => {
    await use({ url: requiredEnv('E2E_PAGES_URL') });
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
      await base.expect
        .poll(() => serviceWorker.evaluate(async () => Boolean((await chrome.storage.session.get('backgroundReady')).backgroundReady)), {
          timeout: 15_000,
        })
        .toBe(true);
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
});

export const expect = test.expect;
