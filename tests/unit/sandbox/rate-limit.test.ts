import { describe, expect, it } from 'vitest';
import { describeWindow, SlidingLogLimiter } from '@/sandbox/rate-limit';

describe('sliding-log rate limiter', () => {
  it('allows max requests in any window and says when the next one fits', () => {
    const clock = { now: 1_000_000 };
    const limiter = new SlidingLogLimiter(3, 60_000, () => clock.now);
    expect(limiter.hit('k').allowed).toBe(true);
    clock.now += 10_000;
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.hit('k')).toEqual({ allowed: false, retryAfterMs: 50_000 });
    clock.now += 49_999;
    expect(limiter.hit('k').allowed).toBe(false);
    clock.now += 1;
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.hit('k').allowed).toBe(false);
  });

  it('has no fixed-window burst at the boundary', () => {
    const clock = { now: 0 };
    const limiter = new SlidingLogLimiter(2, 1000, () => clock.now);
    clock.now = 990;
    limiter.hit('k');
    limiter.hit('k');
    clock.now = 1010; // a fixed window would have reset here
    expect(limiter.hit('k').allowed).toBe(false);
  });

  it('keeps one log per key', () => {
    const limiter = new SlidingLogLimiter(1, 1000, () => 0);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('b').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
  });

  it('does not log refused requests', () => {
    const clock = { now: 0 };
    const limiter = new SlidingLogLimiter(1, 1000, () => clock.now);
    limiter.hit('k');
    for (let i = 0; i < 10; i++) limiter.hit('k');
    clock.now = 1000;
    expect(limiter.hit('k').allowed).toBe(true);
  });

  it.each([
    [200, 60_000, '200 per 1 minute'],
    [5, 1000, '5 per 1 second'],
    [10, 10_000, '10 per 10 seconds'],
    [1000, 3_600_000, '1000 per 1 hour'],
    [3, 1500, '3 per 1500 milliseconds'],
  ])('%i per %i ms reads "%s"', (max, windowMs, text) => {
    expect(new SlidingLogLimiter(max, windowMs).describe()).toBe(text);
  });

  it('describes a 90 s window in seconds', () => {
    expect(describeWindow(90_000)).toBe('90 seconds');
  });
});
