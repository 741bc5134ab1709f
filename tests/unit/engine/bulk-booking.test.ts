// A bulk chunk's charge is booked whatever happens after the service charged it, and booked once:
// - a whole 2xx answer that does not read (the service processed and charged it) used to book 0;
// - a worker stop right after the rows were stored and before the booking lost the booking (the next worker found
//   the chunk settled and dropped its hold): now the booking comes first;
// - a stop between that booking and the storing completes the chunk from its kept answer without booking it again.
// Against the real sandbox and its ledger; each test has its own sandbox (faults touch no other file's test).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '@/sandbox/server';
import { createMemoryCacheStore } from '@/lib/cache/store';
import { createMemoryLedgerStore } from '@/lib/credits/ledger';
import { createMemoryKeyStore } from '@/lib/keystore';
import { createMemoryBulkStore, type BulkStore } from '@/lib/engine/bulk-store';
import { createEngine, type EngineOptions } from '@/lib/engine/engine';
import { createMemoryLimiter, DEFAULT_LIMITER_CONFIG } from '@/lib/queue/limiter';
import { createMemoryTaskStore } from '@/lib/queue/task-store';
import { DEFAULT_SETTINGS } from '@/lib/settings/schema';
import { addFault } from '../api/sandbox';
import { engineFor, killable, outlivingRequests, samples, sandboxLedger, uniqueKey, until } from './engine-helpers';

let own: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  own = await startSandbox({ port: 0, quiet: true });
});
afterAll(() => own.close());

const charged = async (key: string) => (await sandboxLedger(own.url, key)).reduce((n, e) => n + e.credits, 0);

describe('a bulk chunk is booked as the service charged it', () => {
  it('a whole answer that does not read: booked as charged (sandbox ledger = local ledger = job), its rows failed and left out of "Retry the others"', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(own.url, key);
    await engine.start();
    const { emails } = await samples(own.url);
    const entries = [...emails.slice(0, 5), 'x1@nowhere-u.example', 'x2@nowhere-u.example'].map((value) => ({ field_type: 'email' as const, value }));
    await addFault(own.url, { mode: 'unreadable', count: 1, paths: ['/v1/bulk-enrich'] });
    const job = await engine.bulk.start(entries);
    const end = await until(() => engine.bulk.get(job.id), (j) => j.done === 7, 'the chunk to settle');
    const service = await charged(key);
    expect(service).toBe(5);
    expect(end).toMatchObject({ failed: 7, interrupted: 7, creditsCharged: service });
    expect((await engine.ledger.summary()).today).toBe(service);
    // "Retry the others" (interrupted left out) has nothing to send.
    const again = await engine.bulk.retry(job.id, { interrupted: false });
    expect(again).toMatchObject({ failed: 7, creditsCharged: service });
  });

  for (const stop of ['right after the rows are stored', 'between the booking and the storing'] as const) {
    it(`a worker stop ${stop}: the next worker's ledger says what the service charged, once`, async () => {
      const key = uniqueKey();
      const { emails } = await samples(own.url);
      const shared = { taskStore: createMemoryTaskStore(), bulkStore: createMemoryBulkStore(), cacheStore: createMemoryCacheStore(), ledgerStore: createMemoryLedgerStore() };
      const paidRequests = outlivingRequests();
      const settings = () => Promise.resolve({ ...DEFAULT_SETTINGS, apiBaseUrl: own.url });
      const keystore = createMemoryKeyStore(key);
      const engine = (stores: Pick<EngineOptions, 'taskStore' | 'bulkStore' | 'cacheStore' | 'ledgerStore'>) =>
        createEngine({ ...stores, limiter: createMemoryLimiter(DEFAULT_LIMITER_CONFIG), keystore, settings, paidRequests });

      const dying = { taskStore: killable(shared.taskStore), cacheStore: killable(shared.cacheStore), ledgerStore: killable(shared.ledgerStore), bulkStore: killable(shared.bulkStore) };
      const killAll = () => Object.values(dying).forEach((part) => part.kill());
      let stopped = false;
      // The chunk's answer is the first write of rows that were sent (not answered from the cache).
      const bulkStore: BulkStore = {
        ...dying.bulkStore.store,
        putRowsAndJob: async (rows, job) => {
          const answer = rows.some((r) => r.chunk !== null && r.status !== 'pending' && !r.fromCache);
          if (!answer || stopped) return dying.bulkStore.store.putRowsAndJob(rows, job);
          stopped = true;
          if (stop === 'between the booking and the storing') {
            killAll();
            return dying.bulkStore.store.putRowsAndJob(rows, job);
          }
          await dying.bulkStore.store.putRowsAndJob(rows, job);
          killAll();
        },
      };
      const first = engine({ taskStore: dying.taskStore.store, cacheStore: dying.cacheStore.store, ledgerStore: dying.ledgerStore.store, bulkStore });
      await first.start();
      const job = await first.bulk.start([...emails.slice(0, 4), 'y@nowhere-s.example'].map((value) => ({ field_type: 'email' as const, value })));
      await until(() => Promise.resolve(stopped), Boolean, 'the stop');

      const second = engine(shared);
      await second.start();
      const end = await until(() => second.bulk.get(job.id), (j) => j.done === 5, 'the chunk completed');
      const service = await charged(key);
      expect(service).toBe(4);
      expect(end).toMatchObject({ enriched: 4, creditsCharged: 4 });
      await until(() => second.ledger.summary(), (s) => s.today === service, 'the booking');
      expect((await second.ledger.summary()).today).toBe(service);
      expect((await shared.ledgerStore.load()).held).toBeUndefined();
    });
  }
});
