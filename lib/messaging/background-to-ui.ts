/**
 * Background → UI: broadcasts to extension pages when state changes. Pages accept them only from the background
 * (lib/messaging/extension.ts checks the sender with `isBackgroundSender`), and per-tab events only for their tab.
 */
import { z } from 'zod';
import { PanelIntentSchema } from '../model/lookup';
import { BulkJobSchema, CreditsSummarySchema, PageStateSchema, QueueStateSchema } from '../model/state';

export const EventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('event/page'), page: PageStateSchema }),
  z.strictObject({ type: z.literal('event/queue'), queue: QueueStateSchema }),
  z.strictObject({ type: z.literal('event/bulk'), job: BulkJobSchema }),
  z.strictObject({ type: z.literal('event/intent'), tabId: z.number().int(), intent: PanelIntentSchema }),
  z.strictObject({ type: z.literal('event/credits'), credits: CreditsSummarySchema }),
  z.strictObject({ type: z.literal('event/settings') }),
  /** Cached answers were removed (the cache cleared, a history entry deleted): prices shown as "free" may be stale. */
  z.strictObject({ type: z.literal('event/cache') }),
  /** The tab navigated away or closed: what was found on it is gone. */
  z.strictObject({ type: z.literal('event/page-cleared'), tabId: z.number().int() }),
]);
export type Event = z.infer<typeof EventSchema>;
