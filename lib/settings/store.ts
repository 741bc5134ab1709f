/**
 * The settings as a typed, versioned WXT storage item. Everything reads settings through `SettingsStore`:
 * values are validated on read (`readSettings`, field by field) and patches are validated on write.
 * Settings are not secret (the key lives in lib/keystore), so `storage.local` is the right place.
 */
import { storage } from 'wxt/utils/storage';
import { SETTINGS_VERSION, settingsMigrations } from './migrations';
import { DEFAULT_SETTINGS, readSettings, type Settings, type SettingsPatch, SettingsSchema } from './schema';

/** Defines the item; a function so the item (and its migration run) is created in `main()`, not at import. */
export function defineSettingsItem() {
  /** The user's settings, without the API key. */
  return storage.defineItem<Settings>('local:settings', {
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
  /** Called with the new settings whenever they change (in any context). Returns the unsubscribe function. */
  watch(listener: (settings: Settings) => void): () => void;
}

export function createSettingsStore(item: SettingsItem = defineSettingsItem()): SettingsStore {
  return {
    async get() {
      return readSettings(await item.getValue());
    },
    async update(patch) {
      const current = readSettings(await item.getValue());
      const next = SettingsSchema.parse({ ...current, ...patch });
      await item.setValue(next);
      return next;
    },
    watch(listener) {
      return item.watch((value) => listener(readSettings(value)));
    },
  };
}
