/**
 * The user's country for the background: "Your country" from the options, else the browser's region, put together by
 * the one rule in lib/identity/region.ts.
 */
import type { CountryCode } from '@/lib/identity';
import { typedNumberCountry, yourCountry } from '@/lib/identity/region';
import type { Settings } from '@/lib/settings/schema';

let settingsSource: (() => Promise<Pick<Settings, 'country'>>) | null = null;

/** Where the chosen country is read from: the background's settings store, set once at start. */
export function readCountryFrom(source: () => Promise<Pick<Settings, 'country'>>): void {
  settingsSource = source;
}

const browserLocale = (): string => globalThis.navigator?.language ?? '';

/** The country chosen in the options; null when not chosen or the settings cannot be read (the browser's then). */
async function chosenCountry(): Promise<string | null> {
  if (settingsSource === null) return null;
  return settingsSource().then(
    (settings) => settings.country,
    () => null,
  );
}

/** The user's country for a page that gives no hint of its own (finalising a page scan). */
export async function countryForPages(): Promise<CountryCode | null> {
  return yourCountry(await chosenCountry(), browserLocale());
}

/** The country of text the user types (the lookup box) or imports. */
export async function countryForTyping(): Promise<CountryCode | undefined> {
  return typedNumberCountry(await chosenCountry(), browserLocale()) ?? undefined;
}
