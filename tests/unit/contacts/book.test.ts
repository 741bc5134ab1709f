import { describe, expect, it } from 'vitest';
import { createContactBook, createMemoryContactBookStore, recordPaidAnswer, UNDO_MS, type PaidAnswer } from '@/lib/contacts';
import { contact } from '../export/contact';

function setup() {
  let t = Date.UTC(2026, 10, 1);
  let n = 0;
  const store = createMemoryContactBookStore();
  const book = createContactBook({ store, now: () => t, newId: () => `id${++n}` });
  return { store, book, advance: (ms: number) => (t += ms), at: () => t };
}

const person = (fields: Record<string, unknown>, over: Partial<PaidAnswer> = {}): PaidAnswer => ({
  endpoint: 'contact/enrich',
  key: `contact/enrich?email=${String(fields.current_work_email ?? 'x@y.example')}`,
  aliases: [],
  found: true,
  value: contact(fields),
  creditsCharged: 1,
  fetchedAt: Date.UTC(2026, 10, 1),
  ...over,
});

describe('contact book rows read as people', () => {
  it.each([
    ['title and company', { full_name: 'Weston Hills', employment: { name: 'Jones LLC', job: { title: 'Marketing Manager' } } }, 'Weston Hills · Marketing Manager, Jones LLC'],
    ['no title: company only', { full_name: 'Ana Ruiz', occupation: null, headline: null, employment: { name: 'Acme' } }, 'Ana Ruiz · Acme'],
    ['occupation when the job has no title', { full_name: 'Li Wei', occupation: 'Designer', employment: { name: 'Studio' } }, 'Li Wei · Designer, Studio'],
    ['no name: the email stands for it', { full_name: null, first_name: null, last_name: null, current_work_email: 'ops@firm.example', occupation: null, headline: null, employment: null }, 'ops@firm.example'],
  ])('%s', async (_why, fields, line) => {
    const { book } = setup();
    await recordPaidAnswer(book, person({ _id: 'p1', ...fields }));
    const { entries } = await book.list();
    expect(entries.map((e) => e.line)).toEqual([line]);
  });

  it('a company reads as name · industry, domain', async () => {
    const { book } = setup();
    await recordPaidAnswer(book, {
      endpoint: 'company/enrich', key: 'company/enrich?url=jones.example', aliases: [], found: true, creditsCharged: 1, fetchedAt: 1,
      value: { _id: 'co1', website: 'https://www.jones.example/', overview: { name: 'Jones LLC', industry: 'Software' } },
    });
    expect((await book.list()).entries[0]).toMatchObject({ kind: 'company', line: 'Jones LLC · Software, jones.example' });
  });
});

describe('keeping what was paid for', () => {
  it('a second purchase of the same person by another key updates one record and adds its credits', async () => {
    const { book } = setup();
    await recordPaidAnswer(book, person({ _id: 'p1', current_work_email: 'a@b.example' }, { aliases: ['contact/enrich?phone=%2B1415'] }));
    await recordPaidAnswer(book, person({ _id: 'p1', current_work_email: 'a@b.example' }, { key: 'contact/enrich?phone=%2B1415', fetchedAt: Date.UTC(2026, 10, 2) }));
    const { entries } = await book.list();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ creditsSpent: 2, firstBoughtAt: Date.UTC(2026, 10, 1), lastBoughtAt: Date.UTC(2026, 10, 2) });
  });

  it('without an _id, a purchase under an alias key of an earlier record merges into it', async () => {
    const { book } = setup();
    await recordPaidAnswer(book, person({ _id: null, current_work_email: 'a@b.example' }, { aliases: ['contact/enrich?social_profile=x'] }));
    await recordPaidAnswer(book, person({ _id: null, current_work_email: 'a@b.example' }, { key: 'contact/enrich?social_profile=x' }));
    expect((await book.list()).total).toBe(1);
  });

  it.each([
    ['a miss', { found: false, value: null, creditsCharged: 0 }],
    ['an email verification', { endpoint: 'email/verify', key: 'email/verify?email=a%40b.example', value: { verified: true } }],
    ['a lookalike list', { endpoint: 'company/similar', key: 'company/similar?url=a.example', value: [] }],
  ])('%s is an event, not a record', async (_why, over) => {
    const { book } = setup();
    await recordPaidAnswer(book, person({ _id: 'p1' }, over as Partial<PaidAnswer>));
    expect((await book.list()).total).toBe(0);
    const events = await book.events();
    expect(events).toHaveLength(1);
    expect(events[0]).not.toHaveProperty('recordId');
  });

  it('a bulk row keeps its person in the book and writes no event of its own (the job is the event)', async () => {
    const { book } = setup();
    const { recordId } = await recordPaidAnswer(book, person({ _id: 'p9' }, { endpoint: 'bulk/enrich', jobId: 'job-1' }));
    expect(recordId).toBe('person:p9');
    expect((await book.list()).entries.map((e) => e.id)).toEqual(['person:p9']);
    expect(await book.events()).toEqual([]);
  });
});

describe('search and sort', () => {
  const people = [
    { _id: '1', full_name: 'Zoë Adams', employment: { name: 'Beta', job: { title: 'CTO' } }, current_work_email: 'zoe@beta.example' },
    { _id: '2', full_name: 'Ana Ruiz', employment: { name: 'Acme', job: { title: 'Buyer' } }, current_work_email: 'ana@acme.example' },
    { _id: '3', full_name: 'Mo Chen', employment: { name: 'Acme', job: { title: 'Engineer' } }, current_work_email: 'mo@acme.example' },
  ];
  async function filled() {
    const s = setup();
    for (const [i, p] of people.entries()) await recordPaidAnswer(s.book, person(p, { fetchedAt: Date.UTC(2026, 10, 1 + i), creditsCharged: i === 0 ? 3 : 1 }));
    return s;
  }
  it.each([
    ['newest first by default', undefined, undefined, ['Mo Chen', 'Ana Ruiz', 'Zoë Adams']],
    ['by name', 'name', undefined, ['Ana Ruiz', 'Mo Chen', 'Zoë Adams']],
    ['by company, then name', 'company', undefined, ['Ana Ruiz', 'Mo Chen', 'Zoë Adams']],
    ['most credits first', 'credits', undefined, ['Zoë Adams', 'Mo Chen', 'Ana Ruiz']],
    ['search by company', undefined, 'acme', ['Mo Chen', 'Ana Ruiz']],
    ['search by title, any case', undefined, 'cto', ['Zoë Adams']],
    ['search by email', undefined, 'ana@', ['Ana Ruiz']],
    ['search without the accent', undefined, 'zoe', ['Zoë Adams']],
    ['search words in any order and field', undefined, 'engineer acme', ['Mo Chen']],
    ['every word must match', undefined, 'acme cto', []],
  ] as const)('%s', async (_why, sort, query, names) => {
    const { book } = await filled();
    const { entries } = await book.list({ ...(sort ? { sort } : {}), ...(query ? { query } : {}) });
    expect(entries.map((e) => e.name)).toEqual(names);
  });
});

describe('changes that overlap each land whole (one order for every change)', () => {
  it('two purchases of one person at once (a bulk row by email, a lookup by phone) keep both keys and both credits', async () => {
    const { book } = setup();
    const email = 'contact/enrich?email=a%40b.example';
    const phone = 'contact/enrich?phone=%2B14155550100';
    await Promise.all([
      recordPaidAnswer(book, person({ _id: 'p1', current_work_email: 'a@b.example' }, { key: email, endpoint: 'bulk/enrich', jobId: 'job-1' })),
      recordPaidAnswer(book, person({ _id: 'p1', current_work_email: 'a@b.example' }, { key: phone })),
    ]);
    const { entries } = await book.list();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ creditsSpent: 2 });
    expect((await book.keyIndex()).filter(([, id]) => id === 'person:p1').map(([key]) => key).sort()).toEqual([email, phone].sort());
  });

  it('"Add to list" from two panels at once keeps both additions, and a rename meanwhile keeps them too', async () => {
    const { book } = setup();
    for (const id of ['a', 'b', 'c']) await recordPaidAnswer(book, person({ _id: id }, { key: `contact/enrich?email=${id}%40x.example` }));
    const list = await book.createList('Prospects');
    await Promise.all([book.addToList(list.id, ['person:a']), book.renameList(list.id, 'Hot'), book.addToList(list.id, ['person:b', 'person:c'])]);
    const { list: after } = await book.listMembers(list.id);
    expect(after.name).toBe('Hot');
    expect([...after.members].sort()).toEqual(['person:a', 'person:b', 'person:c']);
  });

  it('two records of one list deleted for good in the same listing both leave the list', async () => {
    const { book, advance } = setup();
    for (const id of ['a', 'b', 'c']) await recordPaidAnswer(book, person({ _id: id }, { key: `contact/enrich?email=${id}%40x.example` }));
    const list = await book.createList('Prospects');
    await book.addToList(list.id, ['person:a', 'person:b', 'person:c']);
    await book.remove(['person:a', 'person:b']);
    advance(UNDO_MS);
    await book.list();
    expect((await book.listMembers(list.id)).list.members).toEqual(['person:c']);
  });

  it('an Undo clicked inside the window counts, even when its turn comes after a purchase being kept', async () => {
    const { book, advance } = setup();
    await recordPaidAnswer(book, person({ _id: 'p1' }));
    await book.remove(['person:p1']);
    advance(UNDO_MS - 1);
    const keeping = recordPaidAnswer(book, person({ _id: 'p2' }, { key: 'contact/enrich?email=p2%40x.example' }));
    const undo = book.restore(['person:p1']); // clicked now, its turn after the keep
    advance(2);
    await keeping;
    expect(await undo).toEqual({ restored: 1 });
  });

  it('a record bought again while a listing was deciding to delete it for good is kept', async () => {
    const { book, advance } = setup();
    await recordPaidAnswer(book, person({ _id: 'p1' }));
    await book.remove(['person:p1']);
    advance(UNDO_MS);
    // Bought again (a new purchase clears the deletion) while the listing runs: the final delete reads it again.
    const listing = book.list();
    await recordPaidAnswer(book, person({ _id: 'p1' }, { key: 'contact/enrich?phone=%2B1415' }));
    await listing;
    expect(await book.records(['person:p1'])).toHaveLength(1);
  });
});

describe('deleting asks, and can be undone for a few seconds', () => {
  it('a deleted record is hidden at once and restored by undo', async () => {
    const { book, advance } = setup();
    await recordPaidAnswer(book, person({ _id: 'p1' }));
    await book.remove(['person:p1']);
    expect((await book.list()).total).toBe(0);
    advance(UNDO_MS - 1);
    expect(await book.restore(['person:p1'])).toEqual({ restored: 1 });
    expect((await book.list()).total).toBe(1);
  });

  it('after the undo window it is gone for good, from its lists too', async () => {
    const { book, store, advance } = setup();
    await recordPaidAnswer(book, person({ _id: 'p1' }));
    const list = await book.createList('Prospects');
    await book.addToList(list.id, ['person:p1']);
    await book.remove(['person:p1']);
    advance(UNDO_MS);
    expect(await book.restore(['person:p1'])).toEqual({ restored: 0 });
    expect((await book.list()).total).toBe(0);
    expect(await store.getRecord('person:p1')).toBeUndefined();
    expect((await book.listMembers(list.id)).list.members).toEqual([]);
  });
});

describe('bad stored data is quarantined, never a crash', () => {
  it.each([
    ['not an object', 'garbage'],
    ['missing fields', { id: 'broken' }],
    ['a person whose value is not a contact', { id: 'bad', kind: 'person', key: 'k', keys: [], value: 'text', firstBoughtAt: 1, lastBoughtAt: 1, creditsSpent: 1 }],
    ['negative credits', { id: 'neg', kind: 'person', key: 'k', keys: [], value: {}, firstBoughtAt: 1, lastBoughtAt: 1, creditsSpent: -5 }],
  ])('%s', async (_why, raw) => {
    const { book, store } = setup();
    await recordPaidAnswer(book, person({ _id: 'good' }));
    store.raw.records.set('x', raw);
    const { entries } = await book.list();
    expect(entries.map((e) => e.id)).toEqual(['person:good']);
    expect(await store.quarantined()).toHaveLength(1);
  });
});

describe('saved lists', () => {
  it('adds each record once, ignores unknown ids, keeps the order added, counts live members', async () => {
    const { book } = setup();
    for (const id of ['a', 'b', 'c']) await recordPaidAnswer(book, person({ _id: id, current_work_email: `${id}@x.example` }));
    const list = await book.createList('Hot leads');
    expect(await book.addToList(list.id, ['person:c', 'person:a', 'person:zzz'])).toEqual({ added: 2 });
    expect(await book.addToList(list.id, ['person:a', 'person:b'])).toEqual({ added: 1 });
    expect((await book.listMembers(list.id)).records.map((r) => r.id)).toEqual(['person:c', 'person:a', 'person:b']);
    await book.removeFromList(list.id, ['person:a']);
    expect(await book.lists()).toEqual([expect.objectContaining({ name: 'Hot leads', count: 2 })]);
  });

  it.each([[''], ['   '], ['x'.repeat(121)]])('refuses the list name %j', async (name) => {
    const { book } = setup();
    await expect(book.createList(name)).rejects.toThrow();
  });
});
