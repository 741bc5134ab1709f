import ky, { type KyInstance } from 'ky';
import type { z } from 'zod';
import { REQUEST_ID_HEADER, RETRY_POLICY, type Endpoint } from './decisions';
import {
  abortedError,
  ApiError,
  badResponseError,
  errorFromResponse,
  networkError,
  redirectedError,
  timeoutError,
} from './errors';
import { API_KEY_HEADER } from './limits';
import { decideRetry, type RetryPolicy } from './retry';

/*
 * One HTTP call to the API: key header, per-attempt timeout, abort, the retry policy, and validation of the
 * answer against its schema. Everything endpoint-specific lives in ./client.ts.
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

export interface TransportOptions {
  baseUrl: string;
  /** Called once per call; `undefined` fails the call locally as `invalid_key`. */
  getApiKey: () => Promise<string | undefined>;
  fetch?: typeof globalThis.fetch;
  retry?: Partial<RetryPolicy>;
  /**
   * Awaited before every HTTP attempt, retries included: the background's rate limiter takes its token
   * here, so retries count against the 200 requests per minute too.
   */
  beforeAttempt?: (info: AttemptInfo) => Promise<void> | void;
  /** Told before each retry, e.g. to show "retrying in 3 s". */
  onRetry?: (info: RetryInfo) => void;
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
  signal?: AbortSignal | undefined;
}

export interface CallResult<T> {
  data: T;
  status: number;
  requestId: string | undefined;
}

export type Call = <T>(spec: CallSpec<T>) => Promise<CallResult<T>>;

export function createTransport(options: TransportOptions): Call {
  const policy: RetryPolicy = { ...RETRY_POLICY, ...options.retry };
  const http: KyInstance = ky.create({
    prefixUrl: options.baseUrl.replace(/\/+$/, ''),
    retry: 0,
    // Our own timer covers headers *and* body; ky's covers only the headers.
    timeout: false,
    throwHttpErrors: false,
    // Never follow a redirect: fetch would carry X-API-Key to wherever the API points (another origin, plain
    // http), and a 308 would be cached for later calls (issue 12, item 1). A redirect fails the call instead.
    redirect: 'manual',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  return async function call<T>(spec: CallSpec<T>): Promise<CallResult<T>> {
    const route = `${spec.method.toUpperCase()} ${spec.path}`;
    const apiKey = await options.getApiKey();
    if (!apiKey) throw new ApiError('invalid_key', 'No API key is set. Add your key in the options page.');

    for (let attempt = 0; ; attempt++) {
      if (spec.signal?.aborted) throw abortedError(route);
      await options.beforeAttempt?.({ endpoint: spec.endpoint, attempt });
      try {
        return await attemptOnce(http, spec, route, apiKey, options.baseUrl);
      } catch (err) {
        const error = err instanceof ApiError ? err : networkError(route, err);
        const decision = decideRetry(error, attempt, spec.endpoint, policy);
        if (!decision.retry) throw error;
        options.onRetry?.({ endpoint: spec.endpoint, attempt, delayMs: decision.delayMs, error });
        await sleep(decision.delayMs, spec.signal, route);
      }
    }
  };
}

async function attemptOnce<T>(
  http: KyInstance,
  spec: CallSpec<T>,
  route: string,
  apiKey: string,
  baseUrl: string,
): Promise<CallResult<T>> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), spec.timeoutMs);
  const signal = spec.signal ? AbortSignal.any([spec.signal, timer.signal]) : timer.signal;
  const secrets = [apiKey];
  try {
    let response: Response;
    let bodyText: string;
    try {
      response = await http(spec.path.replace(/^\//, ''), {
        method: spec.method,
        headers: { [API_KEY_HEADER]: apiKey, accept: 'application/json' },
        signal,
        ...(spec.searchParams ? { searchParams: spec.searchParams } : {}),
        ...(spec.json !== undefined ? { json: spec.json } : {}),
        ...(spec.form ? { body: toFormData(spec.form) } : {}),
      });
      // Browsers hide a manual redirect behind an opaque response (status 0, no Location); Node shows the 30x.
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        void response.body?.cancel().catch(() => undefined);
        throw redirectedError(route, response.status, response.headers.get('location'), baseUrl);
      }
      bodyText = await response.text();
    } catch (err) {
      if (err instanceof ApiError) throw err;
      if (spec.signal?.aborted) throw abortedError(route);
      if (timer.signal.aborted) throw timeoutError(route, spec.timeoutMs);
      throw networkError(route, err);
    }

    if (!response.ok) {
      throw errorFromResponse(
        { status: response.status, headers: response.headers, bodyText },
        { endpoint: spec.endpoint, route, secrets },
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(bodyText) as unknown;
    } catch {
      throw badResponseError(route, { status: response.status, headers: response.headers, bodyText, secrets });
    }
    const parsed = spec.schema.safeParse(json);
    if (!parsed.success) {
      throw badResponseError(route, { status: response.status, headers: response.headers, issues: parsed.error.issues });
    }
    return { data: parsed.data, status: response.status, requestId: response.headers.get(REQUEST_ID_HEADER) ?? undefined };
  } finally {
    clearTimeout(timeout);
  }
}

function toFormData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
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
