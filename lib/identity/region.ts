// Which country a number written without its country code (`030 1234567`, `020 7555 8798`, `01 06 99 05 40`) is
// read in: the one decision for pages, the lookup box, the context menu and imports (docs/people.md, "Your country").
// A page's own evidence first (`phoneCountryOf`); then the user's country (the options' "Your country", else the
// region of the browser's language); text the user types or imports last falls back on the browser's language as
// it always did (`de` → DE). Runs in the background and extension pages, never in the content script.
import { getCountries, isSupportedCountry, type CountryCode } from 'libphonenumber-js/min';
import type { PhoneCountry } from '../detect/schema';
import { countryOfLang } from './phone-country';

export type { CountryCode };

/** `DE`, `gb` → DE, GB; null for anything the phone metadata has no numbers of (`UK`, `XX`, junk). */
export function countryCodeOf(value: unknown): CountryCode | null {
  if (typeof value !== 'string' || !/^[A-Za-z]{2}$/.test(value)) return null;
  const upper = value.toUpperCase();
  return isSupportedCountry(upper) ? upper : null;
}

/**
 * The region a browser language names: `de-DE` → DE, `en-GB` → GB, `zh-Hant-TW` → TW. A bare language (`de`, `en`)
 * names no country: "Your country" then stays unset rather than guessing Germany for every German speaker in Austria.
 */
export function regionOfLocale(locale: string | null | undefined): CountryCode | null {
  if (!locale) return null;
  const region = locale
    .trim()
    .split(/[-_]/)
    .slice(1)
    .find((part) => /^[A-Za-z]{2}$/.test(part));
  if (region === undefined) return null;
  return countryCodeOf(region.toUpperCase() === 'UK' ? 'GB' : region);
}

/** The user's country: the one chosen in the options, else the browser's region; null when neither names one. */
export function yourCountry(chosen: string | null | undefined, browserLocale: string | null | undefined): CountryCode | null {
  return countryCodeOf(chosen) ?? regionOfLocale(browserLocale);
}

/**
 * The country of what the user types or imports (the lookup box, the context menu off a scanned page, a CSV): their
 * country, else the browser's language as before the setting existed (`de` → DE, a bare `en` → none).
 */
export function typedNumberCountry(chosen: string | null | undefined, browserLocale: string | null | undefined): CountryCode | null {
  return yourCountry(chosen, browserLocale) ?? (browserLocale ? countryOfLang(browserLocale) : null);
}

/**
 * The country of a page's national numbers: what the page says about itself wins (a German user reading a French
 * page reads French numbers); the user's country only when the page gives no hint at all.
 */
export function pageNumberCountry(pageEvidence: PhoneCountry | null, yours: CountryCode | null): PhoneCountry | null {
  if (pageEvidence !== null) return pageEvidence;
  return yours === null ? null : { country: yours, evidence: 'your-country' };
}

/** Every country the options offer: those the phone metadata has numbers of. */
export function countryChoices(): CountryCode[] {
  return getCountries();
}
