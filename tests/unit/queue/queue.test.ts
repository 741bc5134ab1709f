import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createMemoryLimiter, loadLimiter } from '@/lib/queue/limiter-store';
import { createTaskQueue, type Priority, type TaskContext, type TaskKind } from '@/lib/queue/queue';
import { createMemoryTaskStore, createSessionTaskStore } from '@/lib/queue/task-store';

/** A task kind that "calls the API": takes a gate slot, waits `latency` ms, answers per a script. */
function scriptedKind(opts: { latency?: number; answers?: Map<string, Array<'ok' | { rateLimitedFor?: number }>> } = {}) {
  const sent: Array<{ name: string; at: number }> = [];
  const kind: TaskKind<{ name: string }, string> = {
    async run(payload, ctx: TaskContext) {
      await ctx.beforeAttempt();
      sent.push({ name: payload.name, at: Date.now() });
      await new Promise((r) => setTimeout(r, opts.latency ?? 10));
      const script = opts.answers?.get(payload.name);
      const answer = script?.shift() ?? 'ok';
      if (answer !== 'ok') throw Object.assign(new Error('429'), { kind: 'rate_limited', retryAfterMs: answer.rateLimitedFor });
      return `done:${payload.name}`;
    },
    onInterrupted: () => Promise.resolve('drop'),
  };
  return { kind, sent };
}

describe('task queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('serves interactive before bulk before prefetch once the window is full', async () => {
    const { kind, sent } = scriptedKind();
    const queue = createTaskQueue({
      limiter: createMemoryLimiter({ limit: 2, windowMs: 1000, guardMs: 0 }),
      store: createMemoryTaskStore(),
      kinds: { call: kind },
    });
    // Background prefetch was already running when the user clicked and a bulk job started.
    const early = (['p1', 'p2', 'p3'] as const).map((name) => queue.enqueue<string>({ kind: 'call', priority: 'prefetch', payload: { name } }).result);
    await vi.advanceTimersByTimeAsync(1);
    const order: Array<[Priority, string]> = [
      ['bulk', 'b1'],
      ['interactive', 'i1'],
      ['bulk', 'b2'],
      ['interactive', 'i2'],
    ];
    const results = [...early, ...order.map(([priority, name]) => queue.enqueue<string>({ kind: 'call', priority, payload: { name } }).result)];
    await vi.runAllTimersAsync();
    await Promise.all(results);
    // p1, p2 took the first window's two slots before anything else arrived; then strict priority order.
    expect(sent.map((s) => s.name)).toEqual(['p1', 'p2', 'i1', 'i2', 'b1', 'b2', 'p3']);
  });

  it('makes one call for two identical concurrent lookups (dedupe key)', async () => {
    const { kind, sent } = scriptedKind({ latency: 50 });
    const queue = createTaskQueue({ limiter: createMemoryLimiter({ limit: 10, windowMs: 1000, guardMs: 0 }), store: createMemoryTaskStore(), kinds: { call: kind } });
    const a = queue.enqueue<string>({ kind: 'call', priority: 'interactive', payload: { name: 'x' }, dedupeKey: 'k' });
    const b = queue.enqueue<string>({ kind: 'call', priority: 'interactive', payload: { name: 'x' }, dedupeKey: 'k' });
    expect(b.joined).toBe(true);
    await vi.runAllTimersAsync();
    expect(await a.result).toBe('done:x');
    expect(await b.result).toBe('done:x');
    expect(sent).toHaveLength(1);
    // Once settled, the same key makes a new call (freshness is the cache's job, not the queue's).
    queue.enqueue({ kind: 'call', priority: 'interactive', payload: { name: 'x' }, dedupeKey: 'k' });
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(2);
  });

  it('pauses everything on a 429 until Retry-After, then completes every task exactly once', async () => {
    const answers = new Map<string, Array<'ok' | { rateLimitedFor?: number }>>([['b', [{ rateLimitedFor: 5000 }, { rateLimitedFor: 5000 }]]]);
    const { kind, sent } = scriptedKind({ answers });
    const queue = createTaskQueue({ limiter: createMemoryLimiter({ limit: 100, windowMs: 1000, guardMs: 0 }), store: createMemoryTaskStore(), kinds: { call: kind } });
    const first = queue.enqueue<string>({ kind: 'call', priority: 'interactive', payload: { name: 'b' } });
    await vi.advanceTimersByTimeAsync(20);
    const pausedUntil = queue.state().pausedUntil;
    expect(pausedUntil).toBe(Date.now() - 20 + 10 + 5000);
    const later = ['c', 'd'].map((name) => queue.enqueue<string>({ kind: 'call', priority: 'interactive', payload: { name } }).result);
    await vi.advanceTimersByTimeAsync(4000);
    expect(sent.map((s) => s.name)).toEqual(['b']); // nothing goes out while paused
    await vi.runAllTimersAsync();
    expect(await first.result).toBe('done:b');
    expect(await Promise.all(later)).toEqual(['done:c', 'done:d']);
    expect(sent.map((s) => s.name).sort()).toEqual(['b', 'b', 'b', 'c', 'd']);
    expect(Math.min(...sent.slice(1).map((s) => s.at))).toBeGreaterThanOrEqual(pausedUntil as number);
  });

  it('reports pending, window left and an ETA that grows with the backlog', async () => {
    const { kind } = scriptedKind();
    const queue = createTaskQueue({ limiter: createMemoryLimiter({ limit: 5, windowMs: 60_000, guardMs: 0 }), store: createMemoryTaskStore(), kinds: { call: kind } });
    for (let i = 0; i < 12; i++) queue.enqueue({ kind: 'call', priority: 'bulk', payload: { name: `n${i}` } });
    await vi.advanceTimersByTimeAsync(100);
    const state = queue.state();
    expect(state.windowLeft).toBe(0);
    expect(state.windowLimit).toBe(5);
    expect(state.pending).toBe(7);
    // 7 waiting with 5 per minute: the last one goes in the third window.
    expect(state.etaMs).toBeGreaterThan(60_000);
    expect(state.etaMs).toBeLessThanOrEqual(121_000);
    const tasks = queue.tasks().filter((t) => t.state === 'pending');
    expect(queue.position(tasks[0]!.id)).toBe(1);
  });

  it('a task that reaches the gate while a slot is being taken is not lost (a lookup arriving behind a bulk chunk)', async () => {
    const { kind, sent } = scriptedKind();
    // The background's limiter writes its log before it hands out a slot (lib/queue/limiter-store.ts): a slot
    // takes a few milliseconds, and tasks keep arriving at the gate meanwhile.
    const memory = createMemoryLimiter({ limit: 10, windowMs: 1000, guardMs: 0 });
    const persisted = { ...memory, acquire: async (now: number) => (await new Promise((r) => setTimeout(r, 5)), memory.acquire(now)) };
    const queue = createTaskQueue({ limiter: persisted, store: createMemoryTaskStore(), kinds: { call: kind } });
    const chunk = queue.enqueue<string>({ kind: 'call', priority: 'bulk', payload: { name: 'chunk' } });
    await vi.advanceTimersByTimeAsync(1);
    // The chunk's slot is being written when the lookup arrives; the lookup goes first (interactive before bulk).
    const lookup = queue.enqueue<string>({ kind: 'call', priority: 'interactive', payload: { name: 'lookup' } });
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.map((s) => s.name).sort()).toEqual(['chunk', 'lookup']);
    await expect(Promise.all([chunk.result, lookup.result])).resolves.toEqual(['done:chunk', 'done:lookup']);
  });

  it('cancels pending tasks and rejects their waiters', async () => {
    const { kind, sent } = scriptedKind();
    const queue = createTaskQueue({ limiter: createMemoryLimiter({ limit: 1, windowMs: 60_000, guardMs: 0 }), store: createMemoryTaskStore(), kinds: { call: kind } });
    const a = queue.enqueue({ kind: 'call', priority: 'bulk', payload: { name: 'a' } });
    const b = queue.enqueue({ kind: 'call', priority: 'prefetch', payload: { name: 'b' } });
    await vi.advanceTimersByTimeAsync(50);
    const removed = await queue.cancel((t) => t.priority === 'prefetch' || t.priority === 'bulk', new Error('cancelled'));
    // 'a' already took its slot and is running: it stays. 'b' waits at the gate for its first slot, nothing sent:
    // it is stopped there (a 250-company batch waiting for the rate limit must be cancellable).
    expect(removed.map((t) => (t.payload as { name: string }).name)).toEqual(['b']);
    await expect(b.result).rejects.toThrow('cancelled');
    const c = queue.enqueue({ kind: 'call', priority: 'prefetch', payload: { name: 'c' } });
    const d = queue.enqueue({ kind: 'call', priority: 'prefetch', payload: { name: 'd' } });
    await vi.advanceTimersByTimeAsync(1);
    const removedLater = await queue.cancel((t) => (t.payload as { name: string }).name === 'd', new Error('cancelled'));
    expect(removedLater.map((t) => (t.payload as { name: string }).name)).toEqual(['d']);
    await expect(d.result).rejects.toThrow('cancelled');
    await vi.runAllTimersAsync();
    await Promise.all([a.result, c.result]);
    expect(sent.map((s) => s.name)).toEqual(['a', 'c']);
  });
});

describe('task queue across a worker restart (storage.session)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('resumes pending tasks, asks the kind about in-flight ones, and never repeats a dropped paid call', async () => {
    const config = { limit: 2, windowMs: 60_000, guardMs: 0 };
    const before = scriptedKind({ latency: 30_000 });
    const queue1 = createTaskQueue({ limiter: await loadLimiter(config), store: createSessionTaskStore(), kinds: { call: before.kind } });
    for (const name of ['a', 'b', 'c', 'd']) queue1.enqueue({ kind: 'call', priority: 'bulk', payload: { name } });
    await vi.advanceTimersByTimeAsync(100);
    expect(before.sent.map((s) => s.name)).toEqual(['a', 'b']); // both in flight, c and d pending
    // The worker dies here: queue1 is gone; only storage.session remains.
    const after = scriptedKind({ latency: 10 });
    const interrupted: string[] = [];
    after.kind.onInterrupted = (payload) => {
      interrupted.push(payload.name);
      return Promise.resolve(payload.name === 'a' ? 'repeat' : 'drop');
    };
    const queue2 = createTaskQueue({ limiter: await loadLimiter(config), store: createSessionTaskStore(), kinds: { call: after.kind } });
    const outcome = await queue2.resume();
    expect(outcome).toEqual({ resumed: 3, repeated: 1, dropped: 1 });
    expect(interrupted.sort()).toEqual(['a', 'b']);
    await vi.runAllTimersAsync();
    // The restored limiter log still holds a and b, so the window stays full until a minute has passed.
    expect(after.sent.map((s) => s.name)).toEqual(['a', 'c', 'd']);
    expect(after.sent[0]!.at).toBeGreaterThanOrEqual(1_700_000_000_000 + 60_000);
    expect(queue2.busy()).toBe(false);
    expect(Object.keys(await fakeBrowser.storage.session.get()).filter((k) => k.startsWith('queue.task.'))).toEqual([]);
  });
});
