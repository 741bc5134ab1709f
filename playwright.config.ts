import { defineConfig } from '@playwright/test';
import { budget } from './tests/time-budget';

// Three workers on two cores: each worker has its own Chromium (reset between its tests, tests/e2e/fixtures.ts) and
// its own sandbox, and a test spends most of its time waiting on the other processes (browser, sandbox, rate
// windows), so three overlap well: on a fresh clone of the quiet machine the suite took 591 s with three against
// 648 s with two, both green, and three went green at load ~20 too (docs/testing.md). E2E_WORKERS overrides (1 to run
// one at a time). Tests, not files, are dealt out to the workers, so one long file does not run alone at the end;
// files whose tests depend on each other say `mode: 'serial'`.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // Budgets for a hang, not speed goals: scaled for slower machines, like each spec's own `test.setTimeout`
  // (tests/time-budget.ts, tests/e2e/fixtures.ts).
  timeout: budget(60_000),
  expect: { timeout: budget(10_000) },
  reporter: [['list']],
  outputDir: 'test-results/artifacts',
});
