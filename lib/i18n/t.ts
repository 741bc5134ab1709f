/**
 * Every string the user reads goes through here: `t('key', …substitutions)` asks the browser's i18n
 * (`_locales`, compiled from `locales/` at build time), so the UI follows the browser's language. Keys are typed from
 * the English catalogue, so a typo fails the typecheck. A number passed as a substitution is formatted here by Intl in
 * `uiLanguage()`; credits, durations and dates are worded by components/ui/format.ts and lib/credits/words.ts.
 *
 * Plurals: the browser has none, so `tn('key', n)` picks `key_one`/`key_other` (or the language's other
 * categories when present) by `Intl.PluralRules` and passes `n`, formatted, as `$1`.
 */
import { browser } from 'wxt/browser';
import type { MessageKey } from './keys';

export type { MessageKey };
type Substitution = string | number;
type MessageSource = (key: string, substitutions: string[]) => string;

function browserSource(key: string, substitutions: string[]): string {
  // The browser types allow only its own @@ keys; ours are checked by MessageKey instead.
  return browser?.i18n?.getMessage(key as '@@ui_locale', substitutions) ?? '';
}

let source: MessageSource = browserSource;
let language: string | undefined;

/** Tests and Node scripts read a catalogue directly (the browser's i18n exists only in the extension). */
export function useCatalogue(catalogue: Record<string, string>, lang = 'en'): void {
  source = (key, subs) => (catalogue[key] ?? '').replace(/\$([1-9])/g, (_m, n: string) => subs[Number(n) - 1] ?? '');
  language = lang;
}

/** The UI language: the browser's, as the i18n API reports it. */
export function uiLanguage(): string {
  if (language) return language;
  try {
    language = browser.i18n?.getUILanguage?.() || globalThis.navigator?.language || 'en';
  } catch {
    language = 'en';
  }
  return language ?? 'en';
}

function format(value: Substitution): string {
  return typeof value === 'number' ? new Intl.NumberFormat(uiLanguage()).format(value) : value;
}

/** The message for `key`, with `$1`… replaced. An unknown key shows itself, so a gap is visible, never blank. */
export function t(key: MessageKey, ...substitutions: Substitution[]): string {
  return source(key, substitutions.map(format)) || key;
}

/** A counted message: `key_one` / `key_other` (and `_few`, `_many`… when a language has them) with `$1` = n. */
export function tn(key: PluralBase, n: number, ...more: Substitution[]): string {
  const category = new Intl.PluralRules(uiLanguage()).select(n);
  const subs = [format(n), ...more.map(format)];
  return source(`${key}_${category}`, subs) || source(`${key}_other`, subs) || key;
}

type PluralBase = { [K in MessageKey]: K extends `${infer B}_other` ? B : never }[MessageKey];

/** A country's name in the UI language (`DE` → "Germany", "Deutschland"); the code where the runtime has none. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
