/**
 * The hook called after every live (paid or free) answer has been stored: single lookups and bulk rows alike.
 * The contact book listens to it; the engine does not care what the listener does, and a listener
 * that throws never loses the answer (it is already in the cache and the ledger).
 */
import type { PaidAnswer } from '../model/book-port';

export type { PaidAnswer };

export type OnPaidAnswer = (answer: PaidAnswer) => void | Promise<void>;

/** Calls the hook without letting it break the caller (the answer is already stored). */
export async function notifyPaidAnswer(hook: OnPaidAnswer | undefined, answer: PaidAnswer): Promise<void> {
  if (!hook) return;
  try {
    await hook(answer);
  } catch (error) {
    console.warn('In-Page Enrich: onPaidAnswer failed', error);
  }
}
