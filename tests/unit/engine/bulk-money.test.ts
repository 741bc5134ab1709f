/**
 * Truthful money for bulk jobs (docs/reliability.md), against the real sandbox and its ledger:
 * - a cancel says what was already sent and may still be charged; the final figures equal the ledger;
 * - Retry lets the user leave out the entries the service may already have charged.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSandbox } from '@/sandbox/server';
import { createMemoryCacheStore } from '@/lib/cache/store';
import { createMemoryLedgerStore } from '@/lib/credits/ledger';
import { createMemoryKeyStore } from '@/lib/keystore';
import { createMemoryBulkStore } from '@/lib/engine/bulk-store';
import { createEngine } from '@/lib/engine/engine';
import { createMemoryLimiter, DEFAULT_LIMITER_CONFIG } from '@/lib/queue/limiter';
import { createMemoryTaskStore } from '@/lib/queue/task-store';
import { DEFAULT_SETTINGS } from '@/lib/settings/schema';
import { addFault } from '../api/sandbox';
import { contactEnrichKey } from '@/lib/cache/keys';
import { engineFor, samples, sandboxLedger, sandboxRequests, uniqueKey, until } from './engine-helpers';

const url = inject('sandboxUrl');
const charged = async (key: string) => (await sandboxLedger(url, key)).reduce((n, e) => n + e.credits, 0);

describe('bulk money is what the ledger says', () => {
  describe('with a sandbox of its own (its faults touch no other test)', () => {
    let own: Awaited<ReturnType<typeof startSandbox>>;
    beforeAll(async () => {
      own = await startSandbox({ port: 0, quiet: true });
    });
    afterAll(() => own.close());

    // Its slow chunk is a fault of its own sandbox: on the shared one, another file's bulk request running at the
    // same moment could take the fault, and this chunk would be answered before it was seen in the air.
    it('cancel with a chunk in flight: the job says it was sent and may be charged, then ends equal to the ledger', async () => {
      const key = uniqueKey();
      const { engine } = engineFor(own.url, key);
      await engine.start();
      const { emails } = await samples(own.url);
      const entries = Array.from({ length: 200 }, (_, i) => ({ field_type: 'email' as const, value: i % 10 === 0 ? emails[i / 10]! : `cancel${i}@nowhere-${i % 7}.example` }));
      await addFault(own.url, { mode: 'slow', count: 1, delayMs: 1500, paths: ['/v1/bulk-enrich'] });
      const job = await engine.bulk.start(entries);
      await until(() => engine.bulk.get(job.id), (j) => j.inFlight === 200, 'the chunk to leave');

      const cancelled = await engine.bulk.cancel(job.id);
      // What the screen is given at the cancel: nothing charged yet, 200 sent and possibly charged.
      expect(cancelled).toMatchObject({ status: 'cancelled', inFlight: 200, creditsCharged: 0 });

      const end = await until(() => engine.bulk.get(job.id), (j) => j.inFlight === 0, 'the answer');
      const ledger = (await sandboxLedger(own.url, key)).reduce((n, e) => n + e.credits, 0);
      expect(ledger).toBe(20);
      expect(end).toMatchObject({ status: 'cancelled', done: 200, creditsCharged: ledger, enriched: 20 });
      expect((await engine.ledger.summary()).today).toBe(ledger);
    });

    it('cancel while a chunk refused with 429 waits to be sent again: the job ends cancelled, nothing in the air, nothing charged', async () => {
      const key = uniqueKey();
      const { engine } = engineFor(own.url, key);
      await engine.start();
      const { emails } = await samples(own.url);
      await addFault(own.url, { mode: '429', count: 1, retryAfterSeconds: 2, paths: ['/v1/bulk-enrich'] });
      const job = await engine.bulk.start(emails.slice(0, 5).map((value) => ({ field_type: 'email' as const, value })));
      // The first attempt was refused; the client waits out Retry-After before sending it again.
      await until(() => sandboxRequests(own.url, key), (r) => r.some((q) => q.path === '/v1/bulk-enrich' && q.status === 429), 'the 429');
      await engine.bulk.cancel(job.id);
      const end = await until(() => engine.bulk.get(job.id), (j) => j.inFlight === 0 && j.done === 5, 'the job to settle');
      expect(end).toMatchObject({ status: 'cancelled', creditsCharged: 0, enriched: 0 });
      expect((await sandboxRequests(own.url, key)).filter((r) => r.path === '/v1/bulk-enrich').map((r) => r.status)).toEqual([429]);
      expect(await sandboxLedger(own.url, key)).toEqual([]);
    });

    it.each([
      ['a server error', true, { mode: '500' as const }],
      ['an answer that does not read', true, { mode: 'malformed' as const }],
      ['a bad request', false, { mode: '400' as const }],
    ])('%s on a chunk: its rows may have been charged = %s, and "Retry the others" follows that', async (_why, maybe, fault) => {
      const key = uniqueKey();
      const { engine } = engineFor(own.url, key);
      await engine.start();
      await addFault(own.url, { ...fault, count: 1, paths: ['/v1/bulk-enrich'] });
      const values = ['a@nowhere-x.example', 'b@nowhere-x.example', 'c@nowhere-x.example'];
      const job = await engine.bulk.start(values.map((value) => ({ field_type: 'email' as const, value })));
      const failed = await until(() => engine.bulk.get(job.id), (j) => j.done === 3, 'the failed chunk');
      expect(failed).toMatchObject({ failed: 3, interrupted: maybe ? 3 : 0, creditsCharged: 0 });
      await engine.bulk.retry(job.id, { interrupted: false });
      await until(() => engine.bulk.get(job.id), (j) => j.status !== 'queued' && j.status !== 'running', 'the retry');
      // Rows the service may have processed are not sent again without the user asking for them by name.
      expect((await sandboxRequests(own.url, key)).filter((r) => r.path === '/v1/bulk-enrich')).toHaveLength(maybe ? 1 : 2);
    });
  });

  it('Retry can leave out the interrupted entries (maybe charged already) and sends only the others', async () => {
    const key = uniqueKey();
    const job = { id: 'j', createdAt: 1, status: 'failed', total: 3, done: 3, enriched: 0, creditsCharged: 0, etaMs: null, interrupted: 2, failed: 3, requiredFields: [], chunkCount: 2, sentChunks: [] };
    const row = (index: number, value: string, interrupted: boolean) => ({
      jobId: 'j',
      index,
      key: `contact/enrich?email=${encodeURIComponent(value)}`,
      chunk: interrupted ? 0 : 1,
      field_type: 'email',
      value,
      status: 'error',
      contact: null,
      fromCache: false,
      error: { kind: interrupted ? 'aborted' : 'network', message: 'x' },
      ...(interrupted ? { interrupted: true } : {}),
    });
    const engine = createEngine({
      limiter: createMemoryLimiter(DEFAULT_LIMITER_CONFIG),
      taskStore: createMemoryTaskStore(),
      cacheStore: createMemoryCacheStore(),
      bulkStore: createMemoryBulkStore({ jobs: [job], rows: [row(0, 'int1@nowhere.example', true), row(1, 'int2@nowhere.example', true), row(2, 'other@nowhere.example', false)] }),
      ledgerStore: createMemoryLedgerStore(),
      keystore: createMemoryKeyStore(key),
      settings: () => Promise.resolve({ ...DEFAULT_SETTINGS, apiBaseUrl: url }),
    });
    await engine.start();
    // "Retry the others" is priced by its own rows (1), "Retry all" by all three: what each button shows.
    expect(await engine.estimate({ action: 'bulk/retry', jobId: 'j', interrupted: false })).toMatchObject({ credits: 1 });
    expect(await engine.estimate({ action: 'bulk/retry', jobId: 'j' })).toMatchObject({ credits: 3 });
    const retried = await engine.bulk.retry('j', { interrupted: false });
    expect(retried).toMatchObject({ status: 'queued', interrupted: 2 });
    const end = await until(() => engine.bulk.get('j'), (j) => j.status !== 'queued' && j.status !== 'running', 'the retry');
    expect(end).toMatchObject({ interrupted: 2, failed: 2 });
    const bodies = (await sandboxRequests(url, key)).filter((r) => r.path === '/v1/bulk-enrich') as Array<{ body?: string }>;
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.body).toContain('other@nowhere.example');
    expect(bodies[0]!.body).not.toContain('int1@nowhere.example');
  });

  it('Retry asks the budget only for the rows the cache does not answer (bought meanwhile, they go out free)', async () => {
    const key = uniqueKey();
    const { emails } = await samples(url);
    const values = emails.slice(0, 3);
    const job = { id: 'r', createdAt: 1, status: 'failed', total: 3, done: 3, enriched: 0, creditsCharged: 0, etaMs: null, failed: 3, requiredFields: [], chunkCount: 1, sentChunks: [] };
    const rows = values.map((value, index) => ({
      jobId: 'r',
      index,
      key: contactEnrichKey({ email: value }),
      chunk: 0,
      field_type: 'email',
      value,
      status: 'error',
      contact: null,
      fromCache: false,
      error: { kind: 'network', message: 'x' },
    }));
    const engine = createEngine({
      limiter: createMemoryLimiter(DEFAULT_LIMITER_CONFIG),
      taskStore: createMemoryTaskStore(),
      cacheStore: createMemoryCacheStore(),
      bulkStore: createMemoryBulkStore({ jobs: [job], rows }),
      ledgerStore: createMemoryLedgerStore(),
      keystore: createMemoryKeyStore(key),
      settings: () => Promise.resolve({ ...DEFAULT_SETTINGS, apiBaseUrl: url, dailyBudget: 3 }),
    });
    await engine.start();
    // Two of the three people bought since, one by one: 2 of the 3 credits of today's budget spent.
    for (const value of values.slice(0, 2)) await engine.lookups.contactEnrich({ lookup: { email: value } });
    // The retry's price (what its button shows and the spend question asks about) is the retry's own decision: 1, not
    // the 3 failed rows; held to a lower quote it is refused before anything is sent.
    expect(await engine.estimate({ action: 'bulk/retry', jobId: 'r' })).toMatchObject({ credits: 1, blockedByBudget: false });
    expect(await engine.estimate({ action: 'bulk/retry', jobId: 'r', interrupted: false })).toMatchObject({ credits: 1 });
    await expect(engine.bulk.retry('r', { quotedCredits: 0 })).rejects.toMatchObject({ data: { kind: 'price_changed', credits: 1 } });
    // Before: the retry asked the budget for 3 and was refused. Now it asks for the 1 row the cache does not answer.
    await engine.bulk.retry('r', { quotedCredits: 1 });
    const end = await until(() => engine.bulk.get('r'), (j) => j.status !== 'queued' && j.status !== 'running', 'the retry');
    expect(end).toMatchObject({ status: 'done', enriched: 3, fromCache: 2, creditsCharged: 1 });
    expect(await charged(key)).toBe(3);
    const bulk = (await sandboxRequests(url, key)).filter((r) => r.path === '/v1/bulk-enrich') as Array<{ body?: string }>;
    expect(bulk).toHaveLength(1);
    expect(bulk[0]!.body).toContain(values[2]!);
    expect(bulk[0]!.body).not.toContain(values[0]!);
  });
});
