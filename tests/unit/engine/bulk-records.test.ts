/**
 * Why: one malformed stored bulk job once bricked the background (every request answered "internal"). Stored
 * records are validated on read; what fails is quarantined (kept for export) and never crashes the engine.
 */
import { describe, expect, inject, it } from 'vitest';
import { createMemoryCacheStore } from '@/lib/cache/store';
import { createMemoryLedgerStore } from '@/lib/credits/ledger';
import { createMemoryKeyStore } from '@/lib/keystore';
import { createMemoryBulkStore } from '@/lib/engine/bulk-store';
import { createEngine } from '@/lib/engine/engine';
import { createMemoryLimiter, DEFAULT_LIMITER_CONFIG } from '@/lib/queue/limiter';
import { createMemoryTaskStore } from '@/lib/queue/task-store';
import { DEFAULT_SETTINGS } from '@/lib/settings/schema';
import { sandboxRequests, uniqueKey } from './engine-helpers';

const url = inject('sandboxUrl');

const goodJob = {
  id: 'good',
  createdAt: 1,
  status: 'done',
  total: 1,
  done: 1,
  enriched: 0,
  creditsCharged: 0,
  etaMs: null,
  requiredFields: [],
  chunkCount: 1,
  sentChunks: [],
};
const row = (jobId: string, index: number, extra: Record<string, unknown> = {}) => ({
  jobId,
  index,
  key: `contact/enrich?email=r${index}%40nowhere.example`,
  chunk: 0,
  field_type: 'email',
  value: `r${index}@nowhere.example`,
  status: 'not_found',
  contact: null,
  fromCache: false,
  ...extra,
});

function engineWith(seed: { jobs?: unknown[]; rows?: unknown[] }, key: string) {
  const bulkStore = createMemoryBulkStore(seed);
  const engine = createEngine({
    limiter: createMemoryLimiter(DEFAULT_LIMITER_CONFIG),
    taskStore: createMemoryTaskStore(),
    cacheStore: createMemoryCacheStore(),
    bulkStore,
    ledgerStore: createMemoryLedgerStore(),
    keystore: createMemoryKeyStore(key),
    settings: () => Promise.resolve({ ...DEFAULT_SETTINGS, apiBaseUrl: url }),
  });
  return { engine, bulkStore };
}

describe('damaged bulk records are quarantined, never fatal', () => {
  it.each<[string, unknown]>([
    ['missing fields (no counters)', { id: 'bad', createdAt: 2, status: 'running' }],
    ['wrong types (total as text, createdAt as date string)', { ...goodJob, id: 'bad', total: '10', createdAt: '2026-11-23' }],
    ['unknown status', { ...goodJob, id: 'bad', status: 'exploded' }],
    ['junk array for sentChunks', { ...goodJob, id: 'bad', status: 'running', sentChunks: ['a', null, {}] }],
    ['junk array for requiredFields', { ...goodJob, id: 'bad', requiredFields: [1, 2, 3] }],
    ['not an object at all', ['junk', 1, 2]],
    ['null', null],
  ])('%s: the engine starts, the good job lists, the bad one is kept for export', async (_name, bad) => {
    const key = uniqueKey();
    const { engine, bulkStore } = engineWith({ jobs: [goodJob, bad], rows: [row('good', 0)] }, key);
    await engine.start();
    expect((await engine.bulk.list()).map((j) => j.id)).toEqual(['good']);
    const quarantined = await bulkStore.quarantined();
    expect(quarantined).toHaveLength(1);
    expect(quarantined[0]).toMatchObject({ store: 'jobs' });
    expect(quarantined[0]!.json).toBe(JSON.stringify(bad));
    // Everything else still works: a price preview and a key check answer.
    await expect(engine.estimate({ action: 'email/verify', email: 'a@acme.com' })).resolves.toMatchObject({ credits: 1 });
    await expect(engine.lookups.checkKey()).resolves.toEqual({ valid: true });
  });

  it.each<[string, Record<string, unknown>]>([
    ['wrong status', { status: 'weird' }],
    ['contact of the wrong type', { status: 'enriched', contact: 'not a contact' }],
    ['missing key', { key: undefined }],
  ])('a damaged row (%s) reads as an error row at its place, and is kept for export', async (_name, damage) => {
    const { engine, bulkStore } = engineWith({ jobs: [{ ...goodJob, total: 2, done: 2 }], rows: [row('good', 0), row('good', 1, damage)] }, uniqueKey());
    await engine.start();
    const { rows } = await engine.bulk.rows('good', 0, 10);
    expect(rows.map((r) => r.status)).toEqual(['not_found', 'error']);
    expect(rows[1]!.error?.message).toMatch(/damaged/);
    expect((await bulkStore.quarantined()).map((q) => q.store)).toEqual(['rows']);
  });

  it('an older version’s running job without sentChunks is upgraded: its pending rows are interrupted, not sent again', async () => {
    const key = uniqueKey();
    const { sentChunks: _dropped, ...older } = { ...goodJob, id: 'older', status: 'running', total: 2, done: 0 };
    const { engine, bulkStore } = engineWith({ jobs: [older], rows: [row('older', 0, { status: 'pending' }), row('older', 1, { status: 'pending' })] }, key);
    await engine.start();
    const job = await engine.bulk.get('older');
    expect(job).toMatchObject({ status: 'failed', interrupted: 2, done: 2 });
    expect(await bulkStore.quarantined()).toEqual([]);
    // The service may have charged that chunk already: nothing went out on its own.
    expect((await sandboxRequests(url, key)).filter((r) => r.path === '/v1/bulk-enrich')).toHaveLength(0);
  });
});
