// The country national numbers are read in, from the browser's language: a language without a region names its
// country when it has one (de → DE), as the page scan's language evidence does; a bare `en` names none.
import { describe, expect, it } from 'vitest';
import { defaultCountry } from '@/entrypoints/background/locale';
import { planRow } from '@/lib/import';

describe('defaultCountry', () => {
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
    expect(defaultCountry(locale)).toBe(country);
  });

  it('an import read in the browser’s country takes national numbers, and refuses a date there', () => {
    const mapping = ['phone'] as const;
    const german = planRow(['0171 1234567'], mapping, { defaultCountry: defaultCountry('de') });
    expect(german.entry).toMatchObject({ field_type: 'phone', value: '+491711234567' });
    expect(planRow(['2024-05-01'], mapping, { defaultCountry: defaultCountry('de') }).entry).toBeNull();
    // Without a country (a bare `en`), a national number cannot be read: skipped with its reason, never guessed.
    expect(planRow(['0171 1234567'], mapping, { defaultCountry: defaultCountry('en') }).entry).toBeNull();
  });
});
