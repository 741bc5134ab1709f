/**
 * Sliding-log rate limiter: remembers when each of the last `limit` requests was sent and lets a new one go only
 * when fewer than `limit` were sent in the last `windowMs + guardMs`. Unlike a fixed window or a token bucket it
 * can never put more than `limit` requests in ANY window, wherever the service's window starts, and it still
 * lets a full burst go at once when the log is empty.
 *
 * Margins (why 198 per 60.25 s against the service's 200 per 60 s):
 * - `limit` 198 leaves 2 requests for clock skew between our count and the service's count (a retried request
 *   the service counted twice, another device on the same key sending a key check);
 * - `guardMs` 250 absorbs network jitter: a request sent late in a window may arrive earlier, relative to its
 *   predecessors, than it was sent. 250 ms is well above loopback and typical RTT variance.
 * Together they cost ≈1.4 % of throughput (steady 198/60.25 s = 98.6 % of 200/60 s).
 *
 * The state is a plain sorted array of send times, small (≤ limit numbers) and serialisable, so the background
 * persists it in `storage.session` before every send: a restarted worker starts from the same log.
 */

export interface LimiterConfig {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** Extra time a send stays in the log beyond the window (network jitter). */
  guardMs: number;
}

/** The service allows 200 per minute (spec: Limits); see the margins above. */
export const DEFAULT_LIMITER_CONFIG: LimiterConfig = { limit: 198, windowMs: 60_000, guardMs: 250 };

/** A limiter configuration for a service allowing `max` per `windowMs` (scaled margins, e.g. a compressed test window). */
export function limiterConfigFor(max: number, windowMs: number, guardMs = 250): LimiterConfig {
  const margin = Math.max(1, Math.round(max * 0.01));
  return { limit: Math.max(1, max - margin), windowMs, guardMs };
}

export interface LimiterState {
  /** Send times (ms since epoch), ascending, only those still inside window + guard. */
  sent: number[];
}

export class SlidingLogLimiter {
  private sent: number[];

  constructor(
    readonly config: LimiterConfig = DEFAULT_LIMITER_CONFIG,
    state?: LimiterState,
  ) {
    this.sent = sanitize(state?.sent ?? [], config.limit);
  }

  private get span(): number {
    return this.config.windowMs + this.config.guardMs;
  }

  private prune(now: number): void {
    const cutoff = now - this.span;
    let drop = 0;
    while (drop < this.sent.length && (this.sent[drop] as number) <= cutoff) drop++;
    if (drop > 0) this.sent.splice(0, drop);
  }

  /** Requests that may be sent right now. */
  available(now: number): number {
    this.prune(now);
    return Math.max(0, this.config.limit - this.sent.length);
  }

  /** Milliseconds until one more request may be sent (0 = now). */
  waitMs(now: number): number {
    if (this.available(now) > 0) return 0;
    // The oldest entry that must leave the log before there is room again.
    const oldest = this.sent[this.sent.length - this.config.limit] as number;
    return Math.max(0, oldest + this.span - now + 1);
  }

  /** Records a send if one is allowed now; returns whether it was. */
  tryAcquire(now: number): boolean {
    if (this.available(now) === 0) return false;
    this.sent.push(Math.max(now, this.sent[this.sent.length - 1] ?? now));
    return true;
  }

  /**
   * When the next `n` requests could go, earliest first, if all were sent as soon as allowed: used for the
   * queue's ETA ("position 240 · about 1 min"). Capped at `max` computed slots for cost.
   */
  schedule(now: number, n: number, max = 5000): number[] {
    this.prune(now);
    const log = [...this.sent];
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
    return { sent: [...this.sent] };
  }
}

/** Stored state is untrusted (storage can be stale or corrupt): keep finite numbers, sorted, the last `limit`. */
function sanitize(sent: unknown[], limit: number): number[] {
  const clean = sent.filter((t): t is number => typeof t === 'number' && Number.isFinite(t)).sort((a, b) => a - b);
  return clean.slice(-limit);
}

/** A limiter whose log is saved before each send (lib/scheduler/limiter-store.ts), or not (below). */
export interface PersistentLimiter {
  readonly limiter: SlidingLogLimiter;
  /** Takes a slot if one is free now and persists the log before returning true. */
  acquire(now: number): Promise<boolean>;
}

/** Without persistence: for Node (bench) and tests about something else than restarts. */
export function createMemoryLimiter(config: LimiterConfig): PersistentLimiter {
  const limiter = new SlidingLogLimiter(config);
  return { limiter, acquire: (now) => Promise.resolve(limiter.tryAcquire(now)) };
}
