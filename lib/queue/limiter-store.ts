/**
 * The limiter's log, kept in `storage.session`: it survives a service-worker restart (Chrome stops idle workers
 * after 30 s) but not a browser restart, which is fine because by then the window has long passed.
 * The log is written BEFORE each request goes out, so a worker that dies mid-request still counts it (its slot
 * is restored as answered at the restart, see SlidingLogLimiter's constructor).
 */
import { storage } from 'wxt/utils/storage';
import { type LimiterConfig, type LimiterState, type PersistentLimiter, SlidingLogLimiter } from './limiter';

export { createMemoryLimiter, type PersistentLimiter } from './limiter';

export function defineLimiterItem() {
  /** The rate limiter's sliding log (answered request times and requests in flight). */
  return storage.defineItem<LimiterState>('session:limiterLog', { fallback: { sent: [] }, version: 1 });
}
export type LimiterItem = ReturnType<typeof defineLimiterItem>;

export async function loadLimiter(
  config: LimiterConfig,
  item: LimiterItem = defineLimiterItem(),
  now: () => number = Date.now,
): Promise<PersistentLimiter> {
  const stored = await item.getValue();
  const limiter = new SlidingLogLimiter(config, isState(stored) ? stored : undefined, now());
  let writes = Promise.resolve();
  const save = () => {
    const snapshot = limiter.snapshot(now());
    // Chained so an older snapshot never lands after a newer one.
    writes = writes.then(() => item.setValue(snapshot)).catch(() => undefined);
    return writes;
  };
  return {
    limiter,
    async acquire(at) {
      const id = limiter.tryAcquire(at);
      if (id === null) return null;
      await save();
      return id;
    },
    release(id, at) {
      limiter.release(id, at);
      // Not awaited: a stored log that still shows the request in flight is the conservative one.
      void save();
    },
  };
}

function isState(value: unknown): value is LimiterState {
  return typeof value === 'object' && value !== null && Array.isArray((value as { sent?: unknown }).sent);
}
