// Time still to wait or run is rounded up: work that remains never reads "0 s" (a bulk job whose chunk latency was
// measured at 300 ms said "about 0 s left" while it waited for an 8-second answer).
import { describe, expect, it } from 'vitest';
import { formatDuration, formatTimeLeft } from '@/components/ui/format';
import { queueWords } from '@/components/popup/StatusBar';
import type { QueueState } from '@/lib/messaging/protocol';

describe('formatTimeLeft', () => {
  it.each([
    [0, '1 s'],
    [300, '1 s'],
    [1000, '1 s'],
    [1001, '2 s'],
    [12_400, '13 s'],
    [59_001, '1 min'],
    [61_000, '1 min 1 s'],
  ])('%i ms left reads %s', (ms, words) => {
    expect(formatTimeLeft(ms)).toBe(words);
  });

  it('elapsed time keeps rounding to the nearest second', () => {
    expect(formatDuration(300)).toBe('0 s');
    expect(formatDuration(12_400)).toBe('12 s');
  });

  it("the popup's queue line never promises 0 s while lookups wait", () => {
    const queue = { pending: 2, running: 1, etaMs: 300, pausedUntil: null } as unknown as QueueState;
    expect(queueWords(queue, 0)).toContain('1 s');
    expect(queueWords(queue, 0)).not.toContain('0 s');
    expect(queueWords({ ...queue, pausedUntil: 10_200 } as QueueState, 10_000)).toContain('1 s');
  });
});
