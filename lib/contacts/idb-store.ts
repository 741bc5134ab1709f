/**
 * The contact book in IndexedDB (`ipe-contacts`, extension origin): separate from the cache (`ipe-cache`), whose
 * entries expire; nothing here expires. Records are indexed by every key they answer (multiEntry), so buying the
 * same person again by another identifier finds and updates one record.
 *
 * Beside each live record, in the same transaction, its row and its search line (./row.ts): pages, searches, "every
 * matching id" and a list's members read those, never the records. Version 2 added them; opening a version-1 book
 * derives them from every record once, in the upgrade, and sets aside the records that cannot be read (as reading
 * them did before).
 */
import type { DBSchema, IDBPTransaction, StoreNames } from 'idb';
import { databaseOpener } from '../storage/idb';
import { type BookRow, derivedOf, linesOfChunks, matchingLines, packChunk, packLine, readStoredRecord, searchChunkOf, SORT_KEY, type SortKeyName, unpackChunk } from './row';
import type { BookEntry, BookRecord, LookupEvent, SavedList } from './schema';
import type { ContactBookStore, QuarantinedRecord } from './store';

interface ContactsDb extends DBSchema {
  records: { key: string; value: BookRecord; indexes: { keys: string; deletedAt: number } };
  events: { key: string; value: LookupEvent; indexes: { at: number } };
  lists: { key: string; value: SavedList };
  quarantine: { key: number; value: QuarantinedRecord };
  meta: { key: string; value: unknown };
  rows: { key: string; value: BookRow; indexes: { kind: string } & Record<SortKeyName, IDBValidKey> };
  /** Search lines, packed by chunk (./row.ts `packLine`). */
  search: { key: number; value: string };
}

export const CONTACTS_DB = 'ipe-contacts';
/** 1: records, events, lists. 2: rows and search lines beside the records, and deletions indexed by time. */
export const CONTACTS_DB_VERSION = 2;
const SORT_KEYS: readonly SortKeyName[] = ['bd', 'ba', 'n', 'co', 'cr'];
/** Rows read per transaction when a list's members are opened. */
const ROW_BATCH = 5_000;

type RecordTx = IDBPTransaction<ContactsDb, Array<StoreNames<ContactsDb>>, 'readwrite' | 'versionchange'>;

/**
 * Writes a record with its row and search line (or, when its value cannot be read as the person or company it says,
 * moves it to the quarantine, as reading it would). In `tx`, which holds records, rows, search and quarantine.
 */
async function writeRecord(tx: RecordTx, raw: unknown, chunks: ChunkWriter = chunkWriter(tx), stored = false): Promise<void> {
  const read = readStoredRecord(raw);
  const id = (raw as { id?: unknown } | null)?.id;
  if ('reason' in read) {
    if (typeof id !== 'string') return;
    await Promise.all([
      tx.objectStore('quarantine').add({ id, store: 'records', raw, reason: read.reason, at: Date.now() }),
      tx.objectStore('records').delete(id),
      tx.objectStore('rows').delete(id),
      chunks.set(id, null),
    ]);
    return;
  }
  const derived = derivedOf(read.record, read.entry);
  await Promise.all([
    // A record the upgrade reads is already stored as it is: only what is derived from it is written.
    stored ? undefined : tx.objectStore('records').put(read.record),
    derived ? tx.objectStore('rows').put(derived.row) : tx.objectStore('rows').delete(read.record.id),
    chunks.set(read.record.id, derived ? packLine(derived.line) : null),
  ]);
}

interface ChunkWriter {
  /** Sets (or, with null, removes) a record's packed search line. */
  set(id: string, packed: string | null): Promise<void>;
}

/** Writes one line: its chunk read, changed and written back in `tx`. */
function chunkWriter(tx: RecordTx): ChunkWriter {
  return {
    async set(id, packed) {
      const store = tx.objectStore('search');
      const at = searchChunkOf(id);
      const lines = unpackChunk(await store.get(at));
      if (packed === null ? !lines.delete(id) : lines.get(id) === packed) return;
      if (packed !== null) lines.set(id, packed);
      await (lines.size ? store.put(packChunk(lines), at) : store.delete(at));
    },
  };
}

/** Collects every line in memory and writes each chunk once (the upgrade of a whole book). */
function chunkCollector(): ChunkWriter & { writeAll(tx: RecordTx): Promise<unknown> } {
  const chunks = new Map<number, Map<string, string>>();
  return {
    set(id, packed) {
      const at = searchChunkOf(id);
      const lines = chunks.get(at) ?? new Map<string, string>();
      chunks.set(at, lines);
      if (packed === null) lines.delete(id);
      else lines.set(id, packed);
      return Promise.resolve();
    },
    writeAll: (tx) => Promise.all([...chunks].map(([at, lines]) => tx.objectStore('search').put(packChunk(lines), at))),
  };
}

/** The book's database opener: `name` is the real book's, or demo mode's own (entrypoints/background/demo.ts). */
const openerOf = (name: string) =>
  databaseOpener<ContactsDb>({
  name,
  version: CONTACTS_DB_VERSION,
  async upgrade(database, oldVersion, tx) {
    if (oldVersion < 1) {
      database.createObjectStore('records', { keyPath: 'id' }).createIndex('keys', 'keys', { multiEntry: true });
      database.createObjectStore('events', { keyPath: 'id' }).createIndex('at', 'at');
      database.createObjectStore('lists', { keyPath: 'id' });
      database.createObjectStore('quarantine', { autoIncrement: true });
      database.createObjectStore('meta');
    }
    if (oldVersion < 2) {
      tx.objectStore('records').createIndex('deletedAt', 'deletedAt');
      const rows = database.createObjectStore('rows', { keyPath: 'id' });
      rows.createIndex('kind', 'kind');
      for (const key of SORT_KEYS) rows.createIndex(key, `s.${key}`);
      database.createObjectStore('search');
      // Every record of a version-1 book, once: the upgrade holds the database until it is done (the first page waits).
      // Writes are queued, not awaited one by one (the transaction runs them in order; one failing aborts the upgrade).
      const writes = tx as unknown as RecordTx;
      const chunks = chunkCollector();
      const pending: Array<Promise<void>> = [];
      // Read a thousand at a time: one cursor step per record waited for every write queued before it.
      const records = tx.objectStore('records');
      for (let after: string | undefined; ; ) {
        const batch: unknown[] = await records.getAll(after === undefined ? null : IDBKeyRange.lowerBound(after, true), 1_000);
        if (batch.length === 0) break;
        for (const raw of batch) pending.push(writeRecord(writes, raw, chunks, true));
        after = String((batch[batch.length - 1] as { id: unknown }).id);
      }
      await Promise.all([...pending, chunks.writeAll(writes)]);
    }
  },
});

export function createIdbContactBookStore(name = CONTACTS_DB): ContactBookStore {
  const open = openerOf(name);
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
      const tx = (await open()).transaction(['records', 'rows', 'search', 'quarantine'], 'readwrite');
      await Promise.all([writeRecord(tx, record), tx.done]);
    },
    async deleteRecord(id) {
      const tx = (await open()).transaction(['records', 'rows', 'search'], 'readwrite');
      await Promise.all([tx.objectStore('records').delete(id), tx.objectStore('rows').delete(id), chunkWriter(tx).set(id, null), tx.done]);
    },
    async query(q) {
      const db = await open();
      if (q.match !== null) {
        // A search reads every search line (small: id, folded text, sort keys), then the rows of one page.
        const lines = matchingLines(linesOfChunks(await db.getAll('search'), q), q);
        return { total: lines.length, entries: await rowEntries(lines.slice(q.offset, q.offset + q.limit).map((l) => l.id)) };
      }
      const tx = db.transaction('rows');
      const total = q.kind ? await tx.store.index('kind').count(q.kind) : await tx.store.count();
      const entries: BookEntry[] = [];
      let cursor = await tx.store.index(SORT_KEY[q.sort]).openCursor();
      // Without a kind, the rows before the page are skipped by the cursor, unread.
      if (cursor && !q.kind && q.offset > 0) cursor = await cursor.advance(q.offset);
      let skip = q.kind ? q.offset : 0;
      while (cursor && entries.length < q.limit) {
        if (!q.kind || cursor.value.kind === q.kind) {
          if (skip > 0) skip--;
          else entries.push(cursor.value.entry);
        }
        cursor = await cursor.continue();
      }
      return { total, entries };
    },
    async queryIds(q) {
      const db = await open();
      // Every live record in an order: the index's keys alone, in its order (no value read).
      if (q.match === null && !q.kind) return db.getAllKeysFromIndex('rows', SORT_KEY[q.sort]);
      return matchingLines(linesOfChunks(await db.getAll('search'), q), q).map((l) => l.id);
    },
    entries: (ids) => rowEntries(ids),
    async liveIds() {
      return (await open()).getAllKeys('rows');
    },
    async deletedBefore(at) {
      return (await open()).getAllKeysFromIndex('records', 'deletedAt', IDBKeyRange.upperBound(at));
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
      // A record set aside takes its row and search line with it: it leaves every view.
      const derived = item.store === 'records' ? (['rows', 'search'] as const) : [];
      const tx = (await open()).transaction([item.store, 'quarantine', ...derived], 'readwrite');
      const source = tx.objectStore(item.store);
      const current: unknown = await source.get(key as string);
      if (current === undefined || !stillBad(current)) {
        await tx.done;
        return false;
      }
      const gone = derived.length ? [tx.objectStore('rows').delete(key as string), chunkWriter(tx as unknown as RecordTx).set(key as string, null)] : [];
      await Promise.all([tx.objectStore('quarantine').add({ ...item, raw: current }), source.delete(key as string), ...gone, tx.done]);
      return true;
    },
    async quarantined() {
      return (await open()).getAll('quarantine');
    },
    async quarantinedCount() {
      return (await open()).count('quarantine');
    },
  };

  /** Rows by id, in the order asked; ids without a row (deleted, unknown, unreadable) left out. */
  async function rowEntries(ids: readonly string[]): Promise<BookEntry[]> {
    const out: BookEntry[] = [];
    for (let i = 0; i < ids.length; i += ROW_BATCH) {
      const store = (await open()).transaction('rows').store;
      for (const row of await Promise.all(ids.slice(i, i + ROW_BATCH).map((id) => store.get(id)))) if (row) out.push(row.entry);
    }
    return out;
  }
}
