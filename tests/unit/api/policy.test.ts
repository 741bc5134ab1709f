import { describe, expect, it } from 'vitest';
import { RETRY_POLICY, type Endpoint } from '@/lib/api/decisions';
import { ApiError, type ApiErrorKind } from '@/lib/api/errors';
import { estimateCost, type CostAction } from '@/lib/api/pricing';
import { decideRetry, mayHaveBeenProcessed } from '@/lib/api/retry';

const err = (kind: ApiErrorKind, status?: number, retryAfterMs?: number) => new ApiError(kind, kind, { status, retryAfterMs });
const half = () => 0.5;

describe('decideRetry', () => {
  it.each<[string, ApiError, Endpoint, number, ReturnType<typeof decideRetry>]>([
    // Always safe: the request was not processed.
    ['429 on a paid call, Retry-After given', err('rate_limited', 429, 2000), 'enrich', 0, { retry: true, delayMs: 2000 }],
    ['429 without Retry-After goes back to the scheduler, which pauses a full window', err('rate_limited', 429), 'bulkEnrich', 0, { retry: false }],
    ['503 on a paid call', err('server', 503), 'emailVerification', 1, { retry: true, delayMs: 500 }],
    ['503 honours its Retry-After', err('server', 503, 1000), 'prospector', 0, { retry: true, delayMs: 1000 }],
    // Ambiguous: only where a repeat cannot charge twice.
    ['500 on a paid call', err('server', 500), 'enrich', 0, { retry: false }],
    ['500 on company (repeat is free)', err('server', 500), 'company', 0, { retry: true, delayMs: 250 }],
    ['502 on the key check', err('server', 502), 'checkKey', 0, { retry: true, delayMs: 250 }],
    ['504 on similar companies', err('server', 504), 'similarCompanies', 0, { retry: false }],
    ['501 anywhere', err('server', 501), 'company', 0, { retry: false }],
    ['timeout on a paid call', err('timeout'), 'enrich', 0, { retry: false }],
    ['timeout on company', err('timeout'), 'company', 0, { retry: true, delayMs: 250 }],
    ['network error on bulk', err('network'), 'bulkEnrich', 0, { retry: false }],
    ['network error on the key check', err('network'), 'checkKey', 1, { retry: true, delayMs: 500 }],
    // Never.
    ['abort', err('aborted'), 'company', 0, { retry: false }],
    ['400', err('bad_request', 400), 'company', 0, { retry: false }],
    ['401', err('invalid_key', 401), 'company', 0, { retry: false }],
    ['403', err('out_of_credits', 403), 'company', 0, { retry: false }],
    ['404', err('not_found', 404), 'company', 0, { retry: false }],
    ['bad response', err('bad_response', 200), 'company', 0, { retry: false }],
    // Bounds.
    ['after the last allowed retry', err('rate_limited', 429, 10), 'enrich', RETRY_POLICY.maxRetries, { retry: false }],
    ['Retry-After longer than a call should block', err('rate_limited', 429, RETRY_POLICY.maxRetryAfterMs + 1), 'enrich', 0, { retry: false }],
    ['backoff is capped', err('server', 503), 'company', 1, { retry: true, delayMs: 500 }],
  ])('%s', (_name, error, endpoint, attempt, expected) => {
    expect(decideRetry(error, attempt, endpoint, RETRY_POLICY, half)).toEqual(expected);
  });

  it.each([0, 1, 2, 3, 4, 5])('keeps jittered backoff of attempt %i within [0, cap]', (attempt) => {
    const policy = { ...RETRY_POLICY, maxRetries: 10 };
    const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
    const low = decideRetry(err('server', 503), attempt, 'company', policy, () => 0);
    const high = decideRetry(err('server', 503), attempt, 'company', policy, () => 0.999999);
    expect(low).toEqual({ retry: true, delayMs: 0 });
    expect(high.retry && high.delayMs).toBe(cap - 1);
  });
});

describe('estimateCost', () => {
  it.each<[string, CostAction, number]>([
    ['enrich, before the call', { kind: 'enrich' }, 1],
    ['enrich realtime + waterfall, before', { kind: 'enrich', realtime: true, waterfall: true }, 3],
    ['enrich realtime, matched', { kind: 'enrich', realtime: true, matched: true }, 2],
    ['enrich waterfall, no match', { kind: 'enrich', waterfall: true, matched: false }, 0],
    ['bulk of 2500, before', { kind: 'bulkEnrich', inputs: 2500 }, 2500],
    ['bulk of 2500, 1800 enriched', { kind: 'bulkEnrich', inputs: 2500, enriched: 1800 }, 1800],
    ['company', { kind: 'company' }, 1],
    ['company enriched 10 days ago', { kind: 'company', enrichedWithinWindow: true }, 0],
    ['company not found', { kind: 'company', found: false }, 0],
    ['similar companies, size 10', { kind: 'similarCompanies', size: 10 }, 1],
    ['similar companies, size 25', { kind: 'similarCompanies', size: 25 }, 3],
    ['similar companies, 500 asked, 11 returned', { kind: 'similarCompanies', size: 500, returned: 11 }, 2],
    ['similar companies, none returned', { kind: 'similarCompanies', size: 10, returned: 0 }, 0],
    ['similar companies reveal_all, size 25', { kind: 'similarCompanies', size: 25, revealAll: true }, 25],
    ['similar contacts', { kind: 'similarContacts' }, 1],
    ['similar contacts, none returned', { kind: 'similarContacts', returned: 0 }, 0],
    ['email verification', { kind: 'emailVerification' }, 1],
    ['email verification of bad syntax', { kind: 'emailVerification', syntaxValid: false }, 0],
    ['prospector page of 25, before', { kind: 'prospector', pageSize: 25 }, 25],
    ['prospector, 7 returned', { kind: 'prospector', pageSize: 25, returned: 7 }, 7],
    ['key check', { kind: 'checkKey' }, 0],
    ['nonsense negative count', { kind: 'bulkEnrich', inputs: -3 }, 0],
  ])('%s → %i', (_name, action, credits) => {
    expect(estimateCost(action)).toBe(credits);
  });
});

describe('mayHaveBeenProcessed: a failure no answer explains may have been charged; a refusal was not', () => {
  it.each<[string, ApiError, boolean]>([
    ['500', err('server', 500), true],
    ['502', err('server', 502), true],
    ['504', err('server', 504), true],
    ['503 (try later)', err('server', 503), false],
    ['429', err('rate_limited', 429), false],
    ['timeout', err('timeout'), true],
    ['network error', err('network'), true],
    ['an answer that does not read', err('bad_response', 200), true],
    ['aborted in flight', err('aborted'), true],
    ['400', err('bad_request', 400), false],
    ['401', err('invalid_key', 401), false],
    ['402 / out of credits', err('out_of_credits', 403), false],
    ['plan required', err('plan_required', 403), false],
  ])('%s → %s', (_why, error, expected) => {
    expect(mayHaveBeenProcessed(error)).toBe(expected);
  });
});
