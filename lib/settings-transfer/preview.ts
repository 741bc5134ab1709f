/**
 * What an imported settings file would change, in words, and what is applied. The API address is its own step:
 * the saved API key goes with every request to that address, so a shared "team settings" file naming a lookalike
 * host would hand the key to whoever runs it. The file's address is applied only when the user opts in
 * (`settingsToApply`), after a warning that names the new host.
 */
import type { ScanMode, Settings, SettingsPatch } from '../settings/schema';
import { siteLabel } from '../permissions/sites';
import { t, tn } from '../i18n/t';

/** The label of each setting, as the preview and the error sentences name it (getters: read in the UI language). */
export const SETTING_LABELS: Readonly<Record<keyof Settings, string>> = {
  get apiBaseUrl() { return t('options_api_address'); },
  get scanMode() { return t('options_transfer_field_scanning'); },
  get scanSites() { return t('options_transfer_field_sites'); },
  get lookupDefaults() { return t('options_defaults_title'); },
  get cache() { return t('options_cache_title'); },
  get dailyBudget() { return t('options_budget_title'); },
  get confirmAboveCredits() { return t('options_confirm_above'); },
};

/** The labels of the fields inside a setting, as the options form shows them. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  get 'lookupDefaults.realtime'() { return t('options_defaults_realtime'); },
  get 'lookupDefaults.waterfall'() { return t('options_defaults_waterfall'); },
  get 'lookupDefaults.includeAllExperiences'() { return t('options_defaults_history'); },
  get 'lookupDefaults.required'() { return t('options_defaults_required'); },
  get 'cache.hitTtlDays'() { return t('options_cache_hit_days'); },
  get 'cache.missTtlDays'() { return t('options_cache_miss_days'); },
};

/** How the preview words each scan mode. */
export const SCAN_WORDS: Readonly<Record<ScanMode, string>> = {
  get 'on-request'() { return t('options_transfer_scan_on_request'); },
  get sites() { return t('options_transfer_scan_sites'); },
  get everywhere() { return t('options_transfer_scan_everywhere'); },
};

/** The fields a match may be required to have, as the options form words them (one table, lib/settings). */
export { REQUIRED_FIELD_LABELS as REQUIRED_WORDS } from '../settings/required-words';

/** A change of the API address the file asks for. */
export interface AddressChange {
  from: string;
  to: string;
  /** The new address's host (and port), as the browser reads it: a lookalike name shows as its punycode. */
  host: string;
}

/** The same address, however written (`https://API.example.com/` is `https://api.example.com`). */
function sameAddress(a: string, b: string): boolean {
  const norm = (s: string) => {
    try {
      const url = new URL(s.trim());
      return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    } catch {
      return s.trim();
    }
  };
  return norm(a) === norm(b);
}

/** The API address the file would switch to; null when it names none or the current one. */
export function addressChangeOf(patch: SettingsPatch, current: Settings): AddressChange | null {
  const to = patch.apiBaseUrl;
  if (to === undefined || sameAddress(to, current.apiBaseUrl)) return null;
  let host: string;
  try {
    host = new URL(to).host;
  } catch {
    host = to;
  }
  return { from: current.apiBaseUrl, to, host };
}

/**
 * The settings an import writes: everything in the file, except its API address unless the user ticked the
 * address step (`changeAddress`). Without the tick the stored address, and where the key goes, stay as they are.
 */
export function settingsToApply(patch: SettingsPatch, opts: { changeAddress: boolean }): SettingsPatch {
  if (opts.changeAddress || patch.apiBaseUrl === undefined) return patch;
  const { apiBaseUrl: _held, ...rest } = patch;
  return rest;
}

/** One line per setting the file changes, in words; the API address is not among them (`addressChangeOf`). */
export function describePatch(patch: SettingsPatch, current: Settings): string[] {
  const lines: string[] = [];
  const change = (setting: keyof Settings, value: string) => lines.push(t('options_transfer_change', SETTING_LABELS[setting], value));
  if (patch.scanMode !== undefined && patch.scanMode !== current.scanMode) change('scanMode', SCAN_WORDS[patch.scanMode]);
  if (patch.scanSites !== undefined && patch.scanSites.join() !== current.scanSites.join()) {
    change('scanSites', patch.scanSites.length === 0 ? t('options_transfer_none') : patch.scanSites.map(siteLabel).join(', '));
  }
  if (patch.lookupDefaults !== undefined && JSON.stringify(patch.lookupDefaults) !== JSON.stringify(current.lookupDefaults)) {
    lines.push(SETTING_LABELS.lookupDefaults);
  }
  if (patch.cache !== undefined && JSON.stringify(patch.cache) !== JSON.stringify(current.cache)) {
    change('cache', t('options_transfer_cache_value', patch.cache.hitTtlDays, patch.cache.missTtlDays));
  }
  if (patch.dailyBudget !== undefined && patch.dailyBudget !== current.dailyBudget) {
    change('dailyBudget', patch.dailyBudget === null ? t('options_transfer_no_limit') : tn('credits', patch.dailyBudget));
  }
  if (patch.confirmAboveCredits !== undefined && patch.confirmAboveCredits !== current.confirmAboveCredits) {
    change('confirmAboveCredits', tn('credits', patch.confirmAboveCredits));
  }
  return lines;
}
