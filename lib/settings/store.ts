/**
 * The settings, without the API key, validated on read (`readSettings`, field by field) and patches validated on
 * write. Everything reads them through `SettingsStore`, in the background; the pages ask it (`settings/get`,
 * `settings/update`). They live where only the background can write them, in the extension origin's IndexedDB
 * (lib/storage/owned-value.ts): the daily budget and the lookup defaults decide what is spent, and on Firefox a content
 * script can write storage.local. The API address, which decides where the key goes, is kept beside the key
 * (`ApiAddressStore`, lib/settings/origin-store.ts). Earlier versions kept the settings in storage.local: adopted from
 * there once, through their storage item's own migrations.
 */
import { storage } from 'wxt/utils/storage';
import { createOrder } from '../async/keyed-order';
import { adoptedFrom, createIdbOwnedValue, createMemoryOwnedValue, type OwnedValue } from '../storage/owned-value';
import { SETTINGS_VERSION, settingsMigrations } from './migrations';
import type { ApiAddressStore } from './origin-store';
import { DEFAULT_SETTINGS, readSettings, type Settings, type SettingsPatch, SettingsSchema } from './schema';

export const SETTINGS_VALUE = 'settings';

/** Where earlier versions kept the settings (storage.local), read through its versioned item's migrations. */
function legacySettingsItem() {
  const item = storage.defineItem<Partial<Settings>>(`local:${SETTINGS_VALUE}`, {
    fallback: DEFAULT_SETTINGS,
    version: SETTINGS_VERSION,
    migrations: settingsMigrations,
  });
  return { getValue: (): Promise<unknown> => item.getValue(), removeValue: () => item.removeValue({ removeMeta: true }) };
}

/** The extension's settings value: in the background's IndexedDB, adopted from storage.local. */
export function ownedSettingsValue(): OwnedValue<unknown> {
  return adoptedFrom<unknown>(createIdbOwnedValue(SETTINGS_VALUE), legacySettingsItem());
}

export interface SettingsStore {
  get(): Promise<Settings>;
  /** Applies a validated patch; nested objects are replaced whole (the UI sends them whole). */
  update(patch: SettingsPatch): Promise<Settings>;
  /** Called with the new settings whenever they change. Returns the unsubscribe function. */
  watch(listener: (settings: Settings) => void): () => void;
}

/**
 * `value`: where the settings live (the extension: `ownedSettingsValue()`); by default in memory, adopted from
 * storage.local as the extension does (Node: unit tests, bench).
 */
export function createSettingsStore(address: ApiAddressStore, value: OwnedValue<unknown> = adoptedFrom<unknown>(createMemoryOwnedValue(), legacySettingsItem())): SettingsStore {
  const listeners = new Set<(settings: Settings) => void>();
  const inOrder = createOrder();

  /** The address from IndexedDB; on the first read after an update, the one storage.local held, adopted once. */
  async function apiBaseUrl(local: unknown): Promise<string> {
    const stored = await address.get();
    if (stored !== null) return readSettings({ apiBaseUrl: stored }).apiBaseUrl;
    const adopted = readSettings(local).apiBaseUrl;
    await address.set(adopted);
    return adopted;
  }

  async function read(local: unknown): Promise<Settings> {
    const rest = local && typeof local === 'object' ? local : {};
    return readSettings({ ...rest, apiBaseUrl: await apiBaseUrl(local) });
  }

  return {
    async get() {
      return read(await value.get());
    },
    update(patch) {
      // One after another: two quick toggles in the options would otherwise both read the old settings, and the
      // second write would undo the first.
      return inOrder(async () => {
        const current = await read(await value.get());
        const next = SettingsSchema.parse({ ...current, ...patch });
        if (next.apiBaseUrl !== current.apiBaseUrl) await address.set(next.apiBaseUrl);
        const { apiBaseUrl: _address, ...local } = next;
        await value.set(local);
        // Only this store writes the settings (the pages ask the background): its watchers hear every change here.
        for (const listener of [...listeners]) listener(next);
        return next;
      });
    },
    watch(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
