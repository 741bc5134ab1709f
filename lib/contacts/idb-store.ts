/**
 * The contact book in IndexedDB (`ipe-contacts`, extension origin): separate from the cache (`ipe-cache`), whose
 * entries expire; nothing here expires. Records are indexed by every key they answer (multiEntry), so buying the
 * same person again by another identifier finds and updates one record.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { BookRecord, LookupEvent, SavedList } from './schema';
import type { ContactBookStore, QuarantinedRecord } from './store';

interface ContactsDb extends DBSchema {
  records: { key: string; value: BookRecord; indexes: { keys: string } };
  events: { key: string; value: LookupEvent; indexes: { at: number } };
  lists: { key: string; value: SavedList };
  quarantine: { key: number; value: QuarantinedRecord };
  meta: { key: string; value: unknown };
}

export const CONTACTS_DB = 'ipe-contacts';

export function createIdbContactBookStore(name = CONTACTS_DB): ContactBookStore {
  let db: Promise<IDBPDatabase<ContactsDb>> | null = null;
  const open = () =>
    (db ??= openDB<ContactsDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore('records', { keyPath: 'id' }).createIndex('keys', 'keys', { multiEntry: true });
        database.createObjectStore('events', { keyPath: 'id' }).createIndex('at', 'at');
        database.createObjectStore('lists', { keyPath: 'id' });
        database.createObjectStore('quarantine', { autoIncrement: true });
        database.createObjectStore('meta');
      },
    }));

  return {
    async getRecord(id) {
      return (await open()).get('records', id);
    },
    async getRecords(ids) {
      // One transaction: a list of 100,000 members read one transaction per member took that many round trips.
      const store = (await open()).transaction('records').store;
      return Promise.all(ids.map((id) => store.get(id)));
    },
    async findRecordsByKey(key) {
      return (await open()).getAllFromIndex('records', 'keys', key);
    },
    async putRecord(record) {
      await (await open()).put('records', record);
    },
    async deleteRecord(id) {
      await (await open()).delete('records', id);
    },
    async allRecords() {
      return (await open()).getAll('records');
    },
    async keyIndex() {
      // A key cursor over the multiEntry index: each step gives one (key, record id) pair and never reads a value.
      const out: Array<[string, string]> = [];
      let cursor = await (await open()).transaction('records').store.index('keys').openKeyCursor();
      while (cursor) {
        out.push([String(cursor.key), String(cursor.primaryKey)]);
        cursor = await cursor.continue();
      }
      return out;
    },
    async putEvent(event) {
      await (await open()).put('events', event);
    },
    async events(limit) {
      const out: unknown[] = [];
      let cursor = await (await open()).transaction('events').store.index('at').openCursor(null, 'prev');
      while (cursor && out.length < limit) {
        out.push(cursor.value);
        cursor = await cursor.continue();
      }
      return out;
    },
    async trimEvents(max) {
      const tx = (await open()).transaction('events', 'readwrite');
      let seen = 0;
      let cursor = await tx.store.index('at').openCursor(null, 'prev');
      while (cursor) {
        if (++seen > max) await cursor.delete();
        cursor = await cursor.continue();
      }
      await tx.done;
    },
    async putList(list) {
      await (await open()).put('lists', list);
    },
    async getList(id) {
      return (await open()).get('lists', id);
    },
    async allLists() {
      return (await open()).getAll('lists');
    },
    async deleteList(id) {
      await (await open()).delete('lists', id);
    },
    async getMeta(name) {
      return (await open()).get('meta', name);
    },
    async putMeta(name, value) {
      await (await open()).put('meta', value, name);
    },
    async setAside(item, key, stillBad) {
      // A value in a keyPath store always has its key (IndexedDB refuses the put otherwise): no key, nothing here.
      if (key === undefined) return false;
      // One transaction: the check, the copy and the removal happen together, so a second reader of the same bad
      // item finds it gone, and a record written again meanwhile by a valid change is read as it is now.
      const tx = (await open()).transaction([item.store, 'quarantine'], 'readwrite');
      const source = tx.objectStore(item.store);
      const current: unknown = await source.get(key as string);
      if (current === undefined || !stillBad(current)) {
        await tx.done;
        return false;
      }
      await Promise.all([tx.objectStore('quarantine').add({ ...item, raw: current }), source.delete(key as string), tx.done]);
      return true;
    },
    async quarantined() {
      return (await open()).getAll('quarantine');
    },
    async quarantinedCount() {
      return (await open()).count('quarantine');
    },
  };
}
