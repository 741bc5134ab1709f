/**
 * "Do I own this one already?" for a person or company a page shows, and for each row of a bulk job (the
 * book keeps what was bought after the cache's freshness has run out). The cache decides whether a lookup is free;
 * the book answers whether the user already holds an answer they can open, or fill a row with, for nothing. A page row
 * asks both: a cached answer opens free as before, and a person bought 40 days ago (past the 30-day cache) opens from
 * the book instead of offering to buy them again. A bulk job fills such rows from the book (lib/engine/saved-contacts.ts).
 *
 * Book records are found by the cache keys they were bought under (`BookRecord.keys`: the key and its aliases),
 * matched by who a key looks up, whatever options the purchase carried: an answer bought with waterfall or all
 * experiences is still that person. One exception: a question with required fields ("only if they have a phone") is
 * answered only by a saved answer that has them (lib/api/required.ts, the service's own rule); any other answer would
 * be one the service would not have given for that question.
 */
import { meetsRequired } from '../api/required';
import { EnrichedContactSchema } from '../api/schemas';
import { companyEnrichKey, contactEnrichKey, contactIdentityOfKey, endpointOfKey, requiredOfKey } from '../cache/keys';
import type { OpenSavedContacts, SavedContacts } from '../model/book-port';
import { aliasLookupsOf, type AlsoKnownAs, type ContactLookup, ContactLookupSchema, type ContactOptions } from '../model/lookup';
import type { ContactBook } from './book';
import { serviceIdOf } from './record';
import type { BookKind, BookRecord, SavedQuery } from './schema';

/** The cache keys a saved answer for `query` is asked by: each identifier under the user's options. */
export function savedKeys(query: SavedQuery): string[] {
  if (query.kind === 'company') return [...new Set(query.urls.map((url) => companyEnrichKey(url)))];
  return [...new Set(query.lookups.map((lookup) => contactEnrichKey(lookup, query.options ?? {})))];
}

/**
 * The question for a person known by `lookups` and their other identifiers (`also`), or null when none of them is a
 * lookup the request's schema takes (page data is hostile: one bad value must not fail the whole question).
 */
export function savedPersonQuery(lookups: readonly ContactLookup[], options?: ContactOptions, also?: AlsoKnownAs): SavedQuery | null {
  const valid = [...lookups, ...(also ? aliasLookupsOf(also) : [])].filter((l) => ContactLookupSchema.safeParse(l).success).slice(0, 30);
  return valid.length === 0 ? null : { kind: 'person', lookups: valid, ...(options ? { options } : {}) };
}

/** Who a book key looks up: a contact key without its options; a company key as it is. */
const whoOf = (key: string): string => (endpointOfKey(key) === 'contact/enrich' ? contactIdentityOfKey(key) : key);

/** The book's records by who their keys look up; read once, asked in memory. */
export interface BookIndex {
  /** The live record of `kind` that answers one of `keys` (and their required fields), or null. */
  find(kind: BookKind, keys: readonly string[]): Promise<BookRecord | null>;
}

/**
 * Reads the book's keys once (a key cursor: no record values) into an index by who each key looks up. A key two
 * records share keeps both; each match is read and checked (its kind, not deleted, its stored answer readable). A key
 * the live records of two different people hold (a company's switchboard number, a shared profile link) answers for
 * neither: taking the first filled a row, and a bulk job's rows, with someone else's answer for free. The question's
 * other keys (an email) still find the one person they name.
 */
export async function openBookIndex(book: Pick<ContactBook, 'keyIndex' | 'records'>): Promise<BookIndex> {
  const index = new Map<string, string[]>();
  for (const [key, id] of await book.keyIndex()) {
    const who = whoOf(key);
    const ids = index.get(who);
    if (!ids) index.set(who, [id]);
    else if (!ids.includes(id)) ids.push(id);
  }
  /**
   * The live records of `kind` among `ids` when they are all one person (or company), else none. Read one at a time
   * and given up at the second person: a switchboard number two hundred colleagues share costs two reads, not 200.
   * `records` leaves deleted and unreadable records out: a person deleted from the book shares nothing.
   */
  async function oneWhoHolds(kind: BookKind, ids: readonly string[]): Promise<BookRecord[]> {
    const holders: BookRecord[] = [];
    for (const id of ids) {
      const [record] = await book.records([id]);
      if (record?.kind !== kind) continue;
      if (holders.length > 0 && whoIsRecord(record) !== whoIsRecord(holders[0]!)) return [];
      holders.push(record);
    }
    return holders;
  }

  return {
    async find(kind, keys) {
      if (index.size === 0) return null;
      for (const key of keys) {
        const ids = index.get(whoOf(key));
        if (!ids) continue;
        const holders = await oneWhoHolds(kind, ids);
        const required = kind === 'person' ? requiredOfKey(key) : [];
        const record = holders.find((r) => required.length === 0 || meetsRequired(r.value as Parameters<typeof meetsRequired>[0], required));
        if (record) return record;
      }
      return null;
    },
  };
}

/** Who a record is: the service's `_id`; a record without one is known only as itself. */
const whoIsRecord = (record: BookRecord): string => {
  const ref = serviceIdOf(record.value);
  return ref === null ? `record:${record.id}` : `id:${ref}`;
};

/**
 * `openBookIndex` for the background: the index is kept until the book keeps another purchase (a removed or restored
 * record needs no new index: every match is read and checked). The selection bar asks for a new estimate after every
 * charge and change, and every page row asks whether it is saved; without this each would read all the book's keys.
 * A failed read is not kept: the next question reads again.
 */
export function bookIndexSource(book: Pick<ContactBook, 'keyIndex' | 'records' | 'purchases'>): () => Promise<BookIndex> {
  let last: { purchases: number; index: Promise<BookIndex> } | null = null;
  return () => {
    const purchases = book.purchases();
    if (last?.purchases !== purchases) {
      const index = openBookIndex(book);
      last = { purchases, index };
      index.catch(() => {
        if (last?.index === index) last = null;
      });
    }
    return last.index;
  };
}

/** The book as a bulk job and its price ask it (lib/engine/saved-contacts.ts): a person, with a readable answer. */
export function savedContactsFrom(index: () => Promise<BookIndex>): OpenSavedContacts {
  return async (): Promise<SavedContacts> => {
    const book = await index();
    return {
      async find(keys) {
        const record = await book.find('person', keys);
        const contact = record ? EnrichedContactSchema.safeParse(record.value) : null;
        return record && contact?.success ? { contact: contact.data, boughtAt: record.lastBoughtAt } : null;
      },
    };
  };
}
