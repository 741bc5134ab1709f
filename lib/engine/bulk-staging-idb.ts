/**
 * Staged bulk uploads in IndexedDB (`ipe-staging`, extension origin, opened by the background). Entries are keyed
 * [stagedId, index] for paged reads and indexed by [stagedId, key] for the duplicate check on append; records are
 * validated on read (./bulk-staging.ts schemas).
 */
import type { DBSchema } from 'idb';
import { databaseOpener } from '../storage/idb';
import { StagedEntrySchema, StagedMetaSchema, type StagedEntry, type StagedMeta, type StagingStore } from './bulk-staging';

interface StagingDb extends DBSchema {
  uploads: { key: string; value: StagedMeta };
  entries: { key: [string, number]; value: StagedEntry; indexes: { byKey: [string, string] } };
}

export const STAGING_DB = 'ipe-staging';

export function createIdbStagingStore(): StagingStore {
  const open = databaseOpener<StagingDb>({
    name: STAGING_DB,
    version: 1,
    upgrade(database) {
      database.createObjectStore('uploads', { keyPath: 'id' });
      database.createObjectStore('entries', { keyPath: ['stagedId', 'index'] }).createIndex('byKey', ['stagedId', 'key']);
    },
  });
  const readMeta = (raw: unknown): StagedMeta | null => {
    const parsed = StagedMetaSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  };

  return {
    async putMeta(meta) {
      await (await open()).put('uploads', meta);
    },
    async meta(id) {
      return readMeta(await (await open()).get('uploads', id));
    },
    async listMeta() {
      return (await (await open()).getAll('uploads')).map(readMeta).filter((m): m is StagedMeta => m !== null);
    },
    async knownKeys(stagedId, keys) {
      const index = (await open()).transaction('entries').store.index('byKey');
      const found = await Promise.all(keys.map((k) => index.getKey([stagedId, k])));
      return new Set(keys.filter((_, i) => found[i] !== undefined));
    },
    async putEntries(list, meta) {
      const tx = (await open()).transaction(['entries', 'uploads'], 'readwrite');
      const entries = tx.objectStore('entries');
      await Promise.all([...list.map((e) => entries.put(e)), tx.objectStore('uploads').put(meta), tx.done]);
    },
    async entries(stagedId, from, to) {
      if (to <= from) return [];
      const raw: unknown[] = await (await open()).getAll('entries', IDBKeyRange.bound([stagedId, from], [stagedId, to - 1]));
      return raw.flatMap((r) => {
        const parsed = StagedEntrySchema.safeParse(r);
        return parsed.success ? [parsed.data] : [];
      });
    },
    async remove(stagedId) {
      const tx = (await open()).transaction(['entries', 'uploads'], 'readwrite');
      await Promise.all([
        tx.objectStore('entries').delete(IDBKeyRange.bound([stagedId, 0], [stagedId, Number.MAX_SAFE_INTEGER])),
        tx.objectStore('uploads').delete(stagedId),
        tx.done,
      ]);
    },
  };
}
