/**
 * The one queue every API request goes through, in the background.
 *
 * Priorities, the rate gate, dedupe, 429 pauses and persistence all act on the same task states in the same order,
 * so they stay in one file; split, each part would have to re-check the others' invariants.
 *
 * - Priorities: a click in the UI ('interactive') goes before bulk chunks ('bulk'), which go before background
 *   prefetch ('prefetch'); FIFO within a priority.
 * - Rate: every HTTP attempt (retries included) takes a slot from the sliding-log limiter at the gate, in
 *   priority order. A 429 pauses the whole gate until its Retry-After, and the task goes back to pending: a 429
 *   means the service did not process the request, so repeating it cannot charge twice.
 * - Dedupe: two tasks with the same `dedupeKey` (the cache key) are one task; the second caller joins the first.
 * - Persistence: every task is stored (pending / in-flight) before anything happens to it, so a restarted worker
 *   resumes pending tasks and asks each kind what to do with a task that was in flight when the worker died
 *   (docs/reliability.md explains why paid in-flight work is not simply repeated).
 * - Observable: `state()` gives the real state (pending by lane, requests in flight with their start times, the
 *   window and when its next slot frees, the 429 pause, measured latency by kind) and the ETA computed from it
 *   (lib/queue/eta.ts); `subscribe` tells when it changed.
 *
 * Pure logic: the clock, timers, the limiter and the task store are passed in; no browser globals.
 */
import type { QueueState } from '../model/state';
import { queueEta } from './eta';
import type { PersistentLimiter } from './limiter';

export type Priority = 'interactive' | 'bulk' | 'prefetch';
const RANK: Record<Priority, number> = { interactive: 0, bulk: 1, prefetch: 2 };

/** How many started tasks of each priority may be in progress at once (interactive clicks are never held back). */
const CONCURRENCY: Record<Priority, number> = { interactive: Number.POSITIVE_INFINITY, bulk: 2, prefetch: 2 };

/**
 * HTTP requests in flight at once, all priorities together: 6, what Chromium opens per host over HTTP/1.1. More
 * would wait inside the browser's network stack with their timeout already running: with 8, two slow answers
 * timed out while still queued there, were charged by the service all the same, and a cancel then reported them
 * "not charged". Holding the rest at our gate also keeps each request's time in flight short, so its rate-limit
 * slot is logged and reused sooner (lib/queue/limiter.ts).
 */
const MAX_IN_FLIGHT = 6;

/** After this many 429s in a row for one task it fails as rate limited instead of waiting forever. */
const MAX_RATE_LIMITED_REQUEUES = 30;

/** Pause after a 429 that carries no Retry-After: a whole window, the worst case. */
const DEFAULT_RATE_LIMIT_PAUSE_MS = 60_000;

export interface TaskRecord {
  id: string;
  kind: string;
  priority: Priority;
  /** Global order of arrival (FIFO within a priority). */
  seq: number;
  payload: unknown;
  dedupeKey?: string;
  /** 'in-flight' once the first HTTP attempt took its slot: a paid request may have reached the service. */
  state: 'pending' | 'in-flight';
  rateLimited: number;
  enqueuedAt: number;
}

export interface TaskStore {
  load(): Promise<TaskRecord[]>;
  put(record: TaskRecord): Promise<void>;
  remove(id: string): Promise<void>;
}

/** What a running task gets from the queue. */
export interface TaskContext {
  /** Await before every HTTP attempt (pass as the API client's `beforeAttempt`); takes a rate-limit slot. */
  beforeAttempt: () => Promise<void>;
  /**
   * The current attempt's answer arrived (pass from the client's `onRetry`). Optional to call: the next
   * attempt and the end of the task imply it; calling it early frees the slot sooner.
   */
  attemptEnded: () => void;
  /** Call when the service answered 429 (pass from the client's `onRetry` for rate-limited retries). */
  rateLimited: (retryAfterMs: number | undefined) => void;
  /** True when this task was resumed after a worker restart (nobody is waiting for its result). */
  resumed: boolean;
}

export interface TaskKind<P = unknown, R = unknown> {
  run(payload: P, ctx: TaskContext): Promise<R>;
  /**
   * A task of this kind was in flight when the worker died. 'repeat' puts it back in the queue (only when a
   * repeat cannot charge twice: free, idempotent, or the kind checked its own records); 'drop' forgets it
   * (the kind records what happened, e.g. marks bulk rows as interrupted).
   */
  onInterrupted(payload: P): Promise<'repeat' | 'drop'>;
}

/** The error shape the queue needs to recognise a 429 (ApiError and ErrorData both fit). */
function rateLimitOf(error: unknown): { retryAfterMs: number | undefined } | null {
  if (typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'rate_limited') {
    const ms = (error as { retryAfterMs?: unknown }).retryAfterMs;
    return { retryAfterMs: typeof ms === 'number' ? ms : undefined };
  }
  return null;
}

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Waiter {
  task: TaskRecord;
  /** Called with the limiter slot taken for this attempt. */
  resolve: (slot: string) => void;
  reject: (error: unknown) => void;
}

interface Live {
  record: TaskRecord;
  promise: Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  started: boolean;
  /** Loaded from the store after a restart: nobody waits for its result. */
  resumed: boolean;
  /**
   * The last attempt was refused with a 429, which the service did not process: while the task waits at the gate
   * for its next attempt, cancelling it cannot leave anything charged.
   */
  refused: boolean;
  /** Cancelled while its kind waited out a 429 on its own: its next attempt throws this instead of going out. */
  cancelled?: { reason: unknown };
}

/** Weight of the newest request in the latency average: recent enough to follow a slowing service. */
const LATENCY_WEIGHT = 0.3;

export interface EnqueueOptions {
  kind: string;
  priority: Priority;
  payload: unknown;
  dedupeKey?: string;
}

export interface TaskQueue {
  enqueue<R>(options: EnqueueOptions): { id: string; joined: boolean; result: Promise<R> };
  /** Loads stored tasks after a worker restart and starts them. Call once, before new work. */
  resume(): Promise<{ resumed: number; repeated: number; dropped: number }>;
  /**
   * Removes tasks matching `predicate` that have not sent anything (queued, or waiting at the gate for their
   * first slot), e.g. the chunks of a cancelled bulk job; they end with `reason`. Returns them.
   */
  cancel(predicate: (task: TaskRecord) => boolean, reason: unknown): Promise<TaskRecord[]>;
  /** Pauses the gate (a 429 seen outside a task). */
  pause(ms: number): void;
  state(): QueueState;
  /** Position (1-based) of a task among those not yet sent, in the order they will go; 0 if it is not waiting. */
  position(id: string): number;
  /** Estimated ms until the task with this id has been sent (for bulk ETAs); null if unknown. */
  etaFor(id: string): number | null;
  /** Pending or in-flight tasks (anything the worker must stay alive for). */
  busy(): boolean;
  tasks(): TaskRecord[];
  subscribe(listener: () => void): () => void;
}

export function createTaskQueue(options: {
  limiter: PersistentLimiter;
  store: TaskStore;
  kinds: Record<string, TaskKind<never, unknown>>;
  timers?: Timers;
  newId?: () => string;
  maxInFlight?: number;
  /** The bulk job or batch a task belongs to, shown with its requests in flight (e.g. a bulk job's chunk). */
  groupOf?: (task: TaskRecord) => string | undefined;
}): TaskQueue {
  const maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT;
  const timers = options.timers ?? realTimers;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const limiter = options.limiter;
  const live = new Map<string, Live>();
  const byDedupe = new Map<string, string>();
  const gateWaiters: Waiter[] = [];
  const listeners = new Set<() => void>();
  let seq = 0;
  let pausedUntil = 0;
  let gateTimer: unknown = null;
  let draining = false;
  /** HTTP attempts sent and not answered yet, by attempt number. */
  const attempts = new Map<number, { taskId: string; kind: string; group?: string; since: number }>();
  let attemptSeq = 0;
  /** Moving average of request latency by task kind (a bulk chunk takes far longer than one lookup). */
  const latency = new Map<string, number>();
  const measure = (kind: string, ms: number) => {
    const previous = latency.get(kind);
    // The first answer is the estimate: blending it with a made-up default would promise "1 s left" for 20 s.
    latency.set(kind, previous === undefined ? ms : previous * (1 - LATENCY_WEIGHT) + ms * LATENCY_WEIGHT);
  };

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const kindOf = (name: string): TaskKind<unknown, unknown> => {
    const kind = options.kinds[name];
    if (!kind) throw new Error(`Unknown task kind "${name}"`);
    return kind as TaskKind<unknown, unknown>;
  };

  // ----------------------------------------------------------------------------------------------- the gate

  function scheduleGate(ms: number) {
    if (gateTimer !== null) timers.clearTimeout(gateTimer);
    gateTimer = timers.setTimeout(() => {
      gateTimer = null;
      void drainGate();
    }, Math.max(0, ms));
  }

  async function drainGate(): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      while (gateWaiters.length > 0) {
        const now = timers.now();
        if (pausedUntil > now) return scheduleGate(pausedUntil - now);
        // Full: the next answer (endAttempt → release) drains the gate again.
        if (limiter.limiter.inFlight() >= maxInFlight) return;
        const slot = await limiter.acquire(now);
        if (slot === null) {
          const wait = limiter.limiter.waitMs(timers.now());
          // Infinity: the window is full of requests still in flight; the next answer drains the gate again.
          if (Number.isFinite(wait)) scheduleGate(wait);
          return;
        }
        // The head is read after the slot is taken, not before: while the limiter wrote its log a more urgent task
        // may have arrived at the head, or the head been cancelled. Read before, the slot went to the old head while
        // the new head was shifted off unanswered (a lookup arriving behind a bulk chunk waited for ever).
        const waiter = gateWaiters.shift();
        if (!waiter) {
          limiter.release(slot, timers.now());
          return;
        }
        waiter.resolve(slot);
      }
    } finally {
      draining = false;
    }
  }

  function pass(task: TaskRecord): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const waiter = { task, resolve, reject };
      // Kept sorted on insert: the head is always the next to go.
      let lo = 0;
      let hi = gateWaiters.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (byOrder(gateWaiters[mid] as Waiter, waiter) <= 0) lo = mid + 1;
        else hi = mid;
      }
      gateWaiters.splice(lo, 0, waiter);
      void drainGate();
    });
  }

  function pause(ms: number) {
    pausedUntil = Math.max(pausedUntil, timers.now() + ms);
    notify();
  }

  // ----------------------------------------------------------------------------------------------- tasks

  function byOrder(a: { task: TaskRecord }, b: { task: TaskRecord }) {
    return RANK[a.task.priority] - RANK[b.task.priority] || a.task.seq - b.task.seq;
  }

  const startedCount: Record<Priority, number> = { interactive: 0, bulk: 0, prefetch: 0 };
  const running = (priority: Priority): number => startedCount[priority];
  const setStarted = (entry: Live, started: boolean) => {
    if (entry.started === started) return;
    entry.started = started;
    startedCount[entry.record.priority] += started ? 1 : -1;
  };

  function pump() {
    const waiting = [...live.values()].filter((entry) => !entry.started).sort((a, b) => byOrder({ task: a.record }, { task: b.record }));
    for (const entry of waiting) {
      if (running(entry.record.priority) >= CONCURRENCY[entry.record.priority]) continue;
      start(entry);
    }
  }

  function start(entry: Live) {
    setStarted(entry, true);
    const record = entry.record;
    const resumed = entry.resumed;
    const kind = kindOf(record.kind);
    let attempt = 0;
    let slot: string | null = null;
    const ctx: TaskContext = {
      resumed,
      beforeAttempt: async () => {
        endAttempt(); // a retry: the previous attempt's answer has arrived
        if (entry.cancelled) throw entry.cancelled.reason;
        slot = await pass(record);
        if (record.state !== 'in-flight') {
          record.state = 'in-flight';
          // Stored before the request leaves, so a restart knows a paid request may have reached the service.
          await options.store.put(record);
        }
        entry.refused = false;
        attempt = ++attemptSeq;
        const group = options.groupOf?.(record);
        attempts.set(attempt, { taskId: record.id, kind: record.kind, ...(group !== undefined ? { group } : {}), since: timers.now() });
        notify();
      },
      attemptEnded: () => endAttempt(),
      rateLimited: (retryAfterMs) => {
        // A 429 is an answer that says nothing about the latency of a processed request: not measured.
        endAttempt(false);
        entry.refused = true;
        pause(retryAfterMs ?? DEFAULT_RATE_LIMIT_PAUSE_MS);
      },
    };
    /** The answer to the current attempt arrived (or it failed): its slot is logged at this time. */
    const endAttempt = (measured = true) => {
      if (slot !== null) {
        limiter.release(slot, timers.now());
        slot = null;
        void drainGate();
      }
      const sent = attempts.get(attempt);
      if (!sent) return;
      attempts.delete(attempt);
      if (measured) measure(record.kind, timers.now() - sent.since);
      notify();
    };

    kind.run(record.payload, ctx).then(
      async (value) => {
        endAttempt();
        await finish(entry);
        entry.resolve(value);
      },
      async (error: unknown) => {
        const limited = rateLimitOf(error);
        endAttempt(!limited);
        if (limited && record.rateLimited < MAX_RATE_LIMITED_REQUEUES) {
          // Not processed by the service (429): back in line, behind the pause.
          pause(limited.retryAfterMs ?? DEFAULT_RATE_LIMIT_PAUSE_MS);
          record.rateLimited++;
          record.state = 'pending';
          setStarted(entry, false);
          await options.store.put(record);
          notify();
          pump();
          return;
        }
        await finish(entry);
        entry.reject(error);
      },
    );
    notify();
  }

  async function finish(entry: Live) {
    setStarted(entry, false);
    live.delete(entry.record.id);
    if (entry.record.dedupeKey && byDedupe.get(entry.record.dedupeKey) === entry.record.id) byDedupe.delete(entry.record.dedupeKey);
    await options.store.remove(entry.record.id).catch(() => undefined);
    notify();
    pump();
  }

  function track(record: TaskRecord, resumed = false): Live {
    let resolve!: (value: unknown) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // A resumed task may have nobody waiting; its kind stores the outcome itself.
    promise.catch(() => undefined);
    const entry: Live = { record, promise, resolve, reject, started: false, resumed, refused: false };
    live.set(record.id, entry);
    if (record.dedupeKey) byDedupe.set(record.dedupeKey, record.id);
    seq = Math.max(seq, record.seq + 1);
    return entry;
  }

  // ----------------------------------------------------------------------------------------------- ETA

  /** Tasks not yet past the gate (a 429-refused one waiting out its pause included), in the order they will pass. */
  function waitingOrder(): TaskRecord[] {
    const gate = new Set(gateWaiters.map((w) => w.task.id));
    return [...live.values()]
      .filter((entry) => !entry.started || entry.refused || gate.has(entry.record.id))
      .map((entry) => entry.record)
      .sort((a, b) => byOrder({ task: a }, { task: b }));
  }

  function slotTimes(count: number): number[] {
    const now = timers.now();
    return limiter.limiter.schedule(Math.max(now, pausedUntil), count);
  }

  return {
    enqueue<R>(opts: EnqueueOptions) {
      if (opts.dedupeKey) {
        const existing = byDedupe.get(opts.dedupeKey);
        const entry = existing ? live.get(existing) : undefined;
        if (entry) return { id: entry.record.id, joined: true, result: entry.promise as Promise<R> };
      }
      kindOf(opts.kind);
      const record: TaskRecord = {
        id: newId(),
        kind: opts.kind,
        priority: opts.priority,
        seq: seq++,
        payload: opts.payload,
        ...(opts.dedupeKey ? { dedupeKey: opts.dedupeKey } : {}),
        state: 'pending',
        rateLimited: 0,
        enqueuedAt: timers.now(),
      };
      const entry = track(record);
      // Stored before it can start; start waits for the write so a restart never forgets an accepted task.
      void options.store.put(record).then(
        () => {
          notify();
          pump();
        },
        (error: unknown) => {
          live.delete(record.id);
          if (record.dedupeKey) byDedupe.delete(record.dedupeKey);
          entry.reject(error);
        },
      );
      return { id: record.id, joined: false, result: entry.promise as Promise<R> };
    },

    async resume() {
      const stored = (await options.store.load()).sort((a, b) => a.seq - b.seq);
      let repeated = 0;
      let dropped = 0;
      let resumed = 0;
      for (const record of stored) {
        if (live.has(record.id) || !options.kinds[record.kind]) {
          if (!options.kinds[record.kind]) await options.store.remove(record.id);
          continue;
        }
        if (record.state === 'in-flight') {
          const decision = await kindOf(record.kind).onInterrupted(record.payload).catch(() => 'drop' as const);
          if (decision === 'drop') {
            dropped++;
            await options.store.remove(record.id);
            continue;
          }
          repeated++;
          record.state = 'pending';
          await options.store.put(record);
        }
        track(record, true);
        resumed++;
      }
      // Resumed tasks start like new ones, but their kinds know nobody waits for the result.
      notify();
      pump();
      return { resumed, repeated, dropped };
    },

    async cancel(predicate, reason) {
      const removed: TaskRecord[] = [];
      for (const entry of [...live.values()]) {
        if (!predicate(entry.record)) continue;
        if (!entry.started) {
          removed.push(entry.record);
          await finish(entry);
          entry.reject(reason);
          continue;
        }
        // Started but waiting at the gate for its first slot (nothing sent), or for its next one after a 429 (the
        // service processed nothing): stopped there, so it takes no rate-limit slot and cannot be charged. Its task
        // then ends with `reason`.
        const at = gateWaiters.findIndex((w) => w.task.id === entry.record.id);
        if (at >= 0 && (entry.record.state === 'pending' || entry.refused)) {
          const [waiter] = gateWaiters.splice(at, 1);
          removed.push(entry.record);
          waiter?.reject(reason);
        } else if (at < 0 && entry.refused) {
          // Refused with a 429 and waiting out its Retry-After inside its kind (the API client sleeps before the
          // retry): its caller is answered now; the retry will throw at the gate instead of going out.
          entry.cancelled = { reason };
          removed.push(entry.record);
          await finish(entry);
          entry.reject(reason);
        }
      }
      if (removed.length) notify();
      return removed;
    },

    pause,

    state() {
      const now = timers.now();
      const waiting = waitingOrder();
      const windowLeft = limiter.limiter.available(now);
      const wait = waiting.length > 0 && windowLeft === 0 ? limiter.limiter.waitMs(now) : 0;
      const lanes = new Map<string, QueueState['lanes'][number]>();
      for (const entry of live.values()) {
        const { kind, priority } = entry.record;
        const key = `${priority} ${kind}`;
        const lane = lanes.get(key) ?? { kind, priority, pending: 0, running: 0, concurrency: Math.min(CONCURRENCY[priority], maxInFlight) };
        lanes.set(key, lane);
        if (entry.started) lane.running++;
      }
      for (const task of waiting) {
        const lane = lanes.get(`${task.priority} ${task.kind}`);
        if (lane) lane.pending++;
      }
      const state: QueueState = {
        at: now,
        pending: waiting.length,
        running: attempts.size,
        windowLeft,
        windowLimit: limiter.limiter.config.limit,
        windowMs: limiter.limiter.config.windowMs,
        // Infinity: the window is full of requests still in flight; it frees when they are answered.
        nextSlotAt: wait > 0 && Number.isFinite(wait) ? now + wait : null,
        pausedUntil: pausedUntil > now ? pausedUntil : null,
        sendAllBy: waiting.length > 0 ? (slotTimes(waiting.length).at(-1) ?? null) : null,
        inFlight: [...attempts.values()].map(({ kind, group, since }) => ({ kind, ...(group !== undefined ? { group } : {}), since })),
        lanes: [...lanes.values()],
        latencyMs: Object.fromEntries(latency),
        etaMs: 0,
      };
      state.etaMs = queueEta(state, now).totalMs ?? 0;
      return state;
    },

    position(id) {
      return waitingOrder().findIndex((task) => task.id === id) + 1;
    },

    etaFor(id) {
      const entry = live.get(id);
      const typical = entry ? latency.get(entry.record.kind) : undefined;
      // Never measured: no number rather than a made-up one.
      if (!entry || typical === undefined) return null;
      const position = this.position(id);
      if (position === 0) {
        const sent = [...attempts.values()].find((a) => a.taskId === id);
        return Math.round(sent ? Math.max(0, sent.since + typical - timers.now()) : typical);
      }
      const slots = slotTimes(position);
      return Math.round(Math.max(0, (slots[position - 1] as number) - timers.now()) + typical);
    },

    busy() {
      return live.size > 0;
    },

    tasks() {
      return [...live.values()].map((entry) => entry.record);
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
