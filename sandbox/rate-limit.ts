/**
 * Sliding-log rate limiter: a key may make at most `max` requests in any window of `windowMs`. Each key keeps
 * the times of its accepted requests inside the window; refused requests are not logged, so a client that
 * waits out `retryAfterMs` always gets through.
 */
export class SlidingLogLimiter {
  private readonly logs = new Map<string, number[]>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a request of `key` if allowed; otherwise says how long until the oldest logged one leaves the window. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterMs: number } {
    const now = this.now();
    let log = this.logs.get(key);
    if (!log) {
      log = [];
      this.logs.set(key, log);
    }
    let expired = 0;
    while (expired < log.length && (log[expired] as number) <= now - this.windowMs) expired++;
    if (expired > 0) log.splice(0, expired);
    if (log.length >= this.max) {
      return { allowed: false, retryAfterMs: Math.max(1, (log[0] as number) + this.windowMs - now) };
    }
    log.push(now);
    return { allowed: true };
  }

  /** The limit in the service's words, for example `200 per 1 minute`. */
  describe(): string {
    return `${this.max} per ${describeWindow(this.windowMs)}`;
  }
}

export function describeWindow(ms: number): string {
  const units: Array<[number, string]> = [
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  for (const [size, unit] of units) {
    if (ms >= size && ms % size === 0) {
      const n = ms / size;
      return `${n} ${unit}${n === 1 ? '' : 's'}`;
    }
  }
  return `${ms} milliseconds`;
}
