/**
 * Country for phone numbers written without +country code: the browser's language (en-GB → GB, de → DE, en-US → US;
 * a bare `en` names no country). One rule with the page scan's language evidence (`countryOfLang`).
 */
import type { CountryCode } from '@/lib/identity';
import { countryOfLang } from '@/lib/identity/phone-country';
import { readPage } from './pages';

/**
 * The country a selection on this tab is read in: the page's own, as its scan found it (its language, its addresses,
 * how its numbers are written), else the browser's. On a German page "030 12345678" is a Berlin number whatever the
 * browser's language; right-click read it in the browser's country while the page scan read it in the page's.
 */
export async function countryForTab(tabId: number | undefined): Promise<CountryCode | undefined> {
  if (tabId !== undefined) {
    const page = await readPage(tabId).catch(() => null);
    const country = page?.entities.phoneCountry?.country;
    if (country) return country as CountryCode;
  }
  return defaultCountry();
}

export function defaultCountry(locale: string = globalThis.navigator?.language ?? 'en-US'): CountryCode | undefined {
  return countryOfLang(locale) ?? undefined;
}
