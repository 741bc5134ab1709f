// Every entity the fixture pages hold → its cache key, reached the same way from the page scan's normal form, from
// other ways people write it, from the lookup box / right-click parser, and from an API answer's alias. One
// identity module decides, so all of them must land on one key (and one charge).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { companyAliasKeys, contactAliasKeys } from '@/lib/cache/aliases';
import { companyEnrichKey, contactEnrichKey } from '@/lib/cache/keys';
import { formatPhone } from '@/lib/identity/phone';
import type { SelectionMeaning } from '@/lib/messaging/protocol';
import { parseQuery } from '@/lib/selection/query';

const DIR = new URL('../../fixtures/pages/', import.meta.url);

type Kind = 'emails' | 'phones' | 'profiles' | 'companyProfiles' | 'domains';

const rows: Array<[string, Kind, string]> = [];
for (const file of readdirSync(DIR).filter((f) => f.endsWith('.expected.json'))) {
  const expected = JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as Record<Kind, string[]>;
  for (const kind of ['emails', 'phones', 'profiles', 'companyProfiles', 'domains'] as const) {
    for (const value of expected[kind]) rows.push([file, kind, value]);
  }
}
const unique = [...new Map(rows.map((r) => [`${r[1]}:${r[2]}`, r])).values()];

/** The key each kind must have, written out (not computed by the code under test). */
function expectedKey(kind: Kind, value: string): string {
  switch (kind) {
    case 'emails':
      return `contact/enrich?email=${encodeURIComponent(value)}`;
    case 'phones':
      return `contact/enrich?phone=${encodeURIComponent(value)}`;
    case 'profiles':
      return `contact/enrich?social_profile=${encodeURIComponent(value)}`;
    default:
      return `company/enrich?url=${encodeURIComponent(value)}`;
  }
}

function keyOf(kind: Kind, value: string): string {
  switch (kind) {
    case 'emails':
      return contactEnrichKey({ email: value });
    case 'phones':
      return contactEnrichKey({ phone: value });
    case 'profiles':
      return contactEnrichKey({ social_profile: value });
    default:
      return companyEnrichKey(value);
  }
}

/** How else people write the same thing: capitals, spaces, formatting, a country subdomain, a website URL. */
function variants(kind: Kind, value: string): string[] {
  switch (kind) {
    case 'emails':
      return [value.toUpperCase(), `  ${value} `];
    case 'phones':
      return [formatPhone(value), formatPhone(value).replace(/ /g, '-'), `00${value.slice(1)}`];
    case 'profiles':
    case 'companyProfiles':
      return [`${value.replace('https://www.', 'http://uk.')}/?trk=x`, value.replace('https://www.', '')];
    default:
      return [`https://www.${value}/about?x=1`, value.toUpperCase()];
  }
}

function keyOfMeaning(meaning: SelectionMeaning | undefined): string | null {
  switch (meaning?.kind) {
    case 'email':
      return contactEnrichKey({ email: meaning.email });
    case 'phone':
      return contactEnrichKey({ phone: meaning.phone });
    case 'profile':
      return contactEnrichKey({ social_profile: meaning.url });
    case 'company':
      return companyEnrichKey(meaning.url);
    default:
      return null;
  }
}

describe('every fixture entity → its key', () => {
  it('covers the fixture pages', () => {
    expect(unique.length).toBeGreaterThan(500);
  });

  it.each(unique)('%s %s %s', (_file, kind, value) => {
    const key = expectedKey(kind, value);
    expect(keyOf(kind, value)).toBe(key);
    for (const variant of variants(kind, value)) expect(keyOf(kind, variant)).toBe(key);
    // Typed into the lookup box or selected on a page: the same key.
    for (const typed of [value, ...variants(kind, value)]) expect(keyOfMeaning(parseQuery(typed)[0])).toBe(key);
  });

  it.each(unique.filter(([, kind]) => kind !== 'domains' && kind !== 'companyProfiles'))('an API answer naming %s %s %s aliases to its key', (_f, kind, value) => {
    const contact =
      kind === 'emails'
        ? { current_work_email: value.toUpperCase() }
        : kind === 'phones'
          ? { phone_numbers: [{ E164: value }] }
          : { social_profiles: [{ url: value.replace('https://www.', 'https://de.') }] };
    expect(contactAliasKeys(contact, {}, 'primary')).toContain(expectedKey(kind, value));
  });

  it.each(unique.filter(([, kind]) => kind === 'domains' || kind === 'companyProfiles'))('an API company naming %s %s %s aliases to its key', (_f, kind, value) => {
    const company = kind === 'domains' ? { website: `https://www.${value}/` } : { overview: { pnet_url: `${value}/about/` } };
    expect(companyAliasKeys(company, 'primary')).toContain(expectedKey(kind, value));
  });
});
