/**
 * UI → background: the requests extension pages (side panel, popup, options, onboarding) send, each with its
 * input schema and the data schema of a success reply. The reply is `{ ok: true, data } | { ok: false, error }`;
 * errors cross as data (lib/model/errors.ts). Content scripts may send none of these (lib/messaging/router.ts).
 */
import { z } from 'zod';
import {
  CompanySchema,
  ContactSearchResultSchema,
  EmailVerificationResultSchema,
  EnrichedContactSchema,
  SimilarCompanyItemSchema,
  SimilarContactItemSchema,
} from '../api/schemas';
import { ApiKeySchema } from '../keystore/schema';
import type { ErrorData } from '../model/errors';
import {
  AlsoKnownAsSchema,
  BulkEntrySchema,
  BulkRequiredFieldsSchema,
  ContactLookupSchema,
  ContactOptionsSchema,
  ContactSearchFiltersSchema,
  CostActionSchema,
  CostEstimateSchema,
  HistoryEntrySchema,
  HistoryTargetSchema,
  lookupOutcome,
  PanelIntentSchema,
  ProvenanceSchema,
  SelectionMeaningSchema,
  sourced,
} from '../model/lookup';
import { BulkJobSchema, BulkRowSchema, CreditsSummarySchema, PageStateSchema, QueueStateSchema } from '../model/state';
import { EmailTextSchema as email, ShortTextSchema as shortText } from '../model/text';
import { SettingsPatchSchema, SettingsSchema } from '../settings/schema';
import { contactRequests, ImportPreviewSchema } from './contacts-requests';
import { HubJoinSchema, HubStateSchema } from '../hub-client/session';
import { hubRequests } from './hub-requests';

export { ApiKeySchema };

const empty = z.strictObject({});
export const DemoStateSchema = z.strictObject({ on: z.boolean() });
export type DemoState = z.infer<typeof DemoStateSchema>;
const ok = z.strictObject({ ok: z.literal(true) });
/**
 * The price the user's click showed (the estimate's credits; 0 for "free"). A request that would cost more when it
 * runs is refused as `price_changed`, nothing sent (lib/engine/lookups.ts). Absent: no quote to hold it to.
 */
const quotedCredits = z.number().nonnegative().max(1_000_000).optional();

export const requests = {
  ...contactRequests,
  ...hubRequests,
  'contact/enrich': {
    input: z.strictObject({
      lookup: ContactLookupSchema,
      options: ContactOptionsSchema.optional(),
      refresh: z.boolean().optional(),
      /** The person's other identifiers: free if cached under any, cached under all if found (one price per person). */
      alsoKnownAs: AlsoKnownAsSchema.optional(),
      quotedCredits,
    }),
    output: lookupOutcome(EnrichedContactSchema),
  },
  'contact/similar': {
    input: z.strictObject({ lookup: ContactLookupSchema, size: z.number().int().min(1).max(10).optional(), quotedCredits }),
    output: sourced(z.array(SimilarContactItemSchema)),
  },
  'contact/search': {
    // The filters and page, one schema with the price preview's (lib/model/lookup.ts), and the quote.
    input: ContactSearchFiltersSchema.extend({ quotedCredits }),
    output: sourced(ContactSearchResultSchema),
  },
  'company/enrich': {
    input: z.strictObject({
      url: shortText,
      fetchRealtime: z.boolean().optional(),
      refresh: z.boolean().optional(),
      /** A batch id: 'lookups/cancel' stops the batch's lookups that have not been sent yet. */
      group: z.string().max(64).optional(),
      quotedCredits,
    }),
    output: lookupOutcome(CompanySchema),
  },
  /** Stops a batch's queued lookups (those not sent yet fail as `aborted`, uncharged); says how many. */
  'lookups/cancel': { input: z.strictObject({ group: z.string().max(64) }), output: z.strictObject({ cancelled: z.number().int().nonnegative() }) },
  /** Stops the single lookups (no batch) waiting for the rate limit or a 429 pause; none was processed, none is charged. */
  'lookups/cancel-waiting': { input: empty, output: z.strictObject({ cancelled: z.number().int().nonnegative() }) },
  'company/similar': {
    input: z.strictObject({
      url: shortText,
      size: z.number().int().min(1).max(500).optional(),
      revealAll: z.boolean().optional(),
      refresh: z.boolean().optional(),
      quotedCredits,
    }),
    output: lookupOutcome(z.array(SimilarCompanyItemSchema)),
  },
  'email/verify': {
    input: z.strictObject({ email, refresh: z.boolean().optional(), quotedCredits }),
    output: sourced(EmailVerificationResultSchema),
  },
  /** A job from entries sent whole (page selections, small pastes) or from a staged upload (`stagedId`), not both. */
  'bulk/start': {
    input: z
      .strictObject({
        entries: z.array(BulkEntrySchema).min(1).max(100_000).optional(),
        requiredFields: BulkRequiredFieldsSchema.optional(),
        /** From 'bulk/stage-open'; the staged upload's own required fields apply. */
        stagedId: z.string().max(100).optional(),
        /** The most the preview said the job could cost: more rows to send than that (cache cleared since) is refused. */
        quotedCredits,
        /** True: people bought before are bought again instead of filled from the contact book, free. */
        fresh: z.boolean().optional(),
      })
      .refine((input) => (input.entries === undefined) !== (input.stagedId === undefined), { message: 'Give either entries or a stagedId.' }),
    output: BulkJobSchema,
  },
  /**
   * Staged upload, for jobs too big for one message: open, append entries in pages of ≤ 2,000 (each
   * message far under the 2 MB limit), preview, then 'bulk/start' with the stagedId. Staged data expires an hour
   * after its last append (lib/engine/bulk-staging.ts); start and discard remove it at once.
   */
  'bulk/stage-open': {
    input: z.strictObject({ requiredFields: BulkRequiredFieldsSchema.optional() }),
    output: z.strictObject({ stagedId: z.string(), expiresAt: z.number() }),
  },
  'bulk/stage-append': {
    input: z.strictObject({ stagedId: z.string().max(100), entries: z.array(BulkEntrySchema).min(1).max(2_000) }),
    output: z.strictObject({ staged: z.number().int().nonnegative(), duplicates: z.number().int().nonnegative(), expiresAt: z.number() }),
  },
  /**
   * Before anything is sent: rows, unique entries, duplicates, cached and bought before (both free), and the bulk
   * estimate's price, counted page by page as the entries were staged. `fresh`: priced as buying the people bought
   * before again. `recount`: every entry asked again (after the start refused a price that changed).
   */
  'bulk/stage-preview': {
    input: z.strictObject({ stagedId: z.string().max(100), fresh: z.boolean().optional(), recount: z.boolean().optional() }),
    output: ImportPreviewSchema,
  },
  'bulk/stage-discard': { input: z.strictObject({ stagedId: z.string().max(100) }), output: ok },
  'bulk/get': { input: z.strictObject({ jobId: z.string().max(100) }), output: BulkJobSchema },
  'bulk/rows': {
    input: z.strictObject({
      jobId: z.string().max(100),
      offset: z.number().int().min(0),
      limit: z.number().int().min(1).max(1000),
    }),
    output: z.strictObject({ total: z.number().int(), rows: z.array(BulkRowSchema) }),
  },
  'bulk/cancel': { input: z.strictObject({ jobId: z.string().max(100) }), output: BulkJobSchema },
  /** Sends the job's failed and interrupted entries again (a paid action: estimate with 'bulk/enrich' first). */
  'bulk/retry': {
    input: z.strictObject({
      jobId: z.string().max(100),
      /** False leaves out the interrupted entries (the service may have charged them already); default true. */
      interrupted: z.boolean().optional(),
      /** The price the button showed ('credits/estimate' of 'bulk/retry'): a retry that would cost more is refused. */
      quotedCredits: z.number().int().min(0).optional(),
    }),
    output: BulkJobSchema,
  },
  'bulk/list': { input: empty, output: z.array(BulkJobSchema) },
  'queue/state': { input: empty, output: QueueStateSchema },
  'credits/summary': { input: empty, output: CreditsSummarySchema },
  'credits/estimate': { input: CostActionSchema, output: CostEstimateSchema },
  /** The entities found on a tab; `scan: true` injects the scanner first if allowed (user gesture / permission). */
  'page/get': {
    /** `scan`: inject the scanner if needed and wait for its result; `full`: the user's Rescan, read the page again. */
    input: z.strictObject({ tabId: z.number().int().min(0), scan: z.boolean().optional(), full: z.boolean().optional() }),
    output: PageStateSchema.nullable(),
  },
  /** The pending context-menu/shortcut intent for a tab (consumed when read). */
  'panel/intent': { input: z.strictObject({ tabId: z.number().int().min(0) }), output: PanelIntentSchema.nullable() },
  'selection/classify': {
    input: z.strictObject({ text: z.string().max(512) }),
    output: z.strictObject({ meanings: z.array(SelectionMeaningSchema) }),
  },
  /**
   * The popup's lookup box hands what it understood to the tab's side panel, as the context menu does (stored as
   * the tab's panel intent; the panel opens the Contact or Company view on it).
   */
  'panel/lookup': {
    input: z.strictObject({ tabId: z.number().int().min(0), meaning: SelectionMeaningSchema }),
    output: ok,
  },
  'history/list': {
    input: z.strictObject({ query: z.string().max(200).optional(), limit: z.number().int().min(1).max(500).optional() }),
    output: z.array(HistoryEntrySchema),
  },
  /**
   * Reopen a cached answer for free by its id (the entry's `key`, opaque to the UI); null when it has expired.
   * `result` is the endpoint's answer when found; `target` is what was looked up, so the UI never parses keys.
   */
  'history/open': {
    input: z.strictObject({ key: z.string().max(4096) }),
    output: z
      .strictObject({
        key: z.string(),
        endpoint: z.string(),
        label: z.string(),
        found: z.boolean(),
        result: z.unknown().optional(),
        errorText: z.string().optional(),
        provenance: ProvenanceSchema,
        target: HistoryTargetSchema.nullable().optional(),
      })
      .nullable(),
  },
  'history/delete': { input: z.strictObject({ key: z.string().max(4096) }), output: ok },
  'cache/stats': {
    input: empty,
    output: z.strictObject({ entries: z.number().int(), approxBytes: z.number().int() }),
  },
  'cache/clear': { input: empty, output: ok },
  'settings/get': {
    input: empty,
    output: z.strictObject({
      settings: SettingsSchema,
      /** `rejectedAt`: when the service last refused the saved key (401), null if it has not since it was saved. */
      key: z.strictObject({ present: z.boolean(), hint: z.string().nullable(), rejectedAt: z.number().nullable() }),
    }),
  },
  'settings/update': { input: SettingsPatchSchema, output: SettingsSchema },
  /**
   * Applies an imported settings file all or nothing: the patch and the key (when the user chose to replace it)
   * are validated together, and a failed write rolls back the other (lib/settings-transfer/apply.ts).
   */
  'settings/import': {
    input: z.strictObject({ settings: SettingsPatchSchema, apiKey: ApiKeySchema.optional() }),
    output: SettingsSchema,
  },
  'key/set': { input: z.strictObject({ key: ApiKeySchema }), output: ok },
  'key/clear': { input: empty, output: ok },
  /**
   * Demo mode: the sandbox inside the extension answers the API over seeded data, in stores of its own
   * (docs/store.md, "Demo mode"). Extension pages only: the router gives content scripts and the demo pages none
   * of these.
   */
  'demo/state': { input: empty, output: DemoStateSchema },
  'demo/start': { input: empty, output: DemoStateSchema },
  'demo/stop': { input: empty, output: DemoStateSchema },
  /**
   * Team hub (lib/hub-client, docs/hub.md): sign in with the hub's address and an invite, see the sign-in, leave it.
   * In proxy mode signing in puts the member's token where the key was and the hub's address in the API address;
   * leaving puts the user's own back. The token never comes back to a page.
   */
  'hub/state': { input: empty, output: HubStateSchema },
  'hub/join': { input: HubJoinSchema, output: HubStateSchema },
  'hub/leave': { input: empty, output: HubStateSchema },
  /** Checks the stored key (or a candidate) with the free check described in docs/api-decisions.md. */
  'key/test': {
    input: z.strictObject({ key: ApiKeySchema.optional() }),
    output: z.strictObject({ valid: z.boolean() }),
  },
} as const;

export type RequestType = keyof typeof requests;
export type RequestInput<T extends RequestType> = z.input<(typeof requests)[T]['input']>;
export type RequestOutput<T extends RequestType> = z.infer<(typeof requests)[T]['output']>;

export const RequestEnvelopeSchema = z.strictObject({
  type: z.enum(Object.keys(requests) as [RequestType, ...RequestType[]]),
  input: z.unknown(),
});

export type Reply<T> = { ok: true; data: T } | { ok: false; error: ErrorData };
