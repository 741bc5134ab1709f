/**
 * A bulk job's lifecycle: many selected contacts → as few paid requests as possible, with progress, cancel, paging
 * and resumption after the worker is stopped. A job's counters, rows, sent chunks and charges change together in one
 * transaction per step (./bulk-context.ts `withJob`), whichever file takes the step.
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
 *
 * This file starts, reads, cancels, retries and resumes jobs; a chunk's run, from its claim to its booking, is
 * ./bulk-chunk-runner.ts; what both share is ./bulk-context.ts.
 */
import { BULK_MAX_INPUTS } from '../api/limits';
import { readAnswersOf } from '../cache/cache';
import type { BulkEntry } from '../model/lookup';
import type { BulkJob } from '../model/state';
import { HandledError } from '../errors/handled-error';
import type { BulkJobRecord, BulkRowRecord } from './bulk-store';
import { openSaved } from './saved-contacts';
import { planBatch } from './plan-batch';
import type { FreeAnswer } from './saved-contacts';
import { teamAnswersOf } from './team-book';
import { EnrichedContactSchema, type EnrichedContact } from '../api/schemas';
import { dedupeEntries, entryKeys } from './bulk-dedupe';
import { bulkMost } from './plan';
import { estimateBulkCounts } from './estimate';
import { createChunkRunner } from './bulk-chunk-runner';
import {
  BULK_CHUNK_KIND,
  BulkCancelledError,
  createJobContext,
  fillFromCache,
  START_BATCH,
  type BulkManager,
  type BulkManagerOptions,
  type BulkStartOptions,
  type ChunkPayload,
  type RequiredBulkField,
} from './bulk-context';
import { t } from '../i18n/t';

export {
  BULK_CHUNK_KIND,
  BulkCancelledError,
  paidRequestId,
  START_BATCH,
  type BulkManager,
  type BulkManagerOptions,
  type BulkStartOptions,
  type ChunkPayload,
  type PaidRequests,
  type ReadChunkAnswer,
  type RequiredBulkField,
  type SendChunk,
} from './bulk-context';

export function createBulkManager(options: BulkManagerOptions): BulkManager {
  const job = createJobContext(options);
  const { store, cache, ledger, now, withJob, load, publicJob, emit, settleStatus, enqueueChunk, interruptChunk } = job;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const chunkSize = Math.min(options.chunkSize ?? BULK_MAX_INPUTS, BULK_MAX_INPUTS);
  const { kind, settleSent, settling } = createChunkRunner(job);

  /**
   * What a retry sends and the most it costs: the failed rows (interrupted ones only when asked), of which those the
   * cache answers now (bought meanwhile) go out free when their chunk is claimed. Its price and its run read this.
   */
  async function retryRows(jobId: string, includeInterrupted: boolean) {
    const failed = (await store.rowsWithStatus(jobId, 'error')).filter((r) => includeInterrupted || !r.interrupted);
    const cached = failed.length ? (await readAnswersOf(cache, failed)).filter((hit) => hit !== null).length : 0;
    return { failed, cached, most: bulkMost(failed.length - cached) };
  }

  /**
   * The answers the team's book holds for the rows it answers (null for the others, and for any it cannot give now or
   * that is not a contact), asked all at once: the hub client sends them in a few batched requests.
   */
  async function teamAnswersOfRows(free: ReadonlyArray<FreeAnswer | null>): Promise<Array<EnrichedContact | null>> {
    const answers: Array<EnrichedContact | null> = free.map(() => null);
    const asked = free.flatMap((answer, i) => (answer?.source === 'team' ? [{ i, entryId: answer.team.entryId }] : []));
    const got = await teamAnswersOf(options.team, asked.map((a) => a.entryId));
    asked.forEach(({ i }, k) => {
      const contact = EnrichedContactSchema.safeParse(got[k]);
      if (contact.success) answers[i] = contact.data;
    });
    return answers;
  }

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
   * Builds a job from deduplicated entries arriving in batches (a file may hold 100,000 rows): each batch's rows are
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
      fromTeam: 0,
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
        // A batch's reads are one store read (IndexedDB; awaited one by one, 100,000 take minutes). The same plan
        // as the price the user was shown (./plan-batch.ts).
        const plan = await planBatch(rows, { cache, saved, fresh, team: options.team });
        const fromTeam = await teamAnswersOfRows(plan.rows.map((r) => r.free));
        rows.forEach((row, i) => {
          const answer = plan.rows[i]?.free;
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
          const teamContact = fromTeam[i];
          if (answer?.source === 'team' && teamContact) {
            job.done++;
            job.enriched++;
            job.fromTeam = (job.fromTeam ?? 0) + 1;
            row.team = answer.team.purchase;
            row.answeredAt = answer.team.purchase.boughtAt;
            row.status = 'enriched';
            row.contact = teamContact;
            return;
          }
          // A row the team's book answered when priced but cannot give now is sent like the others; if that makes
          // the job cost more than it was quoted, the price guard below refuses it with nothing sent.
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
        // Only the rows the cache does not answer can cost, and only they are asked of the budget (a retry that would
        // cost less was refused for the whole count).
        const { failed, most } = await retryRows(jobId, opts.interrupted ?? true);
        if (failed.length === 0) return publicJob(job);
        // Held to the price its button showed, as a start is.
        if (opts.quotedCredits !== undefined && most > opts.quotedCredits) {
          throw new HandledError({ kind: 'price_changed', message: t('errors_price_changed_title'), quotedCredits: opts.quotedCredits, credits: most });
        }
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

    async retryEstimate(jobId, opts = {}) {
      await load(jobId);
      const { failed, cached } = await retryRows(jobId, opts.interrupted ?? true);
      return estimateBulkCounts({ entries: failed.length, unique: failed.length, cached }, ledger);
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
