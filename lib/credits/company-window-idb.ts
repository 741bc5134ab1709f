/**
 * The company windows (./company-window.ts) in IndexedDB of the extension origin: which companies the user looked up is
 * theirs, and content scripts (the page's origin) cannot open this database, where they can read `storage.local`.
 */
import type { DBSchema } from 'idb';
import { databaseOpener } from '../storage/idb';
import type { CompanyWindowStore } from './company-window';

interface WindowDb extends DBSchema {
  found: { key: string; value: { id: string; at: number }; indexes: { at: number } };
}

export const COMPANY_WINDOW_DB = 'ipe-company-windows';

export function createIdbCompanyWindowStore(name = COMPANY_WINDOW_DB): CompanyWindowStore {
  const open = databaseOpener<WindowDb>({
    name,
    version: 1,
    upgrade(database) {
      database.createObjectStore('found', { keyPath: 'id' }).createIndex('at', 'at');
    },
  });
  return {
    async get(id) {
      const record = await (await open()).get('found', id);
      return typeof record?.at === 'number' && Number.isFinite(record.at) ? record.at : undefined;
    },
    async set(id, at) {
      const tx = (await open()).transaction('found', 'readwrite');
      const before = await tx.store.get(id);
      // The later time wins: two answers settling out of order keep the window's true start.
      if (!before || !(before.at >= at)) await tx.store.put({ id, at });
      await tx.done;
    },
    async purge(before) {
      const tx = (await open()).transaction('found', 'readwrite');
      for (let cursor = await tx.store.index('at').openCursor(IDBKeyRange.upperBound(before, true)); cursor; cursor = await cursor.continue()) {
        await cursor.delete();
      }
      await tx.done;
    },
  };
}
