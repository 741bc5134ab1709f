// "Do I own this one already?" (lib/contacts/saved.ts): a page row whose cached answer has expired opens the contact
// book's record instead of offering to buy it again. The record is filed as the engine files it: under the lookup's
// cache key and the aliases the answer gives (lib/cache/aliases.ts), with the options of the purchase in every key.
import { describe, expect, it } from 'vitest';
import { companyAliasKeys, contactAliasKeys } from '@/lib/cache/aliases';
import { bulkEntryKey, companyEnrichKey, contactEnrichKey } from '@/lib/cache/keys';
import { bookIndexSource, createContactBook, createMemoryContactBookStore, openBookIndex, recordPaidAnswer, savedContactsFrom, savedKeys, type SavedQuery } from '@/lib/contacts';
import { dedupeEntries } from '@/lib/engine/bulk-dedupe';
import type { RequiredBulkField } from '@/lib/engine/bulk-job';
import type { BulkEntry } from '@/lib/messaging/protocol';
import type { ContactOptions } from '@/lib/messaging/protocol';
import { contact } from '../export/contact';

const JANE = contact({
  _id: 'jane-1',
  full_name: 'Jane Doe',
  current_work_email: 'jane.doe@acme-robotics.com',
  phone_numbers: [{ E164: '+14155550100' }],
  social_profiles: [{ url: 'https://www.linkedin.com/in/jane-doe-7' }],
  // No personal address: a lookup requiring one is not answered by her saved answer.
  personal_emails: [],
});

function setup() {
  let n = 0;
  const book = createContactBook({ store: createMemoryContactBookStore(), now: () => Date.UTC(2026, 10, 26), newId: () => `id${++n}` });
  /** Jane bought by her email with `options`, as lib/engine/lookups.ts reports a paid answer. */
  const buyJane = async (options: ContactOptions) => {
    const key = contactEnrichKey({ email: 'jane.doe@acme-robotics.com' }, options);
    return recordPaidAnswer(book, {
      endpoint: 'contact/enrich',
      key,
      aliases: contactAliasKeys(JANE, options, key),
      found: true,
      value: JANE,
      creditsCharged: 1,
      fetchedAt: Date.UTC(2026, 9, 1),
    });
  };
  const find = async (query: SavedQuery) => {
    const record = await (await openBookIndex(book)).find(query.kind, savedKeys(query));
    return record ? { id: record.id, lastBoughtAt: record.lastBoughtAt } : null;
  };
  return { book, buyJane, find };
}

type BulkRequired = RequiredBulkField[];

const byProfile: SavedQuery = { kind: 'person', lookups: [{ social_profile: 'https://linkedin.com/in/Jane-Doe-7/' }] };

describe('a row finds what the user bought, by any identifier it shows', () => {
  it.each<[string, ContactOptions, SavedQuery]>([
    ['the email it was bought by', {}, { kind: 'person', lookups: [{ email: 'Jane.Doe@ACME-Robotics.COM' }] }],
    ['her profile (an alias of the answer), written another way', {}, byProfile],
    ['her phone, written as the page wrote it', {}, { kind: 'person', lookups: [{ phone: '+1 415-555-0100' }], options: {} }],
    ['bought with waterfall; the user has since turned it off', { waterfall: true }, { kind: 'person', lookups: [{ email: 'jane.doe@acme-robotics.com' }], options: {} }],
    ['bought with all experiences; asked with the user\'s options carrying required fields', { includeAllExperiences: true }, { ...byProfile, options: { required: ['phone'] } } as SavedQuery],
    ['bought with required fields; asked with the same options', { required: ['phone'] }, { ...byProfile, options: { required: ['phone'] } } as SavedQuery],
    ['bought plainly; asked requiring a phone, which her saved answer has', {}, { ...byProfile, options: { required: ['phone', 'email_or_phone'] } } as SavedQuery],
  ])('%s', async (_why, bought, query) => {
    const { book, buyJane, find } = setup();
    await buyJane(bought);
    const [entry] = (await book.list()).entries;
    expect(await find(query)).toEqual({ id: entry?.id, lastBoughtAt: Date.UTC(2026, 9, 1) });
  });
});

describe('a bulk job finds the people bought before by its entries (openSavedContacts)', () => {
  // Asked as the job asks: the entry's row (its key and the keys of its other identifiers).
  const ask = async (book: ReturnType<typeof setup>['book'], entry: BulkEntry, required: BulkRequired = []) => {
    const [row] = dedupeEntries([entry], required);
    return (await savedContactsFrom(() => openBookIndex(book))()).find([row!.key, ...row!.aliases]);
  };

  it.each<[string, ContactOptions, BulkEntry, BulkRequired, boolean]>([
    ['a page person sent by a profile the answer did not give, known by the email it was bought by', {}, { field_type: 'social_profile', value: 'https://www.linkedin.com/in/someone-else', alsoKnownAs: { emails: ['jane.doe@acme-robotics.com'] } }, [], true],
    ['by her phone alone, written as a file writes it', {}, { field_type: 'phone', value: '+1 (415) 555-0100' }, [], true],
    ['by her profile (an alias of the answer)', {}, { field_type: 'social_profile', value: 'https://uk.linkedin.com/in/Jane-Doe-7/' }, [], true],
    ['bought with waterfall, asked by a job without it', { waterfall: true }, { field_type: 'email', value: 'JANE.DOE@acme-robotics.com' }, [], true],
    ['bought with required fields, asked by a job with others her answer has', { required: ['phone'] }, { field_type: 'email', value: 'jane.doe@acme-robotics.com' }, ['email', 'social_profile'], true],
    ['bought plainly, asked by a job requiring a phone, which she has', {}, { field_type: 'email', value: 'jane.doe@acme-robotics.com' }, ['phone'], true],
    ['bought plainly, asked by a job requiring a personal email, which her answer lacks: the service might find one', {}, { field_type: 'email', value: 'jane.doe@acme-robotics.com' }, ['personal_email'], false],
    ['someone else, whose other identifiers are not hers either', {}, { field_type: 'email', value: 'john@acme-robotics.com', alsoKnownAs: { phones: ['+14155550199'] } }, [], false],
    ['a hostile identifier beside a stranger\'s email changes nothing', {}, { field_type: 'email', value: 'john@acme-robotics.com', alsoKnownAs: { profiles: ['javascript:alert(1)'] } }, [], false],
  ])('%s', async (_why, bought, entry, required, found) => {
    const { book, buyJane } = setup();
    await buyJane(bought);
    const saved = await ask(book, entry, required);
    if (found) expect(saved).toEqual({ contact: expect.objectContaining({ _id: 'jane-1', full_name: 'Jane Doe' }), boughtAt: Date.UTC(2026, 9, 1) });
    else expect(saved).toBeNull();
  });

  it('a key two records share (merged by the service\'s id): the live one answers, not the deleted one', async () => {
    const { book, buyJane } = setup();
    await buyJane({});
    // Another record (the service's id jane-2), first bought by another phone, then by her email: `keep` merges the
    // second purchase into jane-2 by id, and jane-1 keeps the email key too.
    const other = { ...JANE, _id: 'jane-2' };
    const buy = (key: string, at: number) => recordPaidAnswer(book, { endpoint: 'contact/enrich', key, aliases: [], found: true, value: other, creditsCharged: 1, fetchedAt: at });
    await buy(contactEnrichKey({ phone: '+14155550111' }), Date.UTC(2026, 9, 4));
    await buy(contactEnrichKey({ email: 'jane.doe@acme-robotics.com' }), Date.UTC(2026, 9, 5));
    const entries = (await book.list()).entries;
    expect(entries).toHaveLength(2);
    for (const e of entries) {
      await book.remove([e.id]);
      const left = entries.find((x) => x.id !== e.id)!;
      const saved = await ask(book, { field_type: 'email', value: 'jane.doe@acme-robotics.com' });
      expect(saved?.boughtAt).toBe(left.lastBoughtAt);
      await book.restore([e.id]);
    }
  });

  it('not a person deleted from the book, nor a company, nor anything from an empty book', async () => {
    const { book, buyJane } = setup();
    const jane: BulkEntry = { field_type: 'email', value: 'jane.doe@acme-robotics.com' };
    expect(await ask(book, jane)).toBeNull();
    await buyJane({});
    const [entry] = (await book.list()).entries;
    await book.remove([entry?.id ?? '']);
    expect(await ask(book, jane)).toBeNull();
    await recordPaidAnswer(book, { endpoint: 'company/enrich', key: companyEnrichKey('acme-robotics.com'), aliases: [], found: true, value: { _id: 'acme', website: 'https://acme-robotics.com' }, creditsCharged: 1, fetchedAt: 1 });
    expect(await ask(book, { field_type: 'email', value: 'acme-robotics.com' })).toBeNull();
  });
});

describe('the background keeps the index until the book keeps another purchase (bookIndexSource)', () => {
  it('reads the book\'s keys once for many questions, again after a purchase, and then finds the new person', async () => {
    const { book, buyJane } = setup();
    let reads = 0;
    const counted = { ...book, keyIndex: () => (reads++, book.keyIndex()), records: book.records, purchases: book.purchases };
    const source = savedContactsFrom(bookIndexSource(counted));
    const jane: BulkEntry = { field_type: 'email', value: 'jane.doe@acme-robotics.com' };
    const key = bulkEntryKey(jane);
    expect(await (await source()).find([key])).toBeNull();
    expect(await (await source()).find([key])).toBeNull();
    expect(reads).toBe(1);
    await buyJane({});
    expect((await (await source()).find([key]))?.contact).toMatchObject({ _id: 'jane-1' });
    expect(reads).toBe(2);
    // A removal needs no new index: the match is read and found deleted.
    const [entry] = (await book.list()).entries;
    await book.remove([entry?.id ?? '']);
    expect(await (await source()).find([key])).toBeNull();
    expect(reads).toBe(2);
  });
});

describe('and nothing else', () => {
  it('someone not bought: null', async () => {
    const { buyJane, find } = setup();
    await buyJane({});
    expect(await find({ kind: 'person', lookups: [{ email: 'john.roe@acme-robotics.com' }, { phone: '+14155550199' }] })).toBeNull();
  });

  it('a record deleted from the book is not offered (it is gone from every view)', async () => {
    const { book, buyJane, find } = setup();
    await buyJane({});
    const [entry] = (await book.list()).entries;
    await book.remove([entry?.id ?? '']);
    expect(await find(byProfile)).toBeNull();
  });

  it('a company record does not answer for a person, nor a person for a company', async () => {
    const { book, buyJane, find } = setup();
    await buyJane({});
    const key = companyEnrichKey('https://www.acme-robotics.com/about');
    await recordPaidAnswer(book, {
      endpoint: 'company/enrich',
      key,
      aliases: companyAliasKeys({ website: 'https://acme-robotics.com' }, key),
      found: true,
      value: { _id: 'acme', website: 'https://acme-robotics.com', overview: { name: 'Acme' } },
      creditsCharged: 1,
      fetchedAt: Date.UTC(2026, 9, 2),
    });
    const company = await find({ kind: 'company', urls: ['acme-robotics.com'] });
    expect(company?.lastBoughtAt).toBe(Date.UTC(2026, 9, 2));
    expect(company?.id).not.toBe((await find(byProfile))?.id);
    expect(await find({ kind: 'company', urls: ['jane.doe@acme-robotics.com'] })).toBeNull();
  });
});
