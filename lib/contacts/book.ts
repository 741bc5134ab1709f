/**
 * The contact book: every person and company answer the user paid for, kept until they delete it.
 * The cache decides whether a lookup is free; the book keeps what was bought. Reading parses every record: one
 * that fails is set aside once (moved whole to the quarantine, never shown; `damaged()` counts them) and the rest
 * still load. Every write is parsed first with the same schemas: a change that would store what reading sets aside
 * (a list past its member limit) is refused with the reason, and what was stored stays as it was.
 *
 * One record is one person or company: two answers merge only when they are the same one by the service's `_id`
 * (or neither has an `_id` and they share a key). Identifiers are not people: colleagues share a company switchboard
 * number, a team shares one profile link, and merging by them put one person's answer over another's.
 *
 * Deleting is soft for `UNDO_MS` (the panel offers "Undo"), then final. Deleting never touches the cache: the
 * answer stays cached until it expires, so looking the person up again meanwhile is free, not a second charge.
 *
 * Every change runs in one order (`write`): each reads a record or a list and writes it back, and two purchases of one
 * person (a bulk chunk and a lookup reaching them by different identifiers), or an "Add to list" and a rename, would
 * otherwise each write over the other's change (keys and credits of a purchase lost; members of a list lost).
 */
import { z } from 'zod';
import { HandledError } from '../errors/handled-error';
import { t } from '../i18n/t';
import { entryOf } from './entry';
import { anchorOf, type RowQuery } from './row';
import { foldText, textQuery } from '../model/text-query';
import {
  type BookEntry,
  type BookKind,
  type BookRecord,
  BookRecordSchema,
  type BookSort,
  type LookupEvent,
  LookupEventSchema,
  MAX_LIST_MEMBERS,
  type SavedList,
  SavedListSchema,
} from './schema';
import type { ContactBookStore, QuarantinedRecord } from './store';
import { createOrder } from '../async/keyed-order';
import { keepAll } from './keep';

/** How long a deletion can be undone. */
export const UNDO_MS = 10_000;
/** Lookup events kept (newest first); records themselves are never trimmed. */
export const MAX_EVENTS = 5_000;
/** Records read per store read (one IndexedDB transaction) when a list or a set of ids is opened. */
const READ_BATCH = 1_000;

type Where = QuarantinedRecord['store'];

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
  const order = createOrder();
  /** Changes asked for so far: a batch of purchases takes no more once another change was asked after it. */
  let asked = 0;
  const write = <T>(step: () => Promise<T>): Promise<T> => {
    asked++;
    return order(step);
  };
  /** Bumped by every purchase kept: a new key may answer for someone (lib/contacts/saved.ts reuses its index until then). */
  let purchases = 0;

  /**
   * `raw` as `schema` reads it, or null. One that fails is set aside: moved to the quarantine and out of its store in
   * one step. It used to be quarantined where it stood: an unreadable event was quarantined again on every history view.
   */
  async function parsed<T>(raw: unknown, schema: z.ZodType<T>, where: Where): Promise<T | null> {
    if (raw === undefined || raw === null) return null;
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    await setAside(where, raw, z.prettifyError(result.error), (current) => !schema.safeParse(current).success);
    return null;
  }

  /** `stillBad` is asked again of what the store holds then: a record bought again meanwhile is kept, not set aside. */
  async function setAside(where: Where, raw: unknown, reason: string, stillBad: (current: unknown) => boolean): Promise<void> {
    const key = raw !== null && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
    const stored = typeof key === 'string' || (typeof key === 'number' && Number.isFinite(key)) ? key : undefined;
    await store.setAside({ id: typeof key === 'string' ? key : '', store: where, raw, reason, at: now() }, stored, stillBad);
  }

  /** A record with an unreadable value is set aside too: it could never be shown or exported. */
  async function readRecord(raw: unknown): Promise<{ record: BookRecord; entry: BookEntry } | null> {
    const record = await parsed(raw, BookRecordSchema, 'records');
    if (!record) return null;
    const entry = entryOf(record);
    if (!entry) {
      await setAside('records', raw, `The stored ${record.kind} does not read as one.`, (current) => {
        const again = BookRecordSchema.safeParse(current);
        return !again.success || entryOf(again.data) === null;
      });
      return null;
    }
    return { record, entry };
  }

  /**
   * Every write goes through here: what reading would set aside is never stored. The write is refused with the
   * reason and the store keeps what it held (a list written past its member limit was deleted on its next read).
   */
  function valid<T>(schema: z.ZodType<T>, value: T, what: 'record' | 'event' | 'list'): T {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    throw new HandledError({ kind: 'invalid_message', message: t('book_store_refused', t(`book_store_what_${what}`)), detail: z.prettifyError(result.error).slice(0, 2000) });
  }
  const putRecord = (record: BookRecord) => store.putRecord(valid(BookRecordSchema, record, 'record'));
  const putList = (list: SavedList) => {
    if (list.members.length > MAX_LIST_MEMBERS) {
      throw new HandledError({ kind: 'invalid_message', message: t('book_list_too_big', MAX_LIST_MEMBERS, list.name, list.members.length) });
    }
    return store.putList(valid(SavedListSchema, list, 'list'));
  };

  /**
   * Deletions whose undo window is over become final (records gone, lists without them). Found through the index of
   * deletions, not by reading the book. Never called inside `write` (it waits for the final deletes it asks for).
   */
  async function purgeExpired(): Promise<void> {
    const expired = await store.deletedBefore(now() - UNDO_MS);
    // One at a time: each rewrites the lists the record is in, from what they hold now.
    if (expired.length)
      await write(async () => {
        for (const id of expired) await finalDelete(id);
      });
  }

  /** In `write`: the record is read again, so one restored or bought again since the listing is kept. */
  async function finalDelete(id: string): Promise<void> {
    const record = await parsed(await store.getRecord(id), BookRecordSchema, 'records');
    if (record?.deletedAt === undefined || now() - record.deletedAt < UNDO_MS) return;
    await store.deleteRecord(id);
    for (const list of await allLists()) {
      if (!list.members.includes(id)) continue;
      await putList({ ...list, members: list.members.filter((m) => m !== id) });
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

  /** A query as the store's rows answer it (lib/contacts/row.ts): the same folded text, matched the same way. */
  const rowQuery = (query: BookQuery): RowQuery => ({ match: textQuery(query.query), anchor: anchorOf(query.query), kind: query.kind, sort: query.sort ?? 'bought-desc' });

  /** Live records by id (deleted ones left out), in the order asked: read in batches, one store read each. */
  async function liveItems(ids: readonly string[]): Promise<Array<{ record: BookRecord; entry: BookEntry }>> {
    const out: Array<{ record: BookRecord; entry: BookEntry }> = [];
    for (let i = 0; i < ids.length; i += READ_BATCH) {
      for (const raw of await store.getRecords(ids.slice(i, i + READ_BATCH))) {
        const item = await readRecord(raw);
        if (item && item.record.deletedAt === undefined) out.push(item);
      }
    }
    return out;
  }

  /** Full records by id (deleted ones left out), in the order asked. */
  async function records(ids: readonly string[]): Promise<BookRecord[]> {
    return (await liveItems(ids)).map((i) => i.record);
  }

  /**
   * Purchases asked for while the book is busy are kept together in its next turn (./keep.ts): a bulk chunk's people
   * arrive at once. Each still gets its own answer: its record's id, or the reason it was refused.
   */
  type Waiting = { purchase: Purchase; resolve: (id: string) => void; reject: (error: unknown) => void };
  let open: { items: Waiting[]; ticket: number } | null = null;
  function keep(purchase: Purchase): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      // Joins the batch waiting for its turn unless another change was asked after it: that one comes first.
      if (open && open.ticket === asked) {
        open.items.push({ purchase, resolve, reject });
        return;
      }
      const batch = { items: [{ purchase, resolve, reject }], ticket: 0 };
      open = batch;
      void write(async () => {
        if (open === batch) open = null;
        try {
          const outcomes = await keepAll(
            batch.items.map((b) => b.purchase),
            { store, read: (raw) => parsed(raw, BookRecordSchema, 'records'), valid: (record) => valid(BookRecordSchema, record, 'record') },
          );
          purchases += outcomes.filter((o) => 'id' in o).length;
          outcomes.forEach((outcome, i) => ('id' in outcome ? batch.items[i]!.resolve(outcome.id) : batch.items[i]!.reject(outcome.error)));
        } catch (error) {
          for (const b of batch.items) b.reject(error);
        }
      });
      batch.ticket = asked;
    });
  }

  return {
    records,
    /** Every record's keys with its id (deleted records included: `records` leaves them out when read). */
    keyIndex: (): Promise<Array<[key: string, id: string]>> => store.keyIndex(),
    /** How many purchases this book has kept since it was opened (a new one can add keys). */
    purchases: (): number => purchases,
    getMeta: (name: string) => store.getMeta(name),
    putMeta: (name: string, value: unknown) => store.putMeta(name, value),

    /**
     * Keeps (or updates) what was bought. Returns the record's id. A purchase joins the record of its id; failing
     * that, a record holding one of its keys only when it is the same one: the same service `_id`, or neither has one
     * (an answer without an `_id` is known by its keys alone). Five colleagues sharing a switchboard number are five
     * records; their shared key answers for none of them (lib/contacts/saved.ts).
     */
    keep,
    /** A new event; with an `id`, the event of that id is replaced (a bulk job's one event, updated as it ends). */
    async addEvent(event: Omit<LookupEvent, 'id'> & { id?: string }): Promise<void> {
      await store.putEvent(valid(LookupEventSchema, { ...event, id: event.id ?? newId() }, 'event'));
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

    /** One page of the book: a cursor over an index without a query, the search lines with one (./idb-store.ts). */
    async list(query: BookQuery = {}): Promise<{ total: number; entries: BookEntry[] }> {
      await purgeExpired();
      return store.query({ ...rowQuery(query), offset: query.offset ?? 0, limit: query.limit ?? 200 });
    },

    /** The ids of every entry the query matches, in its order, without reading a record (Export, Send, Add to list). */
    async matchingIds(query: Omit<BookQuery, 'offset' | 'limit'> = {}): Promise<string[]> {
      await purgeExpired();
      return store.queryIds(rowQuery(query));
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
          await putRecord({ ...record, deletedAt: at });
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
          await putRecord(kept);
          restored++;
        }
        return { restored };
      });
    },

    // ------------------------------------------------------------------------------------------ saved lists

    async lists(): Promise<ListSummary[]> {
      await purgeExpired();
      const present = new Set(await store.liveIds());
      return (await allLists()).map((l) => ({ id: l.id, name: l.name, createdAt: l.createdAt, count: l.members.filter((m) => present.has(m)).length }));
    },

    createList: (name: string): Promise<ListSummary> => write(async () => {
      const list = SavedListSchema.parse({ id: newId(), name, createdAt: now(), members: [] });
      await putList(list);
      return { id: list.id, name: list.name, createdAt: list.createdAt, count: 0 };
    }),

    renameList: (id: string, name: string): Promise<void> => write(async () => {
      const list = await requireList(id);
      await putList(SavedListSchema.parse({ ...list, name }));
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
      await putList({ ...list, members });
      return { added: members.length - list.members.length };
    }),

    removeFromList: (id: string, recordIds: readonly string[]): Promise<{ removed: number }> => write(async () => {
      const list = await requireList(id);
      const drop = new Set(recordIds);
      const members = list.members.filter((m) => !drop.has(m));
      await putList({ ...list, members });
      return { removed: list.members.length - members.length };
    }),

    async listMembers(id: string): Promise<{ list: SavedList; records: BookRecord[] }> {
      const list = await requireList(id);
      return { list, records: await records(list.members) };
    },

    /**
     * A list's live members as rows, each read by its id. Not matched against a page of `list()`: the 1,000 most
     * recently bought were all the list screen showed, so older members vanished from it, its export and its paid
     * actions.
     */
    async listEntries(id: string): Promise<{ list: ListSummary; entries: BookEntry[] }> {
      const list = await requireList(id);
      const entries = await store.entries(list.members);
      return { list: { id: list.id, name: list.name, createdAt: list.createdAt, count: entries.length }, entries };
    },

    /**
     * How far the book is from answering after an upgrade ("Indexing the contact book: 40,000 of 100,000"); null when
     * it answers at once. Pages and searches asked meanwhile wait for it; purchases and deletions do not.
     */
    indexing: (): { done: number; total: number } | null => store.deriving?.() ?? null,

    /** How many damaged items reading has set aside (kept whole in the quarantine, never shown). */
    damaged: (): Promise<number> => store.quarantinedCount(),
  };
}

export type ContactBook = ReturnType<typeof createContactBook>;
