import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
// The extension's test type (this file uses none of its fixtures): one worker kind for the whole suite, so this file
// joins the workers already running instead of starting its own at the end (docs/testing.md).
import { expect, test } from './fixtures';
import { startSandbox } from '@/sandbox/server';
import { chromiumPath, extensionArgs } from './support/chromium';
import { apiRequests, ledgerOf } from './support/reliability';
import { budget } from '../time-budget';

// A store build made for one provider (`WXT_PROVIDER_PROFILE=profile.json npm run build`, lib/build/provider-profile.ts),
// the profile pointed at the test sandbox, as a stranger installs it: install → onboarding → "Get a key from …" →
// a wrong key refused and not saved → the right key saved → the first paid lookup answers. No step that ends nowhere.

// The file's own sandbox: the profile's address is baked into the build, so it must be known before the build.
let SANDBOX_URL = '';
let sandbox: Awaited<ReturnType<typeof startSandbox>> | null = null;
const builds = resolve(`.output/e2e-provider-${process.pid}`);
const PROVIDER = {
  name: 'Sandbox Data Co',
  keyUrl: 'https://sandbox-data.example/signup',
  pricingUrl: 'https://sandbox-data.example/pricing',
  support: 'help@sandbox-data.example',
};

/** `npm run build` with a provider profile, and no sandbox variable from the caller's shell. */
function buildForProvider(): string {
  mkdirSync(builds, { recursive: true });
  const profile = join(builds, 'profile.json');
  writeFileSync(profile, JSON.stringify({ ...PROVIDER, apiBaseUrl: SANDBOX_URL }));
  const env: NodeJS.ProcessEnv = { ...process.env, WXT_OUT_DIR: join(builds, 'store'), WXT_PROVIDER_PROFILE: profile };
  delete env.WXT_API_BASE_URL;
  delete env.WXT_DEMO;
  delete env.WXT_LOCAL_SANDBOX;
  execFileSync('npx', ['wxt', 'build'], { stdio: 'ignore', env });
  return join(builds, 'store', 'chrome-mv3');
}

async function launch(extensionDir: string): Promise<{ context: BrowserContext; onboarding: Page; extensionId: string; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'ipe-provider-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: extensionArgs(extensionDir),
    viewport: { width: 1000, height: 900 },
  });
  const onboarding =
    context.pages().find((p) => p.url().endsWith('/onboarding.html')) ??
    (await context.waitForEvent('page', { predicate: (p) => p.url().endsWith('/onboarding.html'), timeout: budget(20_000) }));
  await onboarding.waitForLoadState();
  const extensionId = new URL(onboarding.url()).host;
  return {
    context,
    onboarding,
    extensionId,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

let storeDir = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  sandbox = await startSandbox({ port: 0, quiet: true });
  SANDBOX_URL = sandbox.url;
  storeDir = buildForProvider();
});

test.afterAll(async () => {
  await sandbox?.close();
  rmSync(builds, { recursive: true, force: true });
});

test('a build for a provider: get-a-key link, the key checked before it is saved, then the first lookup', async () => {
  // The profile's address is the build's: its origin is the one host asked for at install, nothing else.
  const manifest = JSON.parse(readFileSync(`${storeDir}/manifest.json`, 'utf8')) as { host_permissions?: string[] };
  expect(manifest.host_permissions).toEqual(['http://127.0.0.1/*']);

  const key = `test-standard-provider-${Date.now().toString(36)}`;
  const { context, onboarding, extensionId, close } = await launch(storeDir);
  try {
    const provider = onboarding.getByTestId('provider-profile');
    await expect(provider).toContainText('This extension works with Sandbox Data Co');
    await expect(provider.getByRole('link', { name: 'Get a key from Sandbox Data Co' })).toHaveAttribute('href', PROVIDER.keyUrl);
    await expect(provider.getByRole('link', { name: 'Sandbox Data Co prices' })).toHaveAttribute('href', PROVIDER.pricingUrl);
    await expect(provider.getByRole('link', { name: PROVIDER.support })).toHaveAttribute('href', `mailto:${PROVIDER.support}`);
    // The address is the provider's, already set: no "not set yet", no "save the address first".
    await expect(onboarding.getByRole('textbox', { name: 'API base URL' })).toHaveValue(SANDBOX_URL);
    await expect(onboarding.getByTestId('api-address-unset')).toHaveCount(0);
    await expect(onboarding.getByTestId('onb-address-first')).toHaveCount(0);
    await onboarding.screenshot({ path: 'test-results/screens/onboarding-provider.png', fullPage: true });

    // A wrong key is checked (free) and not saved; the message names the service and the way out.
    const keyBox = onboarding.getByLabel('API key', { exact: true });
    const host = new URL(SANDBOX_URL).host;
    await keyBox.fill(`wrong-${key}`);
    await onboarding.getByRole('button', { name: 'Save key' }).click();
    await expect(onboarding.getByText(`Not saved: the service at ${host} did not accept this key.`, { exact: false })).toBeVisible();
    await expect(onboarding.getByText('No key yet')).toBeVisible();

    await keyBox.fill(key);
    await onboarding.getByRole('button', { name: 'Save key' }).click();
    await expect(onboarding.getByText('Key saved and accepted by the service.')).toBeVisible({ timeout: budget(15_000) });
    await onboarding.screenshot({ path: 'test-results/screens/onboarding-provider-ready.png', fullPage: true });
    // Both checks were free.
    expect((await apiRequests(SANDBOX_URL, key)).length).toBe(1);
    expect((await ledgerOf(SANDBOX_URL, key)).entries.filter((e) => e.credits > 0)).toEqual([]);

    // The first lookup: verify an address from the toolbar popup; it is answered and charged once.
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    const box = popup.getByRole('textbox', { name: 'Email address to verify' });
    await box.fill('first.lookup@provider-e2e-lookup.com');
    await box.press('Enter');
    const result = popup.getByTestId('verification-result');
    await expect(result).toContainText('Checked live · 1 credit charged', { timeout: budget(15_000) });
    await popup.screenshot({ path: 'test-results/screens/onboarding-provider-first-lookup.png' });
    const charged = (await ledgerOf(SANDBOX_URL, key)).entries.filter((e) => e.credits > 0);
    expect(charged.map((e) => [e.endpoint, e.credits])).toEqual([['email-verification', 1]]);
  } finally {
    await close();
  }
});
