/**
 * What the user already bought, as a bulk job and its price see it (issue 14: "never charges twice for the same
 * person"). The cache answers for 30 days; the contact book keeps every purchase for good. A bulk entry the cache no
 * longer answers but the book does is filled from the book, free, unless the user asks for fresh answers. The
 * engine only knows this port; the book's side is lib/contacts/saved.ts (`openSavedContacts`).
 *
 * It is opened once per job start or preview (one pass over the book's keys), then asked per entry in memory.
 */
import type { BulkEntry, BulkRow } from '../messaging/protocol';

/** A person the user bought before: the answer as bought, and when (the latest purchase). */
export interface SavedContact {
  contact: NonNullable<BulkRow['contact']>;
  boughtAt: number;
}

export interface SavedContacts {
  /**
   * The person the user bought before for this entry, as bought, or null. `key` is the entry's cache key
   * (`bulkEntryKey`), which every caller has computed already.
   */
  find(entry: BulkEntry, key: string): Promise<SavedContact | null>;
}

export type OpenSavedContacts = () => Promise<SavedContacts>;

/** Nothing saved (no book, or the user asked for fresh answers). */
export const NO_SAVED_CONTACTS: SavedContacts = { find: () => Promise.resolve(null) };

/**
 * Which of `entries` the book answers, asked together (one IndexedDB read per match, so a page of 1,000 entries is
 * not read one by one).
 */
export async function savedContactsOf(saved: SavedContacts, entries: ReadonlyArray<{ entry: BulkEntry; key: string }>): Promise<Array<SavedContact | null>> {
  return Promise.all(entries.map(({ entry, key }) => saved.find(entry, key)));
}
