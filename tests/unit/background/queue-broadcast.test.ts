// The queue's events: bursts are thinned to one per interval, but the change that empties the queue is sent at once,
// so the header never says "1 queued" beside a view that already shows the answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createQueueBroadcaster, createThrottle } from '@/entrypoints/background/broadcast';
import type { QueueState } from '@/lib/messaging/protocol';

function stateWith(pending: number, running: number, at: number): QueueState {
  return { at, pending, running, windowLeft: 200, windowLimit: 200, windowMs: 60_000, nextSlotAt: null, pausedUntil: null, sendAllBy: null, inFlight: [], lanes: [], latencyMs: {}, etaMs: 0 };
}

describe('createQueueBroadcaster', () => {
  let sent: QueueState[];
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers();
    sent = [];
    fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
      const event = message as { type: string; queue: QueueState };
      if (event.type === 'event/queue') sent.push(event.queue);
    });
  });
  afterEach(() => vi.useRealTimers());

  it('a lookup that starts and ends within one interval: the start is sent, and the empty queue at once, not 250 ms later', async () => {
    let state = stateWith(1, 0, 1);
    const changed = createQueueBroadcaster(() => state, 250);
    changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.pending + s.running)).toEqual([1]);
    state = stateWith(0, 1, 2);
    changed(); // running: held back (within the interval)
    state = stateWith(0, 0, 3);
    changed(); // done: sent now
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.pending + s.running)).toEqual([1, 0]);
    // The held-back change is not sent after it with the older state.
    await vi.advanceTimersByTimeAsync(500);
    expect(sent.map((s) => s.pending + s.running)).toEqual([1, 0]);
  });

  it('a burst of changes while busy is one event per interval, carrying the latest state', async () => {
    let state = stateWith(10, 2, 1);
    const changed = createQueueBroadcaster(() => state, 250);
    changed();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 9; i >= 1; i--) {
      state = stateWith(i, 2, 10 - i);
      changed();
    }
    await vi.advanceTimersByTimeAsync(250);
    expect(sent.map((s) => s.pending)).toEqual([10, 1]);
  });

  it('createThrottle (the credits events): a burst of 100 holds taken and freed is two calls, the first at once', async () => {
    let calls = 0;
    const changed = createThrottle(() => calls++, 250);
    changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    for (let i = 0; i < 100; i++) changed();
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toBe(2);
  });
});
