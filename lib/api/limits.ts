/*
 * Limits the spec states outright (spec: "Limits"). Choices the spec leaves open live in ./decisions.ts.
 */

/** Requests per key per window before the service answers 429. */
export const RATE_LIMIT = { requests: 200, windowMs: 60_000 } as const;

/** Entries allowed in one `query_list` of `POST /v1/bulk-enrich`. */
export const BULK_MAX_INPUTS = 1000;

/** `size` of `GET /v2/similar-companies`. */
export const SIMILAR_COMPANIES_SIZE = { min: 1, max: 500, default: 10 } as const;

/** `size` of `GET /v1/similar-contacts`. */
export const SIMILAR_CONTACTS_SIZE = { min: 1, max: 10, default: 10 } as const;

/** Window in which re-enriching the same company costs nothing. */
export const COMPANY_REENRICH_WINDOW_DAYS = 30;

/** Values allowed in the `required` query parameter of `GET /v1/enrich`. */
export const ENRICH_REQUIRED_VALUES = [
  'email',
  'work_email',
  'any_work_email',
  'personal_email',
  'phone',
  'email_or_phone',
  'social_profile',
] as const;

/** `required_fields[].field_type` of bulk enrichment. */
export const BULK_REQUIRED_FIELD_TYPES = ['email', 'work_email', 'personal_email', 'phone', 'social_profile'] as const;

/** `query_list[].field_type` of bulk enrichment. */
export const BULK_QUERY_FIELD_TYPES = ['email', 'social_profile', 'phone'] as const;

/** Paths, as the spec names them. */
export const PATHS = {
  enrich: '/v1/enrich',
  bulkEnrich: '/v1/bulk-enrich',
  company: '/v1/company',
  similarCompanies: '/v2/similar-companies',
  /** The spec's code examples call this one; used only when the v2 route itself is missing. */
  similarCompaniesV1: '/v1/similar-companies',
  similarContacts: '/v1/similar-contacts',
  emailVerification: '/v1/email-verification',
  prospector: '/v1/prospector',
} as const;

/** Header carrying the caller's key. */
export const API_KEY_HEADER = 'X-API-Key';

/**
 * Most bytes read of an answer, from the records asked (our own choice; the spec states no size): a generous
 * 32 kB per record (a full contact with every field is a few kB) plus 64 kB for the envelope and error bodies.
 * An answer past it is not read further (a hostile or broken service must not fill the worker's memory): a 1,000-record
 * bulk chunk may answer up to ~32 MB, a single lookup 96 kB; a 100,000-item answer to a 500-item request stops at 16 MB
 * without being parsed.
 */
export const ANSWER_BYTES = { perRecord: 32 * 1024, envelope: 64 * 1024 } as const;

export function maxAnswerBytes(records: number): number {
  return ANSWER_BYTES.envelope + Math.max(1, records) * ANSWER_BYTES.perRecord;
}
