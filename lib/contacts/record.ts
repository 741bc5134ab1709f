/**
 * The engine's `onPaidAnswer` hook → the contact book. Called after every live answer is stored (single lookups
 * and bulk chunks). Found people and companies become book records; every answer, found or not, becomes a lookup
 * event (misses stay visible in the history).
 */
import { contactAliasKeys, contactAliasLookups } from '../cache/aliases';
import { contactEnrichKey, labelForKey } from '../cache/keys';
import type { ContactBook } from './book';
import { type BookKind, MAX_KEY_LENGTH } from './schema';
import { t } from '../i18n/t';

/** What the engine reports after storing a live answer (its one definition is lib/model/book-port.ts). */
export type { PaidAnswer } from '../model/book-port';
import type { PaidAnswer } from '../model/book-port';

const KIND_OF_ENDPOINT: Record<string, BookKind> = {
  'contact/enrich': 'person',
  'bulk/enrich': 'person',
  'company/enrich': 'company',
};

/** The service's own id of an answer (`_id`), or null when it gives none. */
export function serviceIdOf(value: unknown): string | null {
  const ref = value && typeof value === 'object' ? (value as { _id?: unknown })._id : undefined;
  return typeof ref === 'string' && ref.trim() !== '' ? ref.trim() : null;
}

/** The book's identity for an answer: the service's own id when it gives one, else the key it was bought by. */
export function recordIdFor(kind: BookKind, key: string, value: unknown): string {
  const ref = serviceIdOf(value);
  return ref !== null ? `${kind}:${ref}` : `${kind}:key:${key}`;
}

export function bookKindOf(endpoint: string): BookKind | undefined {
  return KIND_OF_ENDPOINT[endpoint];
}

/**
 * A contact search page is paid per person it returns (spec: `credits_deducted` = records returned): each person is kept
 * as bought, under the keys of their identifiers, so the same person found again (on a page, in the lookup box, in a
 * bulk job) opens from the book instead of being bought a second time. The spec calls search records abbreviated, so a
 * record never replaces a fuller answer the book holds (`summaryOnly`), and the page's booked credits are shared out one
 * per person in order, never more than were booked.
 */
async function keepSearchResults(book: ContactBook, answer: PaidAnswer): Promise<void> {
  const results = answer.value && typeof answer.value === 'object' ? (answer.value as { results?: unknown }).results : undefined;
  if (!Array.isArray(results)) return;
  let creditsLeft = answer.creditsCharged;
  for (const contact of results) {
    const [first] = contactAliasLookups(contact, { waterfall: false });
    if (!first) continue;
    const key = contactEnrichKey(first);
    await book.keep({
      kind: 'person',
      id: recordIdFor('person', key, contact),
      key,
      keys: contactAliasKeys(contact, {}, key),
      value: contact,
      summaryOnly: true,
      creditsCharged: creditsLeft >= 1 ? 1 : 0,
      fetchedAt: answer.fetchedAt,
    });
    creditsLeft = Math.max(0, creditsLeft - 1);
  }
}

export async function recordPaidAnswer(book: ContactBook, answer: PaidAnswer): Promise<{ recordId?: string }> {
  const kind = bookKindOf(answer.endpoint);
  let recordId: string | undefined;
  if (answer.endpoint === 'contact/search' && answer.found) await keepSearchResults(book, answer);
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
  // A bulk row is one of its job's rows: the job is the history's one event (recordBulkJob), not each row. A 20,000-row
  // job wrote 20,000 events, and each write trimmed the history (a walk over its 5,000 newest): minutes per job.
  if (answer.jobId !== undefined) return recordId ? { recordId } : {};
  await book.addEvent({
    at: answer.fetchedAt,
    endpoint: answer.endpoint,
    // Cut to what an event stores (it is only searched, never asked again): a long contact search's key was
    // stored whole, failed every read and was quarantined again on each history view.
    key: answer.key.slice(0, MAX_KEY_LENGTH),
    label: labelForKey(answer.key).slice(0, 1000),
    found: answer.found,
    creditsCharged: answer.creditsCharged,
    ...(recordId ? { recordId } : {}),
    ...(answer.jobId ? { jobId: answer.jobId } : {}),
  });
  return recordId ? { recordId } : {};
}

/** What the history says of a bulk job: its size, what was found and what it charged so far. */
export interface BulkJobSummary {
  id: string;
  createdAt: number;
  total: number;
  enriched: number;
  creditsCharged: number;
}

/**
 * A bulk job as one lookup event (its rows are people in the book, not events): written when the job starts and
 * replaced, under the same id, when it ends with what it found and charged.
 */
export async function recordBulkJob(book: ContactBook, job: BulkJobSummary): Promise<void> {
  await book.addEvent({
    id: `bulk:${job.id}`.slice(0, 200),
    at: job.createdAt,
    endpoint: 'bulk/enrich',
    key: `bulk:${job.id}`.slice(0, MAX_KEY_LENGTH),
    label: t('book_event_bulk_job', job.total, job.enriched),
    found: job.enriched > 0,
    creditsCharged: job.creditsCharged,
    jobId: job.id,
  });
}
