import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { migrateSettingsV1toV2 } from '@/lib/settings/migrations';
import { DEFAULT_SETTINGS, readSettings } from '@/lib/settings/schema';
import { createMemoryApiAddressStore } from '@/lib/settings/origin-store';
import { createSettingsStore } from '@/lib/settings/store';

describe('settings migrations', () => {
  it.each<[string, unknown, Partial<ReturnType<typeof readSettings>>]>([
    [
      'v1 flat fields move into their groups',
      { baseUrl: 'https://api.example.com', realtimeDefault: true },
      { apiBaseUrl: 'https://api.example.com', lookupDefaults: { ...DEFAULT_SETTINGS.lookupDefaults, realtime: true } },
    ],
    ['v1 cache days become the hit lifetime', { cacheDays: 7 }, { cache: { hitTtlDays: 7, missTtlDays: 3 } }],
    ['v1 scanEverywhere becomes a scan mode', { scanEverywhere: true }, { scanMode: 'everywhere' }],
    ['v1 with a junk base URL falls back to the default', { baseUrl: 'javascript:alert(1)' }, { apiBaseUrl: DEFAULT_SETTINGS.apiBaseUrl }],
    ['junk (a string) becomes the defaults', 'garbage', DEFAULT_SETTINGS],
    ['null becomes the defaults', null, DEFAULT_SETTINGS],
    ['a v2 value without version metadata is kept', { apiBaseUrl: 'https://x.example' }, { apiBaseUrl: 'https://x.example' }],
  ])('%s', (_why, stored, expected) => {
    expect(readSettings(migrateSettingsV1toV2(stored))).toMatchObject(expected);
  });
});

describe('settings store (fakeBrowser storage)', () => {
  beforeEach(() => fakeBrowser.reset());

  it('adopts a stored v1 value on first read, migrated, and removes it from storage.local', async () => {
    await fakeBrowser.storage.local.set({ settings: { baseUrl: 'https://api.example.com', realtimeDefault: true } });
    const store = createSettingsStore(createMemoryApiAddressStore());
    const settings = await store.get();
    expect(settings.apiBaseUrl).toBe('https://api.example.com');
    expect(settings.lookupDefaults.realtime).toBe(true);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect((await store.get()).lookupDefaults.realtime).toBe(true);
  });

  it.each<[string, Record<string, unknown>, Partial<ReturnType<typeof readSettings>>]>([
    ['a corrupted scan mode falls back alone', { scanMode: 'always!!', dailyBudget: 50 }, { scanMode: 'on-request', dailyBudget: 50 }],
    ['a negative budget falls back alone', { dailyBudget: -3, scanSites: ['https://a.example/*'] }, { dailyBudget: null, scanSites: ['https://a.example/*'] }],
    ['a wrong-typed cache group keeps the valid lifetime', { cache: { hitTtlDays: 'x', missTtlDays: 1 } }, { cache: { hitTtlDays: 30, missTtlDays: 1 } }],
  ])('%s', async (_why, stored, expected) => {
    await fakeBrowser.storage.local.set({ settings: stored, settings$: { v: 2 } });
    expect(await createSettingsStore(createMemoryApiAddressStore()).get()).toMatchObject(expected);
  });

  it('rejects an invalid patch and keeps the stored value', async () => {
    const store = createSettingsStore(createMemoryApiAddressStore());
    await store.update({ dailyBudget: 10 });
    await expect(store.update({ apiBaseUrl: 'ftp://nope' } as never)).rejects.toThrow();
    expect((await store.get()).dailyBudget).toBe(10);
  });

  it('two patches sent at once both land (the second does not undo the first)', async () => {
    const store = createSettingsStore(createMemoryApiAddressStore());
    // As two quick changes in the options page: neither awaited before the other is sent.
    await Promise.all([store.update({ dailyBudget: 25 }), store.update({ scanMode: 'everywhere' }), store.update({ cache: { hitTtlDays: 7, missTtlDays: 1 } })]);
    expect(await store.get()).toMatchObject({ dailyBudget: 25, scanMode: 'everywhere', cache: { hitTtlDays: 7, missTtlDays: 1 } });
  });

  it('notifies watchers with validated settings', async () => {
    const store = createSettingsStore(createMemoryApiAddressStore());
    const seen: number[] = [];
    store.watch((s) => seen.push(s.dailyBudget ?? -1));
    await store.update({ dailyBudget: 5 });
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toContain(5);
  });
});
