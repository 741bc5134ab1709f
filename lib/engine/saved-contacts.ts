/**
 * What answers a person for nothing, decided once for a bulk job (lib/engine/bulk-job.ts), its price
 * (lib/engine/estimate.ts), a staged import's preview (lib/engine/bulk-staging.ts) and a single contact lookup and its
 * price (lib/engine/plan.ts `readCacheState`), so the price shown is the most charged (the product never charges twice
 * for the same person):
 *
 * 1. the cache: the row's own key, or one of the person's other keys whose answer found them;
 * 2. else the contact book: the user bought this person before and the cache no longer holds them (it keeps answers
 *    30 days; the book keeps every purchase). Skipped when the user asks for fresh answers.
 *
 * The engine only knows the book through this port; its side is lib/contacts/saved.ts. It is opened once per job
 * start, preview or lookup (one pass over the book's keys, kept by the background until the next purchase), then asked
 * per row in memory.
 */
import { readAnswersOf, type AnswerKeys, type Cache, type CachedAnswer } from '../cache/cache';
import type { OpenSavedContacts, SavedContact, SavedContacts } from '../model/book-port';

export type { OpenSavedContacts, SavedContact, SavedContacts };

/** Nothing saved (no book, or the user asked for fresh answers). */
export const NO_SAVED_CONTACTS: SavedContacts = { find: () => Promise.resolve(null) };

/**
 * The book for one job or preview, or nothing saved when there is no book, when fresh answers are asked for, or when
 * the book cannot be read: not knowing is not owning. A job that then sends more than it was quoted is refused by
 * the price guard, with nothing sent.
 */
export function openSaved(open: OpenSavedContacts | undefined, fresh = false): Promise<SavedContacts> {
  if (!open || fresh) return Promise.resolve(NO_SAVED_CONTACTS);
  // Opened on the first row the cache does not answer, not before: opening reads the book's keys again after every
  // purchase, and a lookup or a price the cache answers has no use for them.
  let opened: Promise<SavedContacts> | null = null;
  const book = () => (opened ??= open().catch(() => NO_SAVED_CONTACTS));
  return Promise.resolve({ find: async (keys) => (await book()).find(keys).catch(() => null) });
}

export type FreeAnswer = { source: 'cache'; hit: CachedAnswer } | { source: 'saved'; saved: SavedContact };

/**
 * What answers each row for nothing (above), or null: it must be bought. The cache is read for all rows at once (two
 * store reads), the book only for the rows the cache does not answer.
 */
export async function freeAnswersOf(rows: readonly AnswerKeys[], cache: Pick<Cache, 'readMany'>, saved: SavedContacts): Promise<Array<FreeAnswer | null>> {
  const hits = await readAnswersOf(cache, rows);
  return Promise.all(
    rows.map(async (row, i): Promise<FreeAnswer | null> => {
      const hit = hits[i]?.answer;
      if (hit) return { source: 'cache', hit };
      const bought = await saved.find([row.key, ...(row.aliases ?? [])]);
      return bought ? { source: 'saved', saved: bought } : null;
    }),
  );
}
