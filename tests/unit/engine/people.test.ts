/**
 * People support, background side (docs/people.md): entries that reach the same person are one row, and one
 * background-wide in-flight set means a single lookup and a bulk job never send the same person twice.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SANDBOX_ADMIN_HEADERS } from '@/sandbox/admin-guard';
import { startSandbox } from '@/sandbox/server';
import type { BulkEntry } from '@/lib/messaging/protocol';
import { dedupeEntries } from '@/lib/engine/bulk-dedupe';
import type { PaidAnswer } from '@/lib/engine/paid-answer';
import { engineFor, samples, sandboxLedger, sandboxRequests, uniqueKey } from './engine-helpers';

const url = inject('sandboxUrl');

describe('dedupeEntries: one row per person, in input order', () => {
  it.each<[string, BulkEntry[], string[]]>([
    [
      'an email and the profile the page showed beside it',
      [
        { field_type: 'email', value: 'ann@acme.com', alsoKnownAs: { profiles: ['https://www.linkedin.com/in/ann-b'] } },
        { field_type: 'social_profile', value: 'https://linkedin.com/in/ann-b/' },
      ],
      ['ann@acme.com'],
    ],
    [
      'a chain: A~B by the page, B~C by the page → one person',
      [
        { field_type: 'email', value: 'a@acme.com', alsoKnownAs: { phones: ['+14155550100'] } },
        { field_type: 'email', value: 'c@acme.com' },
        { field_type: 'phone', value: '+1 (415) 555-0100', alsoKnownAs: { emails: ['C@Acme.com'] } },
        { field_type: 'email', value: 'd@acme.com' },
      ],
      ['a@acme.com', 'd@acme.com'],
    ],
    ['plain duplicates written differently', [{ field_type: 'email', value: 'Bob@Acme.com' }, { field_type: 'email', value: ' bob@acme.com ' }], ['Bob@Acme.com']],
    ['different people stay apart', [{ field_type: 'email', value: 'x@acme.com' }, { field_type: 'email', value: 'y@acme.com' }], ['x@acme.com', 'y@acme.com']],
  ])('%s', (_name, entries, values) => {
    expect(dedupeEntries(entries, []).map((d) => d.entry.value)).toEqual(values);
  });
});

describe('a row says who it is: the name the page or the file gave travels with the entry', () => {
  it('the first name any of the person\'s entries was given is kept on their one row', () => {
    const rows = dedupeEntries(
      [
        { field_type: 'social_profile', value: 'https://www.linkedin.com/in/ann-b', alsoKnownAs: { emails: ['ann@acme.com'] } },
        { field_type: 'email', value: 'ann@acme.com', label: 'Ann Becker' },
        { field_type: 'email', value: 'bob@acme.com', label: 'Bob Roe' },
        { field_type: 'email', value: 'Bob@Acme.com', label: 'Robert Roe' },
        { field_type: 'email', value: 'cy@acme.com' },
      ],
      [],
    );
    expect(rows.map((r) => [r.entry.value, r.entry.label])).toEqual([
      ['https://www.linkedin.com/in/ann-b', 'Ann Becker'],
      ['bob@acme.com', 'Bob Roe'],
      ['cy@acme.com', undefined],
    ]);
  });

  it('a bulk job\'s rows keep the names, answered or not (real sandbox)', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    const { emails } = await samples(url);
    const job = await engine.bulk.start([
      { field_type: 'email', value: emails[4]!, label: 'Named On The Page' },
      { field_type: 'email', value: `nobody-${Date.now()}@example.org`, label: 'Nobody Known' },
      { field_type: 'email', value: emails[5]! },
    ]);
    for (let i = 0; i < 400 && (await engine.bulk.get(job.id)).status !== 'done'; i++) await new Promise((r) => setTimeout(r, 25));
    const { rows } = await engine.bulk.rows(job.id, 0, 10);
    expect(rows.map((r) => [r.status, r.label])).toEqual([
      ['enriched', 'Named On The Page'],
      ['not_found', 'Nobody Known'],
      ['enriched', undefined],
    ]);
    expect((await sandboxRequests(url, key)).filter((r) => r.path === '/v1/bulk-enrich')).toHaveLength(1);
  });
});

describe('one in-flight set for the whole background (real sandbox)', () => {
  it('a single lookup and a bulk job asking for the same person at once send one request and pay once', async () => {
    const key = uniqueKey();
    const paid: PaidAnswer[] = [];
    const { engine } = engineFor(url, key, { onPaidAnswer: (a) => void paid.push(a) });
    await engine.start();
    const { emails, socialProfiles } = await samples(url);
    const email = emails[0]!;
    const profile = socialProfiles[7]!;
    const [single, job] = await Promise.all([
      engine.lookups.contactEnrich({ lookup: { email }, alsoKnownAs: { profiles: [profile] } }),
      engine.bulk.start([{ field_type: 'social_profile', value: profile, alsoKnownAs: { emails: [email] } }]),
    ]);
    expect(single.found).toBe(true);
    for (let i = 0; i < 200 && (await engine.bulk.get(job.id)).status !== 'done'; i++) await new Promise((r) => setTimeout(r, 25));
    const rows = await engine.bulk.rows(job.id, 0, 10);
    expect(rows.rows[0]).toMatchObject({ status: 'enriched' });
    const requests = (await sandboxRequests(url, key)).filter((r) => r.path === '/v1/enrich' || r.path === '/v1/bulk-enrich');
    expect(requests).toHaveLength(1);
    const charged = (await sandboxLedger(url, key)).reduce((n, e) => n + e.credits, 0);
    expect(charged).toBe(1);
    expect((await engine.ledger.summary()).today).toBe(1);
    // The contact book hears of the one live answer, with its aliases.
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ endpoint: 'contact/enrich', found: true, creditsCharged: 1 });
  });

  describe('with a sandbox of its own whose bulk answers are slow (its faults touch no other test)', () => {
    let own: Awaited<ReturnType<typeof startSandbox>>;
    beforeAll(async () => {
      own = await startSandbox({ port: 0, quiet: true });
    });
    afterAll(() => own.close());

    it('a chunk that waited for a bulk slot does not buy again whom a lookup bought meanwhile (nothing in flight by then)', async () => {
      const key = uniqueKey();
      const { engine } = engineFor(own.url, key);
      await engine.start();
      const { emails } = await samples(own.url);
      const [first, second, person] = [emails[1]!, emails[2]!, emails[6]!];
      // Two slow jobs take both bulk slots, so the third job's chunk waits its turn in the queue.
      const slow = await fetch(`${own.url}/_sandbox/faults`, {
        method: 'POST',
        headers: { ...SANDBOX_ADMIN_HEADERS, 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'slow', delayMs: 3000, count: 2, paths: ['/v1/bulk-enrich'] }),
      });
      expect(slow.ok).toBe(true);
      const busy = [await engine.bulk.start([{ field_type: 'email', value: first }]), await engine.bulk.start([{ field_type: 'email', value: second }])];
      const job = await engine.bulk.start([{ field_type: 'email', value: person }]);
      expect(job.fromCache ?? 0).toBe(0); // planned as a purchase: nobody had bought the person yet
      // Meanwhile a lookup on the page buys the same person and settles: by the chunk's turn nothing is in flight.
      expect((await engine.lookups.contactEnrich({ lookup: { email: person } })).found).toBe(true);
      for (const id of [...busy.map((b) => b.id), job.id]) {
        for (let i = 0; i < 600 && (await engine.bulk.get(id)).status !== 'done'; i++) await new Promise((r) => setTimeout(r, 25));
      }
      expect((await engine.bulk.rows(job.id, 0, 10)).rows[0]).toMatchObject({ status: 'enriched', fromCache: true });
      expect(await engine.bulk.get(job.id)).toMatchObject({ status: 'done', fromCache: 1, creditsCharged: 0 });
      const bought = (await sandboxRequests(own.url, key)).flatMap((r) =>
        r.path === '/v1/enrich' ? [r.query.email] : r.path === '/v1/bulk-enrich' ? [...(r.body ?? '').matchAll(/"value":"([^"]+)"/g)].map((m) => m[1]) : [],
      );
      expect(bought.sort()).toEqual([first, second, person].sort());
      expect((await sandboxLedger(own.url, key)).reduce((n, e) => n + e.credits, 0)).toBe(3);
    });
  });

  it('a later lookup by an identifier the page gave is answered from the cache, free', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    const { emails } = await samples(url);
    await engine.lookups.contactEnrich({ lookup: { email: emails[2]! }, alsoKnownAs: { phones: ['+1 415 555 0199'] } });
    expect(await engine.estimate({ action: 'contact/enrich', lookup: { phone: '+14155550199' } })).toMatchObject({ cached: true, credits: 0 });
    const again = await engine.lookups.contactEnrich({ lookup: { phone: '+14155550199' } });
    expect(again.provenance.source).toBe('cache');
    expect((await sandboxRequests(url, key)).filter((r) => r.path === '/v1/enrich')).toHaveLength(1);
  });
});

describe('the queue says what is really in flight', () => {
  it('a bulk chunk stops counting as in flight when its answer is in, while the contact book is still being filled', async () => {
    const key = uniqueKey();
    let release!: () => void;
    const bookBusy = new Promise<void>((resolve) => (release = resolve));
    let heard = 0;
    // The contact book's hook holds on: the demo's 300 contacts took ~4 s, and the header said "1 queued" all along.
    const { engine } = engineFor(url, key, {
      onPaidAnswer: async () => {
        heard++;
        await bookBusy;
      },
    });
    await engine.start();
    const { emails } = await samples(url);
    const job = await engine.bulk.start([{ field_type: 'email', value: emails[3]! }]);
    for (let i = 0; i < 400 && heard === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(heard).toBe(1);
    expect((await engine.bulk.get(job.id)).status).toBe('done');
    const state = engine.queue.state();
    expect(state.inFlight).toEqual([]);
    expect(state.running).toBe(0);
    release();
  });
});
