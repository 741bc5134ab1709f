/**
 * The team key's rate limit, shared by every member and every hub process: a sliding log of requests in Postgres.
 * At most `max` requests may be counted in any window of `windowMs`, where a request counts from the moment it is
 * sent until `windowMs` after its answer came back (the service counts it at arrival, which lies between the two),
 * so network delays can never squeeze more than `max` arrivals into one of the service's windows. The team's row is
 * locked (SELECT … FOR UPDATE) for the check-and-insert, so concurrent hubs take turns; times are the database's
 * clock, one clock for all hubs.
 */
import { sql } from 'kysely';
import type { HubDb } from './db/open';
import { newId } from './tokens';

/** An in-flight request older than this (a hub that crashed mid-request) stops counting. */
const STALE_IN_FLIGHT_MS = 120_000;
const MIN_POLL_MS = 20;

export interface RateLimit {
  max: number;
  windowMs: number;
}

type TryResult = { slot: string } | { waitMs: number };

async function tryAcquire(db: HubDb, teamId: string, limit: RateLimit): Promise<TryResult> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('teams').select('id').where('id', '=', teamId).forUpdate().execute();
    const windowSecs = limit.windowMs / 1000;
    await trx
      .deleteFrom('rate_slots')
      .where('team_id', '=', teamId)
      .where((eb) =>
        eb.or([
          eb.and([eb('done_at', 'is not', null), eb('done_at', '<=', sql<Date>`clock_timestamp() - make_interval(secs => ${windowSecs})`)]),
          eb.and([eb('done_at', 'is', null), eb('sent_at', '<=', sql<Date>`clock_timestamp() - make_interval(secs => ${STALE_IN_FLIGHT_MS / 1000})`)]),
        ]),
      )
      .execute();
    const state = await trx
      .selectFrom('rate_slots')
      .select([
        sql<number>`count(*)::int`.as('n'),
        sql<number | null>`(extract(epoch from (min(done_at) + make_interval(secs => ${windowSecs}) - clock_timestamp())) * 1000)::float8`.as('wait_ms'),
      ])
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    if (state.n >= limit.max) return { waitMs: Math.max(MIN_POLL_MS, Math.ceil(state.wait_ms ?? MIN_POLL_MS)) };
    const slot = newId();
    await trx.insertInto('rate_slots').values({ id: slot, team_id: teamId, sent_at: sql<Date>`clock_timestamp()`, done_at: null }).execute();
    return { slot };
  });
}

/**
 * Waits for a free place under the limit and takes it. Returns the slot to finish with `releaseSlot`, or the time
 * the caller would still have to wait when that passes `maxWaitMs` (the hub then answers 429 with Retry-After).
 * `signal` is the member's request: once they stopped waiting (their client's timeout, a closed tab), no place is
 * taken, so nothing is sent, and charged, for an answer nobody will read.
 */
export async function acquireSlot(
  db: HubDb,
  teamId: string,
  limit: RateLimit,
  maxWaitMs: number,
  signal?: AbortSignal,
): Promise<{ slot: string } | { retryAfterMs: number }> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    if (signal?.aborted) return { retryAfterMs: MIN_POLL_MS };
    const r = await tryAcquire(db, teamId, limit);
    if ('slot' in r) {
      if (!signal?.aborted) return r;
      // The member left while the place was being taken: give it back at once (it was never used).
      await returnSlot(db, r.slot);
      return { retryAfterMs: MIN_POLL_MS };
    }
    if (Date.now() + r.waitMs > deadline) return { retryAfterMs: r.waitMs };
    // A little jitter so waiting hubs do not all retry in the same millisecond.
    await sleep(r.waitMs + Math.random() * MIN_POLL_MS, signal);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Marks the request answered: from now on it counts for `windowMs` more. */
export async function releaseSlot(db: HubDb, slot: string): Promise<void> {
  await db.updateTable('rate_slots').set({ done_at: sql<Date>`clock_timestamp()` }).where('id', '=', slot).execute();
}

/** Gives back a place that was taken but never used (nothing was sent): it counts for nothing. */
export async function returnSlot(db: HubDb, slot: string): Promise<void> {
  await db.deleteFrom('rate_slots').where('id', '=', slot).execute();
}
