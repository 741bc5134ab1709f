import { defineConfig } from '@playwright/test';

// Two workers on two cores: each worker has its own Chromium (reset between its tests, tests/e2e/fixtures.ts) and
// its own sandbox, and a test spends much of its time waiting on the other processes (browser, sandbox), so two
// overlap well (docs/testing.md). E2E_WORKERS overrides (1 to run one at a time). Tests, not files, are dealt out
// to the workers, so one long file (sidepanel.spec.ts, ~6 min) does not run alone at the end; files whose tests
// depend on each other say `mode: 'serial'`.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/artifacts',
});
