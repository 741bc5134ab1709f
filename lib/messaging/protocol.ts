/**
 * The whole vocabulary between the extension's parts. A thin barrel: every name this module exported before the
 * split is re-exported here, so existing imports keep working. New code imports the module for its direction:
 *
 * - `ui-to-background.ts`: requests from extension pages and their replies (`requests`, `Reply`).
 * - `content-to-background.ts`: the only message a content script may send (`content/scan`).
 * - `background-to-content.ts`: `to-content/ping`, `to-content/rescan`.
 * - `background-to-ui.ts`: broadcasts (`event/*`), accepted by pages only from the background.
 * - `lib/model/`: the domain schemas below them (errors as data, lookups, queue/credits/bulk/page state). Outside
 *   lib/messaging they are imported from lib/model itself (eslint.config.js refuses them through this barrel).
 *
 * Names carry the direction (tests/unit/messaging/names.test.ts): `content/*` from a content script, `to-content/*`
 * to one, `event/*` broadcasts to pages; every other name (`page/get`, `contact/enrich`, …) is a UI → background
 * request.
 *
 * Every incoming message is parsed with these schemas (strict objects, bounded sizes) before anything acts on it,
 * after a cheap size check (lib/messaging/size.ts).
 *
 * Other areas add requests to `requests` in ui-to-background.ts (one block per area, with a comment naming it).
 */
export { MAX_MESSAGE_BYTES } from './size';
export {
  ErrorDataSchema,
  ErrorKindSchema,
  type ErrorData,
  type ErrorKind,
} from '../model/errors';
export {
  AlsoKnownAsSchema,
  BulkEntrySchema,
  ContactLookupSchema,
  ContactOptionsSchema,
  CostActionSchema,
  CostEstimateSchema,
  HistoryEntrySchema,
  HistoryTargetSchema,
  PanelIntentSchema,
  ProvenanceSchema,
  SelectionMeaningSchema,
  type AlsoKnownAs,
  type BulkEntry,
  type ContactLookup,
  type ContactOptions,
  type CostAction,
  type CostEstimate,
  type HistoryEntry,
  type HistoryTarget,
  type PanelIntent,
  type Provenance,
  type SelectionMeaning,
} from '../model/lookup';
export {
  BulkJobSchema,
  BulkRowSchema,
  CreditsSummarySchema,
  PageStateSchema,
  QueueStateSchema,
  type BulkJob,
  type BulkRow,
  type CreditsSummary,
  type PageState,
  type QueueState,
} from '../model/state';
export {
  ApiKeySchema,
  RequestEnvelopeSchema,
  requests,
  type Reply,
  type RequestInput,
  type RequestOutput,
  type RequestType,
} from './ui-to-background';
export { ContentMessageSchema, type ContentMessage } from './content-to-background';
export { BackgroundToContentSchema, readBackgroundToContent, type ToContentMessage } from './background-to-content';
export { EventSchema, type Event } from './background-to-ui';
export { BookRecordViewSchema, WebhookSendReportSchema, type BookRecordView, type WebhookSendReport } from './contacts-requests';
