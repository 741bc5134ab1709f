/**
 * The settings as a typed, versioned WXT storage item plus the API address beside the key. Everything reads
 * settings through `SettingsStore`: values are validated on read (`readSettings`, field by field) and patches are
 * validated on write. storage.local holds what sends nothing anywhere; the API address, which decides where the key
 * goes, is read only from the background's IndexedDB (`ApiAddressStore`, lib/settings/origin-store.ts), so a
 * content script that writes storage.local (possible on Firefox) cannot redirect the key to its own host.
 */
import { storage } from 'wxt/utils/storage';
import { createOrder } from '../async/keyed-order';
import { SETTINGS_VERSION, settingsMigrations } from './migrations';
import type { ApiAddressStore } from './origin-store';
import { DEFAULT_SETTINGS, readSettings, type Settings, type SettingsPatch, SettingsSchema } from './schema';

/** Defines the item; a function so the item (and its migration run) is created in `main()`, not at import. */
export function defineSettingsItem() {
  /** The user's settings, without the API key (and, from this version on, without the API address). */
  return storage.defineItem<Partial<Settings>>('local:settings', {
    fallback: DEFAULT_SETTINGS,
    version: SETTINGS_VERSION,
    migrations: settingsMigrations,
  });
}

export type SettingsItem = ReturnType<typeof defineSettingsItem>;

export interface SettingsStore {
  get(): Promise<Settings>;
  /** Applies a validated patch; nested objects are replaced whole (the UI sends them whole). */
  update(patch: SettingsPatch): Promise<Settings>;
  /** Called with the new settings whenever they change. Returns the unsubscribe function. */
  watch(listener: (settings: Settings) => void): () => void;
}

export function createSettingsStore(address: ApiAddressStore, item: SettingsItem = defineSettingsItem()): SettingsStore {
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
      return read(await item.getValue());
    },
    update(patch) {
      // One after another: two quick toggles in the options would otherwise both read the old settings, and the
      // second write would undo the first.
      return inOrder(async () => {
        const current = await read(await item.getValue());
        const next = SettingsSchema.parse({ ...current, ...patch });
        if (next.apiBaseUrl !== current.apiBaseUrl) await address.set(next.apiBaseUrl);
        const { apiBaseUrl: _address, ...local } = next;
        await item.setValue(local);
        // storage.onChanged says nothing when only the address changed: tell the watchers here.
        if (next.apiBaseUrl !== current.apiBaseUrl) for (const listener of [...listeners]) listener(next);
        return next;
      });
    },
    watch(listener) {
      listeners.add(listener);
      const unwatch = item.watch((value) => {
        void read(value).then(listener);
      });
      return () => {
        listeners.delete(listener);
        unwatch();
      };
    },
  };
}
