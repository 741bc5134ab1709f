/**
 * Migrations of the stored settings, keyed by the version they produce (WXT storage item `migrations`).
 * Each one is total: whatever it is given (old shape, half-written value, junk), it returns something that
 * `readSettings` can read field by field, so a migration never throws and never loses the fields it understands.
 */
import { DEFAULT_SETTINGS } from './schema';

/** Current version of the `settings` storage item. Bump it and add a migration when the shape changes. */
export const SETTINGS_VERSION = 2;

/**
 * v1 (0.0.x preview builds) stored flat fields: `{ baseUrl, realtimeDefault, waterfallDefault, cacheDays,
 * scanEverywhere }`. v2 groups lookup defaults and cache lifetimes and names the scan mode.
 */
export function migrateSettingsV1toV2(old: unknown): Record<string, unknown> {
  if (!isRecord(old)) return {};
  // Already in the v2 shape (written without version metadata): keep it as it is.
  if ('apiBaseUrl' in old || 'lookupDefaults' in old) return old;
  const next: Record<string, unknown> = {};
  if (typeof old.baseUrl === 'string') next.apiBaseUrl = old.baseUrl;
  next.lookupDefaults = {
    ...DEFAULT_SETTINGS.lookupDefaults,
    ...(typeof old.realtimeDefault === 'boolean' ? { realtime: old.realtimeDefault } : {}),
    ...(typeof old.waterfallDefault === 'boolean' ? { waterfall: old.waterfallDefault } : {}),
  };
  if (typeof old.cacheDays === 'number') {
    next.cache = { hitTtlDays: old.cacheDays, missTtlDays: DEFAULT_SETTINGS.cache.missTtlDays };
  }
  if (typeof old.scanEverywhere === 'boolean') next.scanMode = old.scanEverywhere ? 'everywhere' : 'on-request';
  return next;
}

export const settingsMigrations: Record<number, (old: unknown) => unknown> = {
  2: migrateSettingsV1toV2,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
