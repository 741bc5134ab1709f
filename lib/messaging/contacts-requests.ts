/**
 * UI → background requests of the contact book, saved lists, lookup events and the webhook. Handlers:
 * entrypoints/background/contacts.ts. Spread into `requests` (ui-to-background.ts).
 */
import { z } from 'zod';
import { BOOK_KINDS, BOOK_SORTS, BookEntrySchema, LookupEventSchema, SavedQuerySchema, SavedRecordSchema } from '../contacts/schema';
import { CostEstimateSchema } from '../model/lookup';
import { WebhookDestinationSchema } from '../webhook/destination';

const empty = z.strictObject({});
const ok = z.strictObject({ ok: z.literal(true) });


const recordIds = z.array(z.string().max(4096)).min(1).max(10_000);
const ListSummarySchema = z.strictObject({ id: z.string(), name: z.string(), createdAt: z.number(), count: z.number().int().nonnegative() });
/** A book record as sent to pages: `value` is the API answer (pages parse it with the API schemas). */
export const BookRecordViewSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(BOOK_KINDS),
  value: z.unknown(),
  firstBoughtAt: z.number(),
  lastBoughtAt: z.number(),
  creditsSpent: z.number(),
});
export type BookRecordView = z.infer<typeof BookRecordViewSchema>;
export const WebhookSendReportSchema = z.strictObject({
  sendId: z.string(),
  sent: z.number().int(),
  failed: z.number().int(),
  batches: z.array(
    z.strictObject({ index: z.number().int(), contacts: z.number().int(), ok: z.boolean(), attempts: z.number().int(), status: z.number().int().optional(), error: z.string().optional() }),
  ),
});
export type WebhookSendReport = z.infer<typeof WebhookSendReportSchema>;

/** What an import preview counts (the whole file at once, or the entries staged for it): one shape for both. */
export const ImportPreviewSchema = z.strictObject({
  entries: z.number().int(),
  unique: z.number().int(),
  duplicates: z.number().int(),
  cached: z.number().int(),
  /** Of the rest, bought before: filled from the contact book, free, unless the job asks for fresh answers. */
  saved: z.number().int(),
  /** Of the rest, bought by a teammate: filled from the team hub's book, free, unless the job asks for fresh answers. */
  team: z.number().int(),
  estimate: CostEstimateSchema,
});

export const contactRequests = {
  'contacts/list': {
    input: z.strictObject({
      query: z.string().max(200).optional(),
      kind: z.enum(BOOK_KINDS).optional(),
      sort: z.enum(BOOK_SORTS).optional(),
      offset: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(1000).optional(),
    }),
    /** `damaged`: items set aside because they could not be read (kept whole, never shown): said, not hidden. */
    output: z.strictObject({ total: z.number().int(), entries: z.array(BookEntrySchema), damaged: z.number().int().nonnegative().optional() }),
  },
  /**
   * After an upgrade of the book's store, while its rows and search lines are derived (lib/contacts/idb-store.ts): how
   * many of how many records are done; null when the book answers at once. The contacts view shows it while it waits.
   */
  'contacts/indexing': {
    input: empty,
    output: z.strictObject({ indexing: z.strictObject({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() }).nullable() }),
  },
  /** Every id the query matches, in its order (one read of the book; the view's Export, Send and Add to list). */
  'contacts/ids': {
    input: z.strictObject({ query: z.string().max(200).optional(), kind: z.enum(BOOK_KINDS).optional(), sort: z.enum(BOOK_SORTS).optional() }),
    output: z.strictObject({ ids: z.array(z.string()) }),
  },
  /** Full records by id (for a profile, an export or a send); deleted or unknown ids are left out. */
  'contacts/records': { input: z.strictObject({ ids: recordIds.max(1000) }), output: z.strictObject({ records: z.array(BookRecordViewSchema) }) },
  /**
   * The book's record of a person or company a row shows, if the user bought one (lib/contacts/saved.ts): a row whose
   * cached answer has expired opens it free instead of offering to buy it again.
   */
  'contacts/saved': { input: SavedQuerySchema, output: z.strictObject({ saved: SavedRecordSchema.nullable() }) },
  /** Soft delete: undoable with 'contacts/restore' until `undoUntil`. The cached answers stay (next lookup free). */
  'contacts/delete': { input: z.strictObject({ ids: recordIds }), output: z.strictObject({ removed: z.number().int(), undoUntil: z.number() }) },
  'contacts/restore': { input: z.strictObject({ ids: recordIds }), output: z.strictObject({ restored: z.number().int() }) },
  'contacts/events': {
    input: z.strictObject({ query: z.string().max(200).optional(), limit: z.number().int().min(1).max(1000).optional() }),
    output: z.array(LookupEventSchema),
  },
  'lists/all': { input: empty, output: z.array(ListSummarySchema) },
  'lists/create': { input: z.strictObject({ name: z.string().trim().min(1).max(120) }), output: ListSummarySchema },
  'lists/rename': { input: z.strictObject({ id: z.string().max(100), name: z.string().trim().min(1).max(120) }), output: ok },
  'lists/delete': { input: z.strictObject({ id: z.string().max(100) }), output: ok },
  'lists/add': { input: z.strictObject({ id: z.string().max(100), recordIds }), output: z.strictObject({ added: z.number().int() }) },
  'lists/remove': { input: z.strictObject({ id: z.string().max(100), recordIds }), output: z.strictObject({ removed: z.number().int() }) },
  'lists/members': {
    input: z.strictObject({ id: z.string().max(100) }),
    output: z.strictObject({ list: ListSummarySchema, entries: z.array(BookEntrySchema) }),
  },
  /** The webhook destination without its secrets (the header name, and whether requests are signed). */
  'webhook/get': {
    input: empty,
    output: z.strictObject({ url: z.string().nullable(), secretHeaderName: z.string().nullable(), signed: z.boolean() }),
  },
  /** A new signing secret for the saved destination (replacing any earlier one), answered once for the user to copy. */
  'webhook/secret': { input: empty, output: z.strictObject({ secret: z.string() }) },
  /** Saves (or with url null, removes) the destination. The page asks for the host permission first. */
  'webhook/set': { input: z.strictObject({ destination: WebhookDestinationSchema.nullable() }), output: ok },
  /** A free test request with no contacts. */
  'webhook/test': { input: empty, output: WebhookSendReportSchema },
  'webhook/send': {
    input: z.strictObject({
      source: z.discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('contact'), ids: recordIds.max(1000) }),
        z.strictObject({ kind: z.literal('list'), id: z.string().max(100) }),
        z.strictObject({ kind: z.literal('bulk'), jobId: z.string().max(100) }),
      ]),
    }),
    output: WebhookSendReportSchema,
  },
} as const;
