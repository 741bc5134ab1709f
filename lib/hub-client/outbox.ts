/**
 * Purchases on their way to the team hub's book (`POST /hub/book`), when the team keeps its key out of the hub: each
 * person the member bought with their own key is written to the book so a teammate gets them free. Offline, or with
 * the hub down, the extension works as without a hub and the write waits here (in IndexedDB: ./outbox-idb.ts); it is
 * sent on the next sign of the hub (an answer to an ask, a new purchase, the worker's start) and retried with a
 * growing pause.
 *
 * Idempotent: a write's id is made from the purchase itself (the answer's cache key and when it was bought), so the
 * same purchase told twice is one write, and a write sent again after a lost answer is applied once by the hub (its
 * conflict rule: docs/hub.md, "The conflict rule of the book"). A write belongs to the team it was bought for: it is
 * sent only while signed in to that team.
 */
import { z } from 'zod';

/** The most writes kept: past it the oldest goes (a teammate may then pay for that person again). */
export const OUTBOX_MAX = 5_000;
/** The first pause after a failed send, doubled at each failure up to RETRY_MAX_MS. */
export const RETRY_BASE_MS = 5_000;
export const RETRY_MAX_MS = 60_000;
const SEND_TIMEOUT_MS = 15_000;

const LookupFields = z
  .strictObject({
    email: z.string().max(2048).optional(),
    phone: z.string().max(64).optional(),
    social_profile: z.string().max(2048).optional(),
    first_name: z.string().max(200).optional(),
    last_name: z.string().max(200).optional(),
    company_name: z.string().max(200).optional(),
    company_domain: z.string().max(200).optional(),
  })
  .refine((l) => Object.keys(l).length > 0);

/** What the hub's `POST /hub/book` takes (boughtAt as epoch ms here, sent as ISO). */
export const BookWriteSchema = z.strictObject({
  writeId: z.string().min(1).max(200),
  lookup: LookupFields,
  aliases: z.array(LookupFields).max(100),
  answer: z.unknown(),
  options: z.string().max(500),
  boughtAt: z.number().int().nonnegative(),
  credits: z.number().int().min(0).max(100_000),
});
export type BookWrite = z.infer<typeof BookWriteSchema>;

/** A write as it waits: for which team, and when to try it next. */
export const OutboxEntrySchema = z.strictObject({
  write: BookWriteSchema,
  /** The team (and hub) it was bought for: never sent to another team. */
  teamId: z.string().min(1).max(100),
  hubUrl: z.string().max(2048),
  queuedAt: z.number(),
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: z.number(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

/** Where writes wait; keyed by `write.writeId`. `list` returns only entries that still validate. */
export interface OutboxStore {
  put(entry: OutboxEntry): Promise<void>;
  list(): Promise<OutboxEntry[]>;
  remove(writeId: string): Promise<void>;
}

export function createMemoryOutboxStore(): OutboxStore & { entries: Map<string, OutboxEntry> } {
  const entries = new Map<string, OutboxEntry>();
  return {
    entries,
    put: (entry) => {
      entries.set(entry.write.writeId, structuredClone(entry));
      return Promise.resolve();
    },
    list: () => Promise.resolve([...entries.values()].flatMap((e) => (OutboxEntrySchema.safeParse(e).success ? [structuredClone(e)] : []))),
    remove: (writeId) => {
      entries.delete(writeId);
      return Promise.resolve();
    },
  };
}

/** The sign-in writes are sent under (lib/hub-client/session.ts). */
export interface OutboxSession {
  hubUrl: string;
  token: string;
  teamId: string;
}

export interface OutboxOptions {
  store: OutboxStore;
  /** The current sign-in, or null (signed out: writes wait). */
  session: () => Promise<OutboxSession | null>;
  fetch?: typeof fetch;
  now?: () => number;
  /** Schedules the next try after a failure (the background's timer; none: only the next sign of the hub sends). */
  schedule?: (delayMs: number, run: () => void) => void;
}

export type SendOutcome = 'sent' | 'replayed' | 'refused' | 'failed';

export interface SyncReport {
  sent: number;
  replayed: number;
  /** Refused for good by the hub (a write it cannot read): dropped, never retried. */
  dropped: number;
  /** Still waiting (not due yet, another team's, or the hub did not take them). */
  waiting: number;
}

/** A stable id for one purchase: the same purchase told twice is one write (SHA-256 of its key and time, hex). */
export async function writeIdOf(key: string, boughtAt: number): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${boughtAt}\n${key}`)));
  return `ipe-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function createOutbox(options: OutboxOptions) {
  const now = options.now ?? Date.now;
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let running: Promise<SyncReport> | null = null;
  let queued: Promise<SyncReport> | null = null;
  let nextForce = false;
  let timerDue: number | null = null;

  async function send(session: OutboxSession, write: BookWrite): Promise<SendOutcome> {
    try {
      const response = await fetchImpl(`${session.hubUrl}/hub/book`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${session.token}` },
        body: JSON.stringify({ ...write, boughtAt: new Date(write.boughtAt).toISOString() }),
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 201) return 'sent';
      if (response.status === 200) return 'replayed';
      // A write the hub cannot read is never going to be taken; anything else (a revoked sign-in, a hub that fails,
      // a proxy's error page) may pass later.
      if (response.status === 400 || response.status === 413) return 'refused';
      return 'failed';
    } catch {
      return 'failed';
    }
  }

  function retryAt(due: number | null): void {
    if (!options.schedule || due === null) return;
    if (timerDue !== null && timerDue <= due) return;
    timerDue = due;
    options.schedule(Math.max(0, due - now()), () => {
      timerDue = null;
      void sync();
    });
  }

  async function syncOnce(force: boolean): Promise<SyncReport> {
    const report: SyncReport = { sent: 0, replayed: 0, dropped: 0, waiting: 0 };
    const session = await options.session();
    const entries = (await options.store.list()).sort((a, b) => a.queuedAt - b.queuedAt);
    // When to try again: the failed write's pause (nothing is sent before the hub is tried again), else the next due.
    let failedUntil: number | null = null;
    let nextDue: number | null = null;
    for (const entry of entries) {
      const mine = session && entry.teamId === session.teamId && entry.hubUrl === session.hubUrl;
      if (!mine || failedUntil !== null || (!force && entry.nextAttemptAt > now())) {
        report.waiting++;
        if (mine) nextDue = Math.min(nextDue ?? Infinity, entry.nextAttemptAt);
        continue;
      }
      const outcome = await send(session, entry.write);
      if (outcome === 'sent' || outcome === 'replayed') {
        report[outcome]++;
        await options.store.remove(entry.write.writeId);
      } else if (outcome === 'refused') {
        report.dropped++;
        console.warn('In-Page Enrich: the team hub refused a book write for good; dropped', entry.write.writeId);
        await options.store.remove(entry.write.writeId);
      } else {
        // The hub did not take it: the rest waits too (one failed send per sync, not one per write).
        const attempts = entry.attempts + 1;
        failedUntil = now() + Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1));
        await options.store.put({ ...entry, attempts, nextAttemptAt: failedUntil });
        report.waiting++;
      }
    }
    retryAt(failedUntil ?? nextDue);
    return report;
  }

  /**
   * Sends what waits for the current sign-in. `force`: also the writes whose pause has not run out (the hub just
   * answered something else, or a new purchase is being written, so the hub is worth trying now). One sync at a time:
   * a call during one gets the next sync, which starts after it (and sees what was queued meanwhile).
   */
  function sync(force = false): Promise<SyncReport> {
    if (!running) {
      running = syncOnce(force).finally(() => {
        running = null;
      });
      return running;
    }
    nextForce ||= force;
    return (queued ??= running.then(
      () => next(),
      () => next(),
    ));
  }

  function next(): Promise<SyncReport> {
    queued = null;
    const force = nextForce;
    nextForce = false;
    return sync(force);
  }

  return {
    /** Keeps a purchase for the book (replacing one with the same id), then tries to send it. */
    async enqueue(write: BookWrite, team: { teamId: string; hubUrl: string }): Promise<void> {
      const entries = await options.store.list();
      const overflow = entries.length + 1 - OUTBOX_MAX;
      if (overflow > 0) {
        for (const old of entries.sort((a, b) => a.queuedAt - b.queuedAt).slice(0, overflow)) await options.store.remove(old.write.writeId);
      }
      await options.store.put({ write, teamId: team.teamId, hubUrl: team.hubUrl, queuedAt: now(), attempts: 0, nextAttemptAt: now() });
      void sync(true);
    },
    sync,
    /** How many writes wait (for the e2e and the options page). */
    async size(): Promise<number> {
      return (await options.store.list()).length;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
