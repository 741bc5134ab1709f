/**
 * The contact book: every person and company answer the user paid for, kept until they delete it (issue 14).
 * The cache decides whether a lookup is free; the book keeps what was bought. Reading parses every record: one
 * that fails is quarantined (kept aside, never shown) and the rest still load.
 *
 * Deleting is soft for `UNDO_MS` (the panel offers "Undo"), then final. Deleting never touches the cache: the
 * answer stays cached until it expires, so looking the person up again meanwhile is free, not a second charge.
 *
 * Every change runs in one order (`write`): each reads a record or a list and writes it back, and two purchases of one
 * person (a bulk chunk and a lookup reaching them by different identifiers), or an "Add to list" and a rename, would
 * otherwise each write over the other's change (keys and credits of a purchase lost; members of a list lost).
 */
import { z } from 'zod';
import { entryOf, searchTextOf } from './entry';
import { foldText, textQuery } from '../model/text-query';
import {
  type BookEntry,
  type BookKind,
  type BookRecord,
  BookRecordSchema,
  type BookSort,
  type LookupEvent,
  LookupEventSchema,
  type SavedList,
  SavedListSchema,
} from './schema';
import type { ContactBookStore } from './store';
import { createOrder } from '../async/keyed-order';

/** How long a deletion can be undone. */
export const UNDO_MS = 10_000;
/** Lookup events kept (newest first); records themselves are never trimmed. */
export const MAX_EVENTS = 5_000;

export interface Purchase {
  kind: BookKind;
  /** Stable identity of the thing bought (the service's `_id` when known). */
  id: string;
  key: string;
  keys: readonly string[];
  value: unknown;
  creditsCharged: number;
  fetchedAt: number;
  /**
   * The value is a summary of the person (a contact search's record), not their enrichment: it never replaces a value
   * the book already holds (a record bought with its work history or waterfall stays whole); keys and credits add up.
   */
  summaryOnly?: boolean;
}

export interface ListSummary {
  id: string;
  name: string;
  createdAt: number;
  count: number;
}

export interface BookQuery {
  query?: string;
  kind?: BookKind;
  sort?: BookSort;
  offset?: number;
  limit?: number;
}

export function createContactBook(options: { store: ContactBookStore; now?: () => number; newId?: () => string }) {
  const { store } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const write = createOrder();
  /** Bumped by every purchase kept: a new key may answer for someone (lib/contacts/saved.ts reuses its index until then). */
  let purchases = 0;

  async function parsed<T>(raw: unknown, schema: z.ZodType<T>, where: 'records' | 'events' | 'lists'): Promise<T | null> {
    if (raw === undefined || raw === null) return null;
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    const id = typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : '';
    await store.quarantine({ id, store: where, raw, reason: z.prettifyError(result.error), at: now() });
    if (where === 'records' && id) await store.deleteRecord(id);
    if (where === 'lists' && id) await store.deleteList(id);
    return null;
  }

  /** A record with an unreadable value is quarantined too: it could never be shown or exported. */
  async function readRecord(raw: unknown): Promise<{ record: BookRecord; entry: BookEntry } | null> {
    const record = await parsed(raw, BookRecordSchema, 'records');
    if (!record) return null;
    const entry = entryOf(record);
    if (!entry) {
      await store.quarantine({ id: record.id, store: 'records', raw, reason: `The stored ${record.kind} does not read as one.`, at: now() });
      await store.deleteRecord(record.id);
      return null;
    }
    return { record, entry };
  }

  /** Never called inside `write` (it waits for the final deletes it asks for). */
  async function live(): Promise<Array<{ record: BookRecord; entry: BookEntry }>> {
    const out: Array<{ record: BookRecord; entry: BookEntry }> = [];
    const expired: string[] = [];
    const at = now();
    for (const raw of await store.allRecords()) {
      const item = await readRecord(raw);
      if (!item) continue;
      if (item.record.deletedAt !== undefined) {
        if (at - item.record.deletedAt >= UNDO_MS) expired.push(item.record.id);
        continue;
      }
      out.push(item);
    }
    // One at a time: each rewrites the lists the record is in, from what they hold now.
    if (expired.length)
      await write(async () => {
        for (const id of expired) await finalDelete(id);
      });
    return out;
  }

  /** In `write`: the record is read again, so one restored or bought again since the listing is kept. */
  async function finalDelete(id: string): Promise<void> {
    const record = await parsed(await store.getRecord(id), BookRecordSchema, 'records');
    if (record?.deletedAt === undefined || now() - record.deletedAt < UNDO_MS) return;
    await store.deleteRecord(id);
    for (const list of await allLists()) {
      if (!list.members.includes(id)) continue;
      await store.putList({ ...list, members: list.members.filter((m) => m !== id) });
    }
  }

  async function allLists(): Promise<SavedList[]> {
    const out: SavedList[] = [];
    for (const raw of await store.allLists()) {
      const list = await parsed(raw, SavedListSchema, 'lists');
      if (list) out.push(list);
    }
    return out.sort((a, b) => a.createdAt - b.createdAt);
  }

  async function requireList(id: string): Promise<SavedList> {
    const list = await parsed(await store.getList(id), SavedListSchema, 'lists');
    if (!list) throw new Error('This list no longer exists.');
    return list;
  }

  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  const sorters: Record<BookSort, (a: BookEntry, b: BookEntry) => number> = {
    'bought-desc': (a, b) => b.lastBoughtAt - a.lastBoughtAt,
    'bought-asc': (a, b) => a.firstBoughtAt - b.firstBoughtAt,
    name: (a, b) => collator.compare(a.name, b.name),
    company: (a, b) => collator.compare(a.company || a.name, b.company || b.name) || collator.compare(a.name, b.name),
    credits: (a, b) => b.creditsSpent - a.creditsSpent || b.lastBoughtAt - a.lastBoughtAt,
  };

  /** Full records by id (deleted ones left out), in the order asked. */
  async function records(ids: readonly string[]): Promise<BookRecord[]> {
    const out: BookRecord[] = [];
    for (const id of ids) {
      const item = await readRecord(await store.getRecord(id));
      if (item && item.record.deletedAt === undefined) out.push(item.record);
    }
    return out;
  }

  return {
    records,
    /** Every record's keys with its id (deleted records included: `records` leaves them out when read). */
    keyIndex: (): Promise<Array<[key: string, id: string]>> => store.keyIndex(),
    /** How many purchases this book has kept since it was opened (a new one can add keys). */
    purchases: (): number => purchases,
    getMeta: (name: string) => store.getMeta(name),
    putMeta: (name: string, value: unknown) => store.putMeta(name, value),

    /** Keeps (or updates) what was bought. Returns the record's id. */
    keep: (purchase: Purchase): Promise<string> => write(async () => {
      const existing =
        (await parsed(await store.getRecord(purchase.id), BookRecordSchema, 'records')) ??
        (await firstParsed(purchase.keys.length ? [purchase.key, ...purchase.keys] : [purchase.key]));
      const keys = [...new Set([...(existing?.keys ?? []), purchase.key, ...purchase.keys])].slice(0, 200);
      const record: BookRecord = {
        id: existing?.id ?? purchase.id,
        kind: purchase.kind,
        key: existing && purchase.summaryOnly ? existing.key : purchase.key,
        keys,
        value: existing && purchase.summaryOnly ? existing.value : purchase.value,
        firstBoughtAt: Math.min(existing?.firstBoughtAt ?? purchase.fetchedAt, purchase.fetchedAt),
        lastBoughtAt: Math.max(existing?.lastBoughtAt ?? purchase.fetchedAt, purchase.fetchedAt),
        creditsSpent: (existing?.creditsSpent ?? 0) + purchase.creditsCharged,
      };
      await store.putRecord(record);
      purchases++;
      return record.id;

      async function firstParsed(candidates: string[]): Promise<BookRecord | null> {
        for (const key of candidates) {
          const found = await parsed(await store.findRecordByKey(key), BookRecordSchema, 'records');
          if (found && found.kind === purchase.kind) return found;
        }
        return null;
      }
    }),

    async addEvent(event: Omit<LookupEvent, 'id'>): Promise<void> {
      await store.putEvent({ id: newId(), ...event });
      await store.trimEvents(MAX_EVENTS);
    },

    async events(opts: { query?: string; limit?: number } = {}): Promise<LookupEvent[]> {
      const matches = textQuery(opts.query);
      const out: LookupEvent[] = [];
      for (const raw of await store.events(MAX_EVENTS)) {
        const event = await parsed(raw, LookupEventSchema, 'events');
        if (!event) continue;
        if (matches !== null && !matches(foldText(`${event.label}\n${event.key}`))) continue;
        out.push(event);
        if (out.length >= (opts.limit ?? 200)) break;
      }
      return out;
    },

    async list(query: BookQuery = {}): Promise<{ total: number; entries: BookEntry[] }> {
      const matches = textQuery(query.query);
      const matching = (await live())
        .map((i) => i.entry)
        .filter((e) => (!query.kind || e.kind === query.kind) && (matches === null || matches(searchTextOf(e))))
        .sort(sorters[query.sort ?? 'bought-desc']);
      const offset = query.offset ?? 0;
      return { total: matching.length, entries: matching.slice(offset, offset + (query.limit ?? 200)) };
    },

    /** Soft delete: gone from every view now, final after UNDO_MS unless restored. */
    remove: (ids: readonly string[]): Promise<{ removed: number; undoUntil: number }> => {
      // The time of the click, not of the turn: the undo window the panel shows starts now.
      const at = now();
      return write(async () => {
        let removed = 0;
        for (const id of ids) {
          const record = await parsed(await store.getRecord(id), BookRecordSchema, 'records');
          if (!record || record.deletedAt !== undefined) continue;
          await store.putRecord({ ...record, deletedAt: at });
          removed++;
        }
        return { removed, undoUntil: at + UNDO_MS };
      });
    },

    restore: (ids: readonly string[]): Promise<{ restored: number }> => {
      // The time of the click: an Undo clicked inside the window counts even if a purchase being kept delays its turn.
      const at = now();
      return write(async () => {
        let restored = 0;
        for (const id of ids) {
          const record = await parsed(await store.getRecord(id), BookRecordSchema, 'records');
          if (!record || record.deletedAt === undefined || at - record.deletedAt >= UNDO_MS) continue;
          const { deletedAt: _gone, ...kept } = record;
          await store.putRecord(kept);
          restored++;
        }
        return { restored };
      });
    },

    // ------------------------------------------------------------------------------------------ saved lists

    async lists(): Promise<ListSummary[]> {
      const present = new Set((await live()).map((i) => i.record.id));
      return (await allLists()).map((l) => ({ id: l.id, name: l.name, createdAt: l.createdAt, count: l.members.filter((m) => present.has(m)).length }));
    },

    createList: (name: string): Promise<ListSummary> => write(async () => {
      const list = SavedListSchema.parse({ id: newId(), name, createdAt: now(), members: [] });
      await store.putList(list);
      return { id: list.id, name: list.name, createdAt: list.createdAt, count: 0 };
    }),

    renameList: (id: string, name: string): Promise<void> => write(async () => {
      const list = await requireList(id);
      await store.putList(SavedListSchema.parse({ ...list, name }));
    }),

    deleteList: (id: string): Promise<void> => write(() => store.deleteList(id)),

    /** Adds records (existing ones only, each once). Returns how many were new to the list. */
    addToList: (id: string, recordIds: readonly string[]): Promise<{ added: number }> => write(async () => {
      const list = await requireList(id);
      const present = new Set(list.members);
      const known = await records(recordIds.filter((r) => !present.has(r)));
      const members = [...list.members];
      for (const record of known) {
        if (present.has(record.id)) continue;
        members.push(record.id);
        present.add(record.id);
      }
      await store.putList({ ...list, members });
      return { added: members.length - list.members.length };
    }),

    removeFromList: (id: string, recordIds: readonly string[]): Promise<{ removed: number }> => write(async () => {
      const list = await requireList(id);
      const drop = new Set(recordIds);
      const members = list.members.filter((m) => !drop.has(m));
      await store.putList({ ...list, members });
      return { removed: list.members.length - members.length };
    }),

    async listMembers(id: string): Promise<{ list: SavedList; records: BookRecord[] }> {
      const list = await requireList(id);
      return { list, records: await records(list.members) };
    },
  };
}

export type ContactBook = ReturnType<typeof createContactBook>;
