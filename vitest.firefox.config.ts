import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { budget } from './tests/time-budget';

// The Firefox e2e suite (tests/e2e-firefox): real firefox-esr over WebDriver BiDi against the real sandbox.
// Separate from the unit config: it builds the Firefox extension first and launches a browser per file, so its
// files run one at a time (two cores) and its timeouts are a browser's, not a unit test's. Firefox is installed
// first (scripts/ensure-firefox.sh) or the run fails with the reason: it never passes by skipping.
export default defineConfig({
  resolve: { alias: { '@': resolve(import.meta.dirname) } },
  test: {
    include: ['tests/e2e-firefox/**/*.test.ts'],
    globalSetup: ['tests/e2e-firefox/ensure-firefox.ts', 'tests/e2e-firefox/global-setup.ts'],
    fileParallelism: false,
    testTimeout: budget(90_000),
    hookTimeout: budget(120_000),
  },
});
