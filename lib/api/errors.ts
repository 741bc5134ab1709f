import { z } from 'zod';
import { FORBIDDEN_DEFAULT, REQUEST_ID_HEADER } from './decisions';
import { ErrorBodySchema } from './schemas';
import { t } from '../i18n/t';

/*
 * The typed error model. `errorFromResponse` is the one place a failed HTTP response becomes an error; the
 * other constructors cover failures without a response (network, timeout, abort) and responses of the wrong
 * shape. lib/errors/to-error-data.ts turns any of them into plain data for crossing message boundaries.
 * No message, detail or excerpt ever contains the API key (callers pass it as a secret to scrub).
 */

export const API_ERROR_KINDS = [
  'bad_request',
  'invalid_key',
  'out_of_credits',
  'plan_required',
  'not_found',
  'rate_limited',
  'server',
  'network',
  'timeout',
  'aborted',
  'bad_response',
  'redirected',
  /** No key is set: nothing was sent (`assertKey`). */
  'no_key',
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

export interface ApiErrorInit {
  status?: number | undefined;
  requestId?: string | undefined;
  /** Parsed JSON body, or an excerpt of a non-JSON body (never parsed when the status is 429). */
  body?: unknown;
  retryAfterMs?: number | undefined;
  /** `errorText` of the body when it has one (always on the spec's 404). */
  errorText?: string | undefined;
  /** zod issues of a request or response that did not match the contract. */
  issues?: readonly z.core.$ZodIssue[] | undefined;
  /**
   * A 2xx answer that could not be read, whole and scrubbed of secrets: the service charged for it, so the engine
   * keeps it to read again after an update (lib/engine/unreadable.ts).
   */
  raw?: string | undefined;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly body: unknown;
  readonly retryAfterMs: number | undefined;
  readonly errorText: string | undefined;
  readonly issues: readonly z.core.$ZodIssue[] | undefined;
  readonly raw: string | undefined;

  constructor(kind: ApiErrorKind, message: string, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = init.status;
    this.requestId = init.requestId;
    this.body = init.body;
    this.retryAfterMs = init.retryAfterMs;
    this.errorText = init.errorText;
    this.issues = init.issues;
    this.raw = init.raw;
  }
}

/** Narrowing helper: `isApiError(e, 'not_found')`. */
export function isApiError<K extends ApiErrorKind>(err: unknown, kind?: K): err is ApiError & { kind: K } {
  return err instanceof ApiError && (kind === undefined || err.kind === kind);
}

// ---------------------------------------------------------------- no key

/**
 * The one "no key" check, used by the background's handlers, the lookups engine and the transport (which reads the
 * key again after waiting at the rate-limit gate): without a key nothing is sent, and the user reads "add your key",
 * never "the service rejected the key".
 */
export function assertKey<K>(key: K): asserts key is NonNullable<K> {
  if (!key) throw new ApiError('no_key', t('errors_no_key_set'));
}

// ---------------------------------------------------------------- from a response

export interface ResponseFacts {
  status: number;
  headers: Headers;
  /** Raw body text; may be empty. */
  bodyText: string;
}

export interface ErrorContext {
  /** `'prospector'` changes how a bare 403 is read (decisions D2). */
  endpoint: string;
  /** e.g. `GET /v1/enrich`: no query string, so no looked-up personal data in messages. */
  route: string;
  /** Strings to scrub from anything kept from the body (the API key). */
  secrets?: readonly string[];
  now?: number;
}

/** The one function that turns a non-2xx response into the right error. */
export function errorFromResponse(res: ResponseFacts, ctx: ErrorContext): ApiError {
  const { status } = res;
  const requestId = res.headers.get(REQUEST_ID_HEADER) ?? undefined;
  // The 429 body is an HTML page (spec): keep an excerpt, never parse it.
  const body = status === 429 ? excerpt(res.bodyText, ctx.secrets) : parseBody(res.bodyText, ctx.secrets);
  const parsed = ErrorBodySchema.safeParse(body);
  const errorCode = parsed.success ? parsed.data.errorCode : undefined;
  const errorText = parsed.success && parsed.data.errorText ? scrub(parsed.data.errorText, ctx.secrets) : undefined;
  const base = { status, requestId, body, errorText };
  const said = errorText ? `: ${errorText}` : '';

  if (status === 400 || status === 409 || status === 422 || status === 413)
    return new ApiError('bad_request', t('errors_api_malformed', ctx.route, status, said), base);
  if (status === 401) return new ApiError('invalid_key', t('errors_api_invalid_key', said), base);
  if (status === 403) {
    const kind = forbiddenKind(errorCode, ctx.endpoint);
    return kind === 'plan_required'
      ? new ApiError('plan_required', t('errors_api_plan_required', ctx.route, said), base)
      : new ApiError('out_of_credits', t('errors_api_out_of_credits', said), base);
  }
  if (status === 404) return new ApiError('not_found', errorText ?? t('errors_api_not_found', ctx.route), base);
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), ctx.now);
    const wait = retryAfterMs === undefined ? '' : t('errors_api_retry_in', Math.ceil(retryAfterMs / 1000));
    return new ApiError('rate_limited', t('errors_api_rate_limited', wait), {
      ...base,
      retryAfterMs,
    });
  }
  if (status >= 500) {
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), ctx.now);
    return new ApiError('server', t('errors_api_server', status, ctx.route, said), { ...base, retryAfterMs });
  }
  if (status >= 400) return new ApiError('bad_request', t('errors_api_refused', status, ctx.route, said), base);
  return new ApiError('bad_response', t('errors_api_unexpected_status', status, ctx.route), base);
}

function forbiddenKind(errorCode: string | undefined, endpoint: string): 'plan_required' | 'out_of_credits' {
  if (errorCode === 'plan_required') return 'plan_required';
  if (errorCode === 'insufficient_credits') return 'out_of_credits';
  return endpoint === 'prospector' ? FORBIDDEN_DEFAULT.prospector : FORBIDDEN_DEFAULT.other;
}

// ---------------------------------------------------------------- without a usable response

export const networkError = (route: string, cause: unknown): ApiError =>
  new ApiError('network', t('errors_api_network', route), { cause });

export const timeoutError = (route: string, timeoutMs: number): ApiError =>
  new ApiError('timeout', t('errors_api_timeout', Math.round(timeoutMs / 1000), route));

export const abortedError = (route: string): ApiError => new ApiError('aborted', t('errors_api_cancelled', route));

/**
 * The API answered with a redirect, which we never follow (it would carry the key to the new address). The
 * target is named when the runtime shows it (browsers hide it behind an opaque response), without its query.
 */
export function redirectedError(route: string, status: number, location: string | null, baseUrl: string): ApiError {
  const target = redirectTarget(location, baseUrl);
  const at = `${route}${status ? `, ${status}` : ''}`;
  return new ApiError(
    'redirected',
    target ? t('errors_api_redirects_to', target, at) : t('errors_api_redirects_elsewhere', at),
    status ? { status } : {},
  );
}

function redirectTarget(location: string | null, baseUrl: string): string | undefined {
  if (!location) return undefined;
  try {
    const url = new URL(location, baseUrl);
    return `${url.origin}${url.pathname}`.slice(0, 300);
  } catch {
    return undefined;
  }
}

/**
 * An answer longer than anything the request could need (a hostile or broken service must not fill the worker's
 * memory): not read, not parsed.
 */
export const oversizeError = (route: string, maxBytes: number, status: number): ApiError =>
  new ApiError(
    'bad_response',
    // A byte size in a technical message: plain digits, as logs and bug reports quote it.
    t('errors_api_oversize', String(Math.ceil(maxBytes / 1024)), route),
    { status },
  );

/** A 2xx response that is not JSON or does not match the contract. */
export function badResponseError(
  route: string,
  facts: { status: number; headers: Headers; issues?: readonly z.core.$ZodIssue[]; bodyText?: string; secrets?: readonly string[] },
): ApiError {
  const requestId = facts.headers.get(REQUEST_ID_HEADER) ?? undefined;
  return new ApiError('bad_response', t(facts.issues ? 'errors_api_bad_shape' : 'errors_api_not_json', route, facts.status), {
    status: facts.status,
    requestId,
    issues: facts.issues,
    body: facts.bodyText === undefined ? undefined : excerpt(facts.bodyText, facts.secrets),
    raw: facts.bodyText === undefined ? undefined : scrub(facts.bodyText, facts.secrets),
  });
}

/** A request that fails our own contract never leaves the client: a local 400 without status. */
export const invalidRequestError = (route: string, issues: readonly z.core.$ZodIssue[]): ApiError =>
  new ApiError('bad_request', t('errors_api_invalid_request', route, issues.map(describeIssue).join('; ')), { issues });

// ---------------------------------------------------------------- helpers

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Every HTTP-date form starts with a day name; without this check Date.parse would read "-1" or "1.5" as dates.
  if (!/^[A-Za-z]{3}/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const EXCERPT_CHARS = 500;

function excerpt(text: string, secrets: readonly string[] | undefined): string {
  return scrub(text.slice(0, EXCERPT_CHARS), secrets);
}

function parseBody(text: string, secrets: readonly string[] | undefined): unknown {
  if (text.trim() === '') return undefined;
  try {
    // Scrubbed before parsing, so no secret survives anywhere in the parsed value.
    return JSON.parse(scrub(text, secrets)) as unknown;
  } catch {
    return excerpt(text, secrets);
  }
}

/** Replaces every secret in a string; a service that echoes the key back must not leak it into our UI or logs. */
export function scrub(text: string, secrets: readonly string[] | undefined): string {
  let out = text;
  for (const secret of secrets ?? []) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}

const pathOf = (issue: z.core.$ZodIssue): string => (issue.path.length ? issue.path.join('.') : '(root)');
const describeIssue = (issue: z.core.$ZodIssue): string => `${pathOf(issue)}: ${issue.message}`;
