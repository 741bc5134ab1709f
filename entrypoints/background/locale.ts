/** The country a selection is read in (right-click, the shortcut): the page's, else the user's. */
import type { CountryCode } from '@/lib/identity';
import { readPage } from './pages';
import { countryForTyping } from './your-country';

/**
 * The country a selection on this tab is read in: the page's own, as its scan found it (its language, its addresses,
 * how its numbers are written, else the user's country), else what typed text is read in. On a German page
 * "030 12345678" is a Berlin number whatever the browser's language.
 */
export async function countryForTab(tabId: number | undefined): Promise<CountryCode | undefined> {
  if (tabId !== undefined) {
    const page = await readPage(tabId).catch(() => null);
    const country = page?.entities.phoneCountry?.country;
    if (country) return country as CountryCode;
  }
  return countryForTyping();
}
