/**
 * Country for phone numbers written without +country code: the browser's language (en-GB → GB, de → DE, en-US → US;
 * a bare `en` names no country). One rule with the page scan's language evidence (`countryOfLang`).
 */
import type { CountryCode } from '@/lib/identity';
import { countryOfLang } from '@/lib/identity/phone-country';

export function defaultCountry(locale: string = globalThis.navigator?.language ?? 'en-US'): CountryCode | undefined {
  return countryOfLang(locale) ?? undefined;
}
