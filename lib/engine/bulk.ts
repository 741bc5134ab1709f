/**
 * One unit (over 400 lines) on purpose: a job's counters, rows, sent chunks and charges change together in one
 * transaction per step; the parts that stand alone already live beside it (bulk-records.ts, in-flight.ts, plan.ts).
 *
 * Bulk enrichment jobs: many selected contacts → as few paid requests as possible, with progress, cancel, paging
 * and resumption after the worker is stopped.
 *
 * 1. Entries are normalised and deduplicated (the cache key is the identity).
 * 2. Entries with a live cache entry are answered from it, free; entries the user bought before (the contact book,
 *    ./saved-contacts.ts) are filled from the book, free, unless the job asks for fresh answers.
 * 3. The rest go out as `POST /v1/bulk-enrich` chunks of ≤ 1000, one queue task each (priority 'bulk').
 * 4. A chunk's results are stored (rows + job counters in one IndexedDB transaction) before the task is done,
 *    then written to the cache (so later single lookups are free) and the ledger.
 *
 * Double charges: before a chunk's request leaves, the chunk is written to `sentChunks`. The service charges a
 * request on arrival, so a sent chunk is never re-sent on its own. Where the browser offers it (Chrome), the
 * request runs in the offscreen document (`paidRequests`), which outlives the worker and stores the answer in
 * IndexedDB before anything else: a restarted worker completes the chunk from the stored answer. A chunk found
 * in `sentChunks` after a restart with no answer stored and none coming may have been charged: its rows are
 * marked interrupted; 'bulk/retry' re-sends them only when the user asks (docs/reliability.md).
 */
import type { BulkEntry as ApiBulkEntry } from '../api/bulk';
import { ApiError } from '../api/errors';
import { mayHaveBeenProcessed } from '../api/retry';
import type { HttpAnswer, HttpSend } from '../api/http';
import { BULK_MAX_INPUTS } from '../api/limits';
import { contactAliasKeys } from '../cache/aliases';
import { readAnswersOf, type Cache, type CachedAnswer, type CacheWrite } from '../cache/cache';
import type { Ledger } from '../credits/ledger';
import type { BulkEntry, BulkJob, BulkRow, ContactOptions, ErrorData } from '../messaging/protocol';
import { HandledError } from '../messaging/router';
import type { BulkJobRecord, BulkRowRecord, BulkStore } from './bulk-store';
import type { InFlight } from './in-flight';
import { notifyPaidAnswer, type OnPaidAnswer } from './paid-answer';
import { freeAnswersOf, openSaved, type OpenSavedContacts } from './saved-contacts';
import { dedupeEntries, entryKeys } from './bulk-dedupe';
import { bulkChargeOf, bulkMost } from './plan';
import type { TaskContext, TaskKind, TaskQueue } from '../queue/queue';
import { t, tn } from '../i18n/t';
import { createKeyedOrder } from '../async/keyed-order';

export const BULK_CHUNK_KIND = 'bulk-chunk';
/** Rows written per IndexedDB transaction when a job starts. */
export const START_BATCH = 1_000;
export type RequiredBulkField = BulkJobRecord['requiredFields'][number];

export interface ChunkPayload {
  jobId: string;
  chunk: number;
}

type ChunkQueries = Array<{ field_type: BulkEntry['field_type']; value: string }>;

/**
 * Sends one chunk through the API client, with the task's gate (beforeAttempt) and 429 hook, over `send` when
 * given (the offscreen document). One entry per query, in order; a chunk-level failure throws an ApiError.
 */
export type SendChunk = (queries: ChunkQueries, requiredFields: RequiredBulkField[], ctx: TaskContext, send: HttpSend | undefined) => Promise<ApiBulkEntry[]>;

/** Reads a chunk's stored answer as `SendChunk` would have read it live. */
export type ReadChunkAnswer = (queries: ChunkQueries, answer: HttpAnswer) => Promise<ApiBulkEntry[]>;

/** Paid requests that outlive the worker (Chrome's offscreen document, entrypoints/offscreen). */
export interface PaidRequests {
  /** The transport for one chunk: its answer is stored under `id` before it is handed back. */
  sendFor(id: string): HttpSend;
  /** The stored answer of `id`, waiting while its request still runs; null when none is stored or coming. */
  answerOf(id: string): Promise<HttpAnswer | null>;
  /** Drops the stored answer once the chunk's rows are stored. */
  forget(id: string): Promise<void>;
}

/** The id a chunk's paid request is stored under. */
export const paidRequestId = (jobId: string, chunk: number): string => `bulk:${jobId}:${chunk}`;

export interface BulkManagerOptions {
  store: BulkStore;
  cache: Cache;
  ledger: Ledger;
  queue: () => TaskQueue;
  send: SendChunk;
  /** With `paidRequests`: completes a chunk from the answer stored while the worker was stopped. */
  readAnswer?: ReadChunkAnswer;
  paidRequests?: PaidRequests;
  /** Turns a thrown error into data for a row (lib/errors). */
  toErrorData: (error: unknown) => ErrorData;
  onJob?: (job: BulkJob) => void;
  /** Background-wide set of lookups in flight (shared with single lookups). */
  inFlight?: InFlight;
  /** Called after every live row answer is stored (issue 14). */
  onPaidAnswer?: OnPaidAnswer;
  /** What the user bought before (the contact book): such rows are filled from it, free. */
  saved?: OpenSavedContacts;
  now?: () => number;
  newId?: () => string;
  chunkSize?: number;
}

/** How a job is started. */
export interface BulkStartOptions {
  /** The most the user was shown; a job with more rows to send is refused (`price_changed`). */
  quotedCredits?: number;
  /** True: people bought before are bought again instead of filled from the contact book. */
  fresh?: boolean;
}

export interface BulkManager {
  kind: TaskKind<ChunkPayload, void>;
  start(entries: BulkEntry[], requiredFields?: RequiredBulkField[], options?: BulkStartOptions): Promise<BulkJob>;
  /** A job from entries read page by page (a staged upload): already unique by key, in order (issue 14). */
  startPaged(source: { pages: AsyncIterable<BulkEntry[]>; duplicates: number }, requiredFields?: RequiredBulkField[], options?: BulkStartOptions): Promise<BulkJob>;
  get(jobId: string): Promise<BulkJob>;
  rows(jobId: string, offset: number, limit: number): Promise<{ total: number; rows: BulkRow[] }>;
  cancel(jobId: string): Promise<BulkJob>;
  /** Sends failed entries again; `interrupted: false` leaves out those the service may have charged already. */
  retry(jobId: string, opts?: { interrupted?: boolean }): Promise<BulkJob>;
  list(): Promise<BulkJob[]>;
  /** After a restart: settles interrupted chunks and re-enqueues chunks that still have pending rows. */
  resumeJobs(): Promise<void>;
}

const interruptedError = (n: number): ErrorData => ({
  kind: 'aborted',
  message: tn('errors_bulk_interrupted', n),
});

/** The chunk's request is over (answered, refused, failed, or never left): it no longer counts as in flight. */
function endFlight(job: BulkJobRecord, chunk: number, size: number): void {
  if (job.sentChunks.includes(chunk)) job.inFlight = Math.max(0, (job.inFlight ?? 0) - size);
  job.sentChunks = job.sentChunks.filter((c) => c !== chunk);
}

/** Thrown at a chunk's gate when its job was cancelled while it waited: the chunk never leaves. */
export class BulkCancelledError extends Error {
  readonly kind = 'aborted' as const;
  constructor(readonly jobId: string) {
    super('Bulk job cancelled'); // i18n-ignore: developer message; the UI words an aborted job through errors.json
    this.name = 'BulkCancelledError';
  }
}

export function createBulkManager(options: BulkManagerOptions): BulkManager {
  const { store, cache, ledger } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const chunkSize = Math.min(options.chunkSize ?? BULK_MAX_INPUTS, BULK_MAX_INPUTS);
  // One job's chunks are settled one at a time: read-modify-write of the job record must not interleave.
  const withJob = createKeyedOrder<string>();

  async function load(jobId: string): Promise<BulkJobRecord> {
    const job = await store.getJob(jobId);
    if (!job) throw new HandledError({ kind: 'invalid_message', message: t('errors_bulk_job_gone') });
    return job;
  }

  function publicJob(job: BulkJobRecord): BulkJob {
    const { requiredFields: _r, chunkCount: _c, sentChunks: _s, ...rest } = job;
    // `inFlight` is kept on the record by sendChunk; a stopped worker's chunks are no longer in flight.
    return { ...rest, etaMs: job.status === 'running' || job.status === 'queued' ? eta(job) : null };
  }

  function eta(job: BulkJobRecord): number | null {
    const queue = options.queue();
    let worst: number | null = null;
    for (const task of queue.tasks()) {
      const payload = task.payload as Partial<ChunkPayload>;
      if (task.kind !== BULK_CHUNK_KIND || payload.jobId !== job.id) continue;
      const e = queue.etaFor(task.id);
      if (e !== null) worst = Math.max(worst ?? 0, e);
    }
    return worst;
  }

  function emit(job: BulkJobRecord) {
    options.onJob?.(publicJob(job));
  }

  function settleStatus(job: BulkJobRecord) {
    if (job.status === 'cancelled') return;
    if (job.done >= job.total) job.status = job.failed && job.failed === job.total ? 'failed' : 'done';
  }

  function enqueueChunk(jobId: string, chunk: number) {
    const { result } = options.queue().enqueue<void>({
      kind: BULK_CHUNK_KIND,
      priority: 'bulk',
      payload: { jobId, chunk } satisfies ChunkPayload,
      dedupeKey: `bulk:${jobId}:${chunk}`,
    });
    result.catch(() => undefined); // outcomes are stored in the rows; nobody awaits the task itself
  }

  /** Marks a chunk's unsettled rows as interrupted (its request may have been charged). */
  async function interruptChunk(job: BulkJobRecord, chunk: number): Promise<void> {
    const pending = (await store.rowsOfChunk(job.id, chunk)).filter((r) => r.status === 'pending');
    endFlight(job, chunk, pending.length);
    if (pending.length > 0) {
      const error = interruptedError(pending.length);
      for (const row of pending) {
        row.status = 'error';
        row.error = error;
        row.interrupted = true;
      }
      job.done += pending.length;
      job.interrupted = (job.interrupted ?? 0) + pending.length;
      job.failed = (job.failed ?? 0) + pending.length;
    }
    settleStatus(job);
    await store.putRowsAndJob(pending, job);
    emit(job);
  }

  const rowKeys = (rows: readonly BulkRowRecord[]) => rows.flatMap((r) => [r.key, ...(r.aliases ?? [])]);

  /**
   * Right before a chunk is sent: rows the cache has learned since the job was planned (another job, a lookup on the
   * page, a retry bought them while this chunk waited its turn) are answered from it, and rows another lookup is
   * asking for right now are waited for, then answered the same way. Returns the rows still to send, and holds
   * their keys (release when settled). No await between the last wait and the hold.
   */
  async function claimRows(job: BulkJobRecord, pending: BulkRowRecord[]): Promise<{ rows: BulkRowRecord[]; release: () => void }> {
    const inFlight = options.inFlight;
    // Always read the cache first: a queued chunk can wait minutes behind the rate limit, and a purchase made
    // meanwhile is no longer in flight when this chunk's turn comes.
    let rows = await answerFromCache(job.id, pending);
    while (inFlight && (await inFlight.waitFor(rowKeys(rows)))) rows = await answerFromCache(job.id, rows);
    return { rows, release: inFlight ? inFlight.hold(rowKeys(rows)) : () => undefined };
  }

  /** Rows the cache answers now become free `fromCache` rows of the job; returns the others. */
  async function answerFromCache(jobId: string, rows: BulkRowRecord[]): Promise<BulkRowRecord[]> {
    const answered: BulkRowRecord[] = [];
    const left: BulkRowRecord[] = [];
    // A live cached answer per row, its own key's or (found answers only) one of the person's other keys: one store
    // read for the whole chunk.
    const hits = await readAnswersOf(cache, rows);
    for (const [i, row] of rows.entries()) {
      const hit = hits[i]?.answer;
      if (!hit) {
        left.push(row);
        continue;
      }
      fillFromCache(row, hit);
      answered.push(row);
    }
    if (answered.length) {
      await withJob(jobId, async () => {
        const job = await load(jobId);
        job.done += answered.length;
        job.fromCache = (job.fromCache ?? 0) + answered.length;
        job.enriched += answered.filter((r) => r.status === 'enriched').length;
        settleStatus(job);
        await store.putRowsAndJob(answered, job);
        emit(job);
      });
    }
    return left;
  }

  async function runChunk(payload: ChunkPayload, ctx: TaskContext): Promise<void> {
    const { jobId, chunk } = payload;
    const initial = await store.getJob(jobId);
    if (!initial || initial.status === 'cancelled') return;
    const claimed = await claimRows(initial, (await store.rowsOfChunk(jobId, chunk)).filter((r) => r.status === 'pending'));
    try {
      await sendChunk(initial, chunk, claimed.rows, ctx);
    } finally {
      claimed.release();
    }
  }

  async function sendChunk(initial: BulkJobRecord, chunk: number, rows: BulkRowRecord[], ctx: TaskContext): Promise<void> {
    const jobId = initial.id;
    if (rows.length === 0) return;

    const paidId = paidRequestId(jobId, chunk);
    let reservation;
    try {
      // Kept in the ledger's record under the chunk's id: a worker started while the request is still in the air
      // counts it until the answer settles it (settleSent).
      reservation = await ledger.reserve(bulkMost(rows.length), { id: paidId });
    } catch (error) {
      await withJob(jobId, async () => {
        const job = await load(jobId);
        failRows(job, rows, options.toErrorData(error));
        await store.putRowsAndJob(rows, job);
        emit(job);
      });
      return;
    }

    await withJob(jobId, async () => {
      const job = await load(jobId);
      if (job.status === 'queued') job.status = 'running';
      await store.putJob(job);
      emit(job);
    });

    let entries: ApiBulkEntry[];
    try {
      entries = await options.send(
        rows.map((r) => ({ field_type: r.field_type, value: r.value })),
        initial.requiredFields,
        {
          ...ctx,
          // Written before the request leaves: from here on the service may charge for this chunk.
          beforeAttempt: async () => {
            await ctx.beforeAttempt();
            await withJob(jobId, async () => {
              const job = await load(jobId);
              // Cancelled while this chunk waited for its slot: it never leaves.
              if (job.status === 'cancelled') throw new BulkCancelledError(jobId);
              if (!job.sentChunks.includes(chunk)) {
                job.sentChunks.push(chunk);
                job.inFlight = (job.inFlight ?? 0) + rows.length;
              }
              await store.putJob(job);
              emit(job);
            });
          },
          rateLimited: (ms) => {
            ctx.rateLimited(ms);
          },
        },
        options.paidRequests?.sendFor(paidId),
      );
    } catch (error) {
      reservation.release();
      if (error instanceof BulkCancelledError) {
        await withJob(jobId, async () => {
          const job = await load(jobId);
          // An earlier attempt of this chunk was refused with 429 and was to be sent again (the client waits for
          // its Retry-After): the service processed none of it, so nothing of it is in the air any more. Left
          // counted, the job said "Cancelling…, may still be charged" for ever.
          endFlight(job, chunk, rows.length);
          const left = (await store.rowsOfChunk(jobId, chunk)).filter((r) => r.status === 'pending');
          for (const row of left) row.status = 'cancelled';
          job.done += left.length;
          await store.putRowsAndJob(left, job);
          emit(job);
        });
        return;
      }
      // A whole chunk refused with 429 was not processed (nor charged): let the queue pause and send it again.
      if (error instanceof ApiError && error.kind === 'rate_limited') {
        await unsend(jobId, chunk, rows.length);
        await options.paidRequests?.forget(paidId).catch(() => undefined);
        throw error;
      }
      if (error instanceof ApiError) {
        await failChunk(jobId, chunk, rows, error);
        await options.paidRequests?.forget(paidId).catch(() => undefined);
        return;
      }
      // Anything else is a bug or a stop: the request is over, its rows stay pending for the task's error path.
      await withJob(jobId, async () => {
        const job = await load(jobId);
        if (!job.sentChunks.includes(chunk)) return;
        job.inFlight = Math.max(0, (job.inFlight ?? 0) - rows.length);
        await store.putJob(job);
      });
      throw error;
    }

    const enriched = await storeAnswer(jobId, chunk, rows, entries, initial.requiredFields);
    await reservation.settle('bulk/enrich', enriched.count);
    // Answer stored and booked: the request no longer counts as in flight, although filling the contact book
    // takes a while (300 contacts: ~4 s in which the header said "1 queued" after the card said finished). Not
    // before the booking, or the header would read "Idle" beside a credit count that has not moved yet.
    ctx.attemptEnded();
    await afterAnswer(jobId, paidId, enriched);
  }

  /** A sent chunk goes back to unsent (its 429 answer says the service did not process it). */
  async function unsend(jobId: string, chunk: number, size: number): Promise<void> {
    await withJob(jobId, async () => {
      const job = await load(jobId);
      endFlight(job, chunk, size);
      await store.putJob(job);
    });
  }

  /**
   * A chunk whose answer was an error (or unreadable): its rows fail with it, and it is no longer in flight. When
   * the service may have processed it (no answer in time, a dropped connection, a server error, an answer we could
   * not read) its rows are also marked interrupted: the service charges on arrival, so "Retry the others" leaves
   * them out, as it does a chunk cut off by a restart (docs/reliability.md).
   */
  async function failChunk(jobId: string, chunk: number, rows: BulkRowRecord[], error: unknown): Promise<void> {
    await withJob(jobId, async () => {
      const job = await load(jobId);
      endFlight(job, chunk, rows.length);
      failRows(job, rows, options.toErrorData(error));
      if (error instanceof ApiError && mayHaveBeenProcessed(error)) {
        for (const row of rows) row.interrupted = true;
        job.interrupted = (job.interrupted ?? 0) + rows.length;
      }
      await store.putRowsAndJob(rows, job);
      emit(job);
    });
  }

  /**
   * Stores a chunk's answer: rows and counters in one transaction first (after that nothing is lost or re-sent),
   * then the cache. Returns what the ledger must book.
   */
  async function storeAnswer(jobId: string, chunk: number, rows: BulkRowRecord[], entries: readonly ApiBulkEntry[], requiredFields: readonly RequiredBulkField[]) {
    let enriched = 0;
    let unreadable = 0;
    const settledAt = now();
    const cacheItems: CacheWrite[] = [];
    // Bulk answers are plain lookups with the job's required fields: their aliases serve exactly those.
    const aliasOptions: ContactOptions = { required: [...requiredFields] as ContactOptions['required'] };
    rows.forEach((row, i) => {
      const entry = entries[i];
      if (!entry || entry.status === 'failed') {
        row.status = 'error';
        row.error = options.toErrorData(entry?.status === 'failed' ? entry.error : new Error('No result for this entry'));
        // A contact the chunk's readable answer holds but this version cannot read: the service enriched (and charged)
        // that entry. Booked, said, and left out of "Retry the others" (./unreadable.ts).
        if (entry?.status === 'failed' && entry.error instanceof ApiError && entry.error.kind === 'bad_response') {
          unreadable++;
          row.error = { ...row.error, credits: bulkChargeOf({ sent: 1, enriched: 0, unreadable: 1 }) };
          row.interrupted = true;
        }
        return;
      }
      if (entry.status === 'enriched') {
        enriched++;
        row.status = 'enriched';
        row.contact = entry.contact;
        row.answeredAt = settledAt;
        const aliases = [...new Set([...contactAliasKeys(entry.contact, aliasOptions, row.key), ...(row.aliases ?? [])])].filter((k) => k !== row.key);
        cacheItems.push({ key: row.key, found: true, value: entry.contact, creditsCharged: bulkChargeOf({ sent: 1, enriched: 1 }), aliases, fetchedAt: settledAt });
      } else {
        row.status = 'not_found';
        cacheItems.push({ key: row.key, found: false, value: null, creditsCharged: 0, fetchedAt: settledAt });
      }
    });

    const charged = bulkChargeOf({ sent: rows.length, enriched, unreadable });
    await withJob(jobId, async () => {
      const job = await load(jobId);
      endFlight(job, chunk, rows.length);
      job.done += rows.length;
      job.enriched += enriched;
      job.creditsCharged += charged;
      const errors = rows.filter((r) => r.status === 'error').length;
      if (errors) job.failed = (job.failed ?? 0) + errors;
      if (unreadable) job.interrupted = (job.interrupted ?? 0) + unreadable;
      settleStatus(job);
      // Results first, in one transaction with the counters: after this point nothing is lost or re-sent.
      await store.putRowsAndJob(rows, job);
      emit(job);
    });
    await cache.writeMany(cacheItems).catch(() => undefined);
    return { count: charged, cacheItems, settledAt };
  }

  /** After the ledger: the contact book's hook, then the stored answer is no longer needed. */
  async function afterAnswer(jobId: string, paidId: string, { cacheItems, settledAt }: { cacheItems: CacheWrite[]; settledAt: number }) {
    for (const item of cacheItems) {
      await notifyPaidAnswer(options.onPaidAnswer, {
        endpoint: 'contact/enrich',
        key: item.key,
        aliases: [...(item.aliases ?? [])],
        found: item.found,
        value: item.value,
        creditsCharged: item.creditsCharged,
        fetchedAt: settledAt,
        jobId,
      });
    }
    await options.paidRequests?.forget(paidId).catch(() => undefined);
  }

  /**
   * After a restart, for a chunk that had left: complete it from its stored answer (waiting while the offscreen
   * document still runs its request), or mark it interrupted when no answer is stored or coming. Never re-sends.
   */
  const settling = new Set<string>();
  async function settleSent(jobId: string, chunk: number): Promise<void> {
    const paidId = paidRequestId(jobId, chunk);
    if (settling.has(paidId)) return;
    settling.add(paidId);
    // The credits the stopped worker held for this chunk: still counted against the budget until settled here.
    const hold = await ledger.resume(paidId);
    let booked = false;
    try {
      if (!(await store.getJob(jobId))?.sentChunks.includes(chunk)) return; // settled already
      const answer = options.paidRequests && options.readAnswer ? await options.paidRequests.answerOf(paidId).catch(() => null) : null;
      const job = await store.getJob(jobId);
      if (!job?.sentChunks.includes(chunk)) return;
      if (!answer) {
        await withJob(jobId, async () => {
          const fresh = await store.getJob(jobId);
          if (fresh) await interruptChunk(fresh, chunk);
        });
        return;
      }
      const rows = (await store.rowsOfChunk(jobId, chunk)).filter((r) => r.status === 'pending');
      let entries: ApiBulkEntry[];
      try {
        entries = await options.readAnswer!(rows.map((r) => ({ field_type: r.field_type, value: r.value })), answer);
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'rate_limited') {
          // Refused unprocessed: safe to send again, and the only way to get the answer.
          await unsend(jobId, chunk, rows.length);
          enqueueChunk(jobId, chunk);
        } else {
          await failChunk(jobId, chunk, rows, error);
        }
        await options.paidRequests?.forget(paidId).catch(() => undefined);
        return;
      }
      const stored = await storeAnswer(jobId, chunk, rows, entries, job.requiredFields);
      // The answer says what was charged: the ledger books exactly that and frees the kept hold in one write.
      booked = true;
      await (hold ? hold.settle('bulk/enrich', stored.count) : ledger.record('bulk/enrich', stored.count));
      await afterAnswer(jobId, paidId, stored);
    } finally {
      if (!booked) hold?.release();
      settling.delete(paidId);
    }
  }

  function failRows(job: BulkJobRecord, rows: BulkRowRecord[], error: ErrorData) {
    for (const row of rows) {
      row.status = 'error';
      row.error = error;
    }
    job.done += rows.length;
    job.failed = (job.failed ?? 0) + rows.length;
    settleStatus(job);
  }

  const kind: TaskKind<ChunkPayload, void> = {
    run: runChunk,
    async onInterrupted(payload) {
      const job = await store.getJob(payload.jobId);
      if (job?.sentChunks.includes(payload.chunk) && options.paidRequests) {
        // Not awaited: an answer still on its way must not hold up the queue's resume (resumeJobs skips it).
        void settleSent(payload.jobId, payload.chunk).catch((error: unknown) => console.warn('In-Page Enrich: bulk chunk not settled', error));
        return 'drop';
      }
      await withJob(payload.jobId, async () => {
        const fresh = await store.getJob(payload.jobId);
        if (fresh) await interruptChunk(fresh, payload.chunk);
      });
      return 'drop';
    },
  };

  async function assignChunks(job: BulkJobRecord, rows: BulkRowRecord[]): Promise<number[]> {
    const chunks: number[] = [];
    for (let i = 0; i < rows.length; i += chunkSize) {
      const chunk = job.chunkCount++;
      chunks.push(chunk);
      for (const row of rows.slice(i, i + chunkSize)) row.chunk = chunk;
    }
    return chunks;
  }

  /**
   * Builds a job from deduplicated entries arriving in batches (issue 14: 100,000 rows): each batch's rows are
   * answered from the cache where possible, given their chunk, and written in one transaction, then dropped, so
   * memory is bounded by a batch whatever the job's size. The job record is written last: until then the job does
   * not exist (a refused budget or a failure removes the rows written so far).
   */
  async function startRows(
    batches: AsyncIterable<Array<{ entry: BulkEntry; key: string; aliases: string[] }>>,
    duplicates: number,
    requiredFields: RequiredBulkField[],
    { quotedCredits, fresh = false }: BulkStartOptions,
  ): Promise<BulkJob> {
    const jobId = newId();
    // Opened once for the whole job (one pass over the book's keys), asked per batch in memory.
    const saved = await openSaved(options.saved, fresh);
    const job: BulkJobRecord = {
      id: jobId,
      createdAt: now(),
      status: 'queued',
      total: 0,
      done: 0,
      enriched: 0,
      creditsCharged: 0,
      etaMs: null,
      duplicates,
      fromCache: 0,
      fromSaved: 0,
      interrupted: 0,
      failed: 0,
      requiredFields,
      chunkCount: 0,
      sentChunks: [],
    };
    let toSend = 0;
    let fill = chunkSize;
    try {
      for await (const batch of batches) {
        const rows: BulkRowRecord[] = batch.map(({ entry, key, aliases }, i) => ({
          jobId,
          index: job.total + i,
          key,
          chunk: null,
          field_type: entry.field_type,
          value: entry.value.trim(),
          ...(entry.label ? { label: entry.label } : {}),
          status: 'pending',
          contact: null,
          fromCache: false,
          ...(aliases.length ? { aliases } : {}),
        }));
        // A batch's reads are one store read (IndexedDB; awaited one by one, 100,000 take minutes). The same decision
        // as the price the user was shown (./saved-contacts.ts).
        const free = await freeAnswersOf(rows, cache, saved);
        rows.forEach((row, i) => {
          const answer = free[i];
          if (answer?.source === 'cache') {
            const { hit } = answer;
            job.done++;
            job.fromCache = (job.fromCache ?? 0) + 1;
            fillFromCache(row, hit);
            if (hit.found) job.enriched++;
            return;
          }
          if (answer?.source === 'saved') {
            job.done++;
            job.enriched++;
            job.fromSaved = (job.fromSaved ?? 0) + 1;
            row.savedAt = answer.saved.boughtAt;
            row.status = 'enriched';
            row.contact = answer.saved.contact;
            return;
          }
          // Rows to send fill chunks of `chunkSize` in order.
          if (fill >= chunkSize) {
            job.chunkCount++;
            fill = 0;
          }
          row.chunk = job.chunkCount - 1;
          fill++;
          toSend++;
        });
        await store.putRows(rows);
        job.total += rows.length;
      }
      // More rows to send than the preview counted (answers it counted as cached were cleared or expired since) is more
      // than the user was shown. Refused before anything is sent.
      const most = bulkMost(toSend);
      if (quotedCredits !== undefined && most > quotedCredits) {
        throw new HandledError({ kind: 'price_changed', message: t('errors_price_changed_title'), quotedCredits, credits: most });
      }
      if (most > 0 && !(await ledger.allows(most))) {
        const summary = await ledger.summary();
        throw new HandledError({
          kind: 'budget_exceeded',
          message: t('errors_bulk_budget', most, summary.budgetLeft ?? 0),
        });
      }
    } catch (error) {
      await store.deleteJob(jobId).catch(() => undefined);
      throw error;
    }
    if (toSend === 0) job.status = 'done';
    await store.putJob(job);
    for (let chunk = 0; chunk < job.chunkCount; chunk++) enqueueChunk(jobId, chunk);
    emit(job);
    return publicJob(job);
  }

  return {
    kind,

    async start(entries, requiredFields = [], startOptions = {}) {
      const unique = dedupeEntries(entries, requiredFields);
      async function* batches() {
        for (let i = 0; i < unique.length; i += START_BATCH) yield unique.slice(i, i + START_BATCH);
      }
      return startRows(batches(), entries.length - unique.length, requiredFields, startOptions);
    },

    async startPaged(source, requiredFields = [], startOptions = {}) {
      async function* batches() {
        for await (const page of source.pages) {
          // The same keys the staging preview priced (./bulk-staging.ts): an entry's other identifiers answer it too.
          for (let i = 0; i < page.length; i += START_BATCH) yield page.slice(i, i + START_BATCH).map((entry) => ({ entry, ...entryKeys(entry, requiredFields) }));
        }
      }
      return startRows(batches(), source.duplicates, requiredFields, startOptions);
    },

    async get(jobId) {
      return publicJob(await load(jobId));
    },

    async rows(jobId, offset, limit) {
      const job = await load(jobId);
      const rows = await store.rows(jobId, offset, limit);
      return {
        total: job.total,
        rows: rows.map(({ jobId: _j, index: _i, key: _k, chunk: _c, aliases: _a, interrupted: _n, ...row }) => row),
      };
    },

    async cancel(jobId) {
      return withJob(jobId, async () => {
        const job = await load(jobId);
        if (job.status === 'done' || job.status === 'cancelled' || job.status === 'failed') return publicJob(job);
        job.status = 'cancelled';
        const removed = await options.queue().cancel((task) => task.kind === BULK_CHUNK_KIND && (task.payload as ChunkPayload).jobId === jobId, new BulkCancelledError(jobId));
        const cancelled: BulkRowRecord[] = [];
        for (const task of removed) {
          for (const row of await store.rowsOfChunk(jobId, (task.payload as ChunkPayload).chunk)) {
            if (row.status !== 'pending') continue;
            row.status = 'cancelled';
            cancelled.push(row);
          }
        }
        job.done += cancelled.length;
        await store.putRowsAndJob(cancelled, job);
        emit(job);
        return publicJob(job);
      });
    },

    async retry(jobId, opts = {}) {
      return withJob(jobId, async () => {
        const job = await load(jobId);
        const includeInterrupted = opts.interrupted ?? true;
        const failed = (await store.rowsWithStatus(jobId, 'error')).filter((r) => includeInterrupted || !r.interrupted);
        if (failed.length === 0) return publicJob(job);
        // Rows the cache answers now (bought meanwhile) go out free when their chunk is claimed: only the others can
        // cost, and only they are asked of the budget (a retry that would cost less was refused for the whole count).
        const cached = (await readAnswersOf(cache, failed)).filter((hit) => hit !== null).length;
        const most = bulkMost(failed.length - cached);
        if (!(await ledger.allows(most))) {
          throw new HandledError({ kind: 'budget_exceeded', message: t('errors_bulk_retry_budget', most) });
        }
        const retriedInterrupted = failed.filter((r) => r.interrupted).length;
        for (const row of failed) {
          row.status = 'pending';
          delete row.error;
          delete row.interrupted;
        }
        const chunks = await assignChunks(job, failed);
        job.done -= failed.length;
        job.failed = Math.max(0, (job.failed ?? 0) - failed.length);
        job.interrupted = Math.max(0, (job.interrupted ?? 0) - retriedInterrupted);
        job.status = 'queued';
        await store.putRowsAndJob(failed, job);
        for (const chunk of chunks) enqueueChunk(jobId, chunk);
        emit(job);
        return publicJob(job);
      });
    },

    async list() {
      return (await store.listJobs()).map(publicJob);
    },

    async resumeJobs() {
      const queued = new Set(
        options
          .queue()
          .tasks()
          .filter((t) => t.kind === BULK_CHUNK_KIND)
          .map((t) => `${(t.payload as ChunkPayload).jobId}:${(t.payload as ChunkPayload).chunk}`),
      );
      for (const job of await store.listJobs()) {
        if (job.status !== 'queued' && job.status !== 'running') continue;
        await withJob(job.id, async () => {
          const fresh = await load(job.id);
          // Chunks that had left and that the queue no longer holds: completed from their stored answer when
          // the offscreen document kept one (not awaited: it may still be on its way), else interrupted.
          const sent = new Set(fresh.sentChunks);
          for (const chunk of sent) {
            if (queued.has(`${fresh.id}:${chunk}`)) continue;
            if (options.paidRequests) void settleSent(fresh.id, chunk).catch((error: unknown) => console.warn('In-Page Enrich: bulk chunk not settled', error));
            else await interruptChunk(fresh, chunk);
          }
          const pending = await store.rowsWithStatus(fresh.id, 'pending');
          // A sent chunk's rows stay pending until its answer is read: never enqueued again.
          const chunks = new Set(pending.map((r) => r.chunk).filter((c): c is number => c !== null && !(options.paidRequests && sent.has(c))));
          for (const chunk of chunks) if (!queued.has(`${fresh.id}:${chunk}`)) enqueueChunk(fresh.id, chunk);
          settleStatus(fresh);
          await store.putJob(fresh);
          emit(fresh);
        });
      }
      // Holds kept for chunks that are no longer in the air (interrupted, or settled just before the stop) go; those
      // being completed from their answers stay counted until their answer is booked.
      await ledger.keepOnly(new Set(settling));
    },
  };
}

/** A row answered by a cached answer, free: at the start of the job or right before its chunk would have left. */
function fillFromCache(row: BulkRowRecord, hit: CachedAnswer): void {
  row.fromCache = true;
  row.status = hit.found ? 'enriched' : 'not_found';
  row.contact = hit.found ? (hit.value as BulkRow['contact']) : null;
  row.answeredAt = hit.provenance.fetchedAt;
}
