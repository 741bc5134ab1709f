// The country typed and imported national numbers are read in when "Your country" is not chosen: the browser's
// language, as before the setting (a language without a region names its country when it has one, de → DE; a bare
// `en` names none). The rule itself lives in lib/identity/region.ts; this checks the background reads it that way.
import { describe, expect, it } from 'vitest';
import { typedNumberCountry } from '@/lib/identity/region';
import { planRow } from '@/lib/import';

const browserCountry = (locale: string) => typedNumberCountry(null, locale) ?? undefined;

describe('the browser’s country, with no country chosen', () => {
  it.each([
    ['en-US', 'US'],
    ['en-GB', 'GB'],
    ['de-AT', 'AT'],
    ['de', 'DE'],
    ['fr', 'FR'],
    ['ja', 'JP'],
    ['en', undefined],
    ['', undefined],
  ])('%s → %s', (locale, country) => {
    expect(browserCountry(locale)).toBe(country);
  });

  it('an import read in the browser’s country takes national numbers, and refuses a date there', () => {
    const mapping = ['phone'] as const;
    const german = planRow(['0171 1234567'], mapping, { defaultCountry: browserCountry('de') });
    expect(german.entry).toMatchObject({ field_type: 'phone', value: '+491711234567' });
    expect(planRow(['2024-05-01'], mapping, { defaultCountry: browserCountry('de') }).entry).toBeNull();
    // Without a country (a bare `en`), a national number cannot be read: skipped with its reason, never guessed.
    expect(planRow(['0171 1234567'], mapping, { defaultCountry: browserCountry('en') }).entry).toBeNull();
  });
});
