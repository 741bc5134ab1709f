/**
 * The team hub's shared book as the engine sees it, when the user is signed in to a team hub (docs/hub.md, "The
 * shared book from the extension"): after the cache and the contact book, a contact lookup asks whether a teammate
 * bought the person already, by every identifier it has; a hit is answered from the book, free (lib/engine/plan.ts
 * decides the price and the charge from it). The engine only knows the hub through this port; its side is
 * lib/hub-client/ask.ts.
 *
 * Not knowing is not owning: a hub that is down, slow or signed out answers null, and the lookup is bought as today.
 */
import type { TeamPurchase } from '../hub-client/purchase';
import type { ContactLookup } from '../model/lookup';

/** A teammate's purchase of the person: the book entry that holds the answer, who bought it and when. */
export interface TeamBookHit {
  entryId: string;
  purchase: TeamPurchase;
}

export interface TeamBook {
  /**
   * The team's purchase of the person any of `lookups` names, bought with the same answer-changing options
   * (`options`, lib/hub-client/book-options.ts), or null: not in the book, or the hub cannot say now.
   */
  find(lookups: readonly ContactLookup[], options: string): Promise<TeamBookHit | null>;
  /** The answer the team bought for an entry, or null when it cannot be read now. */
  answer(entryId: string): Promise<unknown>;
}

/** The book of the team the user is signed in to, or null when there is none (read at each lookup: sign-ins change). */
export type OpenTeamBook = () => Promise<TeamBook | null>;

/** The team's purchase, or null whatever goes wrong (no team, no hub, a failing port). */
export async function findInTeamBook(open: OpenTeamBook | undefined, lookups: readonly ContactLookup[], options: string): Promise<TeamBookHit | null> {
  if (!open || lookups.length === 0) return null;
  try {
    const book = await open();
    return book ? await book.find(lookups, options) : null;
  } catch {
    return null;
  }
}

/**
 * The team's purchases for many people at once (a page of bulk rows): the book is opened once and every row asked in
 * the same turn, so the hub gets one batched ask (lib/hub-client/ask.ts) rather than one per row. Null per row
 * whatever goes wrong.
 */
export async function findManyInTeamBook(
  open: OpenTeamBook | undefined,
  asks: ReadonlyArray<{ lookups: readonly ContactLookup[]; options: string }>,
): Promise<Array<TeamBookHit | null>> {
  const book = asks.length === 0 ? null : await bookOrNull(open);
  if (!book) return asks.map(() => null);
  return Promise.all(asks.map((ask) => (ask.lookups.length === 0 ? Promise.resolve(null) : book.find(ask.lookups, ask.options).catch(() => null))));
}

/** The answer a teammate bought for an entry, or null when the hub cannot give it now (or there is no team). */
export async function teamAnswerOf(open: OpenTeamBook | undefined, entryId: string): Promise<unknown> {
  if (!open) return null;
  try {
    const book = await open();
    return book ? await book.answer(entryId) : null;
  } catch {
    return null;
  }
}

/**
 * The answers a teammate bought for many entries (a page of bulk rows), null for any the hub cannot give now: the
 * book is opened once and every entry asked in the same turn, so the hub gets a few batched requests
 * (lib/hub-client/ask.ts) rather than one per row.
 */
export async function teamAnswersOf(open: OpenTeamBook | undefined, entryIds: readonly string[]): Promise<unknown[]> {
  const book = entryIds.length === 0 ? null : await bookOrNull(open);
  if (!book) return entryIds.map(() => null);
  return Promise.all(entryIds.map((id) => book.answer(id).catch(() => null)));
}

/** The team's book, or null whatever goes wrong opening it (no team, no hub, a failing port). */
async function bookOrNull(open: OpenTeamBook | undefined): Promise<TeamBook | null> {
  if (!open) return null;
  try {
    return await open();
  } catch {
    return null;
  }
}
