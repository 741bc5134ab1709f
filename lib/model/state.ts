/** What the background reports about its work: the queue, the credits, bulk jobs and the pages it has scanned. */
import { z } from 'zod';
import { EnrichedContactSchema } from '../api/schemas';
import { PageEntitiesSchema } from '../detect';
import { ErrorDataSchema } from './errors';
import { TeamPurchaseSchema } from '../hub-client/purchase';
import { BulkEntrySchema } from './lookup';

/** One HTTP request the queue has sent and whose answer is not in yet. */
export const InFlightRequestSchema = z.strictObject({
  kind: z.string().max(40),
  /** The bulk job or lookup batch it belongs to, when it belongs to one. */
  group: z.string().max(100).optional(),
  /** When it was sent (ms since epoch, the background's clock). */
  since: z.number(),
});

/** Tasks of one kind and priority: how many wait, how many are started, how many may run at once. */
export const QueueLaneSchema = z.strictObject({
  kind: z.string().max(40),
  priority: z.enum(['interactive', 'bulk', 'prefetch']),
  pending: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  concurrency: z.number().int().positive(),
});

/**
 * The queue's real state (not a guess from chunk counts), in absolute times so a page can count down between events
 * with its own clock (lib/queue/eta.ts computes the time left from it, in the background and in the panel alike).
 */
export const QueueStateSchema = z.strictObject({
  /** When this state was taken. */
  at: z.number(),
  /** Tasks not sent yet (queued, or waiting at the gate for a rate-limit slot). */
  pending: z.number().int().nonnegative(),
  /** HTTP requests in flight. */
  running: z.number().int().nonnegative(),
  /** Requests still allowed in the current window. */
  windowLeft: z.number().int().nonnegative(),
  windowLimit: z.number().int().positive(),
  windowMs: z.number().int().positive(),
  /** Set while something waits and the window is used up: when its next slot frees. */
  nextSlotAt: z.number().nullable(),
  /** Set while the whole queue waits for a 429's Retry-After. */
  pausedUntil: z.number().nullable(),
  /** When the last pending task may be sent at the earliest (the window's log and the pause decide); null if none. */
  sendAllBy: z.number().nullable(),
  inFlight: z.array(InFlightRequestSchema).max(64),
  lanes: z.array(QueueLaneSchema).max(32),
  /** Measured latency by task kind (moving average of recent requests); a kind never measured is absent. */
  latencyMs: z.record(z.string().max(40), z.number().nonnegative()),
  /** Estimated time until the queue is empty (lib/queue/eta.ts at `at`; 0 when unknown or idle). */
  etaMs: z.number().nonnegative(),
});
export type QueueState = z.infer<typeof QueueStateSchema>;

export const CreditsSummarySchema = z.strictObject({
  today: z.number().nonnegative(),
  month: z.number().nonnegative(),
  /** This month's credits by action ('contact/enrich', 'bulk/enrich', …). */
  byAction: z.record(z.string(), z.number()),
  dailyBudget: z.number().nullable(),
  budgetLeft: z.number().nullable(),
});
export type CreditsSummary = z.infer<typeof CreditsSummarySchema>;

export const BulkRowSchema = z.strictObject({
  field_type: BulkEntrySchema.shape.field_type,
  value: z.string(),
  /** The entry's `label`: who the row is, as the page or the imported file names them. */
  label: BulkEntrySchema.shape.label,
  status: z.enum(['pending', 'enriched', 'not_found', 'error', 'cancelled']),
  contact: EnrichedContactSchema.nullable(),
  error: ErrorDataSchema.optional(),
  fromCache: z.boolean(),
  /** Set when the row was filled from the contact book, free: when the user bought this person. */
  savedAt: z.number().optional(),
  /** Set when the row was filled from the team hub's book, free: which teammate bought this person, and when. */
  team: TeamPurchaseSchema.optional(),
  /** When the service answered this row (its chunk, or the cached answer it was filled from): the moment the
   * answer's relative "3 days ago" counts from in an export. */
  answeredAt: z.number().optional(),
});
export type BulkRow = z.infer<typeof BulkRowSchema>;

export const BulkJobSchema = z.strictObject({
  id: z.string(),
  createdAt: z.number(),
  status: z.enum(['queued', 'running', 'done', 'cancelled', 'failed']),
  total: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  enriched: z.number().int().nonnegative(),
  creditsCharged: z.number().nonnegative(),
  etaMs: z.number().nullable(),
  error: ErrorDataSchema.optional(),
  /** Entries dropped as duplicates of another entry (after normalisation) before anything was sent. */
  duplicates: z.number().int().nonnegative().optional(),
  /** Entries answered from the cache, free. */
  fromCache: z.number().int().nonnegative().optional(),
  /** Entries filled from the contact book (bought before, no longer cached), free. */
  fromSaved: z.number().int().nonnegative().optional(),
  /** Entries filled from the team hub's book (a teammate bought them), free. */
  fromTeam: z.number().int().nonnegative().optional(),
  /**
   * Entries whose request was in flight when the browser stopped the extension. They are not re-sent on their
   * own (the service may have charged for them already, docs/reliability.md); 'bulk/retry' sends them again.
   */
  interrupted: z.number().int().nonnegative().optional(),
  /** Entries that ended in an error (interrupted ones included); 'bulk/retry' re-sends them. */
  failed: z.number().int().nonnegative().optional(),
  /**
   * Entries in requests that have left and whose answers are not in yet. A cancel cannot stop them: the service
   * charges on arrival, so they may still be charged (and their results still arrive).
   */
  inFlight: z.number().int().nonnegative().optional(),
});
export type BulkJob = z.infer<typeof BulkJobSchema>;

export const PageStateSchema = z.strictObject({
  tabId: z.number().int(),
  url: z.string(),
  title: z.string(),
  entities: PageEntitiesSchema,
  scannedAt: z.number(),
  /** False while the first full pass is still running. */
  complete: z.boolean(),
  /** True when the page found more than the stored state may hold, so its lists were cut (lib/messaging/page-state.ts). */
  truncated: z.boolean().optional(),
});
export type PageState = z.infer<typeof PageStateSchema>;
