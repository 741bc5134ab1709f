/**
 * The background's working parts wired together: API client → queue/limiter → cache → ledger → lookups and bulk
 * jobs. Pure: every store and the settings come in as parameters, so the same engine runs in the service worker
 * (IndexedDB, storage.session) and in Node (bench, sandbox tests) with in-memory stores.
 */
import { createEnrichmentClient, withHooks, type EnrichmentClient } from '../api/client';
import { createCache, type CacheTtl } from '../cache/cache';
import type { CacheStore } from '../cache/store';
import { createLedger, type LedgerStore } from '../credits/ledger';
import { COMPANY_WINDOW_MS, createCompanyWindows, createMemoryCompanyWindowStore, type CompanyWindowStore } from '../credits/company-window';
import { companyAliasKeys } from '../cache/aliases';
import type { KeyStore } from '../keystore';
import { estimateAction } from './estimate';
import type { BulkJob } from '../model/state';
import type { ContactOptions, CostAction } from '../model/lookup';
import { toErrorData } from '../errors/to-error-data';
import { BULK_CHUNK_KIND, createBulkManager, type PaidRequests } from './bulk-job';
import type { BulkStore } from './bulk-store';
import type { PersistentLimiter } from '../queue/limiter';
import { createInFlight } from './in-flight';
import { createLookupService, LOOKUP_KIND, LookupCancelledError } from './lookups';
import type { OnPaidAnswer } from './paid-answer';
import type { OpenSavedContacts } from './saved-contacts';
import type { OpenTeamBook } from './team-book';
import { createMemoryKeptAnswerStore, rereadKeptAnswers, type KeptAnswerStore } from './unreadable';
import { createTaskQueue, type TaskContext, type TaskQueue, type TaskRecord, type TaskStore, type Timers } from '../queue/queue';

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
  /** The account's company re-enrichment windows (lib/credits/company-window.ts); in memory when not given. */
  companyWindowStore?: CompanyWindowStore;
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
  /** What the user bought before (the contact book): bulk rows and their price are filled from it, free. */
  savedContacts?: OpenSavedContacts;
  /** The team hub's book when the user is signed in to one (./team-book.ts): single contact lookups a teammate bought are free. */
  teamBook?: OpenTeamBook;
  /** Chrome: bulk chunks run in the offscreen document, whose answers survive a worker stop (lib/engine/bulk-job.ts). */
  paidRequests?: PaidRequests;
  /** Paid answers this version could not read, kept to read again after an update (./unreadable.ts); in memory when not given. */
  keptAnswerStore?: KeptAnswerStore;
  /** The extension's version: a kept answer is read again by another one. */
  version?: string;
}

/** Company answers the cache holds that were found within the service's window, under each key that names them. */
async function companiesFoundWithin(store: CacheStore, now: number): Promise<Array<{ key: string; at: number }>> {
  const out: Array<{ key: string; at: number }> = [];
  for (const entry of await store.list({ limit: 10_000 })) {
    if (entry.endpoint !== 'company/enrich' || !entry.found || now - entry.fetchedAt >= COMPANY_WINDOW_MS) continue;
    for (const key of [entry.key, ...companyAliasKeys(entry.value, entry.key)]) out.push({ key, at: entry.fetchedAt });
  }
  return out;
}

export function createEngine(options: EngineOptions) {
  let baseUrl: string | null = null;
  const settings = async () => {
    const s = await options.settings();
    baseUrl = s.apiBaseUrl;
    return s;
  };

  const cache = createCache({ store: options.cacheStore, ttl: async () => (await settings()).cache });
  const windows = createCompanyWindows({
    store: options.companyWindowStore ?? createMemoryCompanyWindowStore(),
    apiKey: () => options.keystore.get(),
  });
  const ledger = createLedger({
    store: options.ledgerStore,
    dailyBudget: async () => (await settings()).dailyBudget,
    ...(options.onCredits ? { onChange: options.onCredits } : {}),
  });

  /** One client; the address is read at each call, so a changed setting applies without a new one. */
  const client = createEnrichmentClient({
    baseUrl: () => {
      if (baseUrl === null) throw new Error('Engine used before start()');
      return baseUrl;
    },
    getApiKey: async () => (await options.keystore.get()) ?? undefined,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  /** The client seen through one task's hooks: its gate and 429 hook on every attempt (transport hooks per call). */
  function clientFor(ctx: TaskContext, candidateKey?: string): EnrichmentClient {
    return withHooks(client, {
      ...(candidateKey ? { apiKey: candidateKey } : {}),
      beforeAttempt: () => ctx.beforeAttempt(),
      onRetry: (info) => {
        // The failed attempt's answer is in: its slot is logged now, not after the retry delay.
        ctx.attemptEnded();
        // The client waits out short Retry-Afters itself; the whole queue must wait with it.
        if (info.error.kind === 'rate_limited') ctx.rateLimited(info.delayMs);
      },
    });
  }

  let queue: TaskQueue | null = null;
  const getQueue = (): TaskQueue => {
    if (!queue) throw new Error('Engine used before start()');
    return queue;
  };

  const keptAnswers = options.keptAnswerStore ?? createMemoryKeptAnswerStore();
  const planSettings = async () => ({ lookupDefaults: (await settings()).lookupDefaults });
  // One set for the whole background: a single lookup and a bulk chunk never ask for the same person at once.
  const inFlight = createInFlight();
  const lookups = createLookupService({
    cache,
    windows,
    ledger,
    queue: getQueue,
    clientFor,
    hasKey: async () => Boolean(await options.keystore.get()),
    settings: planSettings,
    inFlight,
    keptAnswers,
    ...(options.version ? { version: options.version } : {}),
    ...(options.onPaidAnswer ? { onPaidAnswer: options.onPaidAnswer } : {}),
    ...(options.savedContacts ? { saved: options.savedContacts } : {}),
    ...(options.teamBook ? { team: options.teamBook } : {}),
  });

  const bulk = createBulkManager({
    store: options.bulkStore,
    cache,
    ledger,
    queue: getQueue,
    toErrorData,
    inFlight,
    ...(options.onPaidAnswer ? { onPaidAnswer: options.onPaidAnswer } : {}),
    ...(options.savedContacts ? { saved: options.savedContacts } : {}),
    ...(options.teamBook ? { team: options.teamBook } : {}),
    send: (queries, requiredFields, ctx, send) => clientFor(ctx).contacts.bulkEnrich(queries, { requiredFields, send }),
    readAnswer: (queries, answer) => client.contacts.readBulkAnswer(queries, answer),
    ...(options.paidRequests ? { paidRequests: options.paidRequests } : {}),
    ...(options.onBulk ? { onJob: options.onBulk } : {}),
  });

  queue = createTaskQueue({
    limiter: options.limiter,
    store: options.taskStore,
    kinds: { [LOOKUP_KIND]: lookups.kind, [BULK_CHUNK_KIND]: bulk.kind },
    groupOf,
    ...(options.timers ? { timers: options.timers } : {}),
  });

  return {
    queue,
    cache,
    windows,
    ledger,
    lookups,
    bulk,
    keptAnswers,
    /** The price preview of an action: the same lookup plan the run and the ledger use. */
    estimate: (action: CostAction) =>
      action.action === 'bulk/retry'
        ? bulk.retryEstimate(action.jobId, action.interrupted === undefined ? {} : { interrupted: action.interrupted })
        : estimateAction(action, {
            cache,
            windows,
            ledger,
            settings: planSettings,
            ...(options.savedContacts ? { saved: options.savedContacts } : {}),
            ...(options.teamBook ? { team: options.teamBook } : {}),
          }),
    /** The contact book as bulk jobs see it (the staged preview asks it too). */
    savedContacts: options.savedContacts,
    /** The team hub's book as bulk jobs see it (the staged preview asks it too). */
    teamBook: options.teamBook,
    /** Reads the settings, resumes stored tasks and bulk jobs. Call once before serving requests. */
    async start() {
      await settings();
      const resumed = await getQueue().resume();
      await bulk.resumeJobs();
      await options.cacheStore.purgeExpired(Date.now()).catch(() => 0);
      await windows.purge(Date.now()).catch(() => undefined);
      await windows.seedOnce(() => companiesFoundWithin(options.cacheStore, Date.now())).catch(() => undefined);
      if (options.version) await rereadKeptAnswers({ store: keptAnswers, cache, version: options.version, onPaidAnswer: options.onPaidAnswer }).catch(() => 0);
      return resumed;
    },
    /**
     * Stops the single lookups (not part of a batch) that wait for a rate-limit slot or a 429 pause: the view that
     * waits offers it. Only tasks nothing was sent for, or whose last attempt was refused with a 429, are stopped, so
     * none can be charged; each caller gets LookupCancelledError ('aborted').
     */
    async cancelWaitingLookups(): Promise<{ cancelled: number }> {
      const removed = await getQueue().cancel(
        (task) => task.kind === LOOKUP_KIND && task.priority === 'interactive' && groupOf(task) === undefined,
        new LookupCancelledError(),
      );
      return { cancelled: removed.length };
    },
    /** Picks up a changed API base URL for the next requests. */
    async reloadSettings() {
      await settings();
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;

/** The job or batch a queued task belongs to, so the panel can show "chunk of 1,000 in flight · 8 s" for its job. */
function groupOf(task: TaskRecord): string | undefined {
  const payload = task.payload as { jobId?: unknown; group?: unknown } | null;
  if (task.kind === BULK_CHUNK_KIND && typeof payload?.jobId === 'string') return payload.jobId;
  if (task.kind === LOOKUP_KIND && typeof payload?.group === 'string') return payload.group;
  return undefined;
}
