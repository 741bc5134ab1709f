/**
 * The limiter's log, kept in `storage.session`: it survives a service-worker restart (Chrome stops idle workers
 * after 30 s) but not a browser restart, which is fine because by then the window has long passed.
 * The log is written BEFORE each request goes out, so a worker that dies mid-request still counts it.
 */
import { storage } from 'wxt/utils/storage';
import { type LimiterConfig, type LimiterState, type PersistentLimiter, SlidingLogLimiter } from './limiter';

export { createMemoryLimiter, type PersistentLimiter } from './limiter';

export function defineLimiterItem() {
  /** Send times of the most recent API requests (sliding log of the rate limiter). */
  return storage.defineItem<LimiterState>('session:limiterLog', { fallback: { sent: [] }, version: 1 });
}
export type LimiterItem = ReturnType<typeof defineLimiterItem>;


export async function loadLimiter(config: LimiterConfig, item: LimiterItem = defineLimiterItem()): Promise<PersistentLimiter> {
  const stored = await item.getValue();
  const limiter = new SlidingLogLimiter(config, isState(stored) ? stored : undefined);
  let writes = Promise.resolve();
  return {
    limiter,
    async acquire(now) {
      if (!limiter.tryAcquire(now)) return false;
      const snapshot = limiter.snapshot(now);
      // Writes are chained so an older snapshot never lands after a newer one.
      writes = writes.then(() => item.setValue(snapshot)).catch(() => undefined);
      await writes;
      return true;
    },
  };
}

function isState(value: unknown): value is LimiterState {
  return typeof value === 'object' && value !== null && Array.isArray((value as { sent?: unknown }).sent);
}
