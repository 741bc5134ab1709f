// "Your country": one rule (lib/identity/region.ts) for the country numbers without a country code are read in, on
// pages that give no hint of their own, in the lookup box's parser and in imports. Each path is checked over the same
// table of countries, each with a number its people write nationally.
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { finalisePageScan, scanDocumentSync } from '@/lib/detect';
import { countryCodeOf, pageNumberCountry, regionOfLocale, typedNumberCountry, yourCountry, type CountryCode } from '@/lib/identity/region';
import { planRow } from '@/lib/import';
import { parseQuery } from '@/lib/selection/query';
import { describePatch } from '@/lib/settings-transfer';
import { DEFAULT_SETTINGS, readSettings, SettingsPatchSchema } from '@/lib/settings/schema';

/** A number as written in its country, its E.164, and a country where the same text is not that number. */
const NATIONAL: ReadonlyArray<{ country: CountryCode; written: string; e164: string; elsewhere: CountryCode }> = [
  { country: 'DE', written: '030 1234567', e164: '+49301234567', elsewhere: 'US' },
  { country: 'GB', written: '020 7555 8798', e164: '+442075558798', elsewhere: 'DE' },
  { country: 'FR', written: '01 06 99 05 40', e164: '+33106990540', elsewhere: 'GB' },
];

/** A page that says nothing about its country: no `lang`, no `tel:` link, no international number, no ccTLD. */
function scanQuietPage(written: string, yours: CountryCode | null) {
  const { document } = parseHTML(`<!doctype html><html><head><title>Contact</title></head><body><p>Call us: ${written}</p></body></html>`);
  return finalisePageScan(scanDocumentSync(document as unknown as Document, 'https://example-firm.com/contact'), { yourCountry: yours });
}

describe('the user’s country, from the options or the browser', () => {
  it.each([
    ['de-DE', 'DE'],
    ['en-GB', 'GB'],
    ['en-uk', 'GB'],
    ['fr-FR', 'FR'],
    ['de-AT', 'AT'],
    ['zh-Hant-TW', 'TW'],
    ['pt_BR', 'BR'],
    // A bare language names no country: the setting stays unset.
    ['de', null],
    ['en', null],
    ['', null],
    [undefined, null],
    // `419` (Latin America) is a region but no country with numbers of its own.
    ['es-419', null],
  ])('the browser’s %s → %s', (locale, country) => {
    expect(regionOfLocale(locale)).toBe(country);
  });

  it('a chosen country wins over the browser’s; junk in storage is not a country', () => {
    expect(yourCountry('FR', 'de-DE')).toBe('FR');
    expect(yourCountry(null, 'de-DE')).toBe('DE');
    expect(yourCountry('XX', 'en-GB')).toBe('GB');
    expect(countryCodeOf('UK')).toBeNull();
    expect(countryCodeOf('de')).toBe('DE');
    expect(countryCodeOf(49)).toBeNull();
  });

  it('typed text falls back on the browser’s language as before the setting existed', () => {
    expect(typedNumberCountry(null, 'de')).toBe('DE');
    expect(typedNumberCountry(null, 'en')).toBeNull();
    expect(typedNumberCountry('GB', 'de')).toBe('GB');
  });

  it('a page’s own evidence wins over the user’s country', () => {
    expect(pageNumberCountry({ country: 'FR', evidence: 'html-lang' }, 'DE')).toEqual({ country: 'FR', evidence: 'html-lang' });
    expect(pageNumberCountry(null, 'DE')).toEqual({ country: 'DE', evidence: 'your-country' });
    expect(pageNumberCountry(null, null)).toBeNull();
  });
});

describe.each(NATIONAL)('$written with $country', ({ country, written, e164, elsewhere }) => {
  it('on a page that names no country: read in the user’s country, and only there', () => {
    const page = scanQuietPage(written, country);
    expect(page.phones).toEqual([e164]);
    expect(page.phoneCountry).toEqual({ country, evidence: 'your-country' });
    expect(scanQuietPage(written, elsewhere).phones).not.toContain(e164);
    // Without a country the page's national numbers stay unread, as before the setting.
    expect(scanQuietPage(written, null).phones).toEqual([]);
  });

  it('on a page that names its own country, the page’s country wins', () => {
    const { document } = parseHTML(`<!doctype html><html lang="${country.toLowerCase()}-${country}"><body><p>Call us: ${written}</p></body></html>`);
    const page = finalisePageScan(scanDocumentSync(document as unknown as Document, 'https://example-firm.com/contact'), { yourCountry: elsewhere });
    expect(page.phones).toEqual([e164]);
    expect(page.phoneCountry?.evidence).toBe('html-lang');
  });

  it('in the lookup box: one phone meaning, in the chosen country over the browser’s', () => {
    const defaultCountry = typedNumberCountry(country, 'en-US') ?? undefined;
    expect(parseQuery(written, { defaultCountry })).toEqual([{ kind: 'phone', phone: e164 }]);
    const other = parseQuery(written, { defaultCountry: typedNumberCountry(elsewhere, 'en-US') ?? undefined });
    expect(other).not.toContainEqual({ kind: 'phone', phone: e164 });
  });

  it('in an import: the phone column read in the chosen country', () => {
    const plan = planRow([written], ['phone'], { defaultCountry: typedNumberCountry(country, 'en') ?? undefined });
    expect(plan.entry).toMatchObject({ field_type: 'phone', value: e164 });
    expect(planRow([written], ['phone'], { defaultCountry: typedNumberCountry(null, 'en') ?? undefined }).entry).toBeNull();
  });
});

describe('the setting in the settings schema', () => {
  it('is not chosen by default and keeps a chosen country', () => {
    expect(readSettings({}).country).toBeNull();
    expect(readSettings({ country: 'GB' }).country).toBe('GB');
  });

  it('reads junk in storage as not chosen, without touching the other settings', () => {
    const stored = readSettings({ country: 'Germany', confirmAboveCredits: 250 });
    expect(stored.country).toBeNull();
    expect(stored.confirmAboveCredits).toBe(250);
  });

  it('refuses a code no country has numbers of from the UI', () => {
    expect(SettingsPatchSchema.safeParse({ country: 'FR' }).success).toBe(true);
    expect(SettingsPatchSchema.safeParse({ country: null }).success).toBe(true);
    expect(SettingsPatchSchema.safeParse({ country: 'UK' }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ country: 'de' }).success).toBe(false);
  });
});

describe('the setting in a settings file', () => {
  it('an imported file that changes the country says so in the preview, in words', () => {
    expect(describePatch({ country: 'FR' }, DEFAULT_SETTINGS)).toEqual(['Your country → France']);
    expect(describePatch({ country: null }, { ...DEFAULT_SETTINGS, country: 'FR' })).toEqual(['Your country → Not set']);
    expect(describePatch({ country: 'FR' }, { ...DEFAULT_SETTINGS, country: 'FR' })).toEqual([]);
  });
});
