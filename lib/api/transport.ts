import ky, { TimeoutError } from 'ky';
import type { z } from 'zod';
import { REQUEST_ID_HEADER, RETRY_POLICY, type Endpoint } from './decisions';
import {
  abortedError,
  ApiError,
  assertKey,
  badResponseError,
  errorFromResponse,
  networkError,
  oversizeError,
  redirectedError,
  timeoutError,
} from './errors';
import { createDirectSend, encodeForm, type HttpAnswer, type HttpSend } from './http';
import { API_KEY_HEADER, maxAnswerBytes } from './limits';
import { decideRetry, type RetryPolicy } from './retry';

/*
 * One HTTP call to the API: key header, per-attempt timeout, abort, the retry policy, a byte cap on the answer
 * and validation of the answer against its schema. Everything endpoint-specific lives in ./client.ts.
 *
 * The attempts are ky's (docs/api-decisions.md, D16): its `fetch` is our capped direct or offscreen send
 * (./http.ts), `hooks.beforeRequest` waits at the rate-limit gate and then reads the key, `retry.shouldRetry` asks the
 * project's one retry decision (./retry.ts) and ky waits the delay it chose, `timeout` bounds each attempt. What ky
 * cannot do stays here: the byte cap and refused redirects (in the send), reading an answer stored while the worker
 * was stopped (`read`), and the domain error model (every failure leaves as one ApiError).
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
  /** Called before each attempt, after its gate; `undefined` fails the call locally as `no_key` (nothing sent). */
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
  /** The answer's headers (a team hub's book hit is said there: lib/hub-client/purchase.ts). */
  headers: Headers;
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

/** The answer behind each Response handed to ky (ky wants a Response; the call reads the capped answer). */
const answers = new WeakMap<Response, { answer: HttpAnswer; key: string }>();

export function createTransport(options: TransportOptions): Transport {
  const policy: RetryPolicy = { ...RETRY_POLICY, ...options.retry };
  const direct = createDirectSend(options.fetch);
  const baseUrl = () => (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl).replace(/\/+$/, '');

  return {
    async call<T>(spec: CallSpec<T>): Promise<CallResult<T>> {
      const hooks = spec.hooks ?? {};
      const route = routeOf(spec);
      const base = baseUrl();
      const send = hooks.send ?? direct;
      const beforeAttempt = hooks.beforeAttempt ?? options.beforeAttempt;
      const onRetry = hooks.onRetry ?? options.onRetry;
      const maxBodyBytes = maxAnswerBytes(spec.records);
      const body = await bodyOf(spec);
      const signal = hooks.signal;

      /** A failure of an attempt, or of the wait between two, as the one ApiError that describes it. */
      const asApiError = (err: unknown): ApiError => {
        if (err instanceof ApiError) return err;
        if (signal?.aborted) return abortedError(route);
        if (err instanceof TimeoutError) return timeoutError(route, spec.timeoutMs);
        return networkError(route, err);
      };
      /** What stopped the call before a request left (the gate's own error, a cleared key): passed on as it is. */
      let stopped: { error: unknown } | undefined;
      let delayMs = 0;

      let response: Response;
      try {
        response = await ky(callUrl(base, spec), {
          method: spec.method,
          headers: { accept: 'application/json', ...(body ? { 'content-type': body.contentType } : {}) },
          ...(body ? { body: body.text } : {}),
          ...(signal ? { signal } : {}),
          timeout: spec.timeoutMs,
          // Statuses are read by our send (`refusalOf`); ky only ever sees an answer the call can use.
          throwHttpErrors: false,
          async fetch(input) {
            const request = input instanceof Request ? input : new Request(input);
            const key = request.headers.get(API_KEY_HEADER) ?? '';
            let answer: HttpAnswer;
            try {
              answer = await send({ url: request.url, method: request.method === 'GET' ? 'GET' : 'POST', headers: Object.fromEntries(request.headers), ...(body ? { body: body.text } : {}), maxBodyBytes }, request.signal);
            } catch (err) {
              throw asApiError(err);
            }
            const refusal = refusalOf(answer, spec, { route, secrets: [key], baseUrl: base, maxBodyBytes });
            if (refusal?.kind === 'invalid_key') refusedKeys.set(refusal, key);
            if (refusal) throw refusal;
            // ky wants a Response; the answer itself (headers, capped body) is read from the one this call keeps.
            const carrier = new Response(null, { status: 204 });
            answers.set(carrier, { answer, key });
            return carrier;
          },
          hooks: {
            beforeRequest: [
              async (request, _options, { retryCount }) => {
                try {
                  if (signal?.aborted) throw abortedError(route);
                  await beforeAttempt?.({ endpoint: spec.endpoint, attempt: retryCount });
                  // Read after the gate: a key cleared while the call waited sends nothing.
                  const apiKey = hooks.apiKey ?? (await options.getApiKey());
                  assertKey(apiKey);
                  request.headers.set(API_KEY_HEADER, apiKey);
                } catch (error) {
                  stopped = { error };
                  throw error;
                }
              },
            ],
          },
          retry: {
            limit: policy.maxRetries,
            methods: ['get', 'post'],
            // Decided before ky waits: a Retry-After longer than a call should block is not clamped to a shorter wait
            // but handed back to the queue, which pauses for it (./retry.ts).
            shouldRetry: ({ error, retryCount }) => {
              if (stopped) return false;
              const failure = asApiError(error);
              const decision = decideRetry(failure, retryCount - 1, spec.endpoint, policy);
              if (!decision.retry) return false;
              delayMs = decision.delayMs;
              onRetry?.({ endpoint: spec.endpoint, attempt: retryCount - 1, delayMs, error: failure });
              return true;
            },
            delay: () => delayMs,
          },
        });
      } catch (err) {
        if (stopped) throw stopped.error;
        throw asApiError(err);
      }
      const kept = answers.get(response);
      if (!kept) throw networkError(route, new Error('no answer was kept for the response'));
      return interpret(kept.answer, spec, { route, secrets: [kept.key], baseUrl: base, maxBodyBytes });
    },

    async read(spec, answer) {
      const apiKey = await options.getApiKey();
      return interpret(answer, spec, { route: routeOf(spec), secrets: apiKey ? [apiKey] : [], baseUrl: baseUrl(), maxBodyBytes: maxAnswerBytes(spec.records) });
    },
  };
}

const routeOf = (spec: { method: string; path: string }) => `${spec.method.toUpperCase()} ${spec.path}`;

function callUrl(base: string, spec: CallSpec<unknown>): string {
  const url = new URL(`${base}/${spec.path.replace(/^\//, '')}`);
  for (const [name, value] of Object.entries(spec.searchParams ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/** The request body as text (a string crosses into the offscreen document; FormData does not). */
async function bodyOf(spec: CallSpec<unknown>): Promise<{ text: string; contentType: string } | undefined> {
  if (spec.json !== undefined) return { text: JSON.stringify(spec.json), contentType: 'application/json' };
  if (!spec.form) return undefined;
  const encoded = await encodeForm(spec.form);
  return { text: encoded.body, contentType: encoded.contentType };
}

interface ReadContext {
  route: string;
  secrets: string[];
  baseUrl: string;
  maxBodyBytes: number;
}

/** The ApiError of an answer the call cannot use (a redirect, an oversize body, a non-2xx status), else null. */
function refusalOf(answer: HttpAnswer, spec: Pick<CallSpec<unknown>, 'endpoint'>, how: ReadContext): ApiError | null {
  const { route, secrets } = how;
  if (answer.redirected) return redirectedError(route, answer.status, answer.location, how.baseUrl);
  const ok = answer.status >= 200 && answer.status < 300;
  if (answer.oversize && ok) return oversizeError(route, how.maxBodyBytes, answer.status);
  if (!ok) return errorFromResponse({ status: answer.status, headers: new Headers(answer.headers), bodyText: answer.bodyText }, { endpoint: spec.endpoint, route, secrets });
  return null;
}

/** An answer → the call's result, or the one ApiError that describes it. */
function interpret<T>(answer: HttpAnswer, spec: Pick<CallSpec<T>, 'endpoint' | 'schema'>, how: ReadContext): CallResult<T> {
  const { route, secrets } = how;
  const refusal = refusalOf(answer, spec, how);
  if (refusal) throw refusal;
  const headers = new Headers(answer.headers);
  let json: unknown;
  try {
    json = JSON.parse(answer.bodyText) as unknown;
  } catch {
    throw badResponseError(route, { status: answer.status, headers, bodyText: answer.bodyText, secrets });
  }
  const parsed = spec.schema.safeParse(json);
  if (!parsed.success) throw badResponseError(route, { status: answer.status, headers, issues: parsed.error.issues, bodyText: answer.bodyText, secrets });
  return { data: parsed.data, status: answer.status, requestId: headers.get(REQUEST_ID_HEADER) ?? undefined, headers };
}
