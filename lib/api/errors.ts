import { z } from 'zod';
import { FORBIDDEN_DEFAULT, REQUEST_ID_HEADER } from './decisions';
import { ErrorBodySchema } from './schemas';

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
  }
}

/** Narrowing helper: `isApiError(e, 'not_found')`. */
export function isApiError<K extends ApiErrorKind>(err: unknown, kind?: K): err is ApiError & { kind: K } {
  return err instanceof ApiError && (kind === undefined || err.kind === kind);
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
    return new ApiError('bad_request', `The API rejected the request as malformed (${ctx.route}, ${status})${said}`, base);
  if (status === 401) return new ApiError('invalid_key', `The API key was not accepted (401)${said}`, base);
  if (status === 403) {
    const kind = forbiddenKind(errorCode, ctx.endpoint);
    return kind === 'plan_required'
      ? new ApiError('plan_required', `This needs an enterprise plan (403, ${ctx.route})${said}`, base)
      : new ApiError('out_of_credits', `Not enough credits for this request (403)${said}`, base);
  }
  if (status === 404) return new ApiError('not_found', errorText ?? `Nothing found (404, ${ctx.route})`, base);
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), ctx.now);
    const wait = retryAfterMs === undefined ? '' : `; retry in ${Math.ceil(retryAfterMs / 1000)} s`;
    return new ApiError('rate_limited', `Too many requests: the API allows 200 per minute (429)${wait}`, {
      ...base,
      retryAfterMs,
    });
  }
  if (status >= 500) {
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), ctx.now);
    return new ApiError('server', `The API failed on its side (${status}, ${ctx.route})${said}`, { ...base, retryAfterMs });
  }
  if (status >= 400) return new ApiError('bad_request', `The API refused the request (${status}, ${ctx.route})${said}`, base);
  return new ApiError('bad_response', `Unexpected response status ${status} (${ctx.route})`, base);
}

function forbiddenKind(errorCode: string | undefined, endpoint: string): 'plan_required' | 'out_of_credits' {
  if (errorCode === 'plan_required') return 'plan_required';
  if (errorCode === 'insufficient_credits') return 'out_of_credits';
  return endpoint === 'prospector' ? FORBIDDEN_DEFAULT.prospector : FORBIDDEN_DEFAULT.other;
}

// ---------------------------------------------------------------- without a usable response

export const networkError = (route: string, cause: unknown): ApiError =>
  new ApiError('network', `Could not reach the API (${route}). Check the connection and the API base URL.`, { cause });

export const timeoutError = (route: string, timeoutMs: number): ApiError =>
  new ApiError('timeout', `The API did not answer within ${Math.round(timeoutMs / 1000)} s (${route}).`);

export const abortedError = (route: string): ApiError => new ApiError('aborted', `Request cancelled (${route}).`);

/**
 * The API answered with a redirect, which we never follow (it would carry the key to the new address). The
 * target is named when the runtime shows it (browsers hide it behind an opaque response), without its query.
 */
export function redirectedError(route: string, status: number, location: string | null, baseUrl: string): ApiError {
  const target = redirectTarget(location, baseUrl);
  const where = target ? `redirects to ${target}` : 'redirects to another address';
  return new ApiError(
    'redirected',
    `The API address ${where}; update the address in settings (${route}${status ? `, ${status}` : ''}). Your API key was not sent there.`,
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

/** An answer longer than anything the request could need (issue 12, item 6): not read, not parsed. */
export const oversizeError = (route: string, maxBytes: number, status: number): ApiError =>
  new ApiError(
    'bad_response',
    `The API's answer is larger than ${Math.ceil(maxBytes / 1024)} kB, more than the request can need (${route}); it was not read. Check the API base URL in the settings.`,
    { status },
  );

/** A 2xx response that is not JSON or does not match the contract. */
export function badResponseError(
  route: string,
  facts: { status: number; headers: Headers; issues?: readonly z.core.$ZodIssue[]; bodyText?: string; secrets?: readonly string[] },
): ApiError {
  const requestId = facts.headers.get(REQUEST_ID_HEADER) ?? undefined;
  const what = facts.issues ? 'does not match the expected shape' : 'is not valid JSON';
  return new ApiError('bad_response', `The API's answer ${what} (${route}, ${facts.status}).`, {
    status: facts.status,
    requestId,
    issues: facts.issues,
    body: facts.bodyText === undefined ? undefined : excerpt(facts.bodyText, facts.secrets),
  });
}

/** A request that fails our own contract never leaves the client: a local 400 without status. */
export const invalidRequestError = (route: string, issues: readonly z.core.$ZodIssue[]): ApiError =>
  new ApiError('bad_request', `Invalid request (${route}): ${issues.map(describeIssue).join('; ')}`, { issues });

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
