import { z } from 'zod';
import { ENRICH_REQUIRED_VALUES } from '../api/limits';
import { validateApiBaseUrl } from '../permissions/api-origin';
import { isSitePattern } from '../permissions/sites';
import { t } from '../i18n/t';
import { countryCodeOf } from '../identity/region';

/**
 * The user's settings (everything but the API key, which lives in the key store).
 * Two views of one shape: `SettingsPatchSchema` rejects bad input from the UI outright, while
 * `StoredSettingsSchema` reads storage forgivingly, field by field, so one corrupted value never wipes the rest.
 */
export const ScanModeSchema = z.enum(['on-request', 'sites', 'everywhere']);
export type ScanMode = z.infer<typeof ScanModeSchema>;

export const RequiredFieldSchema = z.enum(ENRICH_REQUIRED_VALUES);
export type RequiredField = z.infer<typeof RequiredFieldSchema>;

/** The local sandbox (`npm run sandbox`): the default of demo and development builds. */
export const SANDBOX_BASE_URL = 'http://127.0.0.1:8787';

/**
 * Production builds set `WXT_API_BASE_URL=https://api.example.com npm run build`; without it the extension
 * talks to the local sandbox. Read defensively: this module also runs under plain Node (sandbox, scripts).
 */
export const DEFAULT_API_BASE_URL: string = import.meta.env?.WXT_API_BASE_URL || SANDBOX_BASE_URL;

const fields = {
  /**
   * The key travels in a header: plain http only to this machine (the sandbox), https everywhere else. The same
   * check as the options form (lib/permissions/api-origin.ts), so the form, an import and the background agree.
   */
  apiBaseUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .superRefine((url, ctx) => {
      const check = validateApiBaseUrl(url);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
    }),
  lookupDefaults: z.strictObject({
    realtime: z.boolean(),
    waterfall: z.boolean(),
    includeAllExperiences: z.boolean(),
    required: z.array(RequiredFieldSchema).max(7),
  }),
  /** Privacy: scan only when asked (default), automatically on chosen sites, or everywhere. */
  scanMode: ScanModeSchema,
  /** Origin match patterns (e.g. `https://example.com/*`) for scanMode 'sites', exactly as the options form makes them. */
  scanSites: z
    .array(z.string().max(512).refine(isSitePattern, { error: () => t('options_site_error_pattern') }))
    .max(500),
  cache: z.strictObject({ hitTtlDays: z.number().min(0).max(365), missTtlDays: z.number().min(0).max(365) }),
  /** Daily credit cap; null = no cap. */
  dailyBudget: z.number().int().min(0).nullable(),
  /** A bulk start whose most-it-can-cost is above this many credits asks a second time before anything is sent. */
  confirmAboveCredits: z.number().int().min(0).max(1_000_000),
  /**
   * "Your country" (ISO code, `DE`): numbers written without a country code are read there when a page gives no
   * hint, in the lookup box and in imports (lib/identity/region.ts). null: not chosen, the browser's region is used.
   */
  country: z
    .string()
    .length(2)
    .refine((code) => countryCodeOf(code) === code, { error: () => t('options_country_invalid') })
    .nullable(),
};

export const SettingsSchema = z.strictObject(fields);
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  apiBaseUrl: DEFAULT_API_BASE_URL,
  lookupDefaults: { realtime: false, waterfall: false, includeAllExperiences: false, required: [] },
  scanMode: 'on-request',
  scanSites: [],
  cache: { hitTtlDays: 30, missTtlDays: 3 },
  dailyBudget: null,
  confirmAboveCredits: 100,
  country: null,
};

/** Forgiving reader for whatever storage holds (old shapes, corruption): each field falls back on its own. */
export const StoredSettingsSchema = z.object({
  apiBaseUrl: fields.apiBaseUrl.catch(DEFAULT_SETTINGS.apiBaseUrl),
  lookupDefaults: z
    .object({
      realtime: z.boolean().catch(false),
      waterfall: z.boolean().catch(false),
      includeAllExperiences: z.boolean().catch(false),
      required: fields.lookupDefaults.shape.required.catch([]),
    })
    .catch(DEFAULT_SETTINGS.lookupDefaults),
  scanMode: fields.scanMode.catch(DEFAULT_SETTINGS.scanMode),
  // One junk entry (written by an old version or another context) drops that entry, not the user's other sites.
  scanSites: z
    .array(z.unknown())
    .transform((list) => list.filter((p): p is string => typeof p === 'string' && p.length <= 512 && isSitePattern(p)).slice(0, 500))
    .catch([]),
  cache: z
    .object({
      hitTtlDays: fields.cache.shape.hitTtlDays.catch(DEFAULT_SETTINGS.cache.hitTtlDays),
      missTtlDays: fields.cache.shape.missTtlDays.catch(DEFAULT_SETTINGS.cache.missTtlDays),
    })
    .catch(DEFAULT_SETTINGS.cache),
  dailyBudget: fields.dailyBudget.catch(null),
  confirmAboveCredits: fields.confirmAboveCredits.catch(DEFAULT_SETTINGS.confirmAboveCredits),
  country: fields.country.catch(null),
});

export function readSettings(stored: unknown): Settings {
  return StoredSettingsSchema.parse(stored && typeof stored === 'object' ? stored : {});
}

/** What extension pages may change (the key has its own messages). Invalid values are rejected, not replaced. */
export const SettingsPatchSchema = SettingsSchema.partial();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
