import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/security/**/*.test.ts'],
    globalSetup: ['tests/unit/global-setup.ts'],
    setupFiles: ['tests/unit/i18n-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
