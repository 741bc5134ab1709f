/**
 * A bulk job's chunks, from the queue's turn to the ledger: claim the rows (the cache first, then whatever another
 * lookup is buying right now), hold the budget under the chunk's id, send, store the answer (rows and counters in one
 * transaction), book it, hand it to the contact book. After a worker stop, a chunk that had left is completed from
 * its stored answer or marked interrupted, never sent again on its own (docs/reliability.md).
 */
import type { BulkEntry as ApiBulkEntry } from '../api/bulk';
import { ApiError } from '../api/errors';
import { mayHaveBeenProcessed } from '../api/retry';
import { contactAliasKeys } from '../cache/aliases';
import { readAnswersOf, type CacheWrite } from '../cache/cache';
import type { ContactOptions } from '../model/lookup';
import type { BulkJobRecord, BulkRowRecord } from './bulk-store';
import { BulkCancelledError, endFlight, fillFromCache, paidRequestId, type BulkJobContext, type ChunkPayload, type RequiredBulkField } from './bulk-context';
import type { PaidAnswer } from './paid-answer';
import { claim, settle } from './paid';
import type { Reservation } from '../credits/ledger';
import { paidButUnreadable, unreadableBulkCharge } from './unreadable';
import { bulkChargeOf, bulkMost } from './plan';
import type { TaskContext, TaskKind } from '../queue/queue';

export function createChunkRunner(job: BulkJobContext) {
  const { options, store, cache, ledger, now, withJob, load, emit, settleStatus, enqueueChunk, interruptChunk, failRows } = job;

  const rowKeys = (rows: readonly BulkRowRecord[]) => rows.flatMap((r) => [r.key, ...(r.aliases ?? [])]);

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

  /**
   * Right before a chunk is sent, the one claim (./paid.ts): rows the cache has learned since the job was planned
   * (another job, a lookup on the page, a retry bought them while this chunk waited its turn) are answered from it —
   * always read first: a queued chunk can wait minutes behind the rate limit — and rows another lookup is asking for
   * right now are waited for, then answered the same way. The rest are held, and the budget for them is held in the
   * ledger's record under the chunk's id: a worker started while the request is in the air counts it until its answer
   * settles it (settleSent).
   */
  async function runChunk(payload: ChunkPayload, ctx: TaskContext): Promise<void> {
    const { jobId, chunk } = payload;
    const initial = await store.getJob(jobId);
    if (!initial || initial.status === 'cancelled') return;
    const pending = (await store.rowsOfChunk(jobId, chunk)).filter((r) => r.status === 'pending');
    const claimed = await claim<BulkRowRecord[]>({ inFlight: options.inFlight, ledger }, async (previous) => {
      const rows = await answerFromCache(jobId, previous ?? pending);
      const keys = rowKeys(rows);
      return { value: rows, waitOn: keys, hold: keys, budget: rows.length ? { credits: bulkMost(rows.length), options: { id: paidRequestId(jobId, chunk) } } : null };
    });
    const rows = claimed.value;
    if (claimed.refused !== undefined) {
      await withJob(jobId, async () => {
        const job = await load(jobId);
        failRows(job, rows, options.toErrorData(claimed.refused));
        await store.putRowsAndJob(rows, job);
        emit(job);
      });
      return;
    }
    if (!claimed.reservation) return;
    try {
      await sendChunk(initial, chunk, rows, claimed.reservation, ctx);
    } finally {
      claimed.release();
    }
  }

  async function sendChunk(initial: BulkJobRecord, chunk: number, rows: BulkRowRecord[], reservation: Reservation, ctx: TaskContext): Promise<void> {
    const jobId = initial.id;
    const paidId = paidRequestId(jobId, chunk);

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
          // Refused with 429 and about to be sent again after the Retry-After: the service processed none of it, so
          // nothing of it is in the air while the client waits (the next attempt counts it again, above). Left
          // counted, a browser closed during the wait brought the chunk back "interrupted, may have been charged",
          // and two chunks waiting out of step kept the job "in flight" for as long as the 429s lasted.
          rateLimited: (ms) => {
            ctx.rateLimited(ms);
            void withJob(jobId, async () => {
              const job = await load(jobId);
              if (!job.sentChunks.includes(chunk)) return;
              endFlight(job, chunk, rows.length);
              await store.putJob(job);
              emit(job);
            }).catch((error: unknown) => console.warn('In-Page Enrich: bulk chunk not marked as waiting', error));
          },
        },
        options.paidRequests?.sendFor(paidId),
      );
    } catch (error) {
      // A 2xx answer that arrived whole and does not read: the service processed and charged the chunk. Booked as it
      // charged (before the rows are written: a stop in between must not lose the booking), like a single lookup.
      const unreadable = paidButUnreadable(error);
      if (unreadable) {
        const credits = unreadableBulkCharge(unreadable, rows.length);
        await settle({ book: () => reservation.settle('bulk/enrich', credits), store: () => failChunk(jobId, chunk, rows, unreadable, credits), answers: () => [] }, undefined);
        await options.paidRequests?.forget(paidId).catch(() => undefined);
        return;
      }
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

    // Booked first, then stored (./paid.ts): a worker stop in between completes the chunk from its stored answer
    // without booking it again (the ledger settles an id once); stored first, the stop lost the booking.
    const answered = readEntries(rows, entries, initial.requiredFields);
    await settle(
      {
        book: () => reservation.settle('bulk/enrich', answered.charged),
        store: () => storeAnswer(jobId, chunk, rows, answered),
        // Answer stored and booked: the request no longer counts as in flight, although filling the contact book
        // takes a while (300 contacts: ~4 s in which the header said "1 queued" after the card said finished). Not
        // before the booking, or the header would read "Idle" beside a credit count that has not moved yet.
        stored: () => ctx.attemptEnded(),
        answers: () => paidAnswersOf(jobId, answered),
        later: (tellBook) => fillBookInTurn(jobId, paidId, tellBook),
      },
      options.onPaidAnswer,
    );
  }

  /**
   * The contact book is filled from a chunk's answers while the job's next chunk is already on its way: a book write
   * per person found (about 1–2.5 s for 100 people under load) held the queue's slot, and the job ran at a fraction
   * of what the service answers. One chunk's filling may be behind per job: the chunk after it waits for it, so at most
   * two chunks' answers are held in memory and the book is filled in the job's order. The answer is already booked and
   * stored (ledger, rows, cache) before this starts; the paid request is forgotten once the book has it, so a worker
   * stop in between fills the book again from the stored answer.
   */
  const filling = new Map<string, Promise<void>>();
  async function fillBookInTurn(jobId: string, paidId: string, tellBook: () => Promise<void>): Promise<void> {
    await filling.get(jobId);
    const run = tellBook()
      .then(() => options.paidRequests?.forget(paidId))
      .catch(() => undefined)
      .finally(() => {
        if (filling.get(jobId) === run) filling.delete(jobId);
      });
    filling.set(jobId, run);
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
   * them out, as it does a chunk cut off by a restart (docs/reliability.md). `charged`: what was booked for it (an
   * answer charged but unreadable).
   */
  async function failChunk(jobId: string, chunk: number, rows: BulkRowRecord[], error: unknown, charged = 0): Promise<void> {
    await withJob(jobId, async () => {
      const job = await load(jobId);
      endFlight(job, chunk, rows.length);
      failRows(job, rows, options.toErrorData(error));
      job.creditsCharged += charged;
      if (error instanceof ApiError && mayHaveBeenProcessed(error)) {
        for (const row of rows) row.interrupted = true;
        job.interrupted = (job.interrupted ?? 0) + rows.length;
      }
      await store.putRowsAndJob(rows, job);
      emit(job);
    });
  }

  /**
   * What a chunk's answer decides, written nowhere yet: each row's outcome (set on the rows), the cache writes, and
   * the charge the ledger books.
   */
  function readEntries(rows: BulkRowRecord[], entries: readonly ApiBulkEntry[], requiredFields: readonly RequiredBulkField[]) {
    let enriched = 0;
    let unreadable = 0;
    // Answered free by a team hub (a teammate bought the person): enriched, not charged.
    let fromTeam = 0;
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
        if (entry.team) {
          fromTeam++;
          row.team = entry.team;
        }
        const aliases = [...new Set([...contactAliasKeys(entry.contact, aliasOptions, row.key), ...(row.aliases ?? [])])].filter((k) => k !== row.key);
        cacheItems.push({ key: row.key, found: true, value: entry.contact, creditsCharged: entry.team ? 0 : bulkChargeOf({ sent: 1, enriched: 1 }), aliases, fetchedAt: settledAt });
      } else {
        row.status = 'not_found';
        cacheItems.push({ key: row.key, found: false, value: null, creditsCharged: 0, fetchedAt: settledAt });
      }
    });
    return { enriched, unreadable, fromTeam, charged: bulkChargeOf({ sent: rows.length - fromTeam, enriched: enriched - fromTeam, unreadable }), cacheItems, settledAt };
  }

  /** Stores a chunk's read answer: rows and counters in one transaction first (after that nothing is re-sent), then the cache. */
  async function storeAnswer(jobId: string, chunk: number, rows: BulkRowRecord[], answered: ReturnType<typeof readEntries>) {
    const { enriched, unreadable, fromTeam, charged } = answered;
    await withJob(jobId, async () => {
      const job = await load(jobId);
      endFlight(job, chunk, rows.length);
      job.done += rows.length;
      job.enriched += enriched;
      job.creditsCharged += charged;
      if (fromTeam) job.fromTeam = (job.fromTeam ?? 0) + fromTeam;
      const errors = rows.filter((r) => r.status === 'error').length;
      if (errors) job.failed = (job.failed ?? 0) + errors;
      if (unreadable) job.interrupted = (job.interrupted ?? 0) + unreadable;
      settleStatus(job);
      // Results first, in one transaction with the counters: after this point nothing is lost or re-sent.
      await store.putRowsAndJob(rows, job);
      emit(job);
    });
    await cache.writeMany(answered.cacheItems).catch(() => undefined);
  }

  /** A chunk's answers as the contact book is handed them. */
  function paidAnswersOf(jobId: string, { cacheItems, settledAt }: { cacheItems: CacheWrite[]; settledAt: number }): PaidAnswer[] {
    return cacheItems.map((item) => ({
      endpoint: 'contact/enrich',
      key: item.key,
      aliases: [...(item.aliases ?? [])],
      found: item.found,
      value: item.value,
      creditsCharged: item.creditsCharged,
      fetchedAt: settledAt,
      jobId,
    }));
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
        const unreadable = paidButUnreadable(error);
        if (unreadable) {
          // Charged, unreadable: booked once (a stop after an earlier booking of it books nothing more), then failed.
          const credits = unreadableBulkCharge(unreadable, rows.length);
          await settle({ book: () => ledger.settleOnce(paidId, 'bulk/enrich', credits), store: () => failChunk(jobId, chunk, rows, unreadable, credits), answers: () => [] }, undefined);
        } else if (error instanceof ApiError && error.kind === 'rate_limited') {
          // Refused unprocessed: safe to send again, and the only way to get the answer.
          await unsend(jobId, chunk, rows.length);
          enqueueChunk(jobId, chunk);
        } else {
          await failChunk(jobId, chunk, rows, error);
        }
        await options.paidRequests?.forget(paidId).catch(() => undefined);
        return;
      }
      // The answer says what was charged: the ledger books exactly that and frees the kept hold in one write, once (the
      // stopped worker may have booked it already), before the rows are stored.
      const answered = readEntries(rows, entries, job.requiredFields);
      await settle(
        { book: () => ledger.settleOnce(paidId, 'bulk/enrich', answered.charged), store: () => storeAnswer(jobId, chunk, rows, answered), answers: () => paidAnswersOf(jobId, answered) },
        options.onPaidAnswer,
      );
      await options.paidRequests?.forget(paidId).catch(() => undefined);
    } finally {
      // Not booked (no answer, refused, failed): the hold goes; booked, release does nothing.
      hold?.release();
      settling.delete(paidId);
    }
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
      // Not in `sentChunks`: no request of it was in the air (each attempt writes it there before it leaves, and a
      // 429 takes it out while the client waits to send it again), so the service cannot have charged it: sent again.
      if (job && (job.status === 'queued' || job.status === 'running') && !job.sentChunks.includes(payload.chunk)) return 'repeat';
      await withJob(payload.jobId, async () => {
        const fresh = await store.getJob(payload.jobId);
        if (fresh) await interruptChunk(fresh, payload.chunk);
      });
      return 'drop';
    },
  };

  return { kind, settleSent, settling };
}
