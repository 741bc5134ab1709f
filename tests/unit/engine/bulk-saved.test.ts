/**
 * "Never charges twice for the same person" across the cache's 30 days: a bulk job, its estimate and a staged
 * import's preview fill the people the user bought before from the contact book, free, unless the user asks for fresh
 * answers. Against the real sandbox and its ledger; the book is the real one over its memory store, filed by the
 * engine's own hook as in the extension.
 */
import { describe, expect, inject, it } from 'vitest';
import { createContactBook, createMemoryContactBookStore, openBookIndex, recordPaidAnswer, savedContactsFrom } from '@/lib/contacts';
import { createBulkStaging, createMemoryStagingStore } from '@/lib/engine/bulk-staging';
import type { BulkEntry } from '@/lib/messaging/protocol';
import { planRow, type ColumnKind } from '@/lib/import';
import { engineFor, samples, sandboxLedger, uniqueKey } from './engine-helpers';

const url = inject('sandboxUrl');

async function setup() {
  const key = uniqueKey();
  const book = createContactBook({ store: createMemoryContactBookStore() });
  const { engine, cacheStore } = engineFor(url, key, {
    onPaidAnswer: async (answer) => void (await recordPaidAnswer(book, answer)),
    savedContacts: savedContactsFrom(() => openBookIndex(book)),
  });
  await engine.start();
  const { emails } = await samples(url);
  const charged = async () => (await sandboxLedger(url, key)).reduce((n, e) => n + e.credits, 0);
  const done = async (id: string) => {
    for (let i = 0; i < 600; i++) {
      const job = await engine.bulk.get(id);
      if (job.status !== 'queued' && job.status !== 'running') return job;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('bulk job did not finish');
  };
  /** Two people bought in a first job, then the cache cleared, as 30 days later. */
  const boughtThenExpired = async () => {
    const first = await engine.bulk.start(emails.slice(0, 2).map((value) => ({ field_type: 'email', value })));
    expect(await done(first.id)).toMatchObject({ status: 'done', enriched: 2, creditsCharged: 2 });
    await cacheStore.clear();
  };
  // The two bought, one known person not bought yet, two nobody knows; the bought ones written as a file might.
  const entries: BulkEntry[] = [
    { field_type: 'email', value: emails[0]!.toUpperCase() },
    { field_type: 'email', value: emails[2]! },
    { field_type: 'email', value: 'nobody-1@nowhere-saved.example' },
    { field_type: 'email', value: ` ${emails[1]!} ` },
    { field_type: 'email', value: 'nobody-2@nowhere-saved.example' },
  ];
  return { engine, book, emails, charged, done, boughtThenExpired, entries };
}

describe('people bought before fill a bulk job from the contact book', () => {
  it('the estimate leaves them out of the price, the job sends only the others, and the ledger agrees', async () => {
    const { engine, charged, done, boughtThenExpired, entries, emails } = await setup();
    await boughtThenExpired();
    const estimate = await engine.estimate({ action: 'bulk/enrich', count: entries.length, entries });
    expect(estimate).toMatchObject({ credits: 3, saved: 2 });
    expect(estimate.label).toContain('2 bought before · free from your contacts');

    const job = await done((await engine.bulk.start(entries, [], { quotedCredits: estimate.credits })).id);
    expect(job).toMatchObject({ status: 'done', total: 5, fromSaved: 2, fromCache: 0, enriched: 3, creditsCharged: 1 });
    // 2 the first job charged, 1 for the known person this one sent: the book's two cost nothing.
    expect(await charged()).toBe(3);

    const { rows } = await engine.bulk.rows(job.id, 0, 10);
    const saved = rows.filter((r) => r.savedAt !== undefined);
    expect(saved.map((r) => r.value.trim().toLowerCase())).toEqual([emails[0]!.toLowerCase(), emails[1]!.toLowerCase()]);
    for (const row of saved) expect(row).toMatchObject({ status: 'enriched', fromCache: false, contact: expect.objectContaining({ _id: expect.any(String) }) });
  });

  it('asked for fresh answers, the job buys them again: the estimate counted them and said so', async () => {
    const { engine, charged, done, boughtThenExpired, entries } = await setup();
    await boughtThenExpired();
    const estimate = await engine.estimate({ action: 'bulk/enrich', count: entries.length, entries, fresh: true });
    expect(estimate).toMatchObject({ credits: 5, saved: 2 });
    expect(estimate.label).toContain('2 bought before · bought again');

    const job = await done((await engine.bulk.start(entries, [], { quotedCredits: estimate.credits, fresh: true })).id);
    expect(job).toMatchObject({ status: 'done', fromSaved: 0, enriched: 3, creditsCharged: 3 });
    expect(await charged()).toBe(5);
  });

  it('a person deleted from the book is no longer saved: priced and bought as anyone else', async () => {
    const { engine, book, charged, done, boughtThenExpired, entries } = await setup();
    await boughtThenExpired();
    const [newest] = (await book.list({ sort: 'bought-desc' })).entries;
    await book.remove([newest!.id]);
    const estimate = await engine.estimate({ action: 'bulk/enrich', count: entries.length, entries });
    expect(estimate).toMatchObject({ credits: 4, saved: 1 });
    const job = await done((await engine.bulk.start(entries, [], { quotedCredits: estimate.credits })).id);
    expect(job).toMatchObject({ fromSaved: 1, creditsCharged: 2 });
    expect(await charged()).toBe(4);
  });

  it('a staged import: the preview counts them with the job\'s own decision, and the job fills them', async () => {
    const { engine, charged, done, boughtThenExpired, entries } = await setup();
    await boughtThenExpired();
    const staging = createBulkStaging({ store: createMemoryStagingStore() });
    const { stagedId } = await staging.open();
    await staging.append(stagedId, entries);
    const deps = { cache: engine.cache, ledger: engine.ledger, saved: engine.savedContacts };
    const preview = await staging.preview(stagedId, deps);
    expect(preview).toMatchObject({ unique: 5, cached: 0, saved: 2, estimate: { credits: 3, saved: 2 } });
    // The whole entries' estimate and the staged preview are one decision.
    expect(preview.estimate).toEqual(await engine.estimate({ action: 'bulk/enrich', count: entries.length, entries }));
    expect((await staging.preview(stagedId, deps, { fresh: true })).estimate.credits).toBe(5);

    const meta = await staging.meta(stagedId);
    const job = await done((await engine.bulk.startPaged({ pages: staging.pages(stagedId), duplicates: meta.duplicates }, [], { quotedCredits: preview.estimate.credits })).id);
    expect(job).toMatchObject({ total: 5, fromSaved: 2, creditsCharged: 1 });
    expect(await charged()).toBe(3);
  });

  it('a file row whose first address is new but whose other cell names someone bought before: the preview and the job fill it free', async () => {
    const { engine, charged, done, boughtThenExpired, emails } = await setup();
    await boughtThenExpired();
    // As the import plans it: the first readable address is sent, the row's other identifiers go along as the same person's.
    const mapping: ColumnKind[] = ['full_name', 'email', 'email'];
    const row = planRow(['Ana Example', 'ana.private@nowhere-saved.example', emails[0]!], mapping);
    expect(row.entry).toMatchObject({ value: 'ana.private@nowhere-saved.example', alsoKnownAs: { emails: [emails[0]!.toLowerCase()] } });
    const staging = createBulkStaging({ store: createMemoryStagingStore() });
    const { stagedId } = await staging.open();
    await staging.append(stagedId, [row.entry!]);
    const preview = await staging.preview(stagedId, { cache: engine.cache, ledger: engine.ledger, saved: engine.savedContacts });
    // Before: keyed by the first address only, she was priced and bought again.
    expect(preview).toMatchObject({ unique: 1, saved: 1, estimate: { credits: 0 } });
    const job = await done((await engine.bulk.startPaged({ pages: staging.pages(stagedId), duplicates: 0 }, [], { quotedCredits: 0 })).id);
    expect(job).toMatchObject({ total: 1, fromSaved: 1, creditsCharged: 0 });
    expect(await charged()).toBe(2);
  });

  it('two files whose rows share a switchboard phone: the second person is priced and bought, never filled with the first', async () => {
    const { engine, charged, done, emails } = await setup();
    const mapping: ColumnKind[] = ['full_name', 'email', 'phone'];
    const stage = async (row: string[]) => {
      const staging = createBulkStaging({ store: createMemoryStagingStore() });
      const { stagedId } = await staging.open();
      await staging.append(stagedId, [planRow(row, mapping).entry!]);
      return { staging, stagedId };
    };
    const first = await stage(['Alice', emails[6]!, '+1 212 555 0100']);
    expect((await done((await engine.bulk.startPaged({ pages: first.staging.pages(first.stagedId), duplicates: 0 }, [])).id)).creditsCharged).toBe(1);
    const second = await stage(['Bob', emails[7]!, '+1 212 555 0100']);
    const preview = await second.staging.preview(second.stagedId, { cache: engine.cache, ledger: engine.ledger, saved: engine.savedContacts });
    // Before (review): the first answer was filed under the shared phone, and Bob's row read "cached · free" as Alice.
    expect(preview).toMatchObject({ cached: 0, saved: 0, estimate: { credits: 1 } });
    const job = await done((await engine.bulk.startPaged({ pages: second.staging.pages(second.stagedId), duplicates: 0 }, [])).id);
    const [row] = (await engine.bulk.rows(job.id, 0, 1)).rows;
    expect(row).toMatchObject({ status: 'enriched', fromCache: false });
    expect(JSON.stringify(row?.contact)).not.toContain(emails[6]!.split('@')[0]);
    expect(await charged()).toBe(2);
  });

  it('bought under required fields, found under the same required fields', async () => {
    const { engine, emails, charged, done } = await setup();
    const entries: BulkEntry[] = [{ field_type: 'email', value: emails[3]! }];
    const first = await done((await engine.bulk.start(entries, ['email'])).id);
    expect(first.creditsCharged).toBe(1);
    await engine.cache.store.clear();
    expect(await engine.estimate({ action: 'bulk/enrich', count: 1, entries, requiredFields: ['email'] })).toMatchObject({ credits: 0, saved: 1 });
    const again = await done((await engine.bulk.start(entries, ['email'], { quotedCredits: 0 })).id);
    expect(again).toMatchObject({ status: 'done', fromSaved: 1, creditsCharged: 0 });
    expect(await charged()).toBe(1);
  });

  it('two entries of one person (a shared phone), the book knowing her by the second: the estimate and the job agree', async () => {
    const { engine, charged, done, boughtThenExpired, emails } = await setup();
    await boughtThenExpired();
    // A page lists her twice: once by an address nobody knows, once by the email she was bought by; a phone joins them.
    const entries: BulkEntry[] = [
      { field_type: 'email', value: 'old-address@nowhere-saved.example', alsoKnownAs: { phones: ['+1 212 555 0199'] } },
      { field_type: 'email', value: emails[0]!, alsoKnownAs: { phones: ['+1 212 555 0199'] } },
    ];
    const estimate = await engine.estimate({ action: 'bulk/enrich', count: entries.length, entries });
    expect(estimate).toMatchObject({ credits: 0, saved: 1 });
    const job = await done((await engine.bulk.start(entries, [], { quotedCredits: estimate.credits })).id);
    expect(job).toMatchObject({ total: 1, duplicates: 1, fromSaved: 1, creditsCharged: 0 });
    expect(await charged()).toBe(2);
  });

  it('a book that cannot be read saves nothing and blocks nothing: priced and bought as without a book', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key, { savedContacts: () => Promise.reject(new Error('IndexedDB is gone')) });
    await engine.start();
    const { emails } = await samples(url);
    const entries: BulkEntry[] = [{ field_type: 'email', value: emails[5]! }];
    const estimate = await engine.estimate({ action: 'bulk/enrich', count: 1, entries });
    expect(estimate).toMatchObject({ credits: 1 });
    expect(estimate).not.toHaveProperty('saved');
    const started = await engine.bulk.start(entries, [], { quotedCredits: 1 });
    expect(started.total).toBe(1);
  });

  it('without a book nothing is saved: the job and its price are as before', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    const { emails } = await samples(url);
    const entries: BulkEntry[] = [{ field_type: 'email', value: emails[4]! }];
    expect(await engine.estimate({ action: 'bulk/enrich', count: 1, entries })).not.toHaveProperty('saved');
  });
});
