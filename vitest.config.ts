import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/** `wxt/browser` and `wxt/testing` as the fake alone, without WXT's build system (tests/unit/fake-browser.ts). */
const lightFakeBrowser: Plugin = {
  name: 'light-fake-browser',
  enforce: 'pre',
  resolveId(id) {
    if (id === 'wxt/browser' || id === 'wxt/testing' || id.endsWith('wxt/dist/virtual/mock-browser')) return resolve('tests/unit/fake-browser.ts');
    return undefined;
  },
};

/**
 * The sandbox's conformance checks (the API contract over HTTP), run a second time against the same Hono app over
 * sql.js: the driver the extension's demo mode runs (sandbox/embedded.ts, docs/store.md).
 */
const SANDBOX_CONFORMANCE = [
  'api-contacts',
  'api-companies',
  'auth',
  'admin',
  'body-limits',
  'faults',
  'prospector-company',
  'rate-limit',
  'wire-names',
  'demo',
].map((name) => `tests/unit/sandbox/${name}.test.ts`);

export default defineConfig({
  plugins: [lightFakeBrowser, WxtVitest()],
  test: {
    globalSetup: ['tests/unit/global-setup.ts'],
    setupFiles: ['tests/unit/i18n-setup.ts'],
    // Vitest's default on two cores is one worker (cores − 1), leaving a core idle while the main process waits:
    // two worker processes keep both busy (docs/testing.md). Files that inject sandbox faults start their own sandbox.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/security/**/*.test.ts'] } },
      { extends: true, test: { name: 'sandbox-sql.js', include: SANDBOX_CONFORMANCE, env: { SANDBOX_DRIVER: 'sql.js' } } },
    ],
  },
});
