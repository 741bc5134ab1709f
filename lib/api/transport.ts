import type { z } from 'zod';
import { REQUEST_ID_HEADER, RETRY_POLICY, type Endpoint } from './decisions';
import {
  abortedError,
  ApiError,
  badResponseError,
  errorFromResponse,
  networkError,
  oversizeError,
  redirectedError,
  timeoutError,
} from './errors';
import { createDirectSend, encodeForm, type HttpAnswer, type HttpRequest, type HttpSend } from './http';
import { API_KEY_HEADER, maxAnswerBytes } from './limits';
import { decideRetry, type RetryPolicy } from './retry';

/*
 * One HTTP call to the API: key header, per-attempt timeout, abort, the retry policy, a byte cap on the answer
 * and validation of the answer against its schema. Everything endpoint-specific lives in ./client.ts.
 *
 * The transport is created once. What belongs to one call (its task's gate and 429 hook, its abort signal, the
 * offscreen document that carries a paid bulk chunk on Chrome) is passed with that call (`CallHooks`).
 */

export interface AttemptInfo {
  endpoint: Endpoint;
  /** 0 for the first attempt. */
  attempt: number;
}

export interface RetryInfo extends AttemptInfo {
  delayMs: number;
  error: ApiError;
}

/** What belongs to one call. */
export interface CallHooks {
  signal?: AbortSignal | undefined;
  /**
   * Awaited before every HTTP attempt, retries included: the background's rate limiter takes its token
   * here, so retries count against the 200 requests per minute too.
   */
  beforeAttempt?: ((info: AttemptInfo) => Promise<void> | void) | undefined;
  /** Told before each retry, e.g. to show "retrying in 3 s". */
  onRetry?: ((info: RetryInfo) => void) | undefined;
  /** Sends this call's HTTP request instead of the direct fetch (Chrome: the offscreen document, bulk chunks). */
  send?: HttpSend | undefined;
  /** This call's key instead of the stored one (testing a candidate key before saving it). */
  apiKey?: string | undefined;
}

export interface TransportOptions {
  /** Read at every call, so a changed address applies to the next request without a new client. */
  baseUrl: string | (() => string);
  /** Called once per call; `undefined` fails the call locally as `invalid_key`. */
  getApiKey: () => Promise<string | undefined>;
  fetch?: typeof globalThis.fetch;
  retry?: Partial<RetryPolicy>;
  /** Hooks for every call that names none of its own (tests, scripts). */
  beforeAttempt?: CallHooks['beforeAttempt'];
  onRetry?: CallHooks['onRetry'];
}

export interface CallSpec<T> {
  endpoint: Endpoint;
  method: 'get' | 'post';
  /** Path as in the spec, e.g. `/v1/enrich`. */
  path: string;
  searchParams?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  schema: z.ZodType<T>;
  timeoutMs: number;
  /** Records the call asks for at most: bounds the bytes read of the answer (limits.ts, maxAnswerBytes). */
  records: number;
  hooks?: CallHooks | undefined;
}

export interface CallResult<T> {
  data: T;
  status: number;
  requestId: string | undefined;
}

export interface Transport {
  call<T>(spec: CallSpec<T>): Promise<CallResult<T>>;
  /** Reads an answer that arrived earlier (stored by the offscreen document) exactly as a live one is read. */
  read<T>(spec: Pick<CallSpec<T>, 'endpoint' | 'method' | 'path' | 'schema' | 'records'>, answer: HttpAnswer): Promise<CallResult<T>>;
}

export type Call = Transport['call'];

/**
 * The key each refused request (401) carried, by its error, in memory only and weakly held: the background pins "the
 * service refused your key" to the key that was refused, not to whichever key is saved when the answer arrives.
 */
const refusedKeys = new WeakMap<object, string>();

/** The key a 401 error's request carried, if this transport made it. */
export function keyRefusedBy(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? refusedKeys.get(error) : undefined;
}

export function createTransport(options: TransportOptions): Transport {
  const policy: RetryPolicy = { ...RETRY_POLICY, ...options.retry };
  const direct = createDirectSend(options.fetch);
  const baseUrl = () => (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl).replace(/\/+$/, '');

  return {
    async call<T>(spec: CallSpec<T>): Promise<CallResult<T>> {
      const hooks = spec.hooks ?? {};
      const route = routeOf(spec);
      const apiKey = hooks.apiKey ?? (await options.getApiKey());
      if (!apiKey) throw new ApiError('invalid_key', 'No API key is set. Add your key in the options page.');
      const base = baseUrl();
      const request = await buildRequest(spec, base, apiKey);
      const send = hooks.send ?? direct;
      const beforeAttempt = hooks.beforeAttempt ?? options.beforeAttempt;
      const onRetry = hooks.onRetry ?? options.onRetry;

      for (let attempt = 0; ; attempt++) {
        if (hooks.signal?.aborted) throw abortedError(route);
        await beforeAttempt?.({ endpoint: spec.endpoint, attempt });
        try {
          const answer = await attemptOnce(send, request, spec.timeoutMs, hooks.signal, route);
          return interpret(answer, spec, { route, secrets: [apiKey], baseUrl: base, maxBodyBytes: request.maxBodyBytes });
        } catch (err) {
          const error = err instanceof ApiError ? err : networkError(route, err);
          if (error.kind === 'invalid_key') refusedKeys.set(error, apiKey);
          const decision = decideRetry(error, attempt, spec.endpoint, policy);
          if (!decision.retry) throw error;
          onRetry?.({ endpoint: spec.endpoint, attempt, delayMs: decision.delayMs, error });
          await sleep(decision.delayMs, hooks.signal, route);
        }
      }
    },

    async read(spec, answer) {
      const apiKey = await options.getApiKey();
      return interpret(answer, spec, { route: routeOf(spec), secrets: apiKey ? [apiKey] : [], baseUrl: baseUrl(), maxBodyBytes: maxAnswerBytes(spec.records) });
    },
  };
}

const routeOf = (spec: { method: string; path: string }) => `${spec.method.toUpperCase()} ${spec.path}`;

async function buildRequest(spec: CallSpec<unknown>, base: string, apiKey: string): Promise<HttpRequest> {
  const url = new URL(`${base}/${spec.path.replace(/^\//, '')}`);
  for (const [name, value] of Object.entries(spec.searchParams ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = { [API_KEY_HEADER]: apiKey, accept: 'application/json' };
  let body: string | undefined;
  if (spec.json !== undefined) {
    body = JSON.stringify(spec.json);
    headers['content-type'] = 'application/json';
  } else if (spec.form) {
    const encoded = await encodeForm(spec.form);
    body = encoded.body;
    headers['content-type'] = encoded.contentType;
  }
  return {
    url: url.toString(),
    method: spec.method === 'get' ? 'GET' : 'POST',
    headers,
    ...(body !== undefined ? { body } : {}),
    maxBodyBytes: maxAnswerBytes(spec.records),
  };
}

/** One attempt with its own timer (headers *and* body); failures without an answer become ApiErrors. */
async function attemptOnce(send: HttpSend, request: HttpRequest, timeoutMs: number, userSignal: AbortSignal | undefined, route: string): Promise<HttpAnswer> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), timeoutMs);
  const signal = userSignal ? AbortSignal.any([userSignal, timer.signal]) : timer.signal;
  try {
    return await send(request, signal);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (userSignal?.aborted) throw abortedError(route);
    if (timer.signal.aborted) throw timeoutError(route, timeoutMs);
    throw networkError(route, err);
  } finally {
    clearTimeout(timeout);
  }
}

/** An answer → the call's result, or the one ApiError that describes it. */
function interpret<T>(
  answer: HttpAnswer,
  spec: Pick<CallSpec<T>, 'endpoint' | 'schema'>,
  how: { route: string; secrets: string[]; baseUrl: string; maxBodyBytes: number },
): CallResult<T> {
  const { route, secrets } = how;
  if (answer.redirected) throw redirectedError(route, answer.status, answer.location, how.baseUrl);
  const headers = new Headers(answer.headers);
  const ok = answer.status >= 200 && answer.status < 300;
  if (answer.oversize && ok) throw oversizeError(route, how.maxBodyBytes, answer.status);
  if (!ok) throw errorFromResponse({ status: answer.status, headers, bodyText: answer.bodyText }, { endpoint: spec.endpoint, route, secrets });
  let json: unknown;
  try {
    json = JSON.parse(answer.bodyText) as unknown;
  } catch {
    throw badResponseError(route, { status: answer.status, headers, bodyText: answer.bodyText, secrets });
  }
  const parsed = spec.schema.safeParse(json);
  if (!parsed.success) throw badResponseError(route, { status: answer.status, headers, issues: parsed.error.issues, bodyText: answer.bodyText, secrets });
  return { data: parsed.data, status: answer.status, requestId: headers.get(REQUEST_ID_HEADER) ?? undefined };
}

/** Waits between attempts; a user abort ends the wait at once. */
function sleep(ms: number, signal: AbortSignal | undefined, route: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(route));
    const onAbort = () => {
      clearTimeout(id);
      reject(abortedError(route));
    };
    const id = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
