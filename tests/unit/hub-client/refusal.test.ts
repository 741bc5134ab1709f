/**
 * The hub's refusals read from a failed answer, and the words the catalogue gives them: the hub's own codes are
 * recognised, the service's own answers are not mistaken for the hub's.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse } from '@/lib/api/errors';
import { describeError } from '@/lib/errors/catalogue';
import { toErrorData } from '@/lib/errors/to-error-data';
import { hubRefusalOf } from '@/lib/hub-client/refusal';

const route = { endpoint: 'enrich', route: 'GET /v1/enrich' };
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  errorFromResponse({ status, headers: new Headers(headers), bodyText: typeof body === 'string' ? body : JSON.stringify(body) }, route);

describe('hubRefusalOf', () => {
  it('reads a budget refusal with its budget, and drops a budget that does not read', () => {
    const budget = { scope: 'member', period: 'day', budget: 1, spent: 1, cost: 1 };
    expect(hubRefusalOf(403, { errorCode: 'budget_exceeded', errorText: '…', budget })).toEqual({ code: 'budget_exceeded', budget });
    expect(hubRefusalOf(403, { errorCode: 'budget_exceeded', budget: { scope: 'everyone' } })).toEqual({ code: 'budget_exceeded' });
  });

  it("knows the hub's other codes and none of the service's", () => {
    expect(hubRefusalOf(409, { errorCode: 'proxy_off' })?.code).toBe('proxy_off');
    expect(hubRefusalOf(502, { errorCode: 'team_key_refused' })?.code).toBe('team_key_refused');
    expect(hubRefusalOf(504, { errorCode: 'upstream_timeout' })?.code).toBe('upstream_timeout');
    expect(hubRefusalOf(401, { errorCode: 'hub_token_refused' })?.code).toBe('token_refused');
    expect(hubRefusalOf(401, { errorCode: 'invalid_key', errorText: 'The API key is missing or invalid.' })).toBeNull();
    expect(hubRefusalOf(403, { errorCode: 'insufficient_credits' })).toBeNull();
    expect(hubRefusalOf(404, { errorText: 'No match.' })).toBeNull();
  });

  it("tells the hub's 429 (JSON) from the service's (an HTML page)", () => {
    expect(hubRefusalOf(429, JSON.stringify({ errorCode: 'rate_limited', errorText: 'at its limit' }))).toEqual({ code: 'rate_limited' });
    expect(hubRefusalOf(429, '<html><body>Too many requests</body></html>')).toBeNull();
  });
});

describe('the words of a hub refusal', () => {
  it('a member budget says whose, how much is spent, what this costs and what to do', () => {
    const data = toErrorData(answer(403, { errorCode: 'budget_exceeded', errorText: 'x', budget: { scope: 'member', period: 'day', budget: 1, spent: 1, cost: 1 } }));
    expect(data.kind).toBe('out_of_credits');
    const words = describeError(data);
    expect(words.title).toBe('Team hub budget reached');
    expect(words.message).toBe(
      'Your daily budget on the team hub is 1 credit: 1 credit spent today, and this lookup may cost 1 credit, so the hub did not send it. Ask a team admin to raise it, or try again after midnight UTC.',
    );
    // Not the service's "out of credits, add credits in your account portal".
    expect(words.actions).not.toContain('add-credits');
  });

  it("proxy off, the team's key refused, and the hub's rate limit with its wait", () => {
    expect(describeError(toErrorData(answer(409, { errorCode: 'proxy_off', errorText: 'x' }))).message).toMatch(/turned the hub’s proxy mode off.*ask a team admin/i);
    const refused = toErrorData(answer(502, { errorCode: 'team_key_refused', errorText: 'x' }));
    expect(refused.kind).toBe('server');
    expect(describeError(refused).message).toMatch(/refused your team’s API key.*nothing was charged/i);
    const limited = toErrorData(answer(429, { errorCode: 'rate_limited', errorText: 'x' }, { 'retry-after': '70' }));
    expect(limited.kind).toBe('rate_limited');
    const words = describeError(limited);
    expect(words.message).toMatch(/team’s key.*resume in 70 s/);
    expect(words.retryInMs).toBe(70_000);
  });

  it("the service's own refusals keep their words", () => {
    const service = toErrorData(new ApiError('rate_limited', 'limited', { status: 429, body: '<html>slow down</html>', retryAfterMs: 5000 }));
    expect(service.hub).toBeUndefined();
    expect(describeError(service).message).toMatch(/The service allows 200 requests per minute/);
  });
});
