/**
 * The engine's `onPaidAnswer` hook → the contact book. Called after every live answer is stored (single lookups
 * and bulk chunks). Found people and companies become book records; every answer, found or not, becomes a lookup
 * event (misses stay visible in the history).
 */
import { labelForKey } from '../cache/keys';
import type { ContactBook } from './book';
import type { BookKind } from './schema';

/** What the engine reports after storing a live answer (its one definition is lib/engine/paid-answer.ts). */
export type { PaidAnswer } from '../engine/paid-answer';
import type { PaidAnswer } from '../engine/paid-answer';

const KIND_OF_ENDPOINT: Record<string, BookKind> = {
  'contact/enrich': 'person',
  'bulk/enrich': 'person',
  'company/enrich': 'company',
};

/** The book's identity for an answer: the service's own id when it gives one, else the key it was bought by. */
export function recordIdFor(kind: BookKind, key: string, value: unknown): string {
  const ref = value && typeof value === 'object' ? (value as { _id?: unknown })._id : undefined;
  return typeof ref === 'string' && ref.trim() !== '' ? `${kind}:${ref.trim()}` : `${kind}:key:${key}`;
}

export function bookKindOf(endpoint: string): BookKind | undefined {
  return KIND_OF_ENDPOINT[endpoint];
}

export async function recordPaidAnswer(book: ContactBook, answer: PaidAnswer): Promise<{ recordId?: string }> {
  const kind = bookKindOf(answer.endpoint);
  let recordId: string | undefined;
  if (kind && answer.found && answer.value !== null && typeof answer.value === 'object') {
    recordId = await book.keep({
      kind,
      id: recordIdFor(kind, answer.key, answer.value),
      key: answer.key,
      keys: answer.aliases ?? [],
      value: answer.value,
      creditsCharged: answer.creditsCharged,
      fetchedAt: answer.fetchedAt,
    });
  }
  await book.addEvent({
    at: answer.fetchedAt,
    endpoint: answer.endpoint,
    key: answer.key,
    label: labelForKey(answer.key).slice(0, 1000),
    found: answer.found,
    creditsCharged: answer.creditsCharged,
    ...(recordId ? { recordId } : {}),
    ...(answer.jobId ? { jobId: answer.jobId } : {}),
  });
  return recordId ? { recordId } : {};
}
