/**
 * The one claim and the one settle of every paid request — a single lookup and a bulk chunk alike — so a money rule
 * changes here and nowhere else.
 *
 * Claim: read the cache; when another lookup or chunk is buying the same person right now, wait for it and read the
 * cache again (its answer is then free); hold the keys so nobody else starts the same purchase; hold the budget for
 * the most it can cost. No await between the last wait and the key hold (run-to-completion makes the pair atomic).
 *
 * Settle, once the service has answered: the ledger first (a worker stop after this cannot lose what the service
 * charged, and a kept hold settles once per id: lib/credits/ledger.ts), then the cache (and a bulk job's rows), then
 * the account's company window, then the contact book's hook (which can never break the caller).
 */
import type { Ledger, Reservation, ReserveOptions } from '../credits/ledger';
import type { InFlight } from './in-flight';
import { notifyPaidAnswer, type OnPaidAnswer, type PaidAnswer } from './paid-answer';

export interface ClaimRead<T> {
  /** What the cache read decided (a plan, rows still to buy, …). */
  value: T;
  /** Keys to wait for when another purchase holds them (none: nothing is bought, or the cache may not answer). */
  waitOn: readonly string[];
  /** Keys held while this purchase runs. */
  hold: readonly string[];
  /** The most it can cost and the ledger options of its hold; null: nothing to buy (answered for nothing). */
  budget: { credits: number; options?: ReserveOptions } | null;
}

export type Claim<T> =
  | { value: T; reservation: Reservation | null; release: () => void; refused?: undefined }
  /** The budget refused the hold (the keys are released already). */
  | { value: T; reservation: null; release: () => void; refused: unknown };

/**
 * `read` reads the cache (again after a wait: `previous` is the last read). Returns the last read with the key hold's
 * release and the budget's reservation; a budget refusal is returned, not thrown, so the caller can say which rows
 * it refused.
 */
export async function claim<T>(deps: { inFlight?: InFlight | undefined; ledger: Ledger }, read: (previous?: T) => Promise<ClaimRead<T>>): Promise<Claim<T>> {
  let last = await read();
  while (deps.inFlight && last.waitOn.length > 0 && (await deps.inFlight.waitFor(last.waitOn))) last = await read(last.value);
  const release = deps.inFlight && last.hold.length > 0 ? deps.inFlight.hold(last.hold) : () => undefined;
  if (!last.budget) return { value: last.value, reservation: null, release };
  try {
    return { value: last.value, reservation: await deps.ledger.reserve(last.budget.credits, last.budget.options), release };
  } catch (refused) {
    release();
    return { value: last.value, reservation: null, release: () => undefined, refused };
  }
}

export interface Settlement {
  /** Books what the service charged (a reservation's settle, or a record when nobody holds one). */
  book(): Promise<void>;
  /** Stores the answer: the cache, and a bulk job's rows. */
  store(): Promise<void>;
  /** Restarts the account's 30-day window of a found company (company enrichments only). */
  companyWindow?: (() => Promise<void>) | undefined;
  /** Runs once the answer is booked and stored, before the contact book is told (the queue's slot ends there). */
  stored?: (() => void) | undefined;
  /** The answers the contact book keeps (read after `store`: it may decide their aliases). */
  answers(): readonly PaidAnswer[];
  /**
   * Runs the contact book's step instead of awaiting it here: a bulk job fills the book from one chunk's answers
   * while its next chunk is sent (bulk-chunk-runner.ts). Booking and storing are done before it is handed over.
   */
  later?: ((tellBook: () => Promise<void>) => Promise<void>) | undefined;
}

/** Settles a paid answer in the one order above. */
export async function settle(settlement: Settlement, onPaidAnswer: OnPaidAnswer | undefined): Promise<void> {
  await settlement.book();
  await settlement.store();
  await settlement.companyWindow?.();
  settlement.stored?.();
  // All at once, in order: the book keeps what arrives together in one turn (lib/contacts/keep.ts), a chunk's hundred
  // people in two reads and one write instead of hundreds of transactions.
  const tellBook = async () => void (await Promise.all(settlement.answers().map((answer) => notifyPaidAnswer(onPaidAnswer, answer))));
  if (settlement.later) await settlement.later(tellBook);
  else await tellBook();
}
