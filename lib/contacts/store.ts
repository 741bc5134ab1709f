/**
 * Storage of the contact book. The IndexedDB implementation (./idb-store.ts) is what the extension uses; the
 * memory one runs the same book logic in Node (unit tests, bench). Reads return `unknown`: the book parses them.
 */
import type { BookRecord, LookupEvent, SavedList } from './schema';

export interface QuarantinedRecord {
  id: string;
  store: 'records' | 'events' | 'lists';
  raw: unknown;
  reason: string;
  at: number;
}

export interface ContactBookStore {
  getRecord(id: string): Promise<unknown>;
  /** The record holding `key` among its keys, if any. */
  findRecordByKey(key: string): Promise<unknown>;
  putRecord(record: BookRecord): Promise<void>;
  deleteRecord(id: string): Promise<void>;
  allRecords(): Promise<unknown[]>;
  /**
   * Every key any record answers, with its record's id, read without the records' values (a bulk job asks the book
   * about thousands of entries: one pass over the keys, then lookups in memory). Deleted records' keys included.
   */
  keyIndex(): Promise<Array<[key: string, id: string]>>;

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

  /** Moves a stored value that failed validation aside (kept for inspection, never shown). */
  quarantine(item: QuarantinedRecord): Promise<void>;
  quarantined(): Promise<QuarantinedRecord[]>;
}

export function createMemoryContactBookStore(): ContactBookStore & { raw: { records: Map<string, unknown>; lists: Map<string, unknown> } } {
  const records = new Map<string, unknown>();
  const events = new Map<string, LookupEvent>();
  const lists = new Map<string, unknown>();
  const quarantine: QuarantinedRecord[] = [];
  const meta = new Map<string, unknown>();
  const clone = <T>(v: T): T => structuredClone(v);
  const keysOf = (r: unknown): readonly unknown[] => {
    const keys = (r as { keys?: unknown } | null)?.keys;
    return Array.isArray(keys) ? keys : [];
  };
  return {
    raw: { records, lists },
    getRecord: (id) => Promise.resolve(clone(records.get(id))),
    findRecordByKey: (key) => Promise.resolve(clone([...records.values()].find((r) => keysOf(r).includes(key)))),
    putRecord: (record) => Promise.resolve(void records.set(record.id, clone(record))),
    deleteRecord: (id) => Promise.resolve(void records.delete(id)),
    allRecords: () => Promise.resolve([...records.values()].map(clone)),
    keyIndex: () =>
      Promise.resolve(
        [...records.values()].flatMap((r) => {
          const id = (r as { id?: unknown } | null)?.id;
          return typeof id === 'string' ? keysOf(r).flatMap((k) => (typeof k === 'string' ? [[k, id] as [string, string]] : [])) : [];
        }),
      ),
    putEvent: (event) => Promise.resolve(void events.set(event.id, clone(event))),
    events: (limit) => Promise.resolve([...events.values()].sort((a, b) => b.at - a.at).slice(0, limit).map(clone)),
    trimEvents: (max) => {
      const sorted = [...events.values()].sort((a, b) => b.at - a.at);
      for (const old of sorted.slice(max)) events.delete(old.id);
      return Promise.resolve();
    },
    putList: (list) => Promise.resolve(void lists.set(list.id, clone(list))),
    getList: (id) => Promise.resolve(clone(lists.get(id))),
    allLists: () => Promise.resolve([...lists.values()].map(clone)),
    deleteList: (id) => Promise.resolve(void lists.delete(id)),
    getMeta: (name) => Promise.resolve(clone(meta.get(name))),
    putMeta: (name, value) => Promise.resolve(void meta.set(name, clone(value))),
    quarantine: (item) => Promise.resolve(void quarantine.push(clone(item))),
    quarantined: () => Promise.resolve(quarantine.map(clone)),
  };
}
