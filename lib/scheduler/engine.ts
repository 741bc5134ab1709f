/**
 * The background's working parts wired together: API client → queue/limiter → cache → ledger → lookups and bulk
 * jobs. Pure: every store and the settings come in as parameters, so the same engine runs in the service worker
 * (IndexedDB, storage.session) and in Node (bench, sandbox tests) with in-memory stores.
 */
import { createEnrichmentClient, type EnrichmentClient } from '../api/client';
import { createCache, type CacheTtl } from '../cache/cache';
import type { CacheStore } from '../cache/store';
import { createLedger, type LedgerStore } from '../credits/ledger';
import type { KeyStore } from '../keystore';
import type { BulkJob, ContactOptions } from '../messaging/protocol';
import { toErrorData } from '../errors/to-error-data';
import { BULK_CHUNK_KIND, createBulkManager } from './bulk';
import type { BulkStore } from './bulk-store';
import type { PersistentLimiter } from './limiter';
import { createLookupService, LOOKUP_KIND } from './lookups';
import { createTaskQueue, type TaskContext, type TaskQueue, type TaskStore, type Timers } from './queue';

export interface EngineSettings {
  apiBaseUrl: string;
  lookupDefaults: ContactOptions;
  cache: CacheTtl;
  dailyBudget: number | null;
}

export interface EngineOptions {
  limiter: PersistentLimiter;
  taskStore: TaskStore;
  cacheStore: CacheStore;
  bulkStore: BulkStore;
  ledgerStore: LedgerStore;
  keystore: KeyStore;
  settings: () => Promise<EngineSettings>;
  fetch?: typeof globalThis.fetch;
  timers?: Timers;
  onBulk?: (job: BulkJob) => void;
  onCredits?: () => void;
}

export function createEngine(options: EngineOptions) {
  let baseUrl: string | null = null;
  const settings = async () => {
    const s = await options.settings();
    baseUrl = s.apiBaseUrl;
    return s;
  };

  const cache = createCache({ store: options.cacheStore, ttl: async () => (await settings()).cache });
  const ledger = createLedger({
    store: options.ledgerStore,
    dailyBudget: async () => (await settings()).dailyBudget,
    ...(options.onCredits ? { onChange: options.onCredits } : {}),
  });

  /** A client per task: cheap (ky.create), and it binds the task's gate and 429 hook to every attempt. */
  function clientFor(ctx: TaskContext, candidateKey?: string): EnrichmentClient {
    if (baseUrl === null) throw new Error('Engine used before start()');
    return createEnrichmentClient({
      baseUrl,
      getApiKey: candidateKey ? () => Promise.resolve(candidateKey) : async () => (await options.keystore.get()) ?? undefined,
      beforeAttempt: () => ctx.beforeAttempt(),
      onRetry: (info) => {
        // The failed attempt's answer is in: its slot is logged now, not after the retry delay.
        ctx.attemptEnded();
        // The client waits out short Retry-Afters itself; the whole queue must wait with it.
        if (info.error.kind === 'rate_limited') ctx.rateLimited(info.delayMs);
      },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  let queue: TaskQueue | null = null;
  const getQueue = (): TaskQueue => {
    if (!queue) throw new Error('Engine used before start()');
    return queue;
  };

  const lookups = createLookupService({
    cache,
    ledger,
    queue: getQueue,
    clientFor,
    hasKey: async () => Boolean(await options.keystore.get()),
    lookupDefaults: async () => (await settings()).lookupDefaults,
  });

  const bulk = createBulkManager({
    store: options.bulkStore,
    cache,
    ledger,
    queue: getQueue,
    toErrorData,
    send: (queries, requiredFields, ctx) => clientFor(ctx).contacts.bulkEnrich(queries, { requiredFields }),
    ...(options.onBulk ? { onJob: options.onBulk } : {}),
  });

  queue = createTaskQueue({
    limiter: options.limiter,
    store: options.taskStore,
    kinds: { [LOOKUP_KIND]: lookups.kind, [BULK_CHUNK_KIND]: bulk.kind },
    ...(options.timers ? { timers: options.timers } : {}),
  });

  return {
    queue,
    cache,
    ledger,
    lookups,
    bulk,
    /** Reads the settings, resumes stored tasks and bulk jobs. Call once before serving requests. */
    async start() {
      await settings();
      const resumed = await getQueue().resume();
      await bulk.resumeJobs();
      await options.cacheStore.purgeExpired(Date.now()).catch(() => 0);
      return resumed;
    },
    /** Picks up a changed API base URL for the next requests. */
    async reloadSettings() {
      await settings();
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
