/**
 * What answers the tour's API calls, and how the tour reads what each step cost:
 * - `sandboxBackend`: the local sandbox server (`npm start`): onboarding's "Use the demo sandbox", the demo pages
 *   served over http, the ledger and request log from the sandbox's own routes;
 * - `inExtensionBackend`: demo mode inside a store build (`npm start -- --no-server`): onboarding's "Try it with
 *   demo data", the demo pages the package ships (extension pages), the demo ledger read in the worker. No server.
 */
import type { Page } from '@playwright/test';
import { type Extension, extensionUrl, send } from './extension';
import { patient } from './patience';
import { type Ledger, ledger, requestCount } from './sandbox-api';
import { SANDBOX_BASE_URL } from '../../lib/settings/schema';
import { pageFile } from '../../sandbox/extension-assets';

/** The demo pages the tour visits, by their path under the sandbox's /demo/. */
export type DemoPage = 'team' | 'directory' | 'speakers' | 'law-office' | `profile/${string}`;

export interface TourBackend {
  /** Turns the extension on from the onboarding page; one sentence saying how (key, address or demo mode). */
  connect(onboarding: Page): Promise<string>;
  /** The address of a demo page the extension can scan (`index`: the page linking them all). */
  pageUrl(page: DemoPage | 'index'): string;
  /** Whether that page is there to open (a package ships only the profile pages its index links). */
  pageExists(page: DemoPage): Promise<boolean>;
  /** The ledger of the account the tour spends from. */
  ledger(): Promise<Ledger>;
  /** API requests the service received (to `path` only, when given); null when the service keeps no log. */
  requestCount(path?: string): Promise<number | null>;
}

/** The sandbox's standard key the "Use the demo sandbox" button saves. */
export const SANDBOX_DEMO_KEY = 'test-standard';

async function visibleWithin(page: Page, testId: string, what: string, writtenMs = 20_000): Promise<void> {
  const timeoutMs = patient(writtenMs);
  await page
    .getByTestId(testId)
    .first()
    .waitFor({ state: 'visible', timeout: timeoutMs })
    .catch(() => {
      throw new Error(`${what} did not appear within ${timeoutMs / 1000} s`);
    });
}

export function sandboxBackend(sandboxUrl: string): TourBackend {
  const count = (path?: string) => requestCount(sandboxUrl, SANDBOX_DEMO_KEY, path);
  return {
    async connect(page) {
      const before = await count();
      await page.getByRole('button', { name: 'Use the demo sandbox' }).click({ timeout: patient(15_000) });
      const confirmMs = patient(15_000);
      await page
        .getByText('Connected to the demo sandbox')
        .waitFor({ state: 'visible', timeout: confirmMs })
        .catch(() => {
          throw new Error(`The "Connected to the demo sandbox" confirmation did not appear within ${confirmMs / 1000} s`);
        });
      // The onboarding button targets the default sandbox address; when 8787 was busy the sandbox runs elsewhere.
      let moved = '';
      if (sandboxUrl !== SANDBOX_BASE_URL) {
        await send(page, 'settings/update', { apiBaseUrl: sandboxUrl });
        moved = ` (moved from ${SANDBOX_BASE_URL}: that port was busy)`;
      }
      const settings = await send(page, 'settings/get', {});
      if (!settings.key.present) throw new Error('the demo key was not saved');
      if (settings.settings.apiBaseUrl !== sandboxUrl) {
        throw new Error(`the API base URL is ${settings.settings.apiBaseUrl}, not the sandbox at ${sandboxUrl}`);
      }
      const requests = (await count()) - before;
      return `"Use the demo sandbox" saved key ${settings.key.hint ?? SANDBOX_DEMO_KEY} and API ${settings.settings.apiBaseUrl}${moved}; ${requests} API request${requests === 1 ? '' : 's'}`;
    },
    pageUrl: (page) => `${sandboxUrl}/demo/${page === 'index' ? '' : page}`,
    pageExists: async () => true,
    ledger: () => ledger(sandboxUrl, SANDBOX_DEMO_KEY),
    requestCount: count,
  };
}

/** The worker's test hook (entrypoints/background/index.ts): the demo account's ledger, as `/_sandbox/ledger` shows one. */
export function demoLedgerOf(ext: Pick<Extension, 'worker'>): Promise<Ledger> {
  return ext.worker.evaluate(() =>
    (globalThis as unknown as { inPageEnrich: { demoLedger(): Promise<{ balance: number; entries: Array<{ endpoint: string; credits: number }> }> } }).inPageEnrich.demoLedger(),
  );
}

export function inExtensionBackend(ext: Extension): TourBackend {
  // The build writes each demo page as an extension page (sandbox/extension-assets.ts: `pageFile`).
  const pageUrl = (page: DemoPage | 'index') => extensionUrl(ext, `demo/${pageFile(page === 'index' ? '/demo/' : `/demo/${page}`)}`);
  return {
    async connect(page) {
      await page.getByTestId('demo-start').click({ timeout: patient(15_000) });
      await visibleWithin(page, 'demo-banner', 'The demo banner after "Try it with demo data"');
      const state = await send(page, 'demo/state', {});
      if (!state.on) throw new Error('the background says demo mode is off after "Try it with demo data"');
      return '"Try it with demo data": demo mode on, the banner shown (the sandbox answers inside the extension, no server)';
    },
    pageUrl,
    pageExists: (page) => ext.worker.evaluate(async (url) => (await fetch(url).catch(() => null))?.ok === true, pageUrl(page)),
    ledger: () => demoLedgerOf(ext),
    requestCount: async () => null,
  };
}
