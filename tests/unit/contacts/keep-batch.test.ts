// A bulk chunk hands the contact book its people at once (lib/engine/paid.ts tells the book every answer together):
// the book keeps them in one turn, two reads and one write (lib/contacts/keep.ts), where it made a read per key and a
// write per person (hundreds of IndexedDB transactions per chunk, each rewriting a chunk of the search lines). Each
// purchase still decides as it did one at a time, seeing what the ones before it in the batch made.
import { describe, expect, it } from 'vitest';
import { createContactBook, createMemoryContactBookStore, recordPaidAnswer, type PaidAnswer } from '@/lib/contacts';
import { contact } from '../export/contact';

function setup() {
  const store = createMemoryContactBookStore();
  const calls = { putRecord: 0, putRecords: [] as number[], findRecordsByKey: 0, findRecordsByKeys: 0 };
  const counted = {
    ...store,
    putRecord: (r: Parameters<typeof store.putRecord>[0]) => (calls.putRecord++, store.putRecord(r)),
    putRecords: (rs: Parameters<typeof store.putRecords>[0]) => (calls.putRecords.push(rs.length), store.putRecords(rs)),
    findRecordsByKey: (k: string) => (calls.findRecordsByKey++, store.findRecordsByKey(k)),
    findRecordsByKeys: (ks: readonly string[]) => (calls.findRecordsByKeys++, store.findRecordsByKeys(ks)),
  };
  const book = createContactBook({ store: counted, now: () => Date.UTC(2026, 10, 1) });
  return { book, calls };
}

const row = (fields: Record<string, unknown>, over: Partial<PaidAnswer> = {}): PaidAnswer => ({
  endpoint: 'bulk/enrich',
  key: `contact/enrich?email=${encodeURIComponent(String(fields.current_work_email))}`,
  aliases: [],
  found: true,
  value: contact(fields),
  creditsCharged: 1,
  fetchedAt: Date.UTC(2026, 10, 1),
  jobId: 'job-1',
  ...over,
});

describe('a chunk of purchases is kept in one turn', () => {
  it('100 people told at once: one write of 100 records and one read by key, each purchase answered with its own id', async () => {
    const { book, calls } = setup();
    const people = Array.from({ length: 100 }, (_, i) => row({ _id: `p${i}`, full_name: `Person ${i}`, current_work_email: `p${i}@acme.example` }));
    const ids = await Promise.all(people.map((p) => recordPaidAnswer(book, p)));
    expect(ids.map((r) => r.recordId)).toEqual(people.map((_, i) => `person:p${i}`));
    expect(calls).toMatchObject({ putRecord: 0, putRecords: [100], findRecordsByKey: 0, findRecordsByKeys: 1 });
    expect((await book.list({ limit: 500 })).total).toBe(100);
  });

  it('in one batch, a person without an _id bought again by an alias merges into the record the batch just made', async () => {
    const { book } = setup();
    const email = 'contact/enrich?email=a%40b.example';
    const profile = 'contact/enrich?social_profile=x';
    await Promise.all([
      recordPaidAnswer(book, row({ _id: null, current_work_email: 'a@b.example' }, { key: email, aliases: [profile] })),
      recordPaidAnswer(book, row({ _id: null, current_work_email: 'a@b.example' }, { key: profile, fetchedAt: Date.UTC(2026, 10, 2) })),
    ]);
    const { entries } = await book.list();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ creditsSpent: 2, lastBoughtAt: Date.UTC(2026, 10, 2) });
  });

  it('colleagues sharing a switchboard number in one batch stay different people; one bought earlier gains the new credit', async () => {
    const { book } = setup();
    const switchboard = 'contact/enrich?phone=%2B14155550100';
    const colleague = (name: string) => row({ _id: `c_${name}`, full_name: name, current_work_email: `${name}@acme.example` }, { aliases: [switchboard] });
    await recordPaidAnswer(book, colleague('ana'));
    await Promise.all(['ana', 'bob', 'cy'].map((n) => recordPaidAnswer(book, colleague(n))));
    const { entries } = await book.list({ sort: 'name' });
    expect(entries.map((e) => [e.id, e.creditsSpent])).toEqual([
      ['person:c_ana', 2],
      ['person:c_bob', 1],
      ['person:c_cy', 1],
    ]);
  });

  it('a purchase the book must refuse fails alone: the others of its batch are kept', async () => {
    const { book } = setup();
    const results = await Promise.allSettled([
      recordPaidAnswer(book, row({ _id: 'ok1', current_work_email: 'ok1@acme.example' })),
      recordPaidAnswer(book, row({ _id: 'bad', current_work_email: 'bad@acme.example' }, { creditsCharged: Number.NaN })),
      recordPaidAnswer(book, row({ _id: 'ok2', current_work_email: 'ok2@acme.example' })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await book.list({ sort: 'name' })).entries.map((e) => e.id).sort()).toEqual(['person:ok1', 'person:ok2']);
  });

  it('a purchase asked after a deletion is kept after it (it does not join a batch asked before the deletion)', async () => {
    const { book } = setup();
    const x = row({ _id: 'x', full_name: 'Xena', current_work_email: 'x@acme.example' }, { endpoint: 'contact/enrich', jobId: undefined });
    await recordPaidAnswer(book, x);
    // A lookup's purchase, then a Delete click, then the same person bought again, all before the book's next turn.
    await Promise.all([
      recordPaidAnswer(book, row({ _id: 'a', current_work_email: 'a@acme.example' })),
      book.remove(['person:x']),
      recordPaidAnswer(book, { ...x, fetchedAt: Date.UTC(2026, 10, 3) }),
    ]);
    const { entries } = await book.list({ sort: 'name' });
    expect(entries.map((e) => e.id).sort()).toEqual(['person:a', 'person:x']);
  });
});
