import { describe, expect, it } from 'vitest';
import { createMemoryCacheStore } from '@/lib/cache/store';
import { createMemoryLedgerStore } from '@/lib/credits/ledger';
import { createMemoryKeyStore } from '@/lib/keystore';
import { createMemoryBulkStore } from '@/lib/engine/bulk-store';
import { createEngine } from '@/lib/engine/engine';
import { DEFAULT_LIMITER_CONFIG, SlidingLogLimiter, type PersistentLimiter } from '@/lib/queue/limiter';
import type { TaskRecord, TaskStore } from '@/lib/queue/queue';
import type { BulkStore } from '@/lib/engine/bulk-store';
import type { CacheStore } from '@/lib/cache/store';
import type { LedgerStore } from '@/lib/credits/ledger';
import { createMemoryTaskStore } from '@/lib/queue/task-store';
import { DEFAULT_SETTINGS } from '@/lib/settings/schema';
import { addFault } from '../api/sandbox';
import { killable, ownSandbox, samples, sandboxLedger, sandboxRequests, uniqueKey, until } from './engine-helpers';

// A sandbox of this file's own: its faults are queued for whichever request comes next, and on the sandbox every unit
// file shares another file's bulk request could take one, so a chunk meant to be slow or refused would not be.
const own = ownSandbox();

function limiterFrom(limiter: SlidingLogLimiter): PersistentLimiter {
  // What the next worker loads from storage.session.
  const restored = new SlidingLogLimiter(DEFAULT_LIMITER_CONFIG, limiter.snapshot(Date.now()), Date.now());
  return { limiter: restored, acquire: (now) => Promise.resolve(restored.tryAcquire(now)), release: (id, now) => restored.release(id, now) };
}

function world(key: string) {
  const tasks = new Map<string, TaskRecord>();
  const shared: { taskStore: TaskStore; bulkStore: BulkStore; cacheStore: CacheStore; ledgerStore: LedgerStore } = {
    taskStore: createMemoryTaskStore(tasks),
    bulkStore: createMemoryBulkStore(),
    cacheStore: createMemoryCacheStore(),
    ledgerStore: createMemoryLedgerStore(),
  };
  const settings = () => Promise.resolve({ ...DEFAULT_SETTINGS, apiBaseUrl: own.url });
  const keystore = createMemoryKeyStore(key);
  return {
    tasks,
    shared,
    engine(stores: typeof shared, limiter: PersistentLimiter) {
      return createEngine({ ...stores, limiter, keystore, settings });
    },
  };
}

/** The first worker, on stores that stop answering at `die()` (the worker's death); its limiter, for the next one. */
function dyingWorker(w: ReturnType<typeof world>) {
  const dying = {
    taskStore: killable(w.shared.taskStore),
    bulkStore: killable(w.shared.bulkStore),
    cacheStore: killable(w.shared.cacheStore),
    ledgerStore: killable(w.shared.ledgerStore),
  };
  const limiter1 = new SlidingLogLimiter(DEFAULT_LIMITER_CONFIG);
  const first = w.engine(
    { taskStore: dying.taskStore.store, bulkStore: dying.bulkStore.store, cacheStore: dying.cacheStore.store, ledgerStore: dying.ledgerStore.store },
    { limiter: limiter1, acquire: (now) => Promise.resolve(limiter1.tryAcquire(now)), release: (id, now) => limiter1.release(id, now) },
  );
  return { first, limiter1, die: () => Object.values(dying).forEach((part) => part.kill()) };
}

async function entriesWithKnown(): Promise<Array<{ field_type: 'email'; value: string }>> {
  const { emails } = await samples(own.url);
  return Array.from({ length: 2500 }, (_, i) => ({ field_type: 'email' as const, value: i % 125 === 0 ? emails[i / 125]! : `resume${i}@nowhere-${i % 5}.com` }));
}

describe('bulk job across a worker death (in-memory stores, real sandbox)', () => {
  it('interrupts the chunks that were in flight, resumes the rest, and sends no chunk twice', async () => {
    const key = uniqueKey();
    const w = world(key);
    await addFault(own.url, { mode: 'slow', count: 2, delayMs: 1500, paths: ['/v1/bulk-enrich'] });
    const { first, limiter1, die } = dyingWorker(w);
    await first.start();
    const job = await first.bulk.start(await entriesWithKnown());
    // Both bulk slots in flight (the sandbox holds each for 1.5 s), the third chunk waiting in the queue.
    await until(() => Promise.resolve([...w.tasks.values()].filter((t) => t.state === 'in-flight').length), (n) => n === 2, 'two chunks in flight');
    die();

    const second = w.engine(w.shared, limiterFrom(limiter1));
    const resumed = await second.start();
    expect(resumed).toEqual({ resumed: 1, repeated: 0, dropped: 2 });
    const done = await until(() => second.bulk.get(job.id), (j) => j.status === 'done', 'the job to finish');
    expect(done).toMatchObject({ total: 2500, done: 2500, interrupted: 2000, failed: 2000 });
    const tail = await second.bulk.rows(job.id, 2000, 500);
    expect(tail.rows.filter((r) => r.status === 'enriched')).toHaveLength(4); // the resumed chunk's 4 known emails

    // The dead worker's two requests still reach the sandbox; with the resumed one that is 3, all different.
    const requests = await until(
      async () => (await sandboxRequests(own.url, key)).filter((r) => r.path === '/v1/bulk-enrich') as Array<{ body?: string }>,
      (r) => r.length >= 3,
      'the dead worker’s requests to land',
    );
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.body)).size).toBe(3);
  });

  it('a worker death while a chunk waits out a 429 to be sent again: it was not in the air, so the next worker sends it (not interrupted), charged once', async () => {
    const key = uniqueKey();
    const w = world(key);
    // Refused once, with a Retry-After the client waits out itself before sending the chunk again (under 30 s).
    await addFault(own.url, { mode: '429', count: 1, retryAfterSeconds: 20, paths: ['/v1/bulk-enrich'] });
    const { first, limiter1, die } = dyingWorker(w);
    await first.start();
    const { emails } = await samples(own.url);
    const job = await first.bulk.start(emails.slice(0, 5).map((value) => ({ field_type: 'email' as const, value })));
    await until(() => sandboxRequests(own.url, key), (r) => r.some((q) => q.path === '/v1/bulk-enrich' && q.status === 429), 'the 429');
    // While the client waits, the job says nothing of it is in the air (it used to say 5 for the whole wait).
    const waiting = await until(() => first.bulk.get(job.id), (j) => j.inFlight === 0, 'the refused chunk to leave flight');
    expect(waiting).toMatchObject({ status: 'running', done: 0 });
    expect([...w.tasks.values()].filter((t) => t.state === 'in-flight')).toHaveLength(1);
    die();

    const second = w.engine(w.shared, limiterFrom(limiter1));
    expect(await second.start()).toEqual({ resumed: 1, repeated: 1, dropped: 0 });
    const done = await until(() => second.bulk.get(job.id), (j) => j.status === 'done', 'the job to finish');
    expect(done).toMatchObject({ total: 5, done: 5, enriched: 5, failed: 0, interrupted: 0 });
    expect((await sandboxRequests(own.url, key)).filter((r) => r.path === '/v1/bulk-enrich').map((r) => r.status)).toEqual([429, 200]);
    const ledger = (await sandboxLedger(own.url, key)).reduce((n, e) => n + e.credits, 0);
    expect(ledger).toBe(5);
    expect(done.creditsCharged).toBe(ledger);
  });

  it('a chunk whose results were stored before the worker died is neither interrupted nor sent again', async () => {
    const key = uniqueKey();
    const w = world(key);
    const tasksDying = killable(w.shared.taskStore);
    const limiter1 = new SlidingLogLimiter(DEFAULT_LIMITER_CONFIG);
    const first = w.engine(
      { ...w.shared, taskStore: { load: tasksDying.store.load, put: tasksDying.store.put, remove: () => new Promise(() => undefined) } },
      { limiter: limiter1, acquire: (now) => Promise.resolve(limiter1.tryAcquire(now)), release: (id, now) => limiter1.release(id, now) },
    );
    await first.start();
    const job = await first.bulk.start((await entriesWithKnown()).slice(0, 1500));
    // Results stored (rows, counters), but the worker dies before the queue forgets the finished tasks.
    await until(() => first.bulk.get(job.id), (j) => j.status === 'done', 'results stored');
    tasksDying.kill();
    expect([...w.tasks.values()].filter((t) => t.state === 'in-flight')).toHaveLength(2);

    const second = w.engine(w.shared, limiterFrom(limiter1));
    await second.start();
    const after = await second.bulk.get(job.id);
    expect(after).toMatchObject({ status: 'done', done: 1500, interrupted: 0, enriched: 12 });
    expect((await sandboxRequests(own.url, key)).filter((r) => r.path === '/v1/bulk-enrich')).toHaveLength(2);
    expect(w.tasks.size).toBe(0);
  });
});
