import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { DEFAULT_LIMITER_CONFIG, type LimiterConfig, limiterConfigFor, SlidingLogLimiter } from '@/lib/queue/limiter';
import { defineLimiterItem, loadLimiter, type PersistentLimiter } from '@/lib/queue/limiter-store';

/** The service's rule (spec: 200 requests per minute). */
const SERVICE = { max: 200, windowMs: 60_000 };

/** Small deterministic PRNG so every random pattern can be replayed from its seed. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Largest number of sends inside any window of `windowMs` (two-pointer sweep over sorted times). */
function maxInAnyWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < sorted.length; hi++) {
    while ((sorted[hi] as number) - (sorted[lo] as number) >= windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}


type Acquirer = { acquire(now: number): Promise<string | null> | string | null; waitMs(now: number): number; release(id: string, now: number): void };

/** When the service counted each request: some time after we sent it, before its answer came back. */
interface Sent {
  sentAt: number;
  arrivedAt: number;
  answeredAt: number;
}

/**
 * Callers wait in FIFO order behind one pump that sleeps until the limiter has room (as the queue does), then
 * "send": the request arrives at the service after a random delay and is answered after another one.
 */
function gate(limiter: Acquirer, log: Sent[], rand: () => number = Math.random, maxLatency = 0) {
  const waiting: Array<() => void> = [];
  let pumping = false;
  let wake: (() => void) | null = null;
  async function pump() {
    pumping = true;
    while (waiting.length > 0) {
      const slot = await limiter.acquire(Date.now());
      if (slot !== null) {
        const sentAt = Date.now();
        const arrive = rand() * maxLatency;
        const answer = arrive + rand() * maxLatency;
        const entry: Sent = { sentAt, arrivedAt: sentAt + arrive, answeredAt: sentAt + answer };
        const resolve = waiting.shift();
        setTimeout(() => {
          log.push(entry);
          limiter.release(slot, Date.now());
          wake?.();
          resolve?.();
        }, answer);
      } else {
        const wait = limiter.waitMs(Date.now());
        // Infinity: every slot is in flight; the next answer wakes the pump.
        await new Promise<void>((resolve) => {
          let timer: ReturnType<typeof setTimeout> | undefined;
          wake = () => {
            wake = null;
            clearTimeout(timer);
            resolve();
          };
          if (Number.isFinite(wait)) timer = setTimeout(() => wake?.(), wait);
        });
      }
    }
    pumping = false;
  }
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!pumping) void pump();
    });
}

const arrivals = (log: Sent[]) => log.map((s) => s.arrivedAt);

function plain(config: LimiterConfig = DEFAULT_LIMITER_CONFIG): Acquirer {
  const limiter = new SlidingLogLimiter(config);
  return {
    acquire: (now: number) => limiter.tryAcquire(now),
    waitMs: (now: number) => limiter.waitMs(now),
    release: (id: string, now: number) => limiter.release(id, now),
  };
}

describe('sliding-log limiter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ loopLimit: 200_000 });
    vi.setSystemTime(1_700_000_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('lets a full burst through at once, holds slots while in flight, then frees them a window after the answers', () => {
    const limiter = new SlidingLogLimiter({ limit: 3, windowMs: 1000, guardMs: 0 });
    const slots = [limiter.tryAcquire(0), limiter.tryAcquire(0), limiter.tryAcquire(10)];
    expect(slots.every((s) => s !== null)).toBe(true);
    expect(limiter.tryAcquire(20)).toBeNull();
    // Nothing answered yet: only an answer can free a slot.
    expect(limiter.waitMs(20)).toBe(Number.POSITIVE_INFINITY);
    limiter.release(slots[0]!, 100);
    limiter.release(slots[1]!, 200);
    expect(limiter.waitMs(300)).toBe(801); // the answer at 100 leaves the log at 1100
    expect(limiter.tryAcquire(1101)).not.toBeNull();
    expect(limiter.tryAcquire(1101)).toBeNull();
    expect(limiter.tryAcquire(1201)).not.toBeNull();
  });

  it.each([
    // Arrival patterns seen in use: a bulk job dumping everything at once, clicks in bursts, steady prefetch;
    // latencies from loopback to a slow realtime lookup.
    ['one big burst, fast answers', 1, 1200, 5, () => 0],
    ['one big burst, answers within 3 s', 6, 1200, 3000, () => 0],
    ['bursts of 50 every ~7 s', 2, 900, 800, (r: () => number, i: number) => (i % 50 === 0 ? 7000 * r() : 0)],
    ['Poisson arrivals at ~5/s', 3, 900, 400, (r: () => number) => -Math.log(1 - r()) * 200],
    ['Poisson arrivals at ~2/s (under the limit)', 4, 400, 400, (r: () => number) => -Math.log(1 - r()) * 500],
    ['mixed: idle gaps then floods, realtime-slow answers', 5, 1000, 15_000, (r: () => number, i: number) => (i % 200 === 0 ? 30_000 + 60_000 * r() : r() < 0.9 ? 0 : 1000 * r())],
  ])('never more than 200 arrivals in any 60 s window: %s (seed %i)', async (_name, seed, count, latency, gap) => {
    const rand = mulberry32(seed);
    const log: Sent[] = [];
    const send = gate(plain(), log, rand, latency);
    const callers: Promise<void>[] = [];
    for (let i = 0; i < count; i++) {
      const wait = gap(rand, i);
      if (wait > 0) await vi.advanceTimersByTimeAsync(wait);
      callers.push(send());
    }
    await vi.runAllTimersAsync();
    await Promise.all(callers);
    expect(log).toHaveLength(count);
    // Wherever in its flight the service counted each request, no window holds more than our limit.
    expect(maxInAnyWindow(arrivals(log), SERVICE.windowMs)).toBeLessThanOrEqual(DEFAULT_LIMITER_CONFIG.limit);
    expect(maxInAnyWindow(log.map((s) => s.answeredAt), SERVICE.windowMs)).toBeLessThanOrEqual(DEFAULT_LIMITER_CONFIG.limit);
  });

  it('uses at least 98 % of the allowed rate under a sustained backlog', async () => {
    const log: Sent[] = [];
    const send = gate(plain(), log, mulberry32(9), 20);
    const start = Date.now();
    const callers = Array.from({ length: 2000 }, () => send());
    await vi.runAllTimersAsync();
    await Promise.all(callers);
    // Requests the service received in the first k full windows, against what it allows in them.
    const windows = 8;
    const inWindows = arrivals(log).filter((t) => t < start + windows * SERVICE.windowMs).length;
    expect(inWindows / (windows * SERVICE.max)).toBeGreaterThanOrEqual(0.98);
  });

  it.each([
    [200, 6000, 198],
    [200, 60_000, 198],
    [10, 1000, 9],
    [1, 1000, 1],
  ])('a service allowing %i per %i ms gets a limit of %i', (max, windowMs, limit) => {
    expect(limiterConfigFor(max, windowMs).limit).toBe(limit);
  });

  it('ETA schedule matches what the limiter will actually allow', () => {
    const limiter = new SlidingLogLimiter({ limit: 2, windowMs: 1000, guardMs: 0 });
    limiter.release(limiter.tryAcquire(0)!, 0);
    expect(limiter.schedule(100, 4)).toEqual([100, 1001, 1101, 2002]);
  });

  it('ignores corrupt stored state', () => {
    const limiter = new SlidingLogLimiter({ limit: 2, windowMs: 1000, guardMs: 0 }, { sent: [Number.NaN, 'x' as unknown as number, 50] });
    expect(limiter.available(100)).toBe(1);
  });
});

describe('limiter across a worker restart (storage.session)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers({ loopLimit: 200_000 });
    vi.setSystemTime(1_700_000_000_000);
  });
  afterEach(() => vi.useRealTimers());

  const driverOf = (p: PersistentLimiter): Acquirer => ({
    acquire: (now: number) => p.acquire(now),
    waitMs: (now: number) => p.limiter.waitMs(now),
    release: (id: string, now: number) => p.release(id, now),
  });

  it.each([
    ['restart right after a full burst (all still in flight)', 0, 198],
    ['restart 20 s into the window, half used', 20_000, 100],
    ['restart 59 s into the window, nearly full', 59_000, 190],
  ])('%s keeps the guarantee', async (_name, restartAt, before) => {
    const log: Sent[] = [];
    const first = await loadLimiter(DEFAULT_LIMITER_CONFIG, defineLimiterItem());
    const start = Date.now();
    // Answers take 2 s; the worker may die before they come back.
    const sendFirst = gate(driverOf(first), log, mulberry32(7), 1000);
    const pending = Array.from({ length: before }, () => sendFirst());
    await vi.advanceTimersByTimeAsync(restartAt);
    // The worker dies: all in-memory state is gone; a new one loads the log from storage.session. Requests that
    // were still in flight count as answered at the restart.
    const second = await loadLimiter(DEFAULT_LIMITER_CONFIG, defineLimiterItem());
    expect(second.limiter.available(Date.now())).toBeLessThanOrEqual(DEFAULT_LIMITER_CONFIG.limit - before);
    const sendSecond = gate(driverOf(second), log, mulberry32(8), 1000);
    const callers = Array.from({ length: 400 }, () => sendSecond());
    await vi.runAllTimersAsync();
    await Promise.all([...callers, ...pending]);
    expect(log).toHaveLength(before + 400);
    expect(start).toBeLessThan(Date.now());
    expect(maxInAnyWindow(arrivals(log), SERVICE.windowMs)).toBeLessThanOrEqual(DEFAULT_LIMITER_CONFIG.limit);
  });

  it('a fresh limiter (no stored log) would have overshot: the persisted log is what protects the window', async () => {
    const log: Sent[] = [];
    const first = await loadLimiter(DEFAULT_LIMITER_CONFIG, defineLimiterItem());
    const sendFirst = gate(driverOf(first), log);
    const burst = Array.from({ length: 198 }, () => sendFirst());
    await vi.runAllTimersAsync();
    await Promise.all(burst);
    await fakeBrowser.storage.session.clear();
    const amnesiac = await loadLimiter(DEFAULT_LIMITER_CONFIG, defineLimiterItem());
    const sendAgain = gate(driverOf(amnesiac), log);
    const more = Array.from({ length: 10 }, () => sendAgain());
    await vi.runAllTimersAsync();
    await Promise.all(more);
    expect(maxInAnyWindow(arrivals(log), SERVICE.windowMs)).toBeGreaterThan(200);
  });
});
