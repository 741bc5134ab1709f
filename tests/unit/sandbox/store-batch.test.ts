import { describe, expect, it } from 'vitest';
import { Store, type BulkLookupField } from '@/sandbox/store';
import { seededMemoryDb } from './helpers';

/*
 * Bulk enrichment looks inputs up in batches (one query per field type, one for the documents); these rows hold
 * it to the same answers as the one-at-a-time lookup GET /v1/enrich uses, input by input, in input order.
 */

const db = seededMemoryDb({ seed: 5, companies: 200, contacts: 300 });
const store = new Store(db);
const keys = (kind: string) =>
  db.prepare<[string], { value: string; contact_id: number }>('SELECT value, contact_id FROM contact_keys WHERE kind = ? ORDER BY rowid LIMIT 40').all(kind);

const emails = keys('email').map((k) => k.value);
const phones = keys('phone').map((k) => k.value);
const profiles = keys('social')
  .filter((k) => k.value.startsWith('linkedin:'))
  .map((k) => `https://www.linkedin.com/in/${k.value.slice('linkedin:'.length)}`);
const at = (list: string[], i: number): string => list[i % list.length] as string;

describe('batched bulk lookups', () => {
  // Rows: case, field, inputs, how many of them name a seeded contact.
  it.each<[string, BulkLookupField, string[], number]>([
    ['known emails as stored', 'email', emails, emails.length],
    ['emails as people type them (case, spaces)', 'email', [` ${at(emails, 0).toUpperCase()} `, at(emails, 1).replace(/^./, (c) => c.toUpperCase())], 2],
    ['unknown addresses and junk between known ones', 'email', [at(emails, 2), 'nobody@no-such-domain.example', 'not an email', at(emails, 3), '@', at(emails, 2)], 3],
    ['the same address 3 times (each row answered)', 'email', [at(emails, 4), at(emails, 4), at(emails, 4)], 3],
    ['E.164 phones', 'phone', phones, phones.length],
    [
      'phones in national and spaced formats',
      'phone',
      [at(phones, 0).replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3'), at(phones, 1).replace(/^\+(\d)(\d{3})/, '+$1 $2 '), '12', 'call me'],
      2,
    ],
    ['LinkedIn profiles', 'social_profile', profiles, profiles.length],
    [
      'profile URL variants (host, slash, query, case)',
      'social_profile',
      [
        at(profiles, 0).replace('www.', 'uk.'),
        `${at(profiles, 1)}/`,
        `${at(profiles, 2)}?trk=people-search`,
        at(profiles, 3).toUpperCase().replace('HTTPS://WWW.LINKEDIN.COM', 'https://linkedin.com'),
        'https://www.linkedin.com/company/acme',
        'javascript:alert(1)',
      ],
      4,
    ],
    ['nothing', 'email', [], 0],
  ])('%s: same ids as one-at-a-time lookups', (_case, field, values, found) => {
    const oneByOne = values.map((value) => store.findContactId({ [field]: value }));
    expect(store.findContactIds(field, values)).toEqual(oneByOne);
    expect(oneByOne.filter((id) => id !== undefined)).toHaveLength(found);
  });

  it('documents in one query, one per distinct id, absent ids left out', () => {
    const ids = [3, 1, 3, 999_999];
    const docs = store.contactJsonMany(ids);
    expect([...docs.keys()].sort()).toEqual([1, 3]);
    expect(JSON.parse(docs.get(3) as string)).toEqual(store.contact(3));
    expect(store.contactJsonMany([]).size).toBe(0);
  });
});
