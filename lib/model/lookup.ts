/**
 * What can be looked up and what an answer carries: lookup keys and options, where an answer came from, cost
 * previews, what a selection means, the panel's intents and the history. Shared by every direction of the protocol.
 */
import { z } from 'zod';
import { BULK_REQUIRED_FIELD_TYPES } from '../api/limits';
import { RequiredFieldSchema } from '../settings/schema';
import { EmailTextSchema, HttpUrlSchema, ShortTextSchema } from './text';
import { TeamPurchaseSchema } from '../hub-client/purchase';
import { t } from '../i18n/t';

/** Where an answer came from: the UI says "Cached 3 days ago · free" or "Live · 1 credit". */
export const ProvenanceSchema = z.strictObject({
  /** `saved`: opened from the contact book, which keeps what was bought after the cache's freshness has run out. */
  source: z.enum(['cache', 'live', 'saved']),
  fetchedAt: z.number(),
  creditsCharged: z.number().nonnegative(),
  /** A live answer the team hub gave from its book: who bought the person and when (then it cost nothing). */
  boughtByTeam: TeamPurchaseSchema.optional(),
});
export type Provenance = z.infer<typeof ProvenanceSchema>;

/** The keys a contact can be looked up by (GET /v1/enrich, /v1/similar-contacts). */
export const ContactLookupSchema = z
  .strictObject({
    email: EmailTextSchema.optional(),
    phone: z.string().trim().max(64).optional(),
    social_profile: HttpUrlSchema.optional(),
    first_name: ShortTextSchema.optional(),
    last_name: ShortTextSchema.optional(),
    company_name: ShortTextSchema.optional(),
    company_domain: ShortTextSchema.optional(),
  })
  .refine(
    (l) =>
      Boolean(l.email || l.phone || l.social_profile) ||
      Boolean(l.first_name && l.last_name && (l.company_name || l.company_domain)),
    { error: () => t('sidepanel_describe_lookup_invalid') },
  );
export type ContactLookup = z.infer<typeof ContactLookupSchema>;

export const ContactOptionsSchema = z.strictObject({
  realtime: z.boolean().optional(),
  waterfall: z.boolean().optional(),
  includeAllExperiences: z.boolean().optional(),
  required: z.array(RequiredFieldSchema).max(7).optional(),
});
export type ContactOptions = z.infer<typeof ContactOptionsSchema>;

export function lookupOutcome<T extends z.ZodType>(result: T) {
  return z.discriminatedUnion('found', [
    z.strictObject({ found: z.literal(true), result, provenance: ProvenanceSchema }),
    z.strictObject({ found: z.literal(false), errorText: z.string(), provenance: ProvenanceSchema }),
  ]);
}
export function sourced<T extends z.ZodType>(result: T) {
  return z.strictObject({ result, provenance: ProvenanceSchema });
}

/**
 * One price per person (docs/people.md): a person's identifiers other than the one looked up travel beside the lookup,
 * so a cached answer under any of them is free and a found answer is cached under all of them.
 */
export const AlsoKnownAsSchema = z.strictObject({
  emails: z.array(EmailTextSchema).max(50).optional(),
  phones: z.array(z.string().trim().max(64)).max(50).optional(),
  profiles: z.array(HttpUrlSchema).max(50).optional(),
});
export type AlsoKnownAs = z.infer<typeof AlsoKnownAsSchema>;

/** Single-key lookups of a person's other identifiers (bounded: page data is hostile). */
export function aliasLookupsOf(aka: AlsoKnownAs): ContactLookup[] {
  return [
    ...(aka.emails ?? []).map((email) => ({ email })),
    ...(aka.phones ?? []).map((phone) => ({ phone })),
    ...(aka.profiles ?? []).map((social_profile) => ({ social_profile })),
  ].slice(0, 30);
}

/** The required fields bulk enrichment understands (spec: bulk takes a narrower list than single lookups). */
export const BulkRequiredFieldsSchema = z.array(z.enum(BULK_REQUIRED_FIELD_TYPES)).max(BULK_REQUIRED_FIELD_TYPES.length);

/** The longest name a bulk entry carries (`label`): a page's or a file's name cell can be anything. */
export const ENTRY_LABEL_MAX = 200;

/** A name as a bulk entry's `label`: whitespace collapsed, cut to ENTRY_LABEL_MAX; undefined when there is none. */
export function entryLabel(name: string | null | undefined): string | undefined {
  const label = (name ?? '').replace(/\s+/g, ' ').trim().slice(0, ENTRY_LABEL_MAX).trim();
  return label === '' ? undefined : label;
}

export const BulkEntrySchema = z.strictObject({
  field_type: z.enum(['email', 'social_profile', 'phone']),
  value: z.string().trim().min(1).max(2048),
  /** The same person's other identifiers (the job dedupes entries that reach one person). */
  alsoKnownAs: AlsoKnownAsSchema.optional(),
  /**
   * Who the entry is, as the page or the user's file names them ("Jane Doe"): shown on the job's row until an answer
   * names them, and exported beside the input. Never sent to the service.
   */
  label: z.string().trim().max(ENTRY_LABEL_MAX).optional(),
  /**
   * The company and job title the user's file gives for this person (an import's mapped columns): context a lookup by
   * name and company could use. Not part of the entry's key, never sent to the service as it stands.
   */
  company: z.string().trim().max(ENTRY_LABEL_MAX).optional(),
  title: z.string().trim().max(ENTRY_LABEL_MAX).optional(),
});
export type BulkEntry = z.infer<typeof BulkEntrySchema>;

/** "Refresh" previews: the cache cannot answer, the company free-repeat window still applies (lib/engine/plan.ts). */
const refreshFlag = z.boolean().optional();

const searchValues = z.array(ShortTextSchema).max(20).optional();

/** A contact search's filters and page: the `contact/search` request's input (with its quote) and its price preview's. */
export const ContactSearchFiltersSchema = z.strictObject({
  job_title: searchValues,
  seniority: searchValues,
  location: searchValues,
  skills: searchValues,
  interests: searchValues,
  industry: searchValues,
  /** The people of one company (domain search); not a filter the spec shows (docs/api-decisions.md). */
  company_domain: searchValues,
  company_name: searchValues,
  page: z.number().int().min(1).max(10_000).optional(),
  page_size: z.number().int().min(1).max(100).optional(),
});

/** One paid action, for cost previews ("Enrich · 1 credit"). */
export const CostActionSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('contact/enrich'),
    lookup: ContactLookupSchema,
    options: ContactOptionsSchema.optional(),
    refresh: refreshFlag,
    alsoKnownAs: AlsoKnownAsSchema.optional(),
  }),
  z.strictObject({ action: z.literal('company/enrich'), url: ShortTextSchema, refresh: refreshFlag }),
  z.strictObject({
    action: z.literal('company/similar'),
    size: z.number().int().min(1).max(500),
    revealAll: z.boolean(),
    /** When given, the estimate says whether the answer is cached (free). */
    url: ShortTextSchema.optional(),
  }),
  z.strictObject({ action: z.literal('contact/similar'), lookup: ContactLookupSchema }),
  z.strictObject({ action: z.literal('email/verify'), email: EmailTextSchema }),
  z.strictObject({
    action: z.literal('contact/search'),
    pageSize: z.number().int().min(1).max(100),
    /**
     * The search as it will be sent: the `contact/search` request's input without `quotedCredits`, page and
     * `page_size` included (lib/messaging/ui-to-background.ts). Given, the estimate plans exactly that request, so a
     * page already fetched (cached 30 days) is priced free, as the run will charge it; `pageSize` is then unused.
     */
    filters: ContactSearchFiltersSchema.optional(),
  }),
  /** Several companies enriched one request each (lookalikes chosen): the sum of each one's own plan. */
  z.strictObject({ action: z.literal('companies/enrich'), urls: z.array(ShortTextSchema).min(1).max(500) }),
  z.strictObject({
    action: z.literal('bulk/enrich'),
    count: z.number().int().min(0).max(100_000),
    /** When given, duplicates and cached entries are taken off the estimate ("12 cached · free"). */
    entries: z.array(BulkEntrySchema).max(100_000).optional(),
    requiredFields: BulkRequiredFieldsSchema.optional(),
    /** True: people bought before are bought again (fresh answers) instead of filled from the contact book, free. */
    fresh: z.boolean().optional(),
  }),
  /** Sending a finished job's failed entries again ('bulk/retry'): priced as the retry will run. */
  z.strictObject({
    action: z.literal('bulk/retry'),
    jobId: z.string().max(100),
    /** False leaves out the interrupted entries (the service may have charged them already); default true. */
    interrupted: z.boolean().optional(),
  }),
]);
export type CostAction = z.infer<typeof CostActionSchema>;

export const CostEstimateSchema = z.strictObject({
  /** Most credits this can cost (misses are free, so the real charge may be lower). */
  credits: z.number().nonnegative(),
  /** True when the answer will come from the cache. */
  cached: z.boolean(),
  cachedAt: z.number().optional(),
  /** With `cachedAt`: false when the cached answer is the service's "no match" (opening it shows that, free). */
  cachedFound: z.boolean().optional(),
  /** Plain words: "1 credit if found · +1 realtime". */
  label: z.string(),
  /** Set when the daily budget would block it. */
  blockedByBudget: z.boolean(),
  /** `companies/enrich`: each company's own price, in the order asked (each request is held to its own). */
  each: z.array(z.number().nonnegative()).max(500).optional(),
  /**
   * `bulk/enrich` with entries: how many the cache does not answer but the contact book does (bought before). Free
   * unless the action asks for fresh answers; counted either way, so the choice can say what it costs.
   */
  saved: z.number().int().nonnegative().optional(),
  /** A teammate bought the person (the team hub's book): free, and who bought them when (the label says so). */
  boughtByTeam: TeamPurchaseSchema.optional(),
});
export type CostEstimate = z.infer<typeof CostEstimateSchema>;

/** How the selection menu understood the selected text. */
export const SelectionMeaningSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('email'), email: EmailTextSchema }),
  z.strictObject({ kind: z.literal('phone'), phone: z.string() }),
  z.strictObject({ kind: z.literal('profile'), url: HttpUrlSchema }),
  z.strictObject({ kind: z.literal('company'), url: ShortTextSchema }),
  z.strictObject({
    kind: z.literal('person'),
    first_name: ShortTextSchema,
    last_name: ShortTextSchema,
    company_name: ShortTextSchema.optional(),
    company_domain: ShortTextSchema.optional(),
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

/**
 * What a history entry was a lookup of, decoded by the background from its own cache key, so the UI reopens an
 * entry by its id (the opaque key) and never parses key strings (a key's format may change; its id may not).
 */
export const HistoryTargetSchema = z.discriminatedUnion('endpoint', [
  z.strictObject({ endpoint: z.literal('contact/enrich'), lookup: ContactLookupSchema }),
  z.strictObject({ endpoint: z.literal('contact/similar'), lookup: ContactLookupSchema }),
  z.strictObject({ endpoint: z.literal('company/enrich'), url: ShortTextSchema }),
  z.strictObject({ endpoint: z.literal('company/similar'), url: ShortTextSchema }),
  z.strictObject({ endpoint: z.literal('email/verify'), email: EmailTextSchema }),
  z.strictObject({ endpoint: z.literal('contact/search') }),
]);
export type HistoryTarget = z.infer<typeof HistoryTargetSchema>;
