/**
 * The whole vocabulary between the extension's parts, in one place.
 *
 * - Extension pages (side panel, popup, options, onboarding) send `Request`s to the background and get a
 *   `Reply` envelope back: `{ ok: true, data } | { ok: false, error }`. Errors cross as data, because class
 *   instances do not survive structured cloning.
 * - Content scripts may only send `ContentMessage`s (report what they found, ask for the panel). The background
 *   rejects anything else from them: they can never read the key, change settings or make it fetch a URL.
 * - The background broadcasts `Event`s to extension pages when state changes.
 *
 * Every incoming message is parsed with these schemas (strict objects, bounded sizes) before anything acts on it.
 */
import { z } from 'zod';
import { API_ERROR_KINDS } from '../api/errors';
import {
  CompanySchema,
  ContactSearchResultSchema,
  EmailVerificationResultSchema,
  EnrichedContactSchema,
  SimilarCompanyItemSchema,
  SimilarContactItemSchema,
} from '../api/schemas';
import { PageEntitiesSchema, RawPageScanSchema } from '../detect';
import { RequiredFieldSchema, SettingsPatchSchema, SettingsSchema } from '../settings/schema';

/** Largest message we accept, serialised; a page cannot flood the background. */
export const MAX_MESSAGE_BYTES = 2_000_000;

const shortText = z.string().trim().min(1).max(512);
const email = z.string().trim().max(320);
const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);

// ---------------------------------------------------------------------------------------------------------------
// Errors as data

export const ErrorKindSchema = z.enum([
  // from the API (lib/api/errors.ts)
  ...API_ERROR_KINDS,
  // from the extension itself
  'no_key',
  'budget_exceeded',
  'permission_needed',
  'not_scannable',
  'invalid_message',
  'forbidden',
  'internal',
]);
export type ErrorKind = z.infer<typeof ErrorKindSchema>;

export const ErrorDataSchema = z.strictObject({
  kind: ErrorKindSchema,
  message: z.string().max(2000),
  status: z.number().int().optional(),
  requestId: z.string().max(200).optional(),
  retryAfterMs: z.number().nonnegative().optional(),
  errorText: z.string().max(2000).optional(),
  /** Copyable technical detail (zod issues, response excerpt). Never contains the API key. */
  detail: z.string().max(20_000).optional(),
});
export type ErrorData = z.infer<typeof ErrorDataSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces

/** Where an answer came from: the UI says "Cached 3 days ago · free" or "Live · 1 credit". */
export const ProvenanceSchema = z.strictObject({
  source: z.enum(['cache', 'live']),
  fetchedAt: z.number(),
  creditsCharged: z.number().nonnegative(),
});
export type Provenance = z.infer<typeof ProvenanceSchema>;

/** The keys a contact can be looked up by (GET /v1/enrich, /v1/similar-contacts). */
export const ContactLookupSchema = z
  .strictObject({
    email: email.optional(),
    phone: z.string().trim().max(64).optional(),
    social_profile: httpUrl.optional(),
    first_name: shortText.optional(),
    last_name: shortText.optional(),
    company_name: shortText.optional(),
    company_domain: shortText.optional(),
  })
  .refine(
    (l) =>
      Boolean(l.email || l.phone || l.social_profile) ||
      Boolean(l.first_name && l.last_name && (l.company_name || l.company_domain)),
    { message: 'Give an email, a phone, a profile URL, or a first and last name with a company.' },
  );
export type ContactLookup = z.infer<typeof ContactLookupSchema>;

export const ContactOptionsSchema = z.strictObject({
  realtime: z.boolean().optional(),
  waterfall: z.boolean().optional(),
  includeAllExperiences: z.boolean().optional(),
  required: z.array(RequiredFieldSchema).max(7).optional(),
});
export type ContactOptions = z.infer<typeof ContactOptionsSchema>;

function lookupOutcome<T extends z.ZodType>(result: T) {
  return z.discriminatedUnion('found', [
    z.strictObject({ found: z.literal(true), result, provenance: ProvenanceSchema }),
    z.strictObject({ found: z.literal(false), errorText: z.string(), provenance: ProvenanceSchema }),
  ]);
}
function sourced<T extends z.ZodType>(result: T) {
  return z.strictObject({ result, provenance: ProvenanceSchema });
}

export const BulkEntrySchema = z.strictObject({
  field_type: z.enum(['email', 'social_profile', 'phone']),
  value: z.string().trim().min(1).max(2048),
});
export type BulkEntry = z.infer<typeof BulkEntrySchema>;

// ---- engine (issues 11–13): people's other identifiers, and refresh-aware cost previews ---------------------------
/**
 * The other identifiers the page shows for the same person (issue 13). A cached answer under any of them answers
 * a contact lookup for free, and a found answer is cached under all of them; a bulk job treats entries that share
 * one as the same person. Bounded: page data is hostile.
 */
export const AlsoKnownAsSchema = z.strictObject({
  emails: z.array(email).max(10).optional(),
  phones: z.array(z.string().trim().max(64)).max(10).optional(),
  profiles: z.array(httpUrl).max(10).optional(),
});
export type AlsoKnownAs = z.infer<typeof AlsoKnownAsSchema>;
/** A bulk entry with the person's other identifiers. */
export const BulkStartEntrySchema = BulkEntrySchema.extend({ alsoKnownAs: AlsoKnownAsSchema.optional() });
export type BulkStartEntry = z.infer<typeof BulkStartEntrySchema>;
/** "Refresh" previews: the cache cannot answer, the company free-repeat window still applies (lib/scheduler/plan.ts). */
const refreshFlag = z.boolean().optional();
// ---- end engine block ---------------------------------------------------------------------------------------------

/** One paid action, for cost previews ("Enrich · 1 credit"). */
export const CostActionSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('contact/enrich'),
    lookup: ContactLookupSchema,
    options: ContactOptionsSchema.optional(),
    refresh: refreshFlag,
    alsoKnownAs: AlsoKnownAsSchema.optional(),
  }),
  z.strictObject({ action: z.literal('company/enrich'), url: shortText, refresh: refreshFlag }),
  z.strictObject({
    action: z.literal('company/similar'),
    size: z.number().int().min(1).max(500),
    revealAll: z.boolean(),
    /** When given, the estimate says whether the answer is cached (free). */
    url: shortText.optional(),
  }),
  z.strictObject({ action: z.literal('contact/similar'), lookup: ContactLookupSchema }),
  z.strictObject({ action: z.literal('email/verify'), email }),
  z.strictObject({ action: z.literal('contact/search'), pageSize: z.number().int().min(1).max(100) }),
  z.strictObject({
    action: z.literal('bulk/enrich'),
    count: z.number().int().min(0).max(100_000),
    /** When given, duplicates and cached entries are taken off the estimate ("12 cached · free"). */
    entries: z.array(BulkEntrySchema).max(100_000).optional(),
    requiredFields: z.array(z.enum(['email', 'work_email', 'personal_email', 'phone', 'social_profile'])).max(5).optional(),
  }),
]);
export type CostAction = z.infer<typeof CostActionSchema>;

export const CostEstimateSchema = z.strictObject({
  /** Most credits this can cost (misses are free, so the real charge may be lower). */
  credits: z.number().nonnegative(),
  /** True when the answer will come from the cache. */
  cached: z.boolean(),
  cachedAt: z.number().optional(),
  /** Plain words: "1 credit if found · +1 realtime". */
  label: z.string(),
  /** Set when the daily budget would block it. */
  blockedByBudget: z.boolean(),
});
export type CostEstimate = z.infer<typeof CostEstimateSchema>;

export const QueueStateSchema = z.strictObject({
  pending: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  /** Requests still allowed in the current 60 s window. */
  windowLeft: z.number().int().nonnegative(),
  windowLimit: z.number().int().positive(),
  /** Set while the whole queue waits for a 429's Retry-After. */
  pausedUntil: z.number().nullable(),
  /** Estimated time until the queue is empty. */
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
  status: z.enum(['pending', 'enriched', 'not_found', 'error', 'cancelled']),
  contact: EnrichedContactSchema.nullable(),
  error: ErrorDataSchema.optional(),
  fromCache: z.boolean(),
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
  /**
   * Entries whose request was in flight when the browser stopped the extension. They are not re-sent on their
   * own (the service may have charged for them already, docs/reliability.md); 'bulk/retry' sends them again.
   */
  interrupted: z.number().int().nonnegative().optional(),
  /** Entries that ended in an error (interrupted ones included); 'bulk/retry' re-sends them. */
  failed: z.number().int().nonnegative().optional(),
  /**
   * engine: entries in requests that have left and whose answers are not in yet. A cancel cannot stop them: the
   * service charges on arrival, so they may still be charged (and their results still arrive).
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
});
export type PageState = z.infer<typeof PageStateSchema>;

/** How the selection menu understood the selected text. */
export const SelectionMeaningSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('email'), email }),
  z.strictObject({ kind: z.literal('phone'), phone: z.string() }),
  z.strictObject({ kind: z.literal('profile'), url: httpUrl }),
  z.strictObject({ kind: z.literal('company'), url: shortText }),
  z.strictObject({
    kind: z.literal('person'),
    first_name: shortText,
    last_name: shortText,
    company_name: shortText.optional(),
    company_domain: shortText.optional(),
  }),
]);
export type SelectionMeaning = z.infer<typeof SelectionMeaningSchema>;

/** What the side panel should show next for a tab (set by the context menu, shortcuts, popup). */
export const PanelIntentSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('lookup'), meaning: SelectionMeaningSchema, at: z.number() }),
  z.strictObject({
    kind: z.literal('ambiguous'),
    text: z.string().max(512),
    choices: z.array(SelectionMeaningSchema).max(10),
    at: z.number(),
  }),
  z.strictObject({ kind: z.literal('unrecognised'), text: z.string().max(512), at: z.number() }),
]);
export type PanelIntent = z.infer<typeof PanelIntentSchema>;

export const HistoryEntrySchema = z.strictObject({
  key: z.string(),
  endpoint: z.string(),
  label: z.string(),
  found: z.boolean(),
  fetchedAt: z.number(),
  expiresAt: z.number(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Requests from extension pages → background. Each entry: input schema and the data schema of a success reply.

/** A key goes into an HTTP header: printable ASCII only (a pasted zero-width space would fail as a "network" error). */
export const ApiKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'An API key has only letters, digits and symbols, without spaces.');

const empty = z.strictObject({});
const ok = z.strictObject({ ok: z.literal(true) });

export const requests = {
  'contact/enrich': {
    input: z.strictObject({
      lookup: ContactLookupSchema,
      options: ContactOptionsSchema.optional(),
      refresh: z.boolean().optional(),
      alsoKnownAs: AlsoKnownAsSchema.optional(),
    }),
    output: lookupOutcome(EnrichedContactSchema),
  },
  'contact/similar': {
    input: z.strictObject({ lookup: ContactLookupSchema, size: z.number().int().min(1).max(10).optional() }),
    output: sourced(z.array(SimilarContactItemSchema)),
  },
  'contact/search': {
    input: z.strictObject({
      job_title: z.array(shortText).max(20).optional(),
      seniority: z.array(shortText).max(20).optional(),
      location: z.array(shortText).max(20).optional(),
      skills: z.array(shortText).max(20).optional(),
      interests: z.array(shortText).max(20).optional(),
      industry: z.array(shortText).max(20).optional(),
      page: z.number().int().min(1).max(10_000).optional(),
      page_size: z.number().int().min(1).max(100).optional(),
    }),
    output: sourced(ContactSearchResultSchema),
  },
  'company/enrich': {
    input: z.strictObject({
      url: shortText,
      fetchRealtime: z.boolean().optional(),
      refresh: z.boolean().optional(),
      /** engine: a batch id; 'lookups/cancel' stops the batch's lookups that have not been sent yet. */
      group: z.string().max(64).optional(),
    }),
    output: lookupOutcome(CompanySchema),
  },
  /** engine: stops a batch's queued lookups (those not sent yet fail as `aborted`, uncharged); says how many. */
  'lookups/cancel': { input: z.strictObject({ group: z.string().max(64) }), output: z.strictObject({ cancelled: z.number().int().nonnegative() }) },
  'company/similar': {
    input: z.strictObject({
      url: shortText,
      size: z.number().int().min(1).max(500).optional(),
      revealAll: z.boolean().optional(),
      refresh: z.boolean().optional(),
    }),
    output: lookupOutcome(z.array(SimilarCompanyItemSchema)),
  },
  'email/verify': {
    input: z.strictObject({ email, refresh: z.boolean().optional() }),
    output: sourced(EmailVerificationResultSchema),
  },
  'bulk/start': {
    input: z.strictObject({
      entries: z.array(BulkStartEntrySchema).min(1).max(100_000),
      requiredFields: z.array(z.enum(['email', 'work_email', 'personal_email', 'phone', 'social_profile'])).max(5).optional(),
    }),
    output: BulkJobSchema,
  },
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
      /** engine: false leaves out the interrupted entries (the service may have charged them already); default true. */
      interrupted: z.boolean().optional(),
    }),
    output: BulkJobSchema,
  },
  'bulk/list': { input: empty, output: z.array(BulkJobSchema) },
  'queue/state': { input: empty, output: QueueStateSchema },
  'credits/summary': { input: empty, output: CreditsSummarySchema },
  'credits/estimate': { input: CostActionSchema, output: CostEstimateSchema },
  /** The entities found on a tab; `scan: true` injects the scanner first if allowed (user gesture / permission). */
  'page/get': {
    input: z.strictObject({ tabId: z.number().int().min(0), scan: z.boolean().optional() }),
    output: PageStateSchema.nullable(),
  },
  /** The pending context-menu/shortcut intent for a tab (consumed when read). */
  'panel/intent': { input: z.strictObject({ tabId: z.number().int().min(0) }), output: PanelIntentSchema.nullable() },
  'selection/classify': {
    input: z.strictObject({ text: z.string().max(512) }),
    output: z.strictObject({ meanings: z.array(SelectionMeaningSchema) }),
  },
  'history/list': {
    input: z.strictObject({ query: z.string().max(200).optional(), limit: z.number().int().min(1).max(500).optional() }),
    output: z.array(HistoryEntrySchema),
  },
  /** Reopen a cached answer for free; null when it has expired. `result` is the endpoint's answer when found. */
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
      key: z.strictObject({ present: z.boolean(), hint: z.string().nullable() }),
    }),
  },
  'settings/update': { input: SettingsPatchSchema, output: SettingsSchema },
  'key/set': { input: z.strictObject({ key: ApiKeySchema }), output: ok },
  'key/clear': { input: empty, output: ok },
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

// ---------------------------------------------------------------------------------------------------------------
// Content script → background: the only messages a content script may send.

export const ContentMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('page/scan'),
    scan: RawPageScanSchema,
    scanId: z.string().max(64),
    complete: z.boolean(),
  }),
  z.strictObject({ type: z.literal('panel/open') }),
]);
export type ContentMessage = z.infer<typeof ContentMessageSchema>;

/** Background → content script. */
export type ToContentMessage = { type: 'page/rescan' } | { type: 'page/ping' };

// ---------------------------------------------------------------------------------------------------------------
// Background → extension pages (broadcast).

export const EventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('event/page'), page: PageStateSchema }),
  z.strictObject({ type: z.literal('event/queue'), queue: QueueStateSchema }),
  z.strictObject({ type: z.literal('event/bulk'), job: BulkJobSchema }),
  z.strictObject({ type: z.literal('event/intent'), tabId: z.number().int(), intent: PanelIntentSchema }),
  z.strictObject({ type: z.literal('event/credits'), credits: CreditsSummarySchema }),
  z.strictObject({ type: z.literal('event/settings') }),
  /** The tab navigated away or closed: what was found on it is gone. */
  z.strictObject({ type: z.literal('event/page-cleared'), tabId: z.number().int() }),
]);
export type Event = z.infer<typeof EventSchema>;
