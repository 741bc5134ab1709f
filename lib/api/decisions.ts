/*
 * Every choice the spec leaves "not shown", in one place. Each constant is explained in docs/api-decisions.md
 * (same headings, D1…Dn). Change a behaviour here, not at its point of use.
 */

// D1 ------------------------------------------------------------ error bodies of 400/401/403/5xx

/** `errorCode` values of the `{ errorCode, errorText }` body we expect on 400/401/403/5xx. */
export const ERROR_CODES = [
  'bad_request',
  'invalid_key',
  'insufficient_credits',
  'plan_required',
  'server_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

// D2 ------------------------------------------------------------ telling the two 403s apart

/**
 * The spec uses 403 both for "insufficient credits" and (contact search) "enterprise plan required".
 * With an `errorCode` we trust it; without one (HTML, empty, other JSON) we fall back per endpoint.
 */
export const FORBIDDEN_DEFAULT = {
  prospector: 'plan_required',
  other: 'out_of_credits',
} as const;

// D3 ------------------------------------------------------------ prospector (contact search) body

/** Filters of `POST /v1/prospector`; each takes a list of strings, OR within a filter, AND across filters. */
export const PROSPECTOR_FILTERS = ['job_title', 'seniority', 'location', 'skills', 'interests', 'industry'] as const;
export type ProspectorFilter = (typeof PROSPECTOR_FILTERS)[number];

/** Paging of contact search ("Page size bounds and default: not shown"). */
export const PROSPECTOR_PAGE = { minPage: 1, defaultPage: 1, minSize: 1, maxSize: 100, defaultSize: 25 } as const;

// D4 ------------------------------------------------------------ minimum inputs for enrich / similar-contacts

export interface LookupKeys {
  first_name?: string | undefined;
  last_name?: string | undefined;
  company_name?: string | undefined;
  company_domain?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  social_profile?: string | undefined;
}

const filled = (v: string | undefined): boolean => v !== undefined && v.trim() !== '';

/** One of email, phone, social_profile; or first_name + last_name with company_name or company_domain. */
export function hasMinimumLookup(keys: LookupKeys): boolean {
  if (filled(keys.email) || filled(keys.phone) || filled(keys.social_profile)) return true;
  return (
    filled(keys.first_name) &&
    filled(keys.last_name) &&
    (filled(keys.company_name) || filled(keys.company_domain))
  );
}

export const MINIMUM_LOOKUP_MESSAGE =
  'Give an email, a phone, a social profile, or first name + last name with company name or company domain.';

// D5 ------------------------------------------------------------ checking a key for free

/**
 * Cheapest honest key check: `GET /v1/enrich` without parameters. Authentication runs before validation,
 * so 400 means the key is valid and 401 means it is not; neither costs a credit.
 */
export const KEY_CHECK = { path: '/v1/enrich', validStatus: 400, invalidStatus: 401 } as const;

// D6 ------------------------------------------------------------ request ids

/** Response header read into `ApiError.requestId` when present. */
export const REQUEST_ID_HEADER = 'x-request-id';

// D7 ------------------------------------------------------------ timeouts per call

/**
 * Per-attempt timeouts. Realtime calls leave ample room above the latency the spec announces (about 15 s added for
 * an enrich, about 30 s for a company).
 */
export const TIMEOUTS_MS = {
  default: 20_000,
  enrichRealtime: 45_000,
  companyRealtime: 75_000,
  /** 1000 records per request; the spec gives no latency, so be generous. */
  bulkChunk: 120_000,
} as const;

// D8 ------------------------------------------------------------ retry policy

export const RETRY_POLICY = {
  /** Retries after the first attempt. */
  maxRetries: 2,
  /** Exponential backoff with full jitter: random(0, min(maxDelay, base * 2^attempt)). */
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  /** A Retry-After longer than this is not waited out inside a call: the error goes to the scheduler. */
  maxRetryAfterMs: 30_000,
} as const;

/**
 * Which failures each endpoint may retry on its own. 429 and 503 mean the request was not processed, so they
 * are always safe. 500/502/504, timeouts and network errors after sending are ambiguous: the service may have
 * done the work and charged for it. Those are retried only where a repeat cannot charge twice.
 */
export type RetryClass = 'free_or_idempotent' | 'paid';
export const ENDPOINT_RETRY_CLASS = {
  enrich: 'paid',
  bulkEnrich: 'paid',
  /** A repeat within 30 days is free (spec), so a retry never charges twice. */
  company: 'free_or_idempotent',
  similarCompanies: 'paid',
  similarContacts: 'paid',
  emailVerification: 'paid',
  prospector: 'paid',
  checkKey: 'free_or_idempotent',
} as const satisfies Record<string, RetryClass>;
export type Endpoint = keyof typeof ENDPOINT_RETRY_CLASS;

/** Statuses that prove the request was not processed: safe to retry on every endpoint. */
export const RETRY_ALWAYS_STATUSES = [429, 503] as const;
/** Statuses retried only on `free_or_idempotent` endpoints. */
export const RETRY_AMBIGUOUS_STATUSES = [500, 502, 504] as const;

// D9 ------------------------------------------------------------ similar companies v2 → v1

// `/v2/similar-companies` is the documented path; the code examples use `/v1/...`. The client (lib/api/client.ts,
// `similarCompanies`) calls v2 and falls back to v1 only when the route itself is missing: a 404 whose body is not
// `{ errorText }` JSON (an unknown company gives 404 *with* errorText and is a normal "no match").

// D10 ----------------------------------------------------------- shape of `experiences`

// "Shape of experiences entries: not shown". lib/api/schemas.ts reads them as Employment objects, unknown keys kept.

// D11 ----------------------------------------------------------- keeping the MV3 worker alive

/** Interval of the keep-alive ping (`chrome.runtime.getPlatformInfo`) while API work is pending. */
export const KEEP_ALIVE_INTERVAL_MS = 20_000;
