import {
  ENDPOINT_RETRY_CLASS,
  RETRY_ALWAYS_STATUSES,
  RETRY_AMBIGUOUS_STATUSES,
  RETRY_POLICY,
  type Endpoint,
} from './decisions';
import type { ApiError } from './errors';

/*
 * The one retry policy (docs/api-decisions.md, D8): which failures are retried, how often, after how long.
 * Pure, so the whole table is unit-tested without waiting.
 */

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
}

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

const NO: RetryDecision = { retry: false };

/**
 * Whether to retry after `error`, which ended attempt number `attempt` (0 = the first attempt).
 * `random` is injectable for the jitter only.
 */
export function decideRetry(
  error: ApiError,
  attempt: number,
  endpoint: Endpoint,
  policy: RetryPolicy = RETRY_POLICY,
  random: () => number = Math.random,
): RetryDecision {
  if (attempt >= policy.maxRetries) return NO;
  if (!isRetriable(error, endpoint)) return NO;
  // A 429 that does not say when: retrying within a second would only collect more 429s. The scheduler pauses
  // the whole queue for a full window instead.
  if (error.kind === 'rate_limited' && error.retryAfterMs === undefined) return NO;
  if (error.retryAfterMs !== undefined) {
    // The server said when; waiting longer than a call should block is the scheduler's job.
    return error.retryAfterMs > policy.maxRetryAfterMs ? NO : { retry: true, delayMs: error.retryAfterMs };
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return { retry: true, delayMs: Math.floor(random() * ceiling) };
}

function isRetriable(error: ApiError, endpoint: Endpoint): boolean {
  const repeatIsSafe = ENDPOINT_RETRY_CLASS[endpoint] === 'free_or_idempotent';
  switch (error.kind) {
    case 'rate_limited':
      return true;
    case 'server':
      if (error.status === undefined) return false;
      if (includes(RETRY_ALWAYS_STATUSES, error.status)) return true;
      return repeatIsSafe && includes(RETRY_AMBIGUOUS_STATUSES, error.status);
    case 'timeout':
    case 'network':
      // The request may have reached the service and been charged.
      return repeatIsSafe;
    default:
      return false;
  }
}

const includes = (list: readonly number[], value: number): boolean => list.includes(value);

/**
 * A failure after the request left that no answer explains: the service may have done (and charged) the work. A
 * refusal (bad request, key, credits, plan, 429, 503) proves it was not processed. Paid bulk rows failed this way are
 * not sent again unless the user asks by name (lib/engine/bulk-job.ts).
 */
export function mayHaveBeenProcessed(error: ApiError): boolean {
  switch (error.kind) {
    case 'server':
      return error.status === undefined || !includes(RETRY_ALWAYS_STATUSES, error.status);
    case 'timeout':
    case 'network':
    case 'bad_response':
    case 'aborted':
      return true;
    default:
      return false;
  }
}
