/**
 * What an imported settings file would change, in words, and what is applied. The API address is its own step:
 * the saved API key goes with every request to that address, so a shared "team settings" file naming a lookalike
 * host would hand the key to whoever runs it. The file's address is applied only when the user opts in
 * (`settingsToApply`), after a warning that names the new host. Settings that change what lookups cost or how
 * much may be spent (realtime and waterfall by default, the daily budget, the "ask again above" threshold) are a
 * second opt-in step for the same reason: a shared file could otherwise triple every price behind one word.
 */
import type { RequiredField, ScanMode, Settings, SettingsPatch } from '../settings/schema';
import { siteLabel } from '../permissions/sites';
import { estimateCost } from '../api/pricing';
import { REQUIRED_FIELD_LABELS } from '../settings/required-words';
import { countryName, t, tn } from '../i18n/t';

/** The label of each setting, as the preview and the error sentences name it (getters: read in the UI language). */
export const SETTING_LABELS: Readonly<Record<keyof Settings, string>> = {
  get apiBaseUrl() { return t('options_api_address'); },
  get scanMode() { return t('options_transfer_field_scanning'); },
  get scanSites() { return t('options_transfer_field_sites'); },
  get lookupDefaults() { return t('options_defaults_title'); },
  get cache() { return t('options_cache_title'); },
  get dailyBudget() { return t('options_budget_title'); },
  get confirmAboveCredits() { return t('options_confirm_above'); },
  get country() { return t('options_country_title'); },
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
export const REQUIRED_WORDS = REQUIRED_FIELD_LABELS;

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

/** A change the file makes to what lookups cost or may spend, shown old → new; applied only when ticked. */
export interface PriceChange {
  /** Where it sits in the settings (`lookupDefaults.realtime`, `dailyBudget`). */
  field: 'lookupDefaults.realtime' | 'lookupDefaults.waterfall' | 'dailyBudget' | 'confirmAboveCredits';
  /** The setting's name, as the options form shows it. */
  label: string;
  /** "Fetch live data (realtime): off → on (+1 credit per contact found)". */
  text: string;
}

const onOff = (on: boolean) => (on ? t('options_transfer_on') : t('options_transfer_off'));
const budgetWords = (budget: number | null) => (budget === null ? t('options_transfer_no_limit') : tn('credits', budget));

/** What switching one lookup option costs per contact found, from the one pricing table ("+1 credit", "−1 credit"). */
function perContactDelta(option: 'realtime' | 'waterfall', from: boolean, to: boolean): string {
  const delta = estimateCost({ kind: 'enrich', [option]: to }) - estimateCost({ kind: 'enrich', [option]: from });
  return `${delta < 0 ? '−' : '+'}${tn('credits', Math.abs(delta))}`;
}

/** The file's changes to prices and spending limits, old → new; empty when it changes none. */
export function priceChangesOf(patch: SettingsPatch, current: Settings): PriceChange[] {
  const out: PriceChange[] = [];
  for (const option of ['realtime', 'waterfall'] as const) {
    const to = patch.lookupDefaults?.[option];
    const from = current.lookupDefaults[option];
    if (to === undefined || to === from) continue;
    const field = `lookupDefaults.${option}` as const;
    const label = FIELD_LABELS[field] ?? field;
    out.push({
      field,
      label,
      text: t('options_transfer_price_option', label, onOff(from), onOff(to), perContactDelta(option, from, to)),
    });
  }
  if (patch.dailyBudget !== undefined && patch.dailyBudget !== current.dailyBudget) {
    out.push({
      field: 'dailyBudget',
      label: SETTING_LABELS.dailyBudget,
      text: t('options_transfer_price_value', SETTING_LABELS.dailyBudget, budgetWords(current.dailyBudget), budgetWords(patch.dailyBudget)),
    });
  }
  if (patch.confirmAboveCredits !== undefined && patch.confirmAboveCredits !== current.confirmAboveCredits) {
    out.push({
      field: 'confirmAboveCredits',
      label: SETTING_LABELS.confirmAboveCredits,
      text: t(
        'options_transfer_price_value',
        SETTING_LABELS.confirmAboveCredits,
        tn('credits', current.confirmAboveCredits),
        tn('credits', patch.confirmAboveCredits),
      ),
    });
  }
  return out;
}

/**
 * The settings an import writes: everything in the file, except its API address unless the user ticked the
 * address step (`changeAddress`), and its price changes unless the user ticked that step (`changePrices`).
 * Without a tick the stored value stays: where the key goes, what a lookup costs, how much may be spent.
 */
export function settingsToApply(
  patch: SettingsPatch,
  current: Settings,
  opts: { changeAddress: boolean; changePrices: boolean },
): SettingsPatch {
  const out: SettingsPatch = { ...patch };
  if (!opts.changeAddress) delete out.apiBaseUrl;
  if (!opts.changePrices) {
    delete out.dailyBudget;
    delete out.confirmAboveCredits;
    if (out.lookupDefaults !== undefined) {
      // The other defaults (history, required fields) cost nothing extra and are applied; the paid options stay.
      const { realtime, waterfall } = current.lookupDefaults;
      out.lookupDefaults = { ...out.lookupDefaults, realtime, waterfall };
    }
  }
  return out;
}

/**
 * One line per setting the file changes, in words; the API address (`addressChangeOf`) and the price changes
 * (`priceChangesOf`) are not among them: each has its own step.
 */
export function describePatch(patch: SettingsPatch, current: Settings): string[] {
  const lines: string[] = [];
  const change = (setting: keyof Settings, value: string) => lines.push(t('options_transfer_change', SETTING_LABELS[setting], value));
  if (patch.scanMode !== undefined && patch.scanMode !== current.scanMode) change('scanMode', SCAN_WORDS[patch.scanMode]);
  if (patch.scanSites !== undefined && patch.scanSites.join() !== current.scanSites.join()) {
    change('scanSites', patch.scanSites.length === 0 ? t('options_transfer_none') : patch.scanSites.map(siteLabel).join(', '));
  }
  const defaults = patch.lookupDefaults;
  if (defaults !== undefined) {
    const field = (name: string) => t('options_transfer_field_in', SETTING_LABELS.lookupDefaults, FIELD_LABELS[`lookupDefaults.${name}`] ?? name);
    if (defaults.includeAllExperiences !== current.lookupDefaults.includeAllExperiences) {
      lines.push(
        t('options_transfer_price_value', field('includeAllExperiences'), onOff(current.lookupDefaults.includeAllExperiences), onOff(defaults.includeAllExperiences)),
      );
    }
    if (defaults.required.join() !== current.lookupDefaults.required.join()) {
      const words = (list: readonly RequiredField[]) =>
        list.length === 0 ? t('options_transfer_none') : list.map((v) => REQUIRED_WORDS[v]).join(', ');
      lines.push(t('options_transfer_price_value', field('required'), words(current.lookupDefaults.required), words(defaults.required)));
    }
  }
  if (patch.country !== undefined && patch.country !== current.country) {
    change('country', patch.country === null ? t('options_country_unset') : countryName(patch.country));
  }
  if (patch.cache !== undefined && JSON.stringify(patch.cache) !== JSON.stringify(current.cache)) {
    change('cache', t('options_transfer_cache_value', patch.cache.hitTtlDays, patch.cache.missTtlDays));
  }
  return lines;
}
