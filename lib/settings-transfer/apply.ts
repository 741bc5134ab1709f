/**
 * Applies an imported settings file all or nothing, in the background (the 'settings/import' request). The old
 * options page wrote the settings and then the key as two requests, so a refused key left the budget changed
 * (half a file applied is a state the user never chose). Here the whole result is validated before anything is written,
 * and if the second write fails the first is undone.
 */
import type { KeyStore } from '../keystore';
import { type Settings, SettingsSchema, type SettingsPatch } from '../settings/schema';
import type { SettingsStore } from '../settings/store';

export interface ImportStores {
  settings: Pick<SettingsStore, 'get' | 'update'>;
  keystore: KeyStore;
}

export async function applySettingsImport(
  stores: ImportStores,
  input: { settings: SettingsPatch; apiKey?: string | undefined },
): Promise<Settings> {
  const current = await stores.settings.get();
  // Throws (nothing written yet) when the merged settings are not valid as a whole.
  SettingsSchema.parse({ ...current, ...input.settings });
  if (input.apiKey === undefined) return stores.settings.update(input.settings);

  const previousKey = await stores.keystore.get();
  await stores.keystore.set(input.apiKey);
  try {
    return await stores.settings.update(input.settings);
  } catch (error) {
    await (previousKey === null ? stores.keystore.clear() : stores.keystore.set(previousKey));
    throw error;
  }
}
