import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { budget } from './tests/time-budget';

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

/**
 * Files that change what other files would see if they shared a module registry: they mock modules, stub globals,
 * fake timers or IndexedDB, set environment variables or globals, use the background's entry modules (which hold
 * singletons), or render React into a DOM. They run isolated (a fresh module registry per file, vitest's default).
 * Every other file runs in one registry per worker (`isolate: false`): the unit suite spent ~75 of its ~250
 * CPU-seconds importing the same modules again for each of ~200 files (docs/testing.md, "One module registry for the
 * pure tests"). The fake browser is shared safely (every file that uses it resets it before each test), and the
 * setup file sets the catalogue again for every file. Read from the files themselves, so a new test that mocks or
 * stubs is isolated without anyone listing it.
 */
const SHARES_STATE = /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|resetModules)\(|vi\.spyOn\(globalThis|@\/entrypoints|vitest-environment|@testing-library|react-dom|indexedDB|globalThis\.[A-Za-z_$]+\s*=|process\.env\.[A-Za-z_]+\s*=/;
const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && /\.test\.tsx?$/.test(f.name))
    .map((f) => join(f.parentPath, f.name));
const ISOLATED = ['tests/unit', 'tests/security'].flatMap(testFiles).filter((file) => SHARES_STATE.test(readFileSync(file, 'utf8')));
const UNIT_FILES = ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/security/**/*.test.ts'];

export default defineConfig({
  plugins: [lightFakeBrowser, WxtVitest()],
  test: {
    globalSetup: ['tests/unit/global-setup.ts'],
    setupFiles: ['tests/unit/i18n-setup.ts'],
    // Vitest's default on two cores is one worker (cores − 1), leaving a core idle while the main process waits:
    // two worker processes keep both busy (docs/testing.md). Files that inject sandbox faults start their own sandbox.
    maxWorkers: 2,
    // Budgets for a hang, not speed goals: scaled for slower machines (tests/time-budget.ts).
    testTimeout: budget(30_000),
    hookTimeout: budget(120_000),
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT_FILES, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'unit-isolated', include: ISOLATED } },
      { extends: true, test: { name: 'sandbox-sql.js', include: SANDBOX_CONFORMANCE, env: { SANDBOX_DRIVER: 'sql.js' }, isolate: false } },
    ],
  },
});
