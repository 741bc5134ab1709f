// Bad stored data in the contact book: set aside once, and never written in the first place. An unreadable lookup
// event was quarantined again on every history view (the quarantine grew without bound), and "Add to list" wrote a
// list past its member limit without checking, so the whole list was set aside (gone from the panel) on its next read.
import { describe, expect, it } from 'vitest';
import { createContactBook, createMemoryContactBookStore, recordPaidAnswer } from '@/lib/contacts';
import { contact } from '../export/contact';

function setup() {
  let n = 0;
  const store = createMemoryContactBookStore();
  const book = createContactBook({ store, now: () => Date.UTC(2026, 10, 26), newId: () => `id${++n}` });
  const buy = (id: string) =>
    recordPaidAnswer(book, { endpoint: 'contact/enrich', key: `contact/enrich?email=${id}%40x.example`, aliases: [], found: true, value: contact({ _id: id }), creditsCharged: 1, fetchedAt: 1 });
  return { store, book, buy };
}

describe('what reading sets aside, it sets aside once', () => {
  it('an unreadable event: quarantined on the first history view, not again on the next ones, and counted', async () => {
    const { store, book } = setup();
    // Stored by an older build, which did not check what it wrote.
    await store.putEvent({ id: 'e1', at: 2, endpoint: 'contact/search', key: `contact/search?${'x'.repeat(5000)}`, label: 'search', found: true, creditsCharged: 10 });
    for (let i = 0; i < 3; i++) expect(await book.events()).toEqual([]);
    expect((await store.quarantined()).map((q) => `${q.store}:${q.id}`)).toEqual(['events:e1']);
    expect(await store.events(10)).toEqual([]);
    expect(await book.damaged()).toBe(1);
  });

  it('two readings at once set one damaged record aside once', async () => {
    const { store, book, buy } = setup();
    await buy('good');
    store.raw.records.set('bad', { id: 'bad', kind: 'person', key: 'k', keys: [], value: {}, firstBoughtAt: 1, lastBoughtAt: 1, creditsSpent: -5 });
    await Promise.all([book.list(), book.list(), book.lists()]);
    expect(await store.quarantined()).toHaveLength(1);
    expect((await book.list()).entries.map((e) => e.id)).toEqual(['person:good']);
  });

  it('a long contact search is kept as an event that reads back (its key cut to what an event holds)', async () => {
    const { store, book } = setup();
    const key = `contact/search?q=${'engineer '.repeat(600)}`;
    await recordPaidAnswer(book, { endpoint: 'contact/search', key, aliases: [], found: true, value: { results: [] }, creditsCharged: 10, fetchedAt: 2 });
    for (let i = 0; i < 2; i++) expect((await book.events()).map((e) => e.creditsCharged)).toEqual([10]);
    expect(await store.quarantined()).toEqual([]);
  });
});

describe('a write that would not read back is refused, and nothing stored is lost', () => {
  it('"Add to list" past the member limit: refused with the reason; the list keeps its members and stays readable', async () => {
    const { store, book, buy } = setup();
    await buy('late');
    const list = await book.createList('Big');
    // A list already at its limit (100,000 members, SavedListSchema's bound).
    const full = Array.from({ length: 100_000 }, (_, i) => `person:old${i}`);
    store.raw.lists.set(list.id, { ...(store.raw.lists.get(list.id) as object), members: full });

    await expect(book.addToList(list.id, ['person:late'])).rejects.toMatchObject({
      data: { kind: 'invalid_message', message: `A list holds at most 100,000 contacts: “Big” would hold 100,001. Nothing was added.` },
    });
    expect(await book.lists()).toEqual([expect.objectContaining({ id: list.id, name: 'Big' })]);
    expect((await book.listMembers(list.id)).list.members).toEqual(full);
    expect(await store.quarantined()).toEqual([]);
  });

  it('a purchase whose key is too long to store is refused, not stored to be set aside on the next read', async () => {
    const { store, book } = setup();
    await expect(book.keep({ kind: 'person', id: 'person:long', key: `contact/enrich?email=${'a'.repeat(5000)}`, keys: [], value: contact({ _id: 'long' }), creditsCharged: 1, fetchedAt: 1 })).rejects.toMatchObject({
      data: { kind: 'invalid_message', message: 'The contact book did not store this contact: it would not read back. Nothing was changed.' },
    });
    expect(await store.getRecord('person:long')).toBeUndefined();
    expect(await store.quarantined()).toEqual([]);
  });

  it('an alias too long to store is left out; the purchase is kept', async () => {
    const { book } = setup();
    await book.keep({ kind: 'person', id: 'person:p', key: 'contact/enrich?email=p%40x.example', keys: [`contact/enrich?social_profile=${'x'.repeat(5000)}`], value: contact({ _id: 'p' }), creditsCharged: 1, fetchedAt: 1 });
    expect((await book.list()).entries.map((e) => e.id)).toEqual(['person:p']);
    expect(await book.keyIndex()).toEqual([['contact/enrich?email=p%40x.example', 'person:p']]);
  });
});
