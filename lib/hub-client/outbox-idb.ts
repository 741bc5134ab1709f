/**
 * The outbox's writes in IndexedDB (`ipe-hub-outbox`, extension origin, opened by the background through the one
 * opener, lib/storage/idb.ts): one record per write, keyed by its id, so a purchase adds one record instead of
 * rewriting a list. Validated on read (./outbox.ts `OutboxEntrySchema`): a record that does not read is left out.
 */
import type { DBSchema } from 'idb';
import { databaseOpener } from '../storage/idb';
import { OutboxEntrySchema, type OutboxEntry, type OutboxStore } from './outbox';

interface OutboxDb extends DBSchema {
  writes: { key: string; value: OutboxEntry };
}

export function createIdbOutboxStore(name = 'ipe-hub-outbox'): OutboxStore {
  const open = databaseOpener<OutboxDb>({
    name,
    version: 1,
    upgrade(database) {
      database.createObjectStore('writes', { keyPath: 'write.writeId' });
    },
  });
  return {
    async put(entry) {
      await (await open()).put('writes', entry);
    },
    async list() {
      return (await (await open()).getAll('writes')).flatMap((raw: unknown) => {
        const parsed = OutboxEntrySchema.safeParse(raw);
        return parsed.success ? [parsed.data] : [];
      });
    },
    async remove(writeId) {
      await (await open()).delete('writes', writeId);
    },
  };
}
