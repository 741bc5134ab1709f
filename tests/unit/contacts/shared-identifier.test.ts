// Identifiers are not people: colleagues share a company's switchboard number, a team shares one profile link. The
// contact book merged every purchase holding a key of an earlier record into it, whatever the service's `_id`: five
// colleagues bought in a bulk job became one record (the last one's answer), a list holding the first now held the
// last, and a later import row of the first was filled free with the last. Bought as lib/engine reports a paid answer.
import { describe, expect, it } from 'vitest';
import { contactAliasKeys } from '@/lib/cache/aliases';
import { bulkEntryKey, contactEnrichKey } from '@/lib/cache/keys';
import { createContactBook, createMemoryContactBookStore, openBookIndex, recordPaidAnswer, savedContactsFrom, savedKeys } from '@/lib/contacts';
import { contact } from '../export/contact';

const SWITCHBOARD = '+14155550100';
const colleague = (name: string) =>
  contact({ _id: `c_${name}`, full_name: name.toUpperCase(), current_work_email: `${name}@acme.example`, phone_numbers: [{ E164: SWITCHBOARD, type: 'work' }], personal_emails: [], social_profiles: [] });

function setup() {
  let n = 0;
  const book = createContactBook({ store: createMemoryContactBookStore(), now: () => Date.UTC(2026, 10, 26), newId: () => `id${++n}` });
  /** `person` bought by their email, with every key their answer gives (its phones among them). */
  const buy = (person: Record<string, unknown>, jobId?: string) => {
    const key = bulkEntryKey({ field_type: 'email', value: String(person.current_work_email) });
    return recordPaidAnswer(book, {
      endpoint: jobId ? 'bulk/enrich' : 'contact/enrich',
      key,
      aliases: contactAliasKeys(person, { required: [] }, key),
      found: true,
      value: person,
      creditsCharged: 1,
      fetchedAt: Date.UTC(2026, 9, 1),
      ...(jobId ? { jobId } : {}),
    });
  };
  const saved = async (keys: string[]) => (await savedContactsFrom(() => openBookIndex(book))()).find(keys);
  return { book, buy, saved };
}

describe('people who share one identifier stay different people', () => {
  it('five colleagues sharing a switchboard number: five records, the list keeps its person, a row by email is that person', async () => {
    const { book, buy, saved } = setup();
    const [ana, ...others] = ['ana', 'bob', 'cy', 'dee', 'eve'].map(colleague);
    await buy(ana!);
    const list = await book.createList('Customers');
    await book.addToList(list.id, ['person:c_ana']);
    for (const person of others) await buy(person, 'job-1');

    const { total, entries } = await book.list({ sort: 'name' });
    expect(total).toBe(5);
    expect(entries.map((e) => [e.id, e.name, e.creditsSpent])).toEqual(['ANA', 'BOB', 'CY', 'DEE', 'EVE'].map((n) => [`person:c_${n.toLowerCase()}`, n, 1]));
    expect((await book.listMembers(list.id)).records.map((r) => (r.value as { full_name: string }).full_name)).toEqual(['ANA']);
    expect((await saved([bulkEntryKey({ field_type: 'email', value: 'ana@acme.example' })]))?.contact).toMatchObject({ _id: 'c_ana', full_name: 'ANA' });
  });

  it('the shared number answers for none of them (it names no one person), alone or asked first', async () => {
    const { buy, saved } = setup();
    for (const name of ['ana', 'bob']) await buy(colleague(name));
    const phone = bulkEntryKey({ field_type: 'phone', value: SWITCHBOARD });
    expect(await saved([phone])).toBeNull();
    // Asked by the number first, then by her email: the email still finds her.
    expect((await saved([phone, bulkEntryKey({ field_type: 'email', value: 'bob@acme.example' })]))?.contact).toMatchObject({ _id: 'c_bob' });
  });

  it('a page row showing only the shared number is offered for sale, not opened as someone else ("contacts/saved")', async () => {
    const { book, buy } = setup();
    for (const name of ['ana', 'bob']) await buy(colleague(name));
    const index = await openBookIndex(book);
    expect(await index.find('person', savedKeys({ kind: 'person', lookups: [{ phone: '+1 415-555-0100' }] }))).toBeNull();
    expect((await index.find('person', savedKeys({ kind: 'person', lookups: [{ email: 'ana@acme.example' }] })))?.id).toBe('person:c_ana');
  });

  it('once the other holder is deleted from the book, the number is hers alone again', async () => {
    const { book, buy, saved } = setup();
    for (const name of ['ana', 'bob']) await buy(colleague(name));
    await book.remove(['person:c_bob']);
    expect((await saved([bulkEntryKey({ field_type: 'phone', value: SWITCHBOARD })]))?.contact).toMatchObject({ _id: 'c_ana' });
  });

  it.each([
    ['an answer with an _id never joins a record without one', { _id: null }, { _id: 'c_x' }, 2],
    ['an answer without an _id never joins a record with one', { _id: 'c_x' }, { _id: null }, 2],
    ['two answers without an _id sharing a key are one record (known by their keys alone)', { _id: null }, { _id: null }, 1],
    ['the same _id bought by another key is one record', { _id: 'c_x' }, { _id: 'c_x' }, 1],
  ])('%s', async (_why, first, second, records) => {
    const { book } = setup();
    const phone = contactEnrichKey({ phone: SWITCHBOARD });
    const buy = (over: Record<string, unknown>, key: string, aliases: string[]) =>
      recordPaidAnswer(book, { endpoint: 'contact/enrich', key, aliases, found: true, value: contact({ full_name: 'X', ...over }), creditsCharged: 1, fetchedAt: 1 });
    await buy(first, contactEnrichKey({ email: 'one@acme.example' }), [phone]);
    await buy(second, phone, []);
    expect((await book.list()).total).toBe(records);
    expect((await book.list()).entries.reduce((n, e) => n + e.creditsSpent, 0)).toBe(2);
  });
});
