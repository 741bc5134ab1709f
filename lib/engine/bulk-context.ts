/**
 * What the parts of a bulk job share: its types, the stored job and rows (one job's changes one at a time), how a job
 * is shown and announced, how its chunks are queued and what an interrupted chunk becomes. The chunk runner
 * (./bulk-chunk-runner.ts) and the job lifecycle (./bulk-job.ts) take it as their one argument.
 */
import type { BulkEntry as ApiBulkEntry } from '../api/bulk';
import type { HttpAnswer, HttpSend } from '../api/http';
import type { BulkRequiredField } from '../api/required';
import type { CachedAnswer, Cache } from '../cache/cache';
import type { Ledger } from '../credits/ledger';
import type { BulkEntry, CostEstimate } from '../model/lookup';
import type { BulkJob, BulkRow } from '../model/state';
import type { ErrorData } from '../model/errors';
import { HandledError } from '../errors/handled-error';
import type { BulkJobRecord, BulkRowRecord, BulkStore } from './bulk-store';
import type { InFlight } from './in-flight';
import type { OnPaidAnswer } from './paid-answer';
import type { OpenTeamBook } from './team-book';
import type { OpenSavedContacts } from './saved-contacts';
import type { TaskContext, TaskKind, TaskQueue } from '../queue/queue';
import { t, tn } from '../i18n/t';
import { createKeyedOrder } from '../async/keyed-order';


export const BULK_CHUNK_KIND = 'bulk-chunk';
/** Rows written per IndexedDB transaction when a job starts. */
export const START_BATCH = 1_000;
/** The spec's bulk `required_fields` (one type, beside the rule that reads them: lib/api/required.ts). */
export type RequiredBulkField = BulkRequiredField;

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
  /** Called after every live row answer is stored and booked: the contact book keeps what the user paid for. */
  onPaidAnswer?: OnPaidAnswer;
  /** What the user bought before (the contact book): such rows are filled from it, free. */
  saved?: OpenSavedContacts;
  /** The team hub's book when the user is signed in to one (./team-book.ts): rows a teammate bought are filled from it, free. */
  team?: OpenTeamBook;
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
  /**
   * A job from entries read page by page (a staged upload of a file too big for one message): already unique by key and
   * in file order, so no page is held in memory for the whole job.
   */
  startPaged(source: { pages: AsyncIterable<BulkEntry[]>; duplicates: number }, requiredFields?: RequiredBulkField[], options?: BulkStartOptions): Promise<BulkJob>;
  get(jobId: string): Promise<BulkJob>;
  rows(jobId: string, offset: number, limit: number): Promise<{ total: number; rows: BulkRow[] }>;
  cancel(jobId: string): Promise<BulkJob>;
  /**
   * Sends the job's failed entries again (`interrupted` false leaves out those the service may have charged).
   * `quotedCredits`: the price the retry button showed (`retryEstimate`); a retry that would cost more is refused.
   */
  retry(jobId: string, opts?: { interrupted?: boolean; quotedCredits?: number }): Promise<BulkJob>;
  /** The price of `retry` with the same choice: the same rows, the same cache reads, the same bulk price. */
  retryEstimate(jobId: string, opts?: { interrupted?: boolean }): Promise<CostEstimate>;
  list(): Promise<BulkJob[]>;
  /** After a restart: settles interrupted chunks and re-enqueues chunks that still have pending rows. */
  resumeJobs(): Promise<void>;
}

const interruptedError = (n: number): ErrorData => ({
  kind: 'aborted',
  message: tn('errors_bulk_interrupted', n),
});

/** The chunk's request is over (answered, refused, failed, or never left): it no longer counts as in flight. */
export function endFlight(job: BulkJobRecord, chunk: number, size: number): void {
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

export type BulkJobContext = ReturnType<typeof createJobContext>;

export function createJobContext(options: BulkManagerOptions) {
  const { store, cache, ledger } = options;
  const now = options.now ?? Date.now;
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

  function failRows(job: BulkJobRecord, rows: BulkRowRecord[], error: ErrorData) {
    for (const row of rows) {
      row.status = 'error';
      row.error = error;
    }
    job.done += rows.length;
    job.failed = (job.failed ?? 0) + rows.length;
    settleStatus(job);
  }

  return { options, store, cache, ledger, now, withJob, load, publicJob, emit, settleStatus, enqueueChunk, interruptChunk, failRows };
}

/** A row answered by a cached answer, free: at the start of the job or right before its chunk would have left. */
export function fillFromCache(row: BulkRowRecord, hit: CachedAnswer): void {
  row.fromCache = true;
  row.status = hit.found ? 'enriched' : 'not_found';
  row.contact = hit.found ? (hit.value as BulkRow['contact']) : null;
  row.answeredAt = hit.provenance.fetchedAt;
}
