/**
 * The package a store reviewer gets (`npm run zip:firefox` → `*-firefox.zip`) installs in real Firefox ESR as it
 * is, and the add-on it installs is ours and starts: its background opens the onboarding page.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Firefox, GECKO_ID, launchFirefox, SCREENS_DIR, waitForText } from './support/firefox';

const skipReason = inject('skipReason');

describe.skipIf(skipReason !== '')(`Firefox ESR: the store zip${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let ff: Firefox | undefined;
  afterAll(async () => {
    await ff?.close();
  });

  it('the zipped Firefox package installs and its first run opens onboarding', async () => {
    const zip = inject('firefoxZip');
    expect(zip).toMatch(/-firefox\.zip$/);
    // launchFirefox checks that the add-on installed under our gecko id (the id stores key updates on).
    ff = await launchFirefox(zip);
    const onboarding = await ff.findExtensionPage('onboarding.html', 20_000);
    await waitForText(onboarding, 'Welcome to In-Page Enrich');
    const running = await onboarding.evaluate(() => {
      const runtime = (globalThis as unknown as { browser: { runtime: { id: string; getManifest(): { manifest_version: number } } } }).browser.runtime;
      return { id: runtime.id, manifestVersion: runtime.getManifest().manifest_version };
    });
    expect(running).toEqual({ id: GECKO_ID, manifestVersion: 2 });
    await onboarding.screenshot({ path: `${SCREENS_DIR}/store-zip-onboarding.png` });
  });
});
