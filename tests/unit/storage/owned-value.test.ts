// What money depends on (the daily budget, the lookup defaults, the credit ledger) lives where only the background
// can write it (lib/storage/owned-value.ts): on Firefox a content script can write storage.local. These run the real
// settings and ledger stores over the memory stand-in of that store (Node has no IndexedDB) and fakeBrowser's
// storage.local as what a content script can write; tests/e2e-firefox/owned-values.test.ts runs the same plant
// against the built extension in Firefox.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createLedger, dayKey } from '@/lib/credits/ledger';
import { createStorageLedgerStore } from '@/lib/credits/store';
import { createMemoryApiAddressStore } from '@/lib/settings/origin-store';
import { createSettingsStore } from '@/lib/settings/store';
import { adoptedFrom, createMemoryOwnedValue, type LegacyValue } from '@/lib/storage/owned-value';

beforeEach(() => fakeBrowser.reset());

/** What a content script on Firefox can do: write anything into storage.local. */
const plant = () =>
  fakeBrowser.storage.local.set({
    settings: { dailyBudget: 100_000, lookupDefaults: { realtime: true, waterfall: true, includeAllExperiences: false } },
    creditsLedger: { days: {} },
  });

describe('adoptedFrom: a value an older version kept in storage.local is moved once', () => {
  it('read from the old place while nothing is stored, then never again; two first reads move it once', async () => {
    let reads = 0;
    let removed = 0;
    let old: unknown = { dailyBudget: 7 };
    const legacy: LegacyValue<unknown> = {
      getValue: () => (reads++, Promise.resolve(old)),
      removeValue: () => (removed++, (old = null), Promise.resolve()),
    };
    const value = adoptedFrom(createMemoryOwnedValue<unknown>(), legacy);
    expect(await Promise.all([value.get(), value.get()])).toEqual([{ dailyBudget: 7 }, { dailyBudget: 7 }]);
    expect([reads, removed]).toEqual([1, 1]);
    old = { dailyBudget: 100_000 };
    expect(await value.get()).toEqual({ dailyBudget: 7 });
    expect(reads).toBe(1);
  });
});

describe('a content script writing storage.local cannot change what money depends on', () => {
  it('the budget and the lookup defaults the background reads stay as the user set them', async () => {
    const settings = createSettingsStore(createMemoryApiAddressStore());
    await settings.update({ dailyBudget: 10 });
    await plant();
    expect(await settings.get()).toMatchObject({ dailyBudget: 10, lookupDefaults: { realtime: false, waterfall: false } });
  });

  it('the day\'s spending and the budget left stay: a cleared ledger in storage.local is not read', async () => {
    const settings = createSettingsStore(createMemoryApiAddressStore());
    await settings.update({ dailyBudget: 10 });
    const ledger = createLedger({ store: createStorageLedgerStore(), dailyBudget: async () => (await settings.get()).dailyBudget });
    await ledger.record('contact/enrich', 8);
    await plant();
    expect(await ledger.summary()).toMatchObject({ today: 8, budgetLeft: 2 });
    expect(await ledger.allows(3)).toBe(false);
  });

  it('an update from a version that kept them in storage.local adopts them once, then ignores storage.local', async () => {
    const today = dayKey(Date.now());
    await fakeBrowser.storage.local.set({ settings: { dailyBudget: 10 }, settings$: { v: 2 }, creditsLedger: { days: { [today]: { 'contact/enrich': 4 } } } });
    const settings = createSettingsStore(createMemoryApiAddressStore());
    const ledgerStore = createStorageLedgerStore();
    expect((await settings.get()).dailyBudget).toBe(10);
    expect((await ledgerStore.load()).days[today]).toEqual({ 'contact/enrich': 4 });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    await plant();
    expect((await settings.get()).dailyBudget).toBe(10);
    expect((await ledgerStore.load()).days[today]).toEqual({ 'contact/enrich': 4 });
  });
});
