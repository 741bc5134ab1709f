import { describe, expect, it } from 'vitest';
import type { QueueState } from '@/lib/model/state';
import { queueEta } from '@/lib/queue/eta';

const NOW = 1_700_000_000_000;
const s = 1000;

/** An idle queue of a service allowing 198 per minute; each row below changes what it names. */
function state(over: Partial<QueueState>): QueueState {
  return {
    at: NOW,
    pending: 0,
    running: 0,
    windowLeft: 198,
    windowLimit: 198,
    windowMs: 60 * s,
    nextSlotAt: null,
    pausedUntil: null,
    sendAllBy: null,
    inFlight: [],
    lanes: [],
    latencyMs: { lookup: 300, 'bulk-chunk': 20 * s },
    etaMs: 0,
    ...over,
  };
}

const lookupLane = (pending: number, running = 0) => ({ kind: 'lookup', priority: 'interactive' as const, pending, running, concurrency: 8 });
const bulkLane = (pending: number, running = 0) => ({ kind: 'bulk-chunk', priority: 'bulk' as const, pending, running, concurrency: 2 });

describe('queueEta: the time left from the queue real state', () => {
  it.each<[string, Partial<QueueState>, number, { wait: string; waitMs: number; totalMs: number | null; overdue: boolean }]>([
    ['idle', {}, NOW, { wait: 'idle', waitMs: 0, totalMs: 0, overdue: false }],
    [
      // The "54 queued · ~54 s" that sat still: the window is used up, its next slot frees in 12 s and
      // the last of the 54 can leave in 50 s; the wait is named and counts down with the clock.
      'window exhausted: ETA includes the wait until slots free',
      { pending: 54, windowLeft: 0, nextSlotAt: NOW + 12 * s, sendAllBy: NOW + 50 * s, lanes: [lookupLane(54, 8)] },
      NOW,
      { wait: 'window', waitMs: 12 * s, totalMs: 50 * s + 300, overdue: false },
    ],
    [
      'the same state 5 s later: both figures 5 s smaller, with no new event',
      { pending: 54, windowLeft: 0, nextSlotAt: NOW + 12 * s, sendAllBy: NOW + 50 * s, lanes: [lookupLane(54, 8)] },
      NOW + 5 * s,
      { wait: 'window', waitMs: 7 * s, totalMs: 45 * s + 300, overdue: false },
    ],
    [
      '429 pause: ETA includes pausedUntil',
      { pending: 3, pausedUntil: NOW + 37 * s, sendAllBy: NOW + 37 * s, lanes: [lookupLane(3, 3)] },
      NOW,
      { wait: 'paused', waitMs: 37 * s, totalMs: 37 * s + 300, overdue: false },
    ],
    [
      'a 429 pause outranks a full window in what the user is told',
      { pending: 1, windowLeft: 0, nextSlotAt: NOW + 5 * s, pausedUntil: NOW + 20 * s, sendAllBy: NOW + 20 * s, lanes: [lookupLane(1, 1)] },
      NOW,
      { wait: 'paused', waitMs: 20 * s, totalMs: 20 * s + 300, overdue: false },
    ],
    [
      // The "about 1 s left" during a 20 s job: a chunk running for 10 s of a typical 20 s has 10 s left.
      'a 20 s chunk in flight for 10 s: 10 s left, never 1 s',
      { running: 1, inFlight: [{ kind: 'bulk-chunk', group: 'job', since: NOW - 10 * s }], lanes: [bulkLane(0, 1)] },
      NOW,
      { wait: 'working', waitMs: 0, totalMs: 10 * s, overdue: false },
    ],
    [
      'three more chunks behind two in flight (concurrency 2): the in-flight rest, then two rounds of 20 s',
      {
        pending: 3,
        running: 2,
        sendAllBy: NOW,
        inFlight: [
          { kind: 'bulk-chunk', group: 'job', since: NOW - 5 * s },
          { kind: 'bulk-chunk', group: 'job', since: NOW - 5 * s },
        ],
        lanes: [bulkLane(3, 2)],
      },
      NOW,
      { wait: 'working', waitMs: 0, totalMs: 15 * s + 40 * s, overdue: false },
    ],
    [
      'a chunk slower than usual: no negative time, and it says so',
      { running: 1, inFlight: [{ kind: 'bulk-chunk', since: NOW - 25 * s }], lanes: [bulkLane(0, 1)] },
      NOW,
      { wait: 'working', waitMs: 0, totalMs: 0, overdue: true },
    ],
    [
      'a kind never measured: no estimate rather than a made-up one',
      { running: 1, inFlight: [{ kind: 'bulk-chunk', since: NOW - 1 * s }], lanes: [bulkLane(0, 1)], latencyMs: { lookup: 300 } },
      NOW,
      { wait: 'working', waitMs: 0, totalMs: null, overdue: false },
    ],
    [
      'a window that already freed (stale nextSlotAt) blocks nothing',
      { pending: 1, windowLeft: 0, nextSlotAt: NOW - 1 * s, sendAllBy: NOW - 1 * s, lanes: [lookupLane(1, 1)] },
      NOW,
      { wait: 'working', waitMs: 0, totalMs: 300, overdue: false },
    ],
  ])('%s', (_why, over, now, expected) => {
    expect(queueEta(state(over), now)).toEqual(expected);
  });

  it('counts down one second per second while nothing changes (the panel ticks from one state)', () => {
    const paused = state({ pending: 2, pausedUntil: NOW + 40 * s, sendAllBy: NOW + 40 * s, lanes: [lookupLane(2, 2)] });
    const waits = [0, 1, 2, 3].map((t) => queueEta(paused, NOW + t * s).waitMs);
    expect(waits).toEqual([40 * s, 39 * s, 38 * s, 37 * s]);
    expect(queueEta(paused, NOW + 41 * s).wait).toBe('working');
  });
});
