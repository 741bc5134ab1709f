/**
 * Sliding-log rate limiter: never more than `limit` requests in ANY window of the service, wherever its window
 * starts, while a full burst may go at once when the log is empty. (Fixed windows and token buckets can put up
 * to twice the limit across a window boundary; a sliding log cannot.)
 *
 * What is logged, and why: the service counts a request when it ARRIVES, which is some time after we send it
 * (queued connections, a busy server) and before its answer comes back. So a request holds its slot from the
 * moment it is sent until its answer arrives (`release`), and is then logged at the answer's time, which is
 * never earlier than the service's own count. A new request may go only when fewer than `limit` requests are
 * in flight or were answered within the last `windowMs + guardMs`. The cost is one round trip per slot
 * (milliseconds against a 60 s window); the gain is that bursts under load never trip the limit.
 *
 * Margins against the service's 200 per 60 s: `limit` 198 leaves 2 requests for anything we cannot see (another
 * device using the same key, a request the service counted twice); `guardMs` 250 covers clock granularity on
 * the service's side. Steady state: 198 per 60.25 s + one round trip ≈ 98.5 % of the allowed rate.
 *
 * The state is small (≤ limit numbers) and serialisable; the background writes it to `storage.session` before
 * every send, so a restarted worker starts from the same log (lib/queue/limiter-store.ts).
 */

export interface LimiterConfig {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** Extra time an answered request stays in the log beyond the window. */
  guardMs: number;
}

/** The service allows 200 per minute (spec: Limits); see the margins above. */
export const DEFAULT_LIMITER_CONFIG: LimiterConfig = { limit: 198, windowMs: 60_000, guardMs: 250 };

/** A configuration for a service allowing `max` per `windowMs` (1 % margin, e.g. for a compressed test window). */
export function limiterConfigFor(max: number, windowMs: number, guardMs = 250): LimiterConfig {
  const margin = Math.max(1, Math.round(max * 0.01));
  return { limit: Math.max(1, max - margin), windowMs, guardMs };
}

export interface LimiterState {
  /** Times (ms since epoch) at which answered requests came back, ascending, only those still in the log. */
  sent: number[];
  /** Requests sent and not yet answered: slot id and send time. */
  open?: Array<[string, number]>;
}

export class SlidingLogLimiter {
  private done: number[];
  private readonly open = new Map<string, number>();
  private nextId = 0;

  constructor(
    readonly config: LimiterConfig = DEFAULT_LIMITER_CONFIG,
    state?: LimiterState,
    /** When restoring a log from a worker that died: its unanswered requests count as answered now. */
    restoredAt?: number,
  ) {
    const done = clean(state?.sent ?? []);
    const orphans = (state?.open ?? []).filter((e) => Array.isArray(e) && typeof e[1] === 'number');
    // Their answers will never arrive; the service counted them before the worker died, so before now.
    for (let i = 0; i < orphans.length; i++) done.push(restoredAt ?? Date.now());
    this.done = clean(done).slice(-config.limit);
  }

  private get span(): number {
    return this.config.windowMs + this.config.guardMs;
  }

  private prune(now: number): void {
    const cutoff = now - this.span;
    let drop = 0;
    while (drop < this.done.length && (this.done[drop] as number) <= cutoff) drop++;
    if (drop > 0) this.done.splice(0, drop);
  }

  /** Requests that may be sent right now. */
  available(now: number): number {
    this.prune(now);
    return Math.max(0, this.config.limit - this.done.length - this.open.size);
  }

  /** In flight (sent, not answered). */
  inFlight(): number {
    return this.open.size;
  }

  /**
   * Milliseconds until one more request may be sent: 0 = now; Infinity = only when an in-flight request is
   * answered (call again after `release`).
   */
  waitMs(now: number): number {
    if (this.available(now) > 0) return 0;
    // Logged entries that must leave before there is room: the oldest `excess` of them.
    const excess = this.done.length + this.open.size - this.config.limit;
    if (excess >= this.done.length) return Number.POSITIVE_INFINITY;
    const oldest = this.done[excess] as number;
    return Math.max(0, oldest + this.span - now + 1);
  }

  /** Takes a slot if one is free now; returns its id (give it back with `release`), or null. */
  tryAcquire(now: number): string | null {
    if (this.available(now) === 0) return null;
    const id = `s${now}-${this.nextId++}`;
    this.open.set(id, now);
    return id;
  }

  /** The answer to the request in slot `id` arrived (or the attempt ended) at `now`. */
  release(id: string, now: number): void {
    if (!this.open.delete(id)) return;
    // Keep ascending order even if the clock stepped back.
    const last = this.done[this.done.length - 1];
    this.done.push(last !== undefined && last > now ? last : now);
  }

  /**
   * When the next `n` requests could go if sent as soon as allowed (in-flight ones assumed answered now): for
   * the queue's ETA ("position 240 · about 1 min"). At most `max` slots are computed.
   */
  schedule(now: number, n: number, max = 5000): number[] {
    this.prune(now);
    const log = [...this.done, ...Array.from({ length: this.open.size }, () => now)];
    const times: number[] = [];
    const count = Math.min(n, max);
    for (let i = 0; i < count; i++) {
      const blocker = log.length >= this.config.limit ? (log[log.length - this.config.limit] as number) : null;
      const at = blocker === null ? now : Math.max(now, blocker + this.span + 1);
      log.push(at);
      times.push(at);
    }
    return times;
  }

  snapshot(now: number): LimiterState {
    this.prune(now);
    return { sent: [...this.done], open: [...this.open.entries()] };
  }
}

/** Stored state is untrusted (storage can be stale or corrupt): keep finite numbers, sorted. */
function clean(values: unknown[]): number[] {
  return values.filter((t): t is number => typeof t === 'number' && Number.isFinite(t)).sort((a, b) => a - b);
}

/** A limiter whose log is saved before each send (lib/queue/limiter-store.ts), or not (below). */
export interface PersistentLimiter {
  readonly limiter: SlidingLogLimiter;
  /** Takes a slot if one is free now and persists the log before returning its id; null when none is free. */
  acquire(now: number): Promise<string | null>;
  /** The request in slot `id` was answered (or failed) at `now`. */
  release(id: string, now: number): void;
}

/** Without persistence: for Node (bench) and tests about something else than restarts. */
export function createMemoryLimiter(config: LimiterConfig): PersistentLimiter {
  const limiter = new SlidingLogLimiter(config);
  return {
    limiter,
    acquire: (now) => Promise.resolve(limiter.tryAcquire(now)),
    release: (id, now) => limiter.release(id, now),
  };
}
