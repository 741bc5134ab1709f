/**
 * Reading and writing cached answers with their lifetimes and provenance. Hits live `hitTtlDays` (default 30,
 * the service's re-enrichment window), "no match" answers `missTtlDays` (default 3: new data appears). Both come
 * from the settings at the time of writing.
 */
import type { Provenance } from '../messaging/protocol';
import { endpointOfKey, labelForKey } from './keys';
import type { CacheEntry, CacheStore } from './store';

const DAY_MS = 86_400_000;

export interface CacheTtl {
  hitTtlDays: number;
  missTtlDays: number;
}

export interface CachedAnswer {
  found: boolean;
  value: unknown;
  errorText?: string;
  provenance: Provenance;
}

export interface Cache {
  /** A live (unexpired) entry as an answer with cache provenance, or null. */
  read(key: string): Promise<CachedAnswer | null>;
  /** The entry even if expired (e.g. to know a company was enriched within 30 days). */
  peek(key: string): Promise<CacheEntry | undefined>;
  write(key: string, answer: { found: boolean; value: unknown; errorText?: string; creditsCharged: number }): Promise<CacheEntry>;
  /** Many at once (bulk results), in one transaction. */
  writeMany(items: Array<{ key: string; found: boolean; value: unknown; errorText?: string; creditsCharged: number }>): Promise<void>;
  store: CacheStore;
}

export function createCache(options: { store: CacheStore; ttl: () => Promise<CacheTtl> | CacheTtl; now?: () => number }): Cache {
  const now = options.now ?? Date.now;
  const { store } = options;

  async function entryFor(key: string, answer: { found: boolean; value: unknown; errorText?: string; creditsCharged: number }): Promise<CacheEntry> {
    const ttl = await options.ttl();
    const fetchedAt = now();
    const days = answer.found ? ttl.hitTtlDays : ttl.missTtlDays;
    return {
      key,
      endpoint: endpointOfKey(key),
      label: labelForKey(key),
      found: answer.found,
      value: answer.found ? answer.value : null,
      ...(answer.errorText !== undefined ? { errorText: answer.errorText } : {}),
      fetchedAt,
      expiresAt: fetchedAt + days * DAY_MS,
      creditsCharged: answer.creditsCharged,
      bytes: JSON.stringify(answer.value ?? null).length + key.length,
    };
  }

  return {
    store,
    async read(key) {
      const entry = await store.get(key);
      if (!entry || entry.expiresAt <= now()) return null;
      return {
        found: entry.found,
        value: entry.value,
        ...(entry.errorText !== undefined ? { errorText: entry.errorText } : {}),
        provenance: { source: 'cache', fetchedAt: entry.fetchedAt, creditsCharged: 0 },
      };
    },
    peek: (key) => store.get(key),
    async write(key, answer) {
      const entry = await entryFor(key, answer);
      // A lifetime of 0 days means "do not cache" (settings): nothing is stored.
      if (entry.expiresAt > entry.fetchedAt) await store.put(entry);
      return entry;
    },
    async writeMany(items) {
      const entries = await Promise.all(items.map((item) => entryFor(item.key, item)));
      await store.putMany(entries.filter((e) => e.expiresAt > e.fetchedAt));
    },
  };
}
