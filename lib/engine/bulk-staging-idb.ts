/**
 * Staged bulk uploads in IndexedDB (`ipe-staging`, extension origin, opened by the background). Entries are kept in
 * blocks of consecutive entries, keyed [stagedId, block] (../storage/row-blocks.ts): an upload is only ever written
 * and read by range, and a record per entry made staging 100,000 entries a hundred thousand IndexedDB writes (and as
 * many index reads for the duplicate check). Records are validated on read (./bulk-staging.ts schemas).
 *
 * The duplicate check asks which keys an upload holds: answered from a set of its keys kept in memory, filled from
 * the stored blocks on first use (after the worker restarted, or in another context) and trusted only while the
 * upload's count is the one it was filled for, so an append made elsewhere makes it read the blocks again.
 */
import type { DBSchema } from 'idb';
import { databaseOpener } from '../storage/idb';
import { idbBlockReader, idbBlocks, moveRowsIntoBlocks, ownerBlocks, putRowsInBlocks, readRowsInBlocks } from '../storage/row-blocks';
import { StagedEntrySchema, StagedMetaSchema, type StagedMeta, type StagingStore } from './bulk-staging';

interface StagingDb extends DBSchema {
  uploads: { key: string; value: StagedMeta };
  /** An upload's entries BLOCK_ROWS at a time, keyed [stagedId, block]. */
  blocks: { key: [string, number]; value: unknown[] };
}

export const STAGING_DB = 'ipe-staging';
/** 1: a record per entry in `entries`, indexed by key. 2: entries in `blocks`. */
export const STAGING_DB_VERSION = 2;

export function createIdbStagingStore(): StagingStore {
  const open = databaseOpener<StagingDb>({
    name: STAGING_DB,
    version: STAGING_DB_VERSION,
    async upgrade(database, oldVersion, transaction) {
      if (oldVersion < 1) database.createObjectStore('uploads', { keyPath: 'id' });
      if (oldVersion < 2) {
        database.createObjectStore('blocks');
        if (oldVersion >= 1) await moveRowsIntoBlocks(transaction, 'entries', 'blocks');
      }
    },
  });
  const readMeta = (raw: unknown): StagedMeta | null => {
    const parsed = StagedMetaSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  };
  /** Each upload's keys, as of its `count`. */
  const keysOf = new Map<string, { count: number; keys: Set<string> }>();

  async function stagedKeys(stagedId: string): Promise<Set<string>> {
    const count = readMeta(await (await open()).get('uploads', stagedId))?.count ?? 0;
    const known = keysOf.get(stagedId);
    if (known && known.count === count) return known.keys;
    const blocks = await idbBlockReader((await open()).transaction('blocks').store).between([stagedId, 0], [stagedId, Number.MAX_SAFE_INTEGER]);
    const keys = new Set<string>();
    for (const block of blocks) {
      if (!Array.isArray(block)) continue;
      for (const entry of block) {
        const key = (entry as { key?: unknown } | null)?.key;
        if (typeof key === 'string') keys.add(key);
      }
    }
    keysOf.set(stagedId, { count, keys });
    return keys;
  }

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
      const staged = await stagedKeys(stagedId);
      return new Set(keys.filter((k) => staged.has(k)));
    },
    async putEntries(list, meta) {
      const before = keysOf.get(meta.id);
      const tx = (await open()).transaction(['blocks', 'uploads'], 'readwrite');
      await Promise.all([putRowsInBlocks(idbBlocks(tx.objectStore('blocks')), meta.id, list), tx.objectStore('uploads').put(meta), tx.done]);
      // The set follows the write it saw the upload before; otherwise it is read again when next asked.
      if (before && before.count + list.length === meta.count) {
        for (const entry of list) before.keys.add(entry.key);
        before.count = meta.count;
      } else keysOf.delete(meta.id);
    },
    async entries(stagedId, from, to) {
      const raw = await readRowsInBlocks(idbBlockReader((await open()).transaction('blocks').store), stagedId, from, to);
      return raw.flatMap((r) => {
        const parsed = StagedEntrySchema.safeParse(r);
        return parsed.success && parsed.data.stagedId === stagedId ? [parsed.data] : [];
      });
    },
    async remove(stagedId) {
      keysOf.delete(stagedId);
      const tx = (await open()).transaction(['blocks', 'uploads'], 'readwrite');
      await Promise.all([tx.objectStore('blocks').delete(ownerBlocks(stagedId)), tx.objectStore('uploads').delete(stagedId), tx.done]);
    },
  };
}
