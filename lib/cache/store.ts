/**
 * Cached API answers. One entry per cache key (lib/cache/keys.ts). An entry remembers what the answer cost, so
 * the UI can say "Cached 3 days ago · free" and the history can reopen it for free.
 */
import { foldText, textQuery } from '../model/text-query';

export interface CacheEntry {
  key: string;
  endpoint: string;
  label: string;
  /** False for a "no match" answer (404), cached for a shorter time. */
  found: boolean;
  /** The result when found; null otherwise. */
  value: unknown;
  errorText?: string;
  fetchedAt: number;
  expiresAt: number;
  creditsCharged: number;
  /** Rough size (JSON length), for cache stats. */
  bytes: number;
  /**
   * Set on an alias: the key of the entry holding the answer (lib/cache/aliases.ts). An alias holds no value, so
   * a refresh or a deletion of the primary entry applies to it too; it is left out of the history and stats.
   */
  aliasOf?: string;
  /** The result's own id (`_id`), on a primary and its aliases: an alias only serves the record it named. */
  ref?: string;
  /** On a primary entry: the labels of its aliases, so the history search finds a person by any of their keys. */
  aliasLabels?: string[];
}

export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  /** Several entries at once (one transaction), in the order of `keys`. */
  getMany(keys: readonly string[]): Promise<Array<CacheEntry | undefined>>;
  put(entry: CacheEntry): Promise<void>;
  putMany(entries: CacheEntry[]): Promise<void>;
  delete(key: string): Promise<void>;
  /** Newest first, aliases left out (the history lists a person once); `query` matches label or key, case-insensitive. */
  list(opts: { query?: string; limit: number }): Promise<CacheEntry[]>;
  clear(): Promise<void>;
  /** `entries` counts answers (not aliases); `approxBytes` counts everything stored. */
  stats(): Promise<{ entries: number; approxBytes: number }>;
  /** Removes entries that expired before `now`; returns how many. */
  purgeExpired(now: number): Promise<number>;
}

/**
 * Which entries a history listing keeps: answers (not aliases) whose label, key or alias labels match the query
 * (`lib/model/text-query.ts`). Made once per listing, asked per entry.
 */
export function cacheQuery(query: string | undefined): (entry: CacheEntry) => boolean {
  const matches = textQuery(query);
  return (entry) => entry.aliasOf === undefined && (matches === null || matches(foldText([entry.label, entry.key, ...(entry.aliasLabels ?? [])].join('\n'))));
}

/** For Node (bench, unit tests): the same behaviour as the IndexedDB store, kept in a Map. */
export function createMemoryCacheStore(): CacheStore {
  const entries = new Map<string, CacheEntry>();
  return {
    get: (key) => Promise.resolve(entries.get(key)),
    getMany: (keys) => Promise.resolve(keys.map((key) => entries.get(key))),
    put: (entry) => {
      entries.set(entry.key, entry);
      return Promise.resolve();
    },
    putMany: (list) => {
      for (const entry of list) entries.set(entry.key, entry);
      return Promise.resolve();
    },
    delete: (key) => {
      entries.delete(key);
      return Promise.resolve();
    },
    list: ({ query, limit }) =>
      Promise.resolve(
        [...entries.values()]
          .filter(cacheQuery(query))
          .sort((a, b) => b.fetchedAt - a.fetchedAt)
          .slice(0, limit),
      ),
    clear: () => {
      entries.clear();
      return Promise.resolve();
    },
    stats: () =>
      Promise.resolve({
        entries: [...entries.values()].filter((e) => e.aliasOf === undefined).length,
        approxBytes: [...entries.values()].reduce((n, e) => n + e.bytes, 0),
      }),
    purgeExpired: (now) => {
      let n = 0;
      for (const [key, entry] of entries) {
        if (entry.expiresAt <= now) {
          entries.delete(key);
          n++;
        }
      }
      return Promise.resolve(n);
    },
  };
}
