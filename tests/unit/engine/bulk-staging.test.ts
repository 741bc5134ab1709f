/**
 * Staged bulk uploads: a job too big for one message is sent in pages, checked and deduplicated as it
 * arrives, previewed with the same figures and price as a job sent whole, started in bounded batches, and removed
 * on start, discard or expiry. The engine runs against the real sandbox (memory stores: Node has no IndexedDB).
 */
import { describe, expect, inject, it } from 'vitest';
import { bulkEntryKey } from '@/lib/cache/keys';
import { createMemoryCacheStore } from '@/lib/cache/store';
import { estimateAction } from '@/lib/engine/estimate';
import { createMemoryLedgerStore } from '@/lib/credits/ledger';
import { createMemoryKeyStore } from '@/lib/keystore';
import type { BulkEntry } from '@/lib/messaging/protocol';
import { START_BATCH } from '@/lib/engine/bulk-job';
import { createBulkStaging, createMemoryStagingStore, STAGE_APPEND_MAX, STAGE_MAX_ENTRIES, STAGE_TTL_MS } from '@/lib/engine/bulk-staging';
import { createMemoryBulkStore, type BulkStore } from '@/lib/engine/bulk-store';
import { createEngine } from '@/lib/engine/engine';
import { createMemoryLimiter, DEFAULT_LIMITER_CONFIG } from '@/lib/queue/limiter';
import { createMemoryTaskStore } from '@/lib/queue/task-store';
import { DEFAULT_SETTINGS } from '@/lib/settings/schema';
import { samples, uniqueKey } from './engine-helpers';

const url = inject('sandboxUrl');

const email = (i: number): BulkEntry => ({ field_type: 'email', value: `staged${i}@nowhere-${i % 7}.example` });

/** An engine whose bulk store records the size of every row write (rows of a starting job). */
function engine(opts: { dailyBudget?: number | null } = {}) {
  const inner = createMemoryBulkStore();
  const rowWrites: number[] = [];
  const bulkStore: BulkStore = {
    ...inner,
    putRows: (rows) => {
      rowWrites.push(rows.length);
      return inner.putRows(rows);
    },
    putRowsAndJob: (rows, job) => {
      rowWrites.push(rows.length);
      return inner.putRowsAndJob(rows, job);
    },
  };
  const e = createEngine({
    limiter: createMemoryLimiter(DEFAULT_LIMITER_CONFIG),
    taskStore: createMemoryTaskStore(),
    cacheStore: createMemoryCacheStore(),
    bulkStore,
    ledgerStore: createMemoryLedgerStore(),
    keystore: createMemoryKeyStore(uniqueKey()),
    settings: () => Promise.resolve({ ...DEFAULT_SETTINGS, apiBaseUrl: url, dailyBudget: opts.dailyBudget ?? null }),
  });
  return { engine: e, rowWrites };
}

async function stageAll(staging: ReturnType<typeof createBulkStaging>, entries: readonly BulkEntry[]) {
  const { stagedId } = await staging.open();
  for (let i = 0; i < entries.length; i += STAGE_APPEND_MAX) await staging.append(stagedId, entries.slice(i, i + STAGE_APPEND_MAX));
  return stagedId;
}

describe('appending to a staged upload', () => {
  it('checks every entry, trims it, and drops duplicates (earlier or in the same append) by cache key', async () => {
    const store = createMemoryStagingStore();
    const staging = createBulkStaging({ store });
    const { stagedId } = await staging.open();
    expect(await staging.append(stagedId, [email(1), email(2), { field_type: 'email', value: ` ${email(1).value} ` }])).toMatchObject({ staged: 2, duplicates: 1 });
    expect(await staging.append(stagedId, [email(2), email(3)])).toMatchObject({ staged: 3, duplicates: 2 });
    const stored = await store.entries(stagedId, 0, 10);
    expect(stored.map((e) => [e.index, e.value, e.key])).toEqual([1, 2, 3].map((i, index) => [index, email(i).value, bulkEntryKey(email(i))]));
  });

  it('refuses a malformed entry, an oversized append, an unknown upload and a job over the size limit', async () => {
    const staging = createBulkStaging({ store: createMemoryStagingStore() });
    const { stagedId } = await staging.open();
    await expect(staging.append(stagedId, [{ field_type: 'fax', value: '1' } as unknown as BulkEntry])).rejects.toThrow();
    await expect(staging.append(stagedId, [{ field_type: 'email', value: '   ' }])).rejects.toThrow();
    await expect(staging.append(stagedId, Array.from({ length: STAGE_APPEND_MAX + 1 }, (_, i) => email(i)))).rejects.toThrow(/At most/);
    await expect(staging.append('no-such-upload', [email(1)])).rejects.toThrow(/no longer staged/);
    // Nothing of the refused appends was kept.
    expect((await staging.meta(stagedId)).count).toBe(0);
    for (let i = 0; i < STAGE_MAX_ENTRIES; i += STAGE_APPEND_MAX) await staging.append(stagedId, Array.from({ length: STAGE_APPEND_MAX }, (_, j) => email(i + j)));
    await expect(staging.append(stagedId, [email(STAGE_MAX_ENTRIES)])).rejects.toThrow(/at most/);
    expect((await staging.meta(stagedId)).count).toBe(STAGE_MAX_ENTRIES);
  });

  it('writes each append as one bounded write', async () => {
    const store = createMemoryStagingStore();
    const staging = createBulkStaging({ store });
    await stageAll(staging, Array.from({ length: 9_500 }, (_, i) => email(i)));
    expect(store.writes).toEqual([2000, 2000, 2000, 2000, 1500]);
  });
});

describe('discard and expiry', () => {
  it('discard removes the entries; an upload untouched for longer than its lifetime is gone and swept', async () => {
    let now = 1_000_000;
    const store = createMemoryStagingStore();
    const staging = createBulkStaging({ store, now: () => now });
    const a = await stageAll(staging, [email(1), email(2)]);
    await staging.discard(a);
    await expect(staging.meta(a)).rejects.toThrow(/no longer staged/);
    expect(await store.entries(a, 0, 10)).toEqual([]);

    const b = await stageAll(staging, [email(1)]);
    now += STAGE_TTL_MS - 1;
    await staging.append(b, [email(2)]); // an append keeps it alive
    now += STAGE_TTL_MS - 1;
    expect((await staging.meta(b)).count).toBe(2);
    const c = await stageAll(staging, [email(3)]);
    now += 2;
    // b's last append is now older than its lifetime; c's is not.
    await expect(staging.append(b, [email(4)])).rejects.toThrow(/no longer staged/);
    expect(await store.entries(b, 0, 10)).toEqual([]);
    const d = await stageAll(staging, [email(5)]);
    now += STAGE_TTL_MS + 1;
    await staging.open(); // every open sweeps
    expect((await store.listMeta()).map((m) => m.id).filter((id) => [c, d].includes(id))).toEqual([]);
  });
});

describe('preview and start from a staged upload', () => {
  it('the preview gives the same figures and price as the preview of the same entries sent whole', async () => {
    const { engine: e } = engine();
    await e.start();
    const { emails } = await samples(url);
    for (const value of emails.slice(0, 3)) await e.lookups.contactEnrich({ lookup: { email: value } });
    const entries = [...emails.slice(0, 5).map((value) => ({ field_type: 'email' as const, value })), ...Array.from({ length: 2_500 }, (_, i) => email(i)), { field_type: 'email' as const, value: emails[0]!.toUpperCase() }, email(7)];
    const staging = createBulkStaging({ store: createMemoryStagingStore() });
    const stagedId = await stageAll(staging, entries);
    const staged = await staging.preview(stagedId, { cache: e.cache, ledger: e.ledger });

    // The same entries counted whole, and priced by the estimate every paid button uses.
    const keys = [...new Set(entries.map((x) => bulkEntryKey(x)))];
    let cached = 0;
    for (const key of keys) if (await e.cache.read(key)) cached++;
    const whole = { entries: entries.length, unique: keys.length, duplicates: entries.length - keys.length, cached, saved: 0, team: 0, estimate: await estimateAction({ action: 'bulk/enrich', count: entries.length, entries }, { cache: e.cache, ledger: e.ledger }) };
    expect(staged).toEqual(whole);
    expect(staged).toMatchObject({ unique: 2505, duplicates: 2, cached: 3, estimate: { credits: 2502 } });
  });

  it('priced as it is staged: the preview equals a full count without reading the entries again, and a recount sees what was bought since', async () => {
    const { engine: e } = engine();
    await e.start();
    const { emails } = await samples(url);
    for (const value of emails.slice(0, 3)) await e.lookups.contactEnrich({ lookup: { email: value } });
    const entries = [...emails.slice(0, 6).map((value) => ({ field_type: 'email' as const, value })), ...Array.from({ length: 2_500 }, (_, i) => email(i)), email(9)];
    const store = createMemoryStagingStore();
    let reads = 0;
    const counting = { ...store, entries: (...args: Parameters<typeof store.entries>) => ((reads += 1), store.entries(...args)) };
    const staging = createBulkStaging({ store: counting });
    const { stagedId } = await staging.open();
    for (let i = 0; i < entries.length; i += STAGE_APPEND_MAX) await staging.append(stagedId, entries.slice(i, i + STAGE_APPEND_MAX), { cache: e.cache });
    const streamed = await staging.preview(stagedId, { cache: e.cache, ledger: e.ledger });
    expect(reads).toBe(0);
    const recounted = await staging.preview(stagedId, { cache: e.cache, ledger: e.ledger }, { recount: true });
    expect(reads).toBeGreaterThan(0);
    expect(streamed).toEqual(recounted);
    expect(streamed).toMatchObject({ unique: 2506, duplicates: 1, cached: 3, estimate: { credits: 2503 } });
    // Bought after staging: the counts of the append do not know it; the recount the panel asks after a refused
    // start does, and the price drops by one.
    await e.lookups.contactEnrich({ lookup: { email: emails[4]! } });
    expect((await staging.preview(stagedId, { cache: e.cache, ledger: e.ledger })).estimate.credits).toBe(2503);
    expect((await staging.preview(stagedId, { cache: e.cache, ledger: e.ledger }, { recount: true })).estimate.credits).toBe(2502);
  });

  it('over the budget, the staged preview is blocked with the same words as the whole one', async () => {
    const { engine: e } = engine({ dailyBudget: 10 });
    await e.start();
    const entries = Array.from({ length: 50 }, (_, i) => email(i));
    const staging = createBulkStaging({ store: createMemoryStagingStore() });
    const staged = await staging.preview(await stageAll(staging, entries), { cache: e.cache, ledger: e.ledger });
    expect(staged.estimate).toEqual(await estimateAction({ action: 'bulk/enrich', count: 50, entries }, { cache: e.cache, ledger: e.ledger }));
    expect(staged.estimate.blockedByBudget).toBe(true);
  });

  it('start writes the rows in batches of at most 1,000 and builds the same job as the entries sent whole', async () => {
    const { engine: e, rowWrites } = engine();
    await e.start();
    const entries = Array.from({ length: 4_500 }, (_, i) => email(i));
    const staging = createBulkStaging({ store: createMemoryStagingStore() });
    const stagedId = await stageAll(staging, [...entries, email(3)]);
    const meta = await staging.meta(stagedId);
    const paged = await e.bulk.startPaged({ pages: staging.pages(stagedId), duplicates: meta.duplicates });
    await e.bulk.cancel(paged.id);
    expect(rowWrites.slice(0, 5)).toEqual([START_BATCH, START_BATCH, START_BATCH, START_BATCH, 500]);
    expect(paged).toMatchObject({ total: 4_500, duplicates: 1 });

    const whole = await e.bulk.start([...entries, email(3)]);
    await e.bulk.cancel(whole.id);
    expect(whole).toMatchObject({ total: 4_500, duplicates: 1 });
    for (const offset of [0, 1_000, 4_000]) {
      const [a, b] = [await e.bulk.rows(paged.id, offset, 500), await e.bulk.rows(whole.id, offset, 500)];
      expect(a.rows.map((r) => r.value)).toEqual(b.rows.map((r) => r.value));
      expect(a.rows.map((r) => r.value)).toEqual(entries.slice(offset, offset + 500).map((x) => x.value));
    }
  });

  it('a start refused by the budget leaves no job and no rows behind', async () => {
    const { engine: e } = engine({ dailyBudget: 10 });
    await e.start();
    const staging = createBulkStaging({ store: createMemoryStagingStore() });
    const stagedId = await stageAll(staging, Array.from({ length: 1_500 }, (_, i) => email(i)));
    await expect(e.bulk.startPaged({ pages: staging.pages(stagedId), duplicates: 0 })).rejects.toThrow(/budget/);
    expect(await e.bulk.list()).toEqual([]);
  });
});
