/**
 * What the engine and the contact book hand each other, defined below both so neither imports the other: the engine
 * tells the book of every live answer it stored (`PaidAnswer`), and asks it whether the user bought a person before
 * (`SavedContacts`). The engine's side is lib/engine/paid-answer.ts and lib/engine/saved-contacts.ts; the book's is
 * lib/contacts/record.ts and lib/contacts/saved.ts.
 */
import type { BulkRow } from './state';

/** A live (paid or free) answer, once stored: single lookups and bulk rows alike. */
export interface PaidAnswer {
  /** The request type that produced it ('contact/enrich', 'company/enrich', …; bulk rows are 'contact/enrich'). */
  endpoint: string;
  /** The cache key it is stored under. */
  key: string;
  /** The other keys it is also stored under. */
  aliases: string[];
  found: boolean;
  value: unknown;
  creditsCharged: number;
  fetchedAt: number;
  /** Set for bulk rows. */
  jobId?: string;
}

/** A person the user bought before: the answer as bought, and when (the latest purchase). */
export interface SavedContact {
  contact: NonNullable<BulkRow['contact']>;
  boughtAt: number;
}

export interface SavedContacts {
  /** The person the user bought before under any of these cache keys (a row's key and its aliases), or null. */
  find(keys: readonly string[]): Promise<SavedContact | null>;
}

export type OpenSavedContacts = () => Promise<SavedContacts>;
