/**
 * On Firefox a content script can write storage.local (Firefox has no `storage.local.setAccessLevel`). Earlier versions
 * kept the daily budget, the lookup defaults (which set a lookup's price) and the credit ledger there, so a compromised
 * content script could raise the budget, switch on the paid extras or clear the day's spending. They now live in the
 * background's IndexedDB (lib/storage/owned-value.ts). This file sets a budget of 3, spends one credit against the
 * sandbox, plants a budget of 100,000, realtime + waterfall defaults and an empty ledger in storage.local, and proves
 * the background still holds the user's budget, defaults and spending, and prices and refuses by them.
 *
 * Written from an extension page, as tests/e2e-firefox/planted-address.test.ts explains: storage.local is one area
 * shared by every context of the extension on Firefox, content scripts included, so the background sees the same bytes
 * whoever wrote them; what is under test is what the background trusts.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ledgerOf, samplesOf } from '@/tests/e2e/support/reliability';
import { type Firefox, launchFirefox, poll } from './support/firefox';

const skipReason = inject('skipReason');
const sandboxUrl = inject('sandboxUrl');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type StorageGlobal = {
  browser: { storage: { local: { set(v: Record<string, unknown>): Promise<void>; get(k: null): Promise<Record<string, unknown>> } } };
};

describe.skipIf(skipReason !== '')(`Firefox ESR: money controls planted in storage.local${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let ff: Firefox;
  beforeAll(async () => {
    ff = await launchFirefox(inject('firefoxBuildDir'));
  });
  afterAll(async () => {
    await ff?.close();
  });

  it('a planted budget, planted paid extras and a cleared ledger change nothing the background prices or refuses by', async () => {
    const key = `test-standard-ff-owned-${unique()}`;
    await poll(() => ff.send('settings/update', { apiBaseUrl: sandboxUrl, dailyBudget: 3 }), (r) => r.ok);
    expect(await ff.send('key/set', { key })).toMatchObject({ ok: true });
    const emails = (await samplesOf(sandboxUrl)).emails;
    const bought = await ff.send('contact/enrich', { lookup: { email: emails.at(-3)! } });
    expect(bought.ok, JSON.stringify(bought)).toBe(true);
    expect(await ff.send('credits/summary', {})).toMatchObject({ ok: true, data: { today: 1, budgetLeft: 2, dailyBudget: 3 } });

    const launcher = await ff.findExtensionPage('onboarding.html');
    const stored = await launcher.evaluate(async () => {
      const local = (globalThis as unknown as StorageGlobal).browser.storage.local;
      await local.set({
        settings: { dailyBudget: 100_000, lookupDefaults: { realtime: true, waterfall: true, includeAllExperiences: false } },
        creditsLedger: { days: {} },
      });
      return local.get(null);
    });
    // The plant took: storage.local now holds it.
    expect(stored).toMatchObject({ settings: { dailyBudget: 100_000 }, creditsLedger: { days: {} } });

    expect(await ff.send('settings/get', {})).toMatchObject({ ok: true, data: { settings: { dailyBudget: 3, lookupDefaults: { realtime: false, waterfall: false } } } });
    expect(await ff.send('credits/summary', {})).toMatchObject({ ok: true, data: { today: 1, budgetLeft: 2, dailyBudget: 3 } });
    // Priced without the planted extras (1 credit, not 3), and a bulk of 3 is over the 2 left.
    expect(await ff.send('credits/estimate', { action: 'contact/enrich', lookup: { email: emails.at(-4)! } })).toMatchObject({ ok: true, data: { credits: 1, blockedByBudget: false } });
    expect(await ff.send('credits/estimate', { action: 'bulk/enrich', count: 3 })).toMatchObject({ ok: true, data: { credits: 3, blockedByBudget: true } });
    // The sandbox charged the one lookup, without extras.
    const charged = (await ledgerOf(sandboxUrl, key)).entries.filter((e) => e.credits > 0);
    expect(charged.map((e) => [e.endpoint, e.credits])).toEqual([['enrich', 1]]);
  });
});
