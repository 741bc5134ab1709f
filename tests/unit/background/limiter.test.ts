import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { DEFAULT_LIMITER_CONFIG, type LimiterConfig, limiterConfigFor, SlidingLogLimiter } from '../../../lib/scheduler/limiter';
import { defineLimiterItem, loadLimiter, type PersistentLimiter } from '../../../lib/scheduler/limiter-store';

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Acquirer = { acquire(now: number): Promise<boolean> | boolean; waitMs(now: number): number };

/**
 * Callers wait in FIFO order behind one pump that sleeps exactly until the limiter has room (as the queue does),
 * then "send" (record the time).
 */
function gate(limiter: Acquirer, log: number[]) {
  const waiting: Array<() => void> = [];
  let pumping = false;
  async function pump() {
    pumping = true;
    while (waiting.length > 0) {
      if (await limiter.acquire(Date.now())) {
        log.push(Date.now());
        waiting.shift()?.();
      } else {
        await sleep(limiter.waitMs(Date.now()));
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

function plain(config: LimiterConfig = DEFAULT_LIMITER_CONFIG): Acquirer {
  const limiter = new SlidingLogLimiter(config);
  return { acquire: (now: number) => limiter.tryAcquire(now), waitMs: (now: number) => limiter.waitMs(now) };
}

describe('sliding-log limiter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('lets a full burst through at once, then blocks until the oldest send leaves the window', () => {
    const limiter = new SlidingLogLimiter({ limit: 3, windowMs: 1000, guardMs: 0 });
    expect([limiter.tryAcquire(0), limiter.tryAcquire(0), limiter.tryAcquire(10)]).toEqual([true, true, true]);
    expect(limiter.tryAcquire(500)).toBe(false);
    expect(limiter.waitMs(500)).toBe(501);
    expect(limiter.tryAcquire(1001)).toBe(true);
    expect(limiter.tryAcquire(1001)).toBe(true);
    expect(limiter.tryAcquire(1001)).toBe(false);
  });

  it.each([
    // Arrival patterns seen in use: a bulk job dumping everything at once, clicks in bursts, steady prefetch.
    ['one big burst', 1, 1200, () => 0],
    ['bursts of 50 every ~7 s', 2, 900, (r: () => number, i: number) => (i % 50 === 0 ? 7000 * r() : 0)],
    ['Poisson arrivals at ~5/s', 3, 900, (r: () => number) => -Math.log(1 - r()) * 200],
    ['Poisson arrivals at ~2/s (under the limit)', 4, 400, (r: () => number) => -Math.log(1 - r()) * 500],
    ['mixed: idle gaps then floods', 5, 1000, (r: () => number, i: number) => (i % 200 === 0 ? 30_000 + 60_000 * r() : r() < 0.9 ? 0 : 1000 * r())],
  ])('never more than 200 in any 60 s window: %s (seed %i)', async (_name, seed, count, gap) => {
    const rand = mulberry32(seed);
    const sent: number[] = [];
    const send = gate(plain(), sent);
    const callers: Promise<void>[] = [];
    for (let i = 0; i < count; i++) {
      const wait = gap(rand, i);
      if (wait > 0) await vi.advanceTimersByTimeAsync(wait);
      callers.push(send());
    }
    await vi.runAllTimersAsync();
    await Promise.all(callers);
    expect(sent).toHaveLength(count);
    expect(maxInAnyWindow(sent, SERVICE.windowMs)).toBeLessThanOrEqual(DEFAULT_LIMITER_CONFIG.limit);
    expect(maxInAnyWindow(sent, SERVICE.windowMs + DEFAULT_LIMITER_CONFIG.guardMs)).toBeLessThanOrEqual(DEFAULT_LIMITER_CONFIG.limit);
  });

  it('uses at least 98 % of the allowed rate under a sustained backlog', async () => {
    const sent: number[] = [];
    const send = gate(plain(), sent);
    const start = Date.now();
    const callers = Array.from({ length: 2000 }, () => send());
    await vi.runAllTimersAsync();
    await Promise.all(callers);
    // Requests sent in the first k full windows, against what the service allows in them.
    const windows = 8;
    const inWindows = sent.filter((t) => t < start + windows * SERVICE.windowMs).length;
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
    limiter.tryAcquire(0);
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
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
  });
  afterEach(() => vi.useRealTimers());

  const driverOf = (p: PersistentLimiter): Acquirer => ({ acquire: (now: number) => p.acquire(now), waitMs: (now: number) => p.limiter.waitMs(now) });

  it.each([
    ['restart right after a full burst', 0, 198],
    ['restart 20 s into the window, half used', 20_000, 100],
    ['restart 59 s into the window, nearly full', 59_000, 190],
  ])('%s keeps the guarantee', async (_name, restartAt, before) => {
    const sent: number[] = [];
    const first = await loadLimiter(DEFAULT_LIMITER_CONFIG, defineLimiterItem());
    const start = Date.now();
    const sendFirst = gate(driverOf(first), sent);
    await Promise.all(Array.from({ length: before }, () => sendFirst()));
    await vi.advanceTimersByTimeAsync(Math.max(0, start + restartAt - Date.now()));
    // The worker dies: all in-memory state is gone; a new one loads the log from storage.session.
    const second = await loadLimiter(DEFAULT_LIMITER_CONFIG, defineLimiterItem());
    expect(second.limiter.available(Date.now())).toBe(DEFAULT_LIMITER_CONFIG.limit - sent.filter((t) => t > Date.now() - 60_250).length);
    const sendSecond = gate(driverOf(second), sent);
    const callers = Array.from({ length: 400 }, () => sendSecond());
    await vi.runAllTimersAsync();
    await Promise.all(callers);
    expect(sent).toHaveLength(before + 400);
    expect(maxInAnyWindow(sent, SERVICE.windowMs)).toBeLessThanOrEqual(DEFAULT_LIMITER_CONFIG.limit);
  });

  it('a fresh limiter (no stored log) would have overshot: the persisted log is what protects the window', async () => {
    const sent: number[] = [];
    const first = await loadLimiter(DEFAULT_LIMITER_CONFIG, defineLimiterItem());
    const sendFirst = gate(driverOf(first), sent);
    await Promise.all(Array.from({ length: 198 }, () => sendFirst()));
    await fakeBrowser.storage.session.clear();
    const amnesiac = await loadLimiter(DEFAULT_LIMITER_CONFIG, defineLimiterItem());
    const sendAgain = gate(driverOf(amnesiac), sent);
    await Promise.all(Array.from({ length: 10 }, () => sendAgain()));
    expect(maxInAnyWindow(sent, SERVICE.windowMs)).toBeGreaterThan(200);
  });
});
