import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueueStateSchema } from '@/lib/model/state';
import { queueEta } from '@/lib/queue/eta';
import { createMemoryLimiter } from '@/lib/queue/limiter';
import { createTaskQueue, type TaskContext, type TaskKind } from '@/lib/queue/queue';
import { createMemoryTaskStore } from '@/lib/queue/task-store';

interface Payload {
  name: string;
  jobId?: string;
}

/** "Calls the API": takes a gate slot, waits `latency` ms. `refuse` names get one 429 first, retried in-task like the client does. */
function kindWith(latency: number, refuse = new Map<string, number>(), sleepsOut = false) {
  const sent: string[] = [];
  const kind: TaskKind<Payload, string> = {
    async run(payload, ctx: TaskContext) {
      await ctx.beforeAttempt();
      sent.push(payload.name);
      await new Promise((r) => setTimeout(r, latency));
      const retryAfter = refuse.get(payload.name);
      if (retryAfter !== undefined) {
        refuse.delete(payload.name);
        // The client's onRetry for a 429 it waits out itself (sleeping first, or straight to the gate, which holds
        // it for the pause).
        ctx.rateLimited(retryAfter);
        if (sleepsOut) await new Promise((r) => setTimeout(r, retryAfter));
        await ctx.beforeAttempt();
        sent.push(payload.name);
        await new Promise((r) => setTimeout(r, latency));
      }
      return payload.name;
    },
    onInterrupted: () => Promise.resolve('drop'),
  };
  return { kind, sent };
}

describe('the queue state the progress views read', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('shows each request in flight with its start time and job, and measures latency by kind from the first answer', async () => {
    const chunk = kindWith(20_000);
    const lookup = kindWith(300);
    const queue = createTaskQueue({
      limiter: createMemoryLimiter({ limit: 100, windowMs: 60_000, guardMs: 0 }),
      store: createMemoryTaskStore(),
      kinds: { chunk: chunk.kind, lookup: lookup.kind },
      groupOf: (task) => (task.payload as Payload).jobId,
    });
    void queue.enqueue({ kind: 'lookup', priority: 'interactive', payload: { name: 'l1' } }).result;
    await vi.advanceTimersByTimeAsync(1000);
    const start = Date.now();
    void queue.enqueue({ kind: 'chunk', priority: 'bulk', payload: { name: 'c1', jobId: 'job-1' } }).result;
    void queue.enqueue({ kind: 'chunk', priority: 'bulk', payload: { name: 'c2', jobId: 'job-1' } }).result;
    await vi.advanceTimersByTimeAsync(10);
    let state = QueueStateSchema.parse(queue.state());
    expect(state.inFlight).toEqual([
      { kind: 'chunk', group: 'job-1', since: start },
      { kind: 'chunk', group: 'job-1', since: start },
    ]);
    // One lookup answered in 300 ms; no chunk answered yet, so no chunk latency is claimed (and no ETA).
    expect(state.latencyMs).toEqual({ lookup: 300 });
    expect(queueEta(state, Date.now()).totalMs).toBeNull();

    await vi.advanceTimersByTimeAsync(20_000);
    state = QueueStateSchema.parse(queue.state());
    expect(state.latencyMs.chunk).toBe(20_000);
    expect(state.inFlight).toEqual([]);

    // The next chunk, 10 s into its flight: 10 s left, not the old default's "about 1 s".
    void queue.enqueue({ kind: 'chunk', priority: 'bulk', payload: { name: 'c3', jobId: 'job-2' } }).result;
    await vi.advanceTimersByTimeAsync(10_000);
    state = queue.state();
    expect(queueEta(state, Date.now()).totalMs).toBe(10_000);
    expect(queue.etaFor(queue.tasks()[0]!.id)).toBe(10_000);
  });

  it('with the window used up: names when the next slot frees and when the last task may leave', async () => {
    const { kind } = kindWith(100);
    const queue = createTaskQueue({ limiter: createMemoryLimiter({ limit: 3, windowMs: 60_000, guardMs: 0 }), store: createMemoryTaskStore(), kinds: { call: kind } });
    for (let i = 0; i < 5; i++) void queue.enqueue({ kind: 'call', priority: 'interactive', payload: { name: `n${i}` } }).result;
    await vi.advanceTimersByTimeAsync(1000);
    const state = QueueStateSchema.parse(queue.state());
    expect(state.windowLeft).toBe(0);
    expect(state.pending).toBe(2);
    // The three sent were answered at +100 ms: their slots free one window later.
    expect(state.nextSlotAt).toBe(1_700_000_000_000 + 100 + 60_000 + 1);
    expect(state.sendAllBy).toBe(state.nextSlotAt);
    const eta = queueEta(state, Date.now());
    expect(eta.wait).toBe('window');
    expect(eta.waitMs).toBe(60_000 + 100 + 1 - 1000);
    expect(eta.totalMs).toBe(eta.waitMs + 100);
  });

  it.each([
    ['at the gate', false],
    ['asleep in the API client until its Retry-After', true],
  ])('a lookup refused with a 429 and waiting out the pause %s can be cancelled at once: nothing more is sent', async (_where, sleepsOut) => {
    const { kind, sent } = kindWith(50, new Map([['a', 30_000]]), sleepsOut);
    const queue = createTaskQueue({ limiter: createMemoryLimiter({ limit: 100, windowMs: 60_000, guardMs: 0 }), store: createMemoryTaskStore(), kinds: { call: kind } });
    const a = queue.enqueue<string>({ kind: 'call', priority: 'interactive', payload: { name: 'a' } });
    const outcome = a.result.then(
      () => 'answered',
      (e: unknown) => (e as Error).message,
    );
    await vi.advanceTimersByTimeAsync(1000);
    const paused = queue.state();
    expect(paused.pausedUntil).not.toBeNull();
    expect(queueEta(paused, Date.now()).wait).toBe('paused');
    expect(paused.pending).toBe(1);
    const removed = await queue.cancel((t) => t.kind === 'call', new Error('cancelled by the user'));
    expect(removed.map((t) => t.id)).toEqual([a.id]);
    // The caller learns at once, not when the Retry-After ends.
    await vi.advanceTimersByTimeAsync(10);
    expect(await Promise.race([outcome, 'still waiting'])).toBe('cancelled by the user');
    await vi.runAllTimersAsync();
    // Sent once (the refused attempt); the retry never left.
    expect(sent).toEqual(['a']);
    expect(queue.busy()).toBe(false);
  });
});
