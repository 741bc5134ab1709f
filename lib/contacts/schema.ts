/**
 * The contact book's stored shapes. Everything read back from IndexedDB is parsed with these schemas:
 * a record that does not parse is moved to the quarantine store and left out, never a crash.
 */
import { z } from 'zod';
import { ContactLookupSchema, ContactOptionsSchema } from '../model/lookup';
import { ShortTextSchema } from '../model/text';

export const BOOK_KINDS = ['person', 'company'] as const;
/** The longest cache key a record or an event stores. */
export const MAX_KEY_LENGTH = 4096;
/** The most members a saved list holds: adding past it is refused (lib/contacts/book.ts). */
export const MAX_LIST_MEMBERS = 100_000;
export type BookKind = (typeof BOOK_KINDS)[number];

/** One thing the user paid for and keeps until they delete it. `value` is the API answer as it came. */
export const BookRecordSchema = z.strictObject({
  id: z.string().min(1).max(4096),
  kind: z.enum(BOOK_KINDS),
  /** The cache key the answer was bought under. */
  key: z.string().max(MAX_KEY_LENGTH),
  /** Every key this record answers (its own and its aliases): a second purchase of the same one merges by them. */
  keys: z.array(z.string().max(MAX_KEY_LENGTH)).max(200),
  value: z.unknown(),
  firstBoughtAt: z.number(),
  lastBoughtAt: z.number(),
  /** Credits spent on this record over all its purchases. */
  creditsSpent: z.number().nonnegative(),
  /** Set while a deletion can still be undone; purged after the undo window. */
  deletedAt: z.number().optional(),
});
export type BookRecord = z.infer<typeof BookRecordSchema>;

/** A paid lookup as an event: misses, verifications and lookalike lists stay visible in the history. */
export const LookupEventSchema = z.strictObject({
  id: z.string().max(200),
  at: z.number(),
  endpoint: z.string().max(100),
  key: z.string().max(MAX_KEY_LENGTH),
  label: z.string().max(1000),
  found: z.boolean(),
  creditsCharged: z.number().nonnegative(),
  /** The book record this event bought, when it bought one. */
  recordId: z.string().max(4096).optional(),
  jobId: z.string().max(100).optional(),
});
export type LookupEvent = z.infer<typeof LookupEventSchema>;

export const SavedListSchema = z.strictObject({
  id: z.string().max(100),
  name: z.string().trim().min(1).max(120),
  createdAt: z.number(),
  /** Book record ids, in the order they were added. */
  members: z.array(z.string().max(4096)).max(MAX_LIST_MEMBERS),
});
export type SavedList = z.infer<typeof SavedListSchema>;

/** A record as a row: "Weston Hills · Marketing Manager, Jones LLC". */
export const BookEntrySchema = z.strictObject({
  id: z.string(),
  kind: z.enum(BOOK_KINDS),
  name: z.string(),
  title: z.string(),
  company: z.string(),
  /** Email for a person, domain for a company: what the row is known by. */
  handle: z.string(),
  line: z.string(),
  firstBoughtAt: z.number(),
  lastBoughtAt: z.number(),
  creditsSpent: z.number(),
});
export type BookEntry = z.infer<typeof BookEntrySchema>;

export const BOOK_SORTS = ['bought-desc', 'bought-asc', 'name', 'company', 'credits'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];

/** "Do I own this one already?" for a row (lib/contacts/saved.ts). */
export const SavedQuerySchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('person'),
    /** One lookup per identifier the row shows (each email, profile, phone), or the name at a company. */
    lookups: z.array(ContactLookupSchema).min(1).max(30),
    options: ContactOptionsSchema.optional(),
  }),
  z.strictObject({ kind: z.literal('company'), urls: z.array(ShortTextSchema).min(1).max(10) }),
]);
export type SavedQuery = z.infer<typeof SavedQuerySchema>;

export const SavedRecordSchema = z.strictObject({ id: z.string(), lastBoughtAt: z.number() });
export type SavedRecord = z.infer<typeof SavedRecordSchema>;
