/**
 * The contact book in IndexedDB (`ipe-contacts`, extension origin): separate from the cache (`ipe-cache`), whose
 * entries expire; nothing here expires. Records are indexed by every key they answer (multiEntry), so buying the
 * same person again by another identifier finds and updates one record.
 *
 * Beside each live record, in the same transaction, its row and its search line (./row.ts): pages, searches, "every
 * matching id" and a list's members read those, never the records. Version 2 added them, version 3 packed the lines
 * shorter. An upgrade only marks what is to be derived; the rows and lines are derived after it in short
 * transactions, with progress (`deriving`), while purchases and deletions go on; reads wait for the derivation. A
 * record that cannot be read is set aside then, as reading it did before.
 *
 * A search reads every line; the context keeps a copy of them and reads them again only after a write it did not
 * make (a number in the search store, raised by every write, says whether the copy is current).
 */
import type { DBSchema, IDBPTransaction, StoreNames } from 'idb';
import { databaseOpener } from '../storage/idb';
import { searchTextOf } from './entry';
import { type BookRow, derivedOf, matchingIdsOfChunks, packChunk, packLine, readStoredRecord, type RowQuery, SEARCH_CHUNKS, searchChunkOf, SORT_KEY, type SearchView, searchViewOf, type SortKeyName, unpackChunk } from './row';
import type { BookEntry, BookRecord, LookupEvent, SavedList } from './schema';
import type { ContactBookStore, QuarantinedRecord } from './store';

interface ContactsDb extends DBSchema {
  records: { key: string; value: BookRecord; indexes: { keys: string; deletedAt: number } };
  events: { key: string; value: LookupEvent; indexes: { at: number } };
  lists: { key: string; value: SavedList };
  quarantine: { key: number; value: QuarantinedRecord };
  meta: { key: string; value: unknown };
  rows: { key: string; value: BookRow; indexes: { kind: string } & Record<SortKeyName, IDBValidKey> };
  /** Search lines, packed by chunk (./row.ts `packLine`), keys 0 to SEARCH_CHUNKS - 1; at GENERATION, a number. */
  search: { key: number; value: string | number };
}

export const CONTACTS_DB = 'ipe-contacts';
/**
 * 1: records, events, lists. 2: rows and search lines beside the records, and deletions indexed by time. 3: search
 * lines packed shorter, in fewer chunks, with a generation number; derived after the upgrade, in batches (`derive`).
 */
export const CONTACTS_DB_VERSION = 3;
const SORT_KEYS: readonly SortKeyName[] = ['bd', 'ba', 'n', 'co', 'cr'];
/** Rows read per transaction when a list's members are opened. */
const ROW_BATCH = 5_000;
/** Records (or rows) derived per transaction after an upgrade: each is short, so a purchase waits for at most one (1,000 kept one waiting 0.45 s under load). */
const DERIVE_BATCH = 500;
/** Key in `search` of a number every write of a line raises: a reader's copy of the lines is current while it is unchanged. */
const GENERATION = -1;
/** The keys of the search chunks (the generation number sits below them). A function: importing this module must not need IndexedDB. */
const chunkKeys = (): IDBKeyRange => IDBKeyRange.bound(0, SEARCH_CHUNKS - 1);
/** Key in `meta` of the derivation an upgrade left to do: from 'records' (a version-1 book) or from 'rows'. */
const PENDING = 'derivePending';

type RecordTx = IDBPTransaction<ContactsDb, Array<StoreNames<ContactsDb>>, 'readwrite' | 'versionchange'>;

/**
 * Writes a record with its row and search line (or, when its value cannot be read as the person or company it says,
 * moves it to the quarantine, as reading it would). In `tx`, which holds records, rows, search and quarantine.
 */
async function writeRecord(tx: RecordTx, raw: unknown, chunks: ChunkWriter, stored = false): Promise<void> {
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
    // A record the derivation reads is already stored as it is: only what is derived from it is written.
    stored ? undefined : tx.objectStore('records').put(read.record),
    derived ? tx.objectStore('rows').put(derived.row) : tx.objectStore('rows').delete(read.record.id),
    chunks.set(read.record.id, derived ? packLine(derived.line) : null),
  ]);
}

interface ChunkWriter {
  /** Sets (or, with null, removes) a record's packed search line. */
  set(id: string, packed: string | null): Promise<void>;
}

/** What one transaction changed in the search chunks: applied to a reader's copy once it commits. */
interface ChunkChange {
  at: number;
  chunk: string | null;
  /** The generation the transaction found, and raised by one. */
  from: number;
}

/** Writes one line: its chunk read, changed and written back in `tx`, and the generation raised. */
function chunkWriter(tx: RecordTx, changes: ChunkChange[] = []): ChunkWriter {
  return {
    async set(id, packed) {
      const store = tx.objectStore('search');
      const at = searchChunkOf(id);
      const lines = unpackChunk((await store.get(at)) as string | undefined);
      if (packed === null ? !lines.delete(id) : lines.get(id) === packed) return;
      if (packed !== null) lines.set(id, packed);
      const chunk = lines.size ? packChunk(lines) : null;
      const from = Number((await store.get(GENERATION)) ?? 0);
      await Promise.all([chunk === null ? store.delete(at) : store.put(chunk, at), store.put(from + 1, GENERATION)]);
      changes.push({ at, chunk, from });
    },
  };
}

/**
 * Many lines in one transaction: each chunk they touch read once, changed in memory, and written once at `flush`, with
 * the generation raised once per chunk written (a reader's copy applies the changes in order).
 */
function chunkBatch(tx: RecordTx, changes: ChunkChange[]): ChunkWriter & { flush(): Promise<void> } {
  const store = tx.objectStore('search');
  const reads = new Map<number, Promise<Map<string, string>>>();
  const changed = new Set<number>();
  return {
    async set(id, packed) {
      const at = searchChunkOf(id);
      if (!reads.has(at)) reads.set(at, store.get(at).then((chunk) => unpackChunk(chunk as string | undefined)));
      const lines = await reads.get(at)!;
      if (packed === null ? !lines.delete(id) : lines.get(id) === packed) return;
      if (packed !== null) lines.set(id, packed);
      changed.add(at);
    },
    async flush() {
      let from = Number((await store.get(GENERATION)) ?? 0);
      const puts: Array<Promise<unknown>> = [];
      for (const at of changed) {
        const lines = await reads.get(at)!;
        const chunk = lines.size ? packChunk(lines) : null;
        puts.push(chunk === null ? store.delete(at) : store.put(chunk, at));
        changes.push({ at, chunk, from: from++ });
      }
      if (changed.size) puts.push(store.put(from, GENERATION));
      await Promise.all(puts);
    },
  };
}

/** Collects every line in memory, to write each chunk once (the derivation of a whole book). */
function chunkCollector(): ChunkWriter & { chunks: Map<number, Map<string, string>> } {
  const chunks = new Map<number, Map<string, string>>();
  return {
    chunks,
    set(id, packed) {
      const at = searchChunkOf(id);
      const lines = chunks.get(at) ?? new Map<string, string>();
      chunks.set(at, lines);
      if (packed === null) lines.delete(id);
      else lines.set(id, packed);
      return Promise.resolve();
    },
  };
}

/** The book's database opener: `name` is the real book's, or demo mode's own (entrypoints/background/demo.ts). */
const openerOf = (name: string) =>
  databaseOpener<ContactsDb>({
  name,
  version: CONTACTS_DB_VERSION,
  upgrade(database, oldVersion, tx) {
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
    } else if (oldVersion < 3) {
      // Lines of version 2 are packed another way: cleared here, written again by the derivation.
      void tx.objectStore('search').clear();
    }
    // The upgrade holds the database while it runs (every other open waits, the first page with it): it only marks
    // what is left to derive; the derivation runs after it, in short transactions (`derive`). A new book has nothing.
    if (oldVersion >= 1 && oldVersion < 3) void tx.objectStore('meta').put(oldVersion < 2 ? 'records' : 'rows', PENDING);
  },
});

/** How far the derivation after an upgrade has come: records (or rows) done of those there were when it started. */
export interface DeriveProgress {
  done: number;
  total: number;
}

export function createIdbContactBookStore(name = CONTACTS_DB): ContactBookStore {
  const open = openerOf(name);
  /**
   * The search chunks as of a generation: a search reads one number, and the chunks again only after a write. Every
   * line is then made ready (`searchViewOf`) once the search that needed them has answered, off its path.
   */
  let cache: { gen: number; chunks: Map<number, string>; view: SearchView | null; preparing: boolean } | null = null;
  let deriving: Promise<void> | null = null;
  let progress: DeriveProgress | null = null;
  /** Records this context wrote while the derivation ran: their lines are taken as the store holds them at its end. */
  let touched: Set<string> | null = null;

  /** After an upgrade: resolves once every row and search line is derived (started by the first read that needs them). */
  const derived = (): Promise<void> =>
    (deriving ??= derive().catch((error: unknown) => {
      deriving = null;
      progress = null;
      touched = null;
      throw error;
    }));

  /**
   * Rows and search lines of every record (or, from version 2, lines of every row), in batches (`DERIVE_BATCH`): the
   * book keeps taking purchases and deletions between them. Lines are collected in memory and each chunk written once
   * at the end (written per batch, every batch rewrote most chunks).
   */
  async function derive(): Promise<void> {
    const db = await open();
    const source = await db.get('meta', PENDING);
    if (source !== 'records' && source !== 'rows') return;
    progress = { done: 0, total: await db.count(source) };
    touched = new Set();
    const chunks = chunkCollector();
    for (let after: string | undefined; ; ) {
      const range = after === undefined ? null : IDBKeyRange.lowerBound(after, true);
      let ids: string[];
      if (source === 'records') {
        const tx = db.transaction(['records', 'rows', 'search', 'quarantine'], 'readwrite');
        const batch: unknown[] = await tx.objectStore('records').getAll(range, DERIVE_BATCH);
        ids = batch.map((raw) => String((raw as { id: unknown }).id));
        await Promise.all([...batch.map((raw) => writeRecord(tx, raw, chunks, true)), tx.done]);
      } else {
        const batch = await db.getAll('rows', range, DERIVE_BATCH);
        ids = batch.map((row) => row.id);
        for (const row of batch) await chunks.set(row.id, packLine({ id: row.id, kind: row.kind, t: searchTextOf(row.entry), s: row.s }));
      }
      progress.done += ids.length;
      if (ids.length < DERIVE_BATCH) break;
      after = ids[ids.length - 1];
    }
    const tx = db.transaction(['search', 'meta'], 'readwrite');
    const store = tx.objectStore('search');
    for (const id of touched) {
      const at = searchChunkOf(id);
      const now = unpackChunk((await store.get(at)) as string | undefined).get(id);
      await chunks.set(id, now ?? null);
    }
    const from = Number((await store.get(GENERATION)) ?? 0);
    await Promise.all([
      ...[...chunks.chunks].map(([at, lines]) => (lines.size ? store.put(packChunk(lines), at) : store.delete(at))),
      store.put(from + 1, GENERATION),
      tx.objectStore('meta').delete(PENDING),
      tx.done,
    ]);
    cache = null;
    progress = null;
    touched = null;
  }

  /** Applies a committed transaction's chunk changes to the copy, or drops the copy when it is not the one they follow. */
  function committed(changes: readonly ChunkChange[]): void {
    for (const c of changes) {
      if (cache?.gen !== c.from) {
        cache = null;
        return;
      }
      if (c.chunk === null) cache.chunks.delete(c.at);
      else cache.chunks.set(c.at, c.chunk);
      cache.gen = c.from + 1;
      cache.view = null;
      cache.preparing = false;
    }
  }

  /** The ids of every line `q` keeps, in its order: from this context's copy when it is current, else read again. */
  async function matchingIds(q: RowQuery): Promise<string[]> {
    await derived();
    const tx = (await open()).transaction('search');
    const gen = Number((await tx.store.get(GENERATION)) ?? 0);
    if (cache?.gen !== gen) {
      const [keys, values] = await Promise.all([tx.store.getAllKeys(chunkKeys()), tx.store.getAll(chunkKeys())]);
      cache = { gen, chunks: new Map(keys.map((key, i) => [key, String(values[i])])), view: null, preparing: false };
    }
    // A search without a word to look for reads every line anyway: they are made ready on its way.
    if (!cache.view && !q.anchor) cache.view = searchViewOf([...cache.chunks.values()]);
    if (cache.view) return cache.view.ids(q);
    // Otherwise this one reads only its word's lines, and every line is made ready after it has answered (one sort
    // of the book, 0.3-2 s at 100,000 contacts under load), for the next letters typed and the next pages.
    const answer = matchingIdsOfChunks(cache.chunks.values(), q);
    const ready = cache;
    if (!ready.preparing) {
      ready.preparing = true;
      setTimeout(() => {
        if (cache !== ready || ready.view || !ready.preparing) return;
        ready.view = searchViewOf([...ready.chunks.values()]);
        ready.view.ordered(q.sort);
      }, 0);
    }
    return answer;
  }

  /** A write of records, rows and lines, in one transaction; the copy of the chunks follows it once it commits. */
  async function writing<T>(stores: Array<StoreNames<ContactsDb>>, ids: readonly string[], body: (tx: RecordTx, chunks: ChunkWriter, changes: ChunkChange[]) => Promise<T>): Promise<T> {
    for (const id of ids) touched?.add(id);
    const changes: ChunkChange[] = [];
    const tx = (await open()).transaction(stores, 'readwrite');
    const [out] = await Promise.all([body(tx, chunkWriter(tx, changes), changes), tx.done]);
    committed(changes);
    return out;
  }

  return {
    // Records bought meanwhile past the derivation's place are read by it too: never more than the total is shown.
    deriving: () => (progress ? { done: Math.min(progress.done, progress.total), total: progress.total } : null),
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
    async findRecordsByKeys(keys) {
      const index = (await open()).transaction('records').store.index('keys');
      return Promise.all(keys.map((key) => index.getAll(key)));
    },
    async putRecord(record) {
      await writing(['records', 'rows', 'search', 'quarantine'], [record.id], (tx, chunks) => writeRecord(tx, record, chunks));
    },
    async putRecords(records) {
      await writing(
        ['records', 'rows', 'search', 'quarantine'],
        records.map((r) => r.id),
        async (tx, _chunks, changes) => {
          const batch = chunkBatch(tx, changes);
          await Promise.all(records.map((record) => writeRecord(tx, record, batch)));
          await batch.flush();
        },
      );
    },
    async deleteRecord(id) {
      await writing(['records', 'rows', 'search'], [id], (tx, chunks) =>
        Promise.all([tx.objectStore('records').delete(id), tx.objectStore('rows').delete(id), chunks.set(id, null)]),
      );
    },
    async query(q) {
      if (q.match !== null) {
        // A search reads the lines its anchor word occurs in (id, folded text, sort keys), then the rows of one page.
        const ids = await matchingIds(q);
        return { total: ids.length, entries: await rowEntries(ids.slice(q.offset, q.offset + q.limit)) };
      }
      await derived();
      const tx = (await open()).transaction('rows');
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
      return matchingIds(q);
    },
    entries: (ids) => rowEntries(ids),
    async liveIds() {
      await derived();
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
      const records = item.store === 'records';
      const stores: Array<StoreNames<ContactsDb>> = [item.store, 'quarantine', ...(records ? (['rows', 'search'] as const) : [])];
      return writing(stores, records ? [String(key)] : [], async (tx, chunks) => {
        const source = tx.objectStore(item.store);
        const current: unknown = await source.get(key as string);
        if (current === undefined || !stillBad(current)) return false;
        const gone = records ? [tx.objectStore('rows').delete(key as string), chunks.set(key as string, null)] : [];
        await Promise.all([tx.objectStore('quarantine').add({ ...item, raw: current }), source.delete(key as string), ...gone]);
        return true;
      });
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
    await derived();
    const out: BookEntry[] = [];
    for (let i = 0; i < ids.length; i += ROW_BATCH) {
      const store = (await open()).transaction('rows').store;
      for (const row of await Promise.all(ids.slice(i, i + ROW_BATCH).map((id) => store.get(id)))) if (row) out.push(row.entry);
    }
    return out;
  }
}
