/**
 * On Firefox a content script can write storage.local (there is no setAccessLevel), so the
 * setting that decides where the key goes, the API address, is read only from the background's IndexedDB
 * (ApiAddressStore). Writing `settings` in storage.local here is exactly what such a content script can do.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createMemoryApiAddressStore } from '@/lib/settings/origin-store';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/schema';
import { createSettingsStore } from '@/lib/settings/store';

const OURS = 'https://api.example.com';
const EVIL = 'https://collect.evil.example';

/** What a content script on Firefox can do: overwrite the whole settings value in storage.local. */
async function tamper(value: unknown): Promise<void> {
  await fakeBrowser.storage.local.set({ settings: value, settings$: { v: 2 } });
}

describe('the API address is out of content-script reach', () => {
  beforeEach(() => fakeBrowser.reset());

  it.each<[string, unknown]>([
    ['a planted address', { apiBaseUrl: EVIL }],
    ['a planted address with other valid settings', { ...DEFAULT_SETTINGS, apiBaseUrl: EVIL, dailyBudget: 7 }],
    ['a planted http address on loopback (another local server)', { apiBaseUrl: 'http://127.0.0.1:9999' }],
    ['junk instead of settings', 'junk'],
  ])('%s in storage.local does not move the key', async (_why, planted) => {
    const address = createMemoryApiAddressStore();
    const store = createSettingsStore(address);
    await store.update({ apiBaseUrl: OURS });
    await tamper(planted);
    expect((await store.get()).apiBaseUrl).toBe(OURS);
    expect(await address.get()).toBe(OURS);
  });

  it('the options page (settings/update) changes the address in the background store, and storage.local never holds it', async () => {
    const address = createMemoryApiAddressStore();
    const store = createSettingsStore(address);
    await store.update({ apiBaseUrl: OURS, dailyBudget: 12 });
    expect(await address.get()).toBe(OURS);
    expect(await store.get()).toMatchObject({ apiBaseUrl: OURS, dailyBudget: 12 });
    // No settings at all in storage.local: they live in the background's own store (lib/storage/owned-value.ts).
    expect((await fakeBrowser.storage.local.get('settings')).settings).toBeUndefined();
  });

  it('an update from a version that kept the address in storage.local adopts it once, then ignores storage.local', async () => {
    await tamper({ ...DEFAULT_SETTINGS, apiBaseUrl: OURS });
    const address = createMemoryApiAddressStore();
    const store = createSettingsStore(address);
    expect((await store.get()).apiBaseUrl).toBe(OURS);
    expect(await address.get()).toBe(OURS);
    await tamper({ ...DEFAULT_SETTINGS, apiBaseUrl: EVIL });
    expect((await store.get()).apiBaseUrl).toBe(OURS);
  });

  it('a fresh install starts at the default address and records it', async () => {
    const address = createMemoryApiAddressStore();
    expect((await createSettingsStore(address).get()).apiBaseUrl).toBe(DEFAULT_SETTINGS.apiBaseUrl);
    expect(await address.get()).toBe(DEFAULT_SETTINGS.apiBaseUrl);
  });

  it('a junk value in the address store falls back to the default, never to storage.local', async () => {
    await tamper({ apiBaseUrl: EVIL });
    const store = createSettingsStore(createMemoryApiAddressStore('javascript:alert(1)'));
    expect((await store.get()).apiBaseUrl).toBe(DEFAULT_SETTINGS.apiBaseUrl);
  });

  it('watchers see the stored address; storage.local tampered with changes nothing they see', async () => {
    const store = createSettingsStore(createMemoryApiAddressStore(OURS));
    const seen: Settings[] = [];
    store.watch((s) => seen.push(s));
    await store.update({ apiBaseUrl: 'https://api2.example.com' });
    await tamper({ apiBaseUrl: EVIL, dailyBudget: 3 });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.map((s) => s.apiBaseUrl)).toEqual(['https://api2.example.com']);
    expect(await store.get()).toMatchObject({ apiBaseUrl: 'https://api2.example.com', dailyBudget: DEFAULT_SETTINGS.dailyBudget });
  });
});
