/**
 * A contact search page is paid per person it returns: each person is kept in the contact book as bought, so the same
 * person asked for again (a single lookup priced from the book's copy, a bulk job) is not bought a second time.
 * Against the real sandbox and its ledger; the book is filed by the engine's own hook, as in the extension.
 */
import { describe, expect, inject, it } from 'vitest';
import { createContactBook, createMemoryContactBookStore, openBookIndex, recordPaidAnswer, savedContactsFrom } from '@/lib/contacts';
import { engineFor, sandboxLedger, uniqueKey } from '../engine/engine-helpers';

const url = inject('sandboxUrl');

describe('people a contact search returned are bought', () => {
  it('each is kept as a person bought; a bulk job of their emails sends nothing and costs nothing more', async () => {
    const key = uniqueKey('test-enterprise');
    const book = createContactBook({ store: createMemoryContactBookStore() });
    const { engine } = engineFor(url, key, {
      onPaidAnswer: async (answer) => void (await recordPaidAnswer(book, answer)),
      savedContacts: savedContactsFrom(() => openBookIndex(book)),
    });
    await engine.start();
    const page = await engine.lookups.contactSearch({ job_title: ['engineer'], page_size: 5 });
    const people = page.result.results;
    expect(people.length).toBe(5);
    const charged = async () => (await sandboxLedger(url, key)).reduce((n, e) => n + e.credits, 0);
    expect(await charged()).toBe(5);

    // Each person returned is in the book, under their own id, bought for one credit.
    const kept = await book.records(people.map((p) => `person:${p._id}`));
    expect(kept.map((r) => (r.value as { _id: string })._id)).toEqual(people.map((p) => p._id));
    expect(kept.map((r) => r.creditsSpent)).toEqual(people.map(() => 1));

    // Their emails as a bulk job (as a list or a file would bring them): priced free, filled from the book.
    const entries = people.flatMap((p) => (p.current_work_email ? [{ field_type: 'email' as const, value: p.current_work_email }] : []));
    expect(entries.length).toBeGreaterThan(0);
    const estimate = await engine.estimate({ action: 'bulk/enrich', count: entries.length, entries });
    expect(estimate.credits).toBe(0);
    const job = await engine.bulk.start(entries);
    for (let i = 0; i < 400 && (await engine.bulk.get(job.id)).status === 'running'; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await engine.bulk.get(job.id)).toMatchObject({ status: 'done', creditsCharged: 0, fromSaved: entries.length });
    expect(await charged()).toBe(5);
  });

  it('a search record never replaces the fuller answer bought for the same person; credits add up as booked', async () => {
    const key = uniqueKey('test-enterprise');
    const book = createContactBook({ store: createMemoryContactBookStore() });
    const { engine } = engineFor(url, key, { onPaidAnswer: async (answer) => void (await recordPaidAnswer(book, answer)) });
    await engine.start();
    const first = (await engine.lookups.contactSearch({ job_title: ['engineer'], page_size: 3 })).result.results[0]!;
    // Bought in full afterwards (every past experience): the book keeps that answer.
    const full = await engine.lookups.contactEnrich({ lookup: { email: first.current_work_email! }, options: { includeAllExperiences: true } });
    expect(full.found).toBe(true);
    // Another search returns the person again (page of 4: another request, charged again by the service).
    const again = await engine.lookups.contactSearch({ job_title: ['engineer'], page_size: 4 });
    expect(again.result.results.map((p) => p._id)).toContain(first._id);
    const [record] = await book.records([`person:${first._id}`]);
    expect(record!.value).toEqual(full.found ? full.result : null);
    expect(record!.creditsSpent).toBe(3);
  });
});
