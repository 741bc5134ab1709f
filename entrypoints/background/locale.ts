/** Country for phone numbers written without +country code: the browser's locale region (en-GB → GB). */
import type { CountryCode } from 'libphonenumber-js';
import { getCountries } from 'libphonenumber-js';

export function defaultCountry(locale: string = globalThis.navigator?.language ?? 'en-US'): CountryCode | undefined {
  const region = locale.split(/[-_]/)[1]?.toUpperCase();
  return region && (getCountries() as string[]).includes(region) ? (region as CountryCode) : undefined;
}
