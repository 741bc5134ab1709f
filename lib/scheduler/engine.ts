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
import { estimateAction } from '../credits/estimate';
import type { BulkJob, ContactOptions, CostAction } from '../messaging/protocol';
import { toErrorData } from '../errors/to-error-data';
import { BULK_CHUNK_KIND, createBulkManager } from './bulk';
import type { BulkStore } from './bulk-store';
import type { PersistentLimiter } from './limiter';
import { createInFlight } from './in-flight';
import { createLookupService, LOOKUP_KIND } from './lookups';
import type { OnPaidAnswer } from './paid-answer';
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
  /** Called after every live answer (single lookups and bulk rows) is stored: the contact book's hook. */
  onPaidAnswer?: OnPaidAnswer;
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

  const planSettings = async () => ({ lookupDefaults: (await settings()).lookupDefaults });
  // One set for the whole background: a single lookup and a bulk chunk never ask for the same person at once.
  const inFlight = createInFlight();
  const lookups = createLookupService({
    cache,
    ledger,
    queue: getQueue,
    clientFor,
    hasKey: async () => Boolean(await options.keystore.get()),
    settings: planSettings,
    inFlight,
    ...(options.onPaidAnswer ? { onPaidAnswer: options.onPaidAnswer } : {}),
  });

  const bulk = createBulkManager({
    store: options.bulkStore,
    cache,
    ledger,
    queue: getQueue,
    toErrorData,
    inFlight,
    ...(options.onPaidAnswer ? { onPaidAnswer: options.onPaidAnswer } : {}),
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
    /** The price preview of an action: the same lookup plan the run and the ledger use. */
    estimate: (action: CostAction) => estimateAction(action, { cache, ledger, settings: planSettings }),
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
