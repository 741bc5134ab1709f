/**
 * The cache in IndexedDB (idb) of the extension origin: large (results can be tens of kB each), survives
 * restarts, and is out of reach of content scripts (they run in the page's origin).
 */
import type { DBSchema } from 'idb';
import { databaseOpener } from '../storage/idb';
import { type CacheEntry, type CacheStore, cacheQuery } from './store';

interface CacheDb extends DBSchema {
  entries: { key: string; value: CacheEntry; indexes: { fetchedAt: number; expiresAt: number } };
}

export const CACHE_DB = 'ipe-cache';

export function createIdbCacheStore(name = CACHE_DB): CacheStore {
  const open = databaseOpener<CacheDb>({
    name,
    version: 1,
    upgrade(database) {
      const store = database.createObjectStore('entries', { keyPath: 'key' });
      store.createIndex('fetchedAt', 'fetchedAt');
      store.createIndex('expiresAt', 'expiresAt');
    },
  });

  return {
    async get(key) {
      return (await open()).get('entries', key);
    },
    async getMany(keys) {
      const tx = (await open()).transaction('entries');
      const out = await Promise.all(keys.map((key) => tx.store.get(key)));
      await tx.done;
      return out;
    },
    async put(entry) {
      await (await open()).put('entries', entry);
    },
    async putMany(list) {
      const tx = (await open()).transaction('entries', 'readwrite');
      await Promise.all([...list.map((entry) => tx.store.put(entry)), tx.done]);
    },
    async delete(key) {
      await (await open()).delete('entries', key);
    },
    async list({ query, limit }) {
      const out: CacheEntry[] = [];
      const keep = cacheQuery(query);
      let cursor = await (await open()).transaction('entries').store.index('fetchedAt').openCursor(null, 'prev');
      while (cursor && out.length < limit) {
        if (keep(cursor.value)) out.push(cursor.value);
        cursor = await cursor.continue();
      }
      return out;
    },
    async clear() {
      await (await open()).clear('entries');
    },
    async stats() {
      let entries = 0;
      let approxBytes = 0;
      let cursor = await (await open()).transaction('entries').store.openCursor();
      while (cursor) {
        if (cursor.value.aliasOf === undefined) entries++;
        approxBytes += cursor.value.bytes;
        cursor = await cursor.continue();
      }
      return { entries, approxBytes };
    },
    async purgeExpired(now) {
      const tx = (await open()).transaction('entries', 'readwrite');
      let n = 0;
      let cursor = await tx.store.index('expiresAt').openCursor(IDBKeyRange.upperBound(now));
      while (cursor) {
        await cursor.delete();
        n++;
        cursor = await cursor.continue();
      }
      await tx.done;
      return n;
    },
  };
}
