import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/security/**/*.test.ts'],
    globalSetup: ['tests/unit/global-setup.ts'],
    setupFiles: ['tests/unit/i18n-setup.ts'],
    // Vitest's default on two cores is one worker (cores − 1), leaving a core idle while the main process waits:
    // two worker processes keep both busy (docs/testing.md). Files that inject sandbox faults start their own sandbox.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
