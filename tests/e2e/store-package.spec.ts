/**
 * The Chrome Web Store package itself (`npm run zip` → `*-chrome.zip`; Edge takes the same file) loads in real
 * Chromium as a store user gets it: unpacked from the zip, not from the build folder, its worker starts, its
 * first run opens onboarding, and it asks for no localhost: `npm run zip` output loads in Chrome.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
// The extension's test type (this file uses none of its fixtures): one worker kind for the whole suite, so this file
// joins the workers already running instead of starting its own at the end (docs/testing.md).
import { expect, test } from './fixtures';
import { chromiumPath, extensionArgs } from './support/chromium';
import { storePackage } from './support/store-build';
import { budget } from '../time-budget';

const work = resolve(`.output/e2e-store-zip-${process.pid}`);

test.afterAll(() => rmSync(work, { recursive: true, force: true }));

test('the Chrome store zip, unpacked as the store does, installs, starts and opens onboarding', async () => {
  // One production build and zip on a busy two-core machine can take a minute or two, when `npm test` did not make it.
  test.setTimeout(600_000);
  // The run's shared store package: made by `npm run zip` in production mode with nothing from this shell baked in
  // (support/store-build.ts), by `npm test` before the suites or here on first use.
  const zip = await test.step('npm run zip, in production mode with nothing from this shell baked in', async () => {
    const { zip } = await storePackage();
    expect(existsSync(zip), zip).toBe(true);
    expect(zip.endsWith('-chrome.zip')).toBe(true);
    return zip;
  });

  const dir = await test.step('unpacked with a standard zip reader', () => {
    const out = join(work, 'unpacked');
    execFileSync('python3', ['-m', 'zipfile', '-e', zip, out]);
    expect(existsSync(join(out, 'manifest.json'))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { manifest_version: number; host_permissions?: string[]; default_locale?: string };
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.host_permissions ?? []).toEqual([]);
    // Every language the package declares is in it (a store rejects a default_locale without its messages).
    expect(existsSync(join(out, '_locales', manifest.default_locale ?? 'en', 'messages.json'))).toBe(true);
    return out;
  });

  await test.step('Chromium loads it: the worker runs, onboarding opens with the address box', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'ipe-zip-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: extensionArgs(dir),
    });
    try {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: budget(20_000) }));
      expect(await worker.evaluate(() => chrome.runtime.getManifest().name)).toBe('In-Page Enrich');
      const onboarding =
        context.pages().find((p) => p.url().endsWith('/onboarding.html')) ??
        (await context.waitForEvent('page', { predicate: (p) => p.url().endsWith('/onboarding.html'), timeout: budget(20_000) }));
      await expect(onboarding.getByRole('textbox', { name: 'API base URL' })).toBeVisible({ timeout: budget(20_000) });
      await onboarding.screenshot({ path: 'test-results/screens/store-zip-chromium-onboarding.png', fullPage: true });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
