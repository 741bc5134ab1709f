/**
 * A purchase as the team book takes it (`POST /hub/book`), made from the engine's paid-answer hook
 * (lib/engine/paid-answer.ts) when the member bought with their own key: the person by the key they were bought under
 * and every alias the engine stored the answer under (the answer's own identifiers and the page's, by the extension's
 * alias rule, lib/cache/aliases.ts), the answer, its answer-changing options and when it was bought.
 *
 * Only found contact enrichments that cost something: a miss, a free answer (the cache, the contact book, a teammate's
 * purchase) or another endpoint is not a purchase of a person.
 */
import { endpointOfKey, targetOfKey } from '../cache/keys';
import type { PaidAnswer } from '../model/book-port';
import { bookOptionsOfKey } from './book-options';
import { writeIdOf, type BookWrite } from './outbox';

const MAX_ALIASES = 100;

/** The person a contact key names, as the book takes it (null for another endpoint's key). */
export function lookupOfKey(key: string): BookWrite['lookup'] | null {
  const target = targetOfKey(key);
  return target?.endpoint === 'contact/enrich' && Object.keys(target.lookup).length > 0 ? target.lookup : null;
}

export function isTeamPurchase(answer: PaidAnswer): boolean {
  return answer.endpoint === 'contact/enrich' && endpointOfKey(answer.key) === 'contact/enrich' && answer.found && answer.creditsCharged > 0;
}

/** The book write of a paid answer, or null when it is not a purchase of a person. */
export async function bookWriteOf(answer: PaidAnswer): Promise<BookWrite | null> {
  if (!isTeamPurchase(answer)) return null;
  const lookup = lookupOfKey(answer.key);
  if (!lookup) return null;
  const aliases = answer.aliases.flatMap((k) => lookupOfKey(k) ?? []).slice(0, MAX_ALIASES);
  return {
    writeId: await writeIdOf(answer.key, answer.fetchedAt),
    lookup,
    aliases,
    answer: answer.value,
    options: bookOptionsOfKey(answer.key),
    boughtAt: Math.max(0, Math.round(answer.fetchedAt)),
    credits: Math.max(0, Math.round(answer.creditsCharged)),
  };
}
