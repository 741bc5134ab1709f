/**
 * What answers a person for nothing, decided once for a bulk job (lib/engine/bulk-job.ts), its price
 * (lib/engine/estimate.ts), a staged import's preview (lib/engine/bulk-staging.ts) and a single contact lookup and its
 * price (lib/engine/plan.ts `readCacheState`), so the price shown is the most charged (the product never charges twice
 * for the same person):
 *
 * 1. the cache: the row's own key, or one of the person's other keys whose answer found them;
 * 2. else the contact book: the user bought this person before and the cache no longer holds them (it keeps answers
 *    30 days; the book keeps every purchase). Skipped when the user asks for fresh answers.
 * 3. else, for a bulk row, the team hub's book (./team-book.ts): a teammate bought this person with the same
 *    answer-changing options. (A single lookup asks it in ./plan.ts, after this.)
 *
 * The engine only knows the book through this port; its side is lib/contacts/saved.ts. It is opened once per job
 * start, preview or lookup (one pass over the book's keys, kept by the background until the next purchase), then asked
 * per row in memory.
 */
import { readAnswersOf, type AnswerKeys, type Cache, type CachedAnswer } from '../cache/cache';
import { targetOfKey } from '../cache/keys';
import { bookOptionsOfKey } from '../hub-client/book-options';
import type { ContactLookup } from '../model/lookup';
import { findManyInTeamBook, type OpenTeamBook, type TeamBookHit } from './team-book';
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

export type FreeAnswer = { source: 'cache'; hit: CachedAnswer } | { source: 'saved'; saved: SavedContact } | { source: 'team'; team: TeamBookHit };

/** The people a row's keys name (its own and its aliases'), as the team's book is asked for them. */
function lookupsOfKeys(keys: readonly string[]): ContactLookup[] {
  return keys.flatMap((key) => {
    const target = targetOfKey(key);
    return target?.endpoint === 'contact/enrich' && Object.keys(target.lookup).length > 0 ? [target.lookup as ContactLookup] : [];
  });
}

/**
 * What answers each row for nothing (above), or null: it must be bought. The cache is read for all rows at once (two
 * store reads), the book only for the rows the cache does not answer, the team's book (when `team` is given) only for
 * the rows neither answers, all of them in one batched ask.
 */
export async function freeAnswersOf(
  rows: readonly AnswerKeys[],
  cache: Pick<Cache, 'readMany'>,
  saved: SavedContacts,
  team?: OpenTeamBook,
): Promise<Array<FreeAnswer | null>> {
  const hits = await readAnswersOf(cache, rows);
  const own = await Promise.all(
    rows.map(async (row, i): Promise<FreeAnswer | null> => {
      const hit = hits[i]?.answer;
      if (hit) return { source: 'cache', hit };
      const bought = await saved.find([row.key, ...(row.aliases ?? [])]);
      return bought ? { source: 'saved', saved: bought } : null;
    }),
  );
  if (!team) return own;
  const open = rows.flatMap((row, i) => (own[i] === null ? [{ i, lookups: lookupsOfKeys([row.key, ...(row.aliases ?? [])]), options: bookOptionsOfKey(row.key) }] : []));
  const found = await findManyInTeamBook(team, open);
  open.forEach(({ i }, n) => {
    const hit = found[n];
    if (hit) own[i] = { source: 'team', team: hit };
  });
  return own;
}
