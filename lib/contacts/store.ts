/**
 * Storage of the contact book. The IndexedDB implementation (./idb-store.ts) is what the extension uses; the
 * memory one runs the same book logic in Node (unit tests, bench). Reads return `unknown`: the book parses them.
 */
import { derivedOf, matchingLines, readStoredRecord, type RowQuery } from './row';
import type { BookEntry, BookRecord, LookupEvent, SavedList } from './schema';

export interface QuarantinedRecord {
  id: string;
  store: 'records' | 'events' | 'lists';
  raw: unknown;
  reason: string;
  at: number;
}

export interface ContactBookStore {
  getRecord(id: string): Promise<unknown>;
  /** Several records by id in one read (one IndexedDB transaction), in the order asked; undefined where none. */
  getRecords(ids: readonly string[]): Promise<unknown[]>;
  /** Every record holding `key` among its keys: two people may share one (a company's switchboard number). */
  findRecordsByKey(key: string): Promise<unknown[]>;
  /** `findRecordsByKey` for several keys in one read, in the order asked. */
  findRecordsByKeys(keys: readonly string[]): Promise<unknown[][]>;
  putRecord(record: BookRecord): Promise<void>;
  /** Several records in one write (one transaction, each search chunk written once). */
  putRecords(records: readonly BookRecord[]): Promise<void>;
  deleteRecord(id: string): Promise<void>;
  allRecords(): Promise<unknown[]>;
  /**
   * Every key any record answers, with its record's id, read without the records' values (a bulk job asks the book
   * about thousands of entries: one pass over the keys, then lookups in memory). Deleted records' keys included.
   */
  keyIndex(): Promise<Array<[key: string, id: string]>>;

  /**
   * A page of live records as rows, in the query's order, and how many match in all. Reads the rows kept beside the
   * records (./row.ts), never the records: a record that cannot be read has no row (it is set aside).
   */
  query(q: RowQuery & { offset: number; limit: number }): Promise<{ total: number; entries: BookEntry[] }>;
  /** The id of every live record the query matches, in its order. */
  queryIds(q: RowQuery): Promise<string[]>;
  /** Live records' rows by id, in the order asked; deleted, unknown and unreadable ones left out. */
  entries(ids: readonly string[]): Promise<BookEntry[]>;
  /** The id of every live record. */
  liveIds(): Promise<string[]>;
  /** Ids of records deleted at or before `at` (soft-deleted: their undo window is over). */
  deletedBefore(at: number): Promise<string[]>;

  putEvent(event: LookupEvent): Promise<void>;
  /** Newest first. */
  events(limit: number): Promise<unknown[]>;
  /** Keeps the newest `max` events. */
  trimEvents(max: number): Promise<void>;

  putList(list: SavedList): Promise<void>;
  getList(id: string): Promise<unknown>;
  allLists(): Promise<unknown[]>;
  deleteList(id: string): Promise<void>;

  /** Small settings of the book (the webhook destination), by name. */
  getMeta(name: string): Promise<unknown>;
  putMeta(name: string, value: unknown): Promise<void>;

  /**
   * Moves a stored value that failed validation aside (kept whole for inspection, never shown), once: in one step
   * it is added to the quarantine and removed from `item.store`, and only if that store still holds, under `key`, a
   * value `stillBad` rejects. Two readers of one bad item set it aside once, and one written again meanwhile by a
   * valid change stays. What is quarantined is the value removed. False when nothing was moved.
   */
  setAside(item: QuarantinedRecord, key: string | number | undefined, stillBad: (current: unknown) => boolean): Promise<boolean>;
  quarantined(): Promise<QuarantinedRecord[]>;
  quarantinedCount(): Promise<number>;
  /** After an upgrade, while rows and search lines are still being derived: how many of how many (./idb-store.ts). */
  deriving?(): { done: number; total: number } | null;
}

export function createMemoryContactBookStore(): ContactBookStore & { raw: { records: Map<string, unknown>; events: Map<string, unknown>; lists: Map<string, unknown> } } {
  const records = new RecordMap();
  const events = new Map<string, unknown>();
  const lists = new Map<string, unknown>();
  const quarantine: QuarantinedRecord[] = [];
  const meta = new Map<string, unknown>();
  const clone = <T>(v: T): T => structuredClone(v);
  return {
    raw: { records, events, lists },
    getRecord: (id) => Promise.resolve(clone(records.get(id))),
    getRecords: (ids) => Promise.resolve(ids.map((id) => clone(records.get(id)))),
    findRecordsByKey: (key) => Promise.resolve(records.holding(key).map((id) => clone(records.get(id)))),
    findRecordsByKeys: (keys) => Promise.resolve(keys.map((key) => records.holding(key).map((id) => clone(records.get(id))))),
    putRecord: (record) => Promise.resolve(void records.set(record.id, clone(record))),
    putRecords: (list) => Promise.resolve(list.forEach((record) => records.set(record.id, clone(record)))),
    deleteRecord: (id) => Promise.resolve(void records.delete(id)),
    allRecords: () => Promise.resolve([...records.values()].map(clone)),
    keyIndex: () =>
      Promise.resolve(
        [...records.values()].flatMap((r) => {
          const id = (r as { id?: unknown } | null)?.id;
          return typeof id === 'string' ? keysOf(r).flatMap((k) => (typeof k === 'string' ? [[k, id] as [string, string]] : [])) : [];
        }),
      ),
    query: (q) => {
      const rows = derived();
      const lines = matchingLines([...rows.values()].map((d) => d.line), q);
      const entries = lines.slice(q.offset, q.offset + q.limit).flatMap((l) => rows.get(l.id)?.row.entry ?? []);
      return Promise.resolve({ total: lines.length, entries: clone(entries) });
    },
    queryIds: (q) => Promise.resolve(matchingLines([...derived().values()].map((d) => d.line), q).map((l) => l.id)),
    entries: (ids) => {
      const rows = derived();
      return Promise.resolve(clone(ids.flatMap((id) => rows.get(id)?.row.entry ?? [])));
    },
    liveIds: () => Promise.resolve([...derived().keys()]),
    deletedBefore: (at) =>
      Promise.resolve(
        [...records.values()].flatMap((raw) => {
          const read = readStoredRecord(raw);
          return 'record' in read && read.record.deletedAt !== undefined && read.record.deletedAt <= at ? [read.record.id] : [];
        }),
      ),
    putEvent: (event) => Promise.resolve(void events.set(event.id, clone(event))),
    events: (limit) => Promise.resolve(newestFirst().slice(0, limit).map(([, e]) => clone(e))),
    trimEvents: (max) => {
      for (const [id] of newestFirst().slice(max)) events.delete(id);
      return Promise.resolve();
    },
    putList: (list) => Promise.resolve(void lists.set(list.id, clone(list))),
    getList: (id) => Promise.resolve(clone(lists.get(id))),
    allLists: () => Promise.resolve([...lists.values()].map(clone)),
    deleteList: (id) => Promise.resolve(void lists.delete(id)),
    getMeta: (name) => Promise.resolve(clone(meta.get(name))),
    putMeta: (name, value) => Promise.resolve(void meta.set(name, clone(value))),
    setAside: (item, key, stillBad) => {
      const where = item.store === 'records' ? records : item.store === 'events' ? events : lists;
      // Tests store damaged values under any map key, so a value is found by its key, else by being the same value.
      const same = JSON.stringify(item.raw);
      const at = key !== undefined && where.has(String(key)) ? String(key) : [...where].find(([, v]) => JSON.stringify(v) === same)?.[0];
      const current = at === undefined ? undefined : where.get(at);
      if (at === undefined || current === undefined || !stillBad(clone(current))) return Promise.resolve(false);
      quarantine.push(clone({ ...item, raw: current }));
      where.delete(at);
      return Promise.resolve(true);
    },
    quarantined: () => Promise.resolve(quarantine.map(clone)),
    quarantinedCount: () => Promise.resolve(quarantine.length),
  };

  /**
   * Rows and search lines derived from the records as they are now (this store keeps no index: it is for tests and
   * Node). A record that cannot be read is set aside, as IndexedDB's store does when it meets one.
   */
  function derived(): Map<string, NonNullable<ReturnType<typeof derivedOf>>> {
    const out = new Map<string, NonNullable<ReturnType<typeof derivedOf>>>();
    for (const [at, raw] of [...records]) {
      const read = readStoredRecord(raw);
      if ('reason' in read) {
        quarantine.push(clone({ id: at, store: 'records', raw, reason: read.reason, at: Date.now() }));
        records.delete(at);
        continue;
      }
      const d = derivedOf(read.record, read.entry);
      if (d) out.set(read.record.id, d);
    }
    return out;
  }

  /** Events by time, newest first (an event damaged in storage sorts last). */
  function newestFirst(): Array<[string, unknown]> {
    const at = (e: unknown) => {
      const v = (e as { at?: unknown } | null)?.at;
      return typeof v === 'number' ? v : -Infinity;
    };
    return [...events].sort(([, a], [, b]) => at(b) - at(a) || 0);
  }
}

function keysOf(r: unknown): readonly unknown[] {
  const keys = (r as { keys?: unknown } | null)?.keys;
  return Array.isArray(keys) ? keys : [];
}

/**
 * Records by id, and which ids hold each key, kept on every write (tests write `raw.records` directly too): what
 * IndexedDB's multi-entry index on `keys` is to ./idb-store.ts. Without it each purchase a bulk chunk keeps scanned the
 * whole book, and the bench timed that scan as the extension's.
 */
class RecordMap extends Map<string, unknown> {
  private readonly byKey = new Map<unknown, Set<string>>();

  override set(id: string, value: unknown): this {
    this.unindex(id);
    super.set(id, value);
    for (const key of keysOf(value)) {
      const ids = this.byKey.get(key);
      if (ids) ids.add(id);
      else this.byKey.set(key, new Set([id]));
    }
    return this;
  }

  override delete(id: string): boolean {
    this.unindex(id);
    return super.delete(id);
  }

  override clear(): void {
    this.byKey.clear();
    super.clear();
  }

  /** The ids of the records holding `key`, in id order (as an index lists equal keys). */
  holding(key: string): string[] {
    return [...(this.byKey.get(key) ?? [])].sort();
  }

  private unindex(id: string): void {
    for (const key of keysOf(super.get(id))) {
      const ids = this.byKey.get(key);
      ids?.delete(id);
      if (ids?.size === 0) this.byKey.delete(key);
    }
  }
}
