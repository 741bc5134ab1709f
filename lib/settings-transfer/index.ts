/**
 * Export and import of settings as a JSON file. The API key is included only when the user asks for it, and an
 * imported file is validated as a whole: one bad value rejects the file and says which field, so an import never
 * half-applies.
 */
import { z } from 'zod';
import { ApiKeySchema } from '../keystore/schema';
import { type Settings, SettingsSchema, type SettingsPatch } from '../settings/schema';
import { t } from '../i18n/t';
import { describeIssues, type ImportIssue } from './issues';

export { applySettingsImport, type ImportStores } from './apply';
export { describeIssues, type ImportIssue } from './issues';
export { addressChangeOf, describePatch, priceChangesOf, settingsToApply, type AddressChange, type PriceChange } from './preview';

export const EXPORT_FORMAT = 'in-page-enrich/settings';
export const EXPORT_VERSION = 1;
/** A settings file is a few kilobytes; anything far larger is not one. */
export const MAX_IMPORT_BYTES = 1_000_000;

export interface SettingsExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  settings: Settings;
  apiKey?: string;
}

/** The file's text. `apiKey` is written only when given (the user ticked "include my API key"). */
export function serialiseSettings(settings: Settings, opts: { apiKey?: string | undefined; now: Date }): string {
  const file: SettingsExport = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: opts.now.toISOString(),
    settings,
  };
  const key = opts.apiKey?.trim();
  if (key) file.apiKey = key;
  return `${JSON.stringify(file, null, 2)}\n`;
}

export function exportFileName(now: Date): string {
  return `in-page-enrich-settings-${now.toISOString().slice(0, 10)}.json`;
}

const EnvelopeSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().min(1),
  settings: z.record(z.string(), z.unknown()),
  // The same rule as the options form's key field: a bad key rejects the whole file, never half-applies it.
  apiKey: ApiKeySchema.optional(),
});

// Every field optional (a file from an older version may lack newer ones), each value checked strictly, with the
// very schema the background applies to the options form's changes (API address, site patterns, numbers).
const ImportedSettingsSchema = z.object(SettingsSchema.shape).partial();

export type ImportResult =
  | { ok: true; settings: SettingsPatch; apiKey: string | undefined; ignored: string[] }
  /**
   * `reasons`: one plain sentence per field that is wrong, for the user; `issues`: the validator's wording for each
   * (the technical details, `settings.scanMode: Invalid option…`), in the same order.
   */
  | { ok: false; message: string; reasons: string[]; issues: string[] };

const fail = (message: string, found: ImportIssue[] = []): ImportResult => ({
  ok: false,
  message,
  reasons: found.map((i) => i.text),
  issues: found.map((i) => i.detail),
});

export function parseSettingsFile(text: string): ImportResult {
  if (text.length > MAX_IMPORT_BYTES) return fail(t('options_transfer_too_large'));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(t('options_transfer_not_json'));
  }
  if (!json || typeof json !== 'object' || (json as { format?: unknown }).format !== EXPORT_FORMAT) {
    return fail(t('options_transfer_not_ours'));
  }
  const version = (json as { version?: unknown }).version;
  if (typeof version === 'number' && version > EXPORT_VERSION) {
    return fail(t('options_transfer_newer'));
  }
  const envelope = EnvelopeSchema.safeParse(json);
  if (!envelope.success) return fail(t('options_transfer_damaged'), describeIssues(envelope.error, json));
  const settings = ImportedSettingsSchema.safeParse(envelope.data.settings);
  if (!settings.success) {
    return fail(t('options_transfer_invalid'), describeIssues(settings.error, envelope.data.settings, ['settings']));
  }
  const known = new Set(Object.keys(SettingsSchema.shape));
  const ignored = Object.keys(envelope.data.settings).filter((k) => !known.has(k));
  return { ok: true, settings: settings.data, apiKey: envelope.data.apiKey, ignored };
}
