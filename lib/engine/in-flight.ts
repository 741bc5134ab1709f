/**
 * One background-wide set of uncached lookups in flight, by cache key. A single lookup and a bulk
 * chunk (or two bulk jobs) that would ask for the same person at once never both send: the second waits for the
 * first to settle and then reads the cache. The queue's own dedupe covers identical single lookups; this covers
 * lookups that reach the same person by different requests.
 */
export interface InFlight {
  /** Waits until none of `keys` is in flight; true when it had to wait (re-read the cache then). */
  waitFor(keys: readonly string[]): Promise<boolean>;
  /**
   * Marks `keys` as in flight until the returned release is called. Call without an await between the last
   * `waitFor` and this (JavaScript's run-to-completion makes the pair atomic).
   */
  hold(keys: readonly string[]): () => void;
  has(key: string): boolean;
}

export function createInFlight(): InFlight {
  const held = new Map<string, Promise<void>>();
  return {
    async waitFor(keys) {
      let waited = false;
      for (;;) {
        const pending = [...new Set(keys.map((k) => held.get(k)).filter((p): p is Promise<void> => p !== undefined))];
        if (pending.length === 0) return waited;
        waited = true;
        await Promise.all(pending);
      }
    },
    hold(keys) {
      let release!: () => void;
      const done = new Promise<void>((resolve) => (release = resolve));
      const mine = [...new Set(keys)].filter((k) => !held.has(k));
      for (const key of mine) held.set(key, done);
      return () => {
        for (const key of mine) if (held.get(key) === done) held.delete(key);
        release();
      };
    },
    has: (key) => held.has(key),
  };
}
