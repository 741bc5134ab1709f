/**
 * Reading and writing cached answers with their lifetimes and provenance. Hits live `hitTtlDays` (default 30,
 * the service's re-enrichment window), "no match" answers `missTtlDays` (default 3: new data appears). Both come
 * from the settings at the time of writing.
 *
 * Aliases (lib/cache/aliases.ts): a found answer is also recorded under the other keys of the same person or
 * company, as pointers to its entry, with its fetchedAt and expiry. Two rules keep a found answer from being lost:
 * a "no match" never replaces an unexpired found answer (direct or alias) for the same key, and an alias never
 * replaces an unexpired found answer that key got by its own lookup.
 */
import type { Provenance } from '../model/lookup';
import { resultRef } from './aliases';
import { endpointOfKey, labelForKey } from './keys';
import type { CacheEntry, CacheStore } from './store';
import { createOrder } from '../async/keyed-order';

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

export interface CacheWrite {
  key: string;
  found: boolean;
  value: unknown;
  errorText?: string;
  creditsCharged: number;
  /** Other keys this found answer also answers (same endpoint and options); ignored for a miss. */
  aliases?: readonly string[];
  /** When the service answered (the live provenance's time, so "cached at" and "fetched at" agree); default now. */
  fetchedAt?: number;
}

export interface Cache {
  /** A live (unexpired) entry as an answer with cache provenance, or null. Aliases are followed. */
  read(key: string): Promise<CachedAnswer | null>;
  /** `read` for many keys at once: one store read for the keys, one for the answers their aliases point at. */
  readMany(keys: readonly string[]): Promise<Array<CachedAnswer | null>>;
  /** The entry even if expired (the history's "last fetched"); an alias gives its primary. */
  peek(key: string): Promise<CacheEntry | undefined>;
  write(key: string, answer: Omit<CacheWrite, 'key'>): Promise<void>;
  /** Many at once (bulk results), in one transaction. */
  writeMany(items: readonly CacheWrite[]): Promise<void>;
  store: CacheStore;
}

/** The key of a person or company and the keys of their other identifiers (a bulk row, an import entry, a lookup). */
export interface AnswerKeys {
  key: string;
  aliases?: readonly string[] | undefined;
}

/** A cached answer and the key it was found under. */
export interface KeyedAnswer {
  key: string;
  answer: CachedAnswer;
}

/**
 * The live cached answer for someone known by `key` and their other keys: the key's own answer (found or not), or an
 * answer of one of the other keys that found them (a miss under another identifier says nothing about this one).
 */
export async function readAnswerOf(cache: Pick<Cache, 'readMany'>, keys: AnswerKeys): Promise<KeyedAnswer | null> {
  return (await readAnswersOf(cache, [keys]))[0] ?? null;
}

/**
 * `readAnswerOf` for many at once, in two store reads instead of one or more per key (IndexedDB opens a transaction
 * per read): a bulk chunk of 1,000 rows, an import preview page, an estimate.
 */
export async function readAnswersOf(cache: Pick<Cache, 'readMany'>, list: readonly AnswerKeys[]): Promise<Array<KeyedAnswer | null>> {
  const keys: string[] = [];
  for (const item of list) keys.push(item.key, ...(item.aliases ?? []));
  const answers = await cache.readMany(keys);
  const out: Array<KeyedAnswer | null> = [];
  let at = 0;
  for (const item of list) {
    const count = 1 + (item.aliases?.length ?? 0);
    let found: KeyedAnswer | null = null;
    for (let i = at; i < at + count && found === null; i++) {
      const answer = answers[i];
      if (answer && (i === at || answer.found)) found = { key: keys[i] as string, answer };
    }
    out.push(found);
    at += count;
  }
  return out;
}

export function createCache(options: { store: CacheStore; ttl: () => Promise<CacheTtl> | CacheTtl; now?: () => number }): Cache {
  const now = options.now ?? Date.now;
  const { store } = options;

  function entryFor(item: CacheWrite, ttl: CacheTtl, fetchedAt: number): CacheEntry {
    const days = item.found ? ttl.hitTtlDays : ttl.missTtlDays;
    const ref = item.found ? resultRef(item.value) : undefined;
    return {
      key: item.key,
      endpoint: endpointOfKey(item.key),
      label: labelForKey(item.key),
      found: item.found,
      value: item.found ? item.value : null,
      ...(item.errorText !== undefined ? { errorText: item.errorText } : {}),
      fetchedAt,
      expiresAt: fetchedAt + days * DAY_MS,
      creditsCharged: item.creditsCharged,
      bytes: JSON.stringify(item.value ?? null).length + item.key.length,
      ...(ref !== undefined ? { ref } : {}),
      ...(item.found && item.aliases?.length ? { aliasLabels: [...new Set(item.aliases.map(labelForKey))] } : {}),
    };
  }

  function aliasFor(key: string, primary: CacheEntry): CacheEntry {
    return {
      key,
      endpoint: endpointOfKey(key),
      label: labelForKey(key),
      found: true,
      value: null,
      fetchedAt: primary.fetchedAt,
      expiresAt: primary.expiresAt,
      creditsCharged: 0,
      bytes: key.length + primary.key.length,
      aliasOf: primary.key,
      ...(primary.ref !== undefined ? { ref: primary.ref } : {}),
    };
  }

  /** The primary an alias points at, when it is still the found answer the alias was written for. */
  const validPrimary = (alias: CacheEntry, primary: CacheEntry | undefined): CacheEntry | undefined =>
    primary && primary.aliasOf === undefined && primary.found && primary.ref === alias.ref ? primary : undefined;

  /** The entry that answers `entry`'s key now (itself, or its primary), or undefined when nothing live does. */
  async function resolveLive(entry: CacheEntry | undefined, at: number, known?: Map<string, CacheEntry | undefined>): Promise<CacheEntry | undefined> {
    if (!entry || entry.expiresAt <= at) return undefined;
    if (entry.aliasOf === undefined) return entry;
    const primary = known?.has(entry.aliasOf) ? known.get(entry.aliasOf) : await store.get(entry.aliasOf);
    const valid = validPrimary(entry, primary);
    return valid && valid.expiresAt > at ? valid : undefined;
  }

  /**
   * Writes decide from what the keys hold (a live found answer is never replaced by an alias or a miss), so they run
   * one after another: two answers written at once (a lookup by an email, another by the profile it aliases) each
   * decided from a snapshot without the other, and an alias could replace the other's found answer.
   */
  const inOrder = createOrder();

  function writeMany(items: readonly CacheWrite[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    return inOrder(() => writeManyNow(items));
  }

  async function writeManyNow(items: readonly CacheWrite[]): Promise<void> {
    const ttl = await options.ttl();
    const at = now();
    const primaries = items.map((item) => entryFor(item, ttl, item.fetchedAt ?? at));
    const aliasKeys = items.flatMap((item) => (item.found ? (item.aliases ?? []) : []));
    const keys = [...new Set([...items.map((i) => i.key), ...aliasKeys])];
    const existing = new Map<string, CacheEntry | undefined>();
    const found = await store.getMany(keys);
    keys.forEach((key, i) => existing.set(key, found[i]));

    const out = new Map<string, CacheEntry>();
    // 1. Aliases, unless the key holds a found answer of its own.
    items.forEach((item, i) => {
      const primary = primaries[i];
      if (!item.found || !primary) return;
      for (const key of item.aliases ?? []) {
        const current = existing.get(key);
        if (current && current.aliasOf === undefined && current.found && current.expiresAt > at) continue;
        out.set(key, aliasFor(key, primary));
      }
    });
    // 2. Found answers, over anything (a live found answer always wins).
    items.forEach((item, i) => {
      const primary = primaries[i];
      if (item.found && primary) out.set(item.key, primary);
    });
    // 3. Misses, only where nothing found is known for the key.
    for (const [i, item] of items.entries()) {
      const primary = primaries[i];
      if (item.found || !primary || out.get(item.key)?.found) continue;
      if (await resolveLive(existing.get(item.key), at, existing)) continue;
      out.set(item.key, primary);
    }
    // A lifetime of 0 days means "do not cache" (settings): nothing is stored.
    await store.putMany([...out.values()].filter((e) => e.expiresAt > e.fetchedAt));
  }

  const answerOf = (entry: CacheEntry | undefined): CachedAnswer | null =>
    entry
      ? {
          found: entry.found,
          value: entry.value,
          ...(entry.errorText !== undefined ? { errorText: entry.errorText } : {}),
          provenance: { source: 'cache', fetchedAt: entry.fetchedAt, creditsCharged: 0 },
        }
      : null;

  return {
    store,
    async read(key) {
      return answerOf(await resolveLive(await store.get(key), now()));
    },
    async readMany(keys) {
      if (keys.length === 0) return [];
      const at = now();
      const entries = await store.getMany(keys);
      const pointedAt = new Set<string>();
      for (const e of entries) if (e && e.aliasOf !== undefined && e.expiresAt > at) pointedAt.add(e.aliasOf);
      const primaries = [...pointedAt];
      const known = new Map<string, CacheEntry | undefined>();
      if (primaries.length > 0) (await store.getMany(primaries)).forEach((e, i) => known.set(primaries[i] as string, e));
      // Every primary is known, so resolving reads nothing more.
      return Promise.all(entries.map(async (e) => answerOf(await resolveLive(e, at, known))));
    },
    async peek(key) {
      const entry = await store.get(key);
      if (entry?.aliasOf === undefined) return entry;
      // A dangling alias still tells when the service last answered for this key.
      return validPrimary(entry, await store.get(entry.aliasOf)) ?? entry;
    },
    write: (key, answer) => writeMany([{ key, ...answer }]),
    writeMany,
  };
}
