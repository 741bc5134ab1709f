// A bulk chunk's budget hold outlives the worker: the chunk's request runs on (Chrome's offscreen document) while the
// service worker is stopped, and the next worker must count the credits it may still be charged. The hold used to
// live in memory only: after the stop the header said "budget left 10", four lookups were allowed beside an 8-row
// chunk in the air, and the day ended at 12 charged against a cap of 10.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createMemoryCacheStore } from '@/lib/cache/store';
import { createLedger, createMemoryLedgerStore } from '@/lib/credits/ledger';
import { createStorageLedgerStore } from '@/lib/credits/store';
import { createMemoryOwnedValue } from '@/lib/storage/owned-value';
import { createMemoryKeyStore } from '@/lib/keystore';
import { createMemoryBulkStore } from '@/lib/engine/bulk-store';
import { createEngine, type EngineOptions } from '@/lib/engine/engine';
import { createMemoryLimiter, DEFAULT_LIMITER_CONFIG } from '@/lib/queue/limiter';
import type { TaskRecord } from '@/lib/queue/queue';
import { createMemoryTaskStore } from '@/lib/queue/task-store';
import { DEFAULT_SETTINGS } from '@/lib/settings/schema';
import { addFault } from '../api/sandbox';
import { killable, ownSandbox, outlivingRequests, samples, sandboxLedger, uniqueKey, until } from '../engine/engine-helpers';

// A sandbox of this file's own: a fault is taken by whichever request comes next, and on the sandbox every unit file
// shares another file's bulk request could take this chunk's slow answer.
const own = ownSandbox();

describe('budget holds across a worker stop', () => {
  beforeEach(() => fakeBrowser.reset());

  it('budget 10, an 8-row chunk in the air at the stop: the next worker shows 2 left, allows 2 lookups of 4, and the day ends at 10', async () => {
    const key = uniqueKey();
    const { emails } = await samples(own.url);
    const tasks = new Map<string, TaskRecord>();
    const taskStore = createMemoryTaskStore(tasks);
    const bulkStore = createMemoryBulkStore();
    const cacheStore = createMemoryCacheStore();
    const paidRequests = outlivingRequests();
    const settings = () => Promise.resolve({ ...DEFAULT_SETTINGS, apiBaseUrl: own.url, dailyBudget: 10 });
    const keystore = createMemoryKeyStore(key);
    const engine = (stores: Pick<EngineOptions, 'taskStore' | 'bulkStore' | 'cacheStore' | 'ledgerStore'>) =>
      createEngine({ ...stores, limiter: createMemoryLimiter(DEFAULT_LIMITER_CONFIG), keystore, settings, paidRequests });

    await addFault(own.url, { mode: 'slow', count: 1, delayMs: 1500, paths: ['/v1/bulk-enrich'] });
    // The ledger's record outlives the worker (the background's IndexedDB in the extension): one value both workers open.
    const ledgerValue = createMemoryOwnedValue<unknown>();
    const dying = { taskStore: killable(taskStore), bulkStore: killable(bulkStore), cacheStore: killable(cacheStore), ledgerStore: killable(createStorageLedgerStore(ledgerValue)) };
    const first = engine({ taskStore: dying.taskStore.store, bulkStore: dying.bulkStore.store, cacheStore: dying.cacheStore.store, ledgerStore: dying.ledgerStore.store });
    await first.start();
    const job = await first.bulk.start(emails.slice(0, 8).map((value) => ({ field_type: 'email' as const, value })));
    await until(() => Promise.resolve([...tasks.values()].some((t) => t.state === 'in-flight')), Boolean, 'the chunk in flight');
    expect((await first.ledger.summary()).budgetLeft).toBe(2);
    for (const part of Object.values(dying)) part.kill();

    // The next worker reads the ledger's record from its store, before anything resumes.
    const ledgerStore = createStorageLedgerStore(ledgerValue);
    const second = engine({ taskStore, bulkStore, cacheStore, ledgerStore });
    expect(await second.ledger.summary()).toMatchObject({ today: 0, budgetLeft: 2 });
    await second.start();
    expect(await second.ledger.summary()).toMatchObject({ today: 0, budgetLeft: 2 });

    // Four 1-credit lookups of other known people while the chunk is still in the air: two fit, two are refused.
    const outcomes = [];
    for (const email of emails.slice(8, 12)) outcomes.push(await second.lookups.contactEnrich({ lookup: { email } }).then(() => 'ok', (e: { data?: { kind?: string } }) => e.data?.kind));
    expect(outcomes).toEqual(['ok', 'ok', 'budget_exceeded', 'budget_exceeded']);

    const done = await until(() => second.bulk.get(job.id), (j) => j.status === 'done', 'the chunk to settle from its kept answer');
    expect(done).toMatchObject({ enriched: 8, creditsCharged: 8, interrupted: 0 });
    const charged = (await sandboxLedger(own.url, key)).reduce((n, e) => n + e.credits, 0);
    expect(charged).toBe(10);
    await until(() => second.ledger.summary(), (s) => s.today === 10, 'the chunk booked');
    expect(await second.ledger.summary()).toMatchObject({ today: 10, budgetLeft: 0 });
    expect((await ledgerStore.load()).held).toBeUndefined();
  });
});

describe('kept holds in the ledger', () => {
  it('a kept hold is counted by a new ledger on the same record, settled once, and dropped when its work is over', async () => {
    const store = createMemoryLedgerStore();
    const budget = () => Promise.resolve(10);
    const before = createLedger({ store, dailyBudget: budget });
    await before.reserve(8, { id: 'bulk:a:0' });
    await before.reserve(1, { id: 'bulk:a:1' });
    const after = createLedger({ store, dailyBudget: budget });
    expect(await after.committedToday()).toBe(9);
    await expect(after.reserve(2)).rejects.toMatchObject({ data: { kind: 'budget_exceeded' } });
    const hold = await after.resume('bulk:a:0');
    // bulk:a:1 was interrupted (no answer coming): the restart drops it.
    await after.keepOnly(new Set());
    expect(await after.committedToday()).toBe(8);
    await hold!.settle('bulk/enrich', 6);
    await hold!.settle('bulk/enrich', 6);
    expect(await after.summary()).toMatchObject({ today: 6, budgetLeft: 4 });
    expect(await after.resume('bulk:a:0')).toBeNull();
  });

  it('reserving an id held already replaces the hold instead of adding to it', async () => {
    const store = createMemoryLedgerStore();
    const ledger = createLedger({ store, dailyBudget: () => Promise.resolve(10) });
    await ledger.reserve(8, { id: 'bulk:b:0' });
    await ledger.reserve(8, { id: 'bulk:b:0' });
    expect(await ledger.committedToday()).toBe(8);
  });
});
