/**
 * The answers proxy mode gives when the service's own answer is not passed on as it came: one wording for a single
 * request and for a member's part of a gathered bulk request, so both say the same thing in the same error shape.
 */
import { scrub } from '../lib/api/errors';
import { describeRefusal, type BudgetRefusal } from './spend';

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | ArrayBuffer;
}

export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}): ProxyAnswer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

/** No place under the team key's limit within the hub's longest wait. */
export function rateLimitedAnswer(rate: { max: number; windowMs: number }, retryAfterMs: number): ProxyAnswer {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return jsonAnswer(
    429,
    { errorCode: 'rate_limited', errorText: `The team's key is at its limit of ${rate.max} requests per ${rate.windowMs / 1000} s; try again in ${seconds} s.` },
    { 'retry-after': String(seconds) },
  );
}

/** The service took the request and never answered: it may have charged up to `maxCost`. */
export function upstreamTimeoutAnswer(timeoutMs: number, maxCost: number): ProxyAnswer {
  const seconds = Math.round(timeoutMs / 1000);
  return jsonAnswer(504, {
    errorCode: 'upstream_timeout',
    errorText: `The enrichment service did not answer within ${seconds} s. It may still have charged: the hub counts up to ${maxCost} credits for it until an admin checks. Look in the contact book before trying again.`,
  });
}

export const unreachableAnswer = (message: string): ProxyAnswer =>
  jsonAnswer(502, { errorCode: 'server_error', errorText: `The hub could not reach the enrichment service (${message}); try again later.` });

/** The team's key was refused: a 401 would tell the member their own token is wrong. */
export const teamKeyRefusedAnswer = (): ProxyAnswer =>
  jsonAnswer(502, { errorCode: 'team_key_refused', errorText: "The enrichment service refused the team's API key; ask a team admin to check it in the hub." });

/**
 * The service's own answer, passed on. An error body may echo what was sent, the team's key included (a 400 quoting
 * the request, a proxy's error page): members never see the key, so it is scrubbed from every answer that is not a
 * success, as the extension does.
 */
export function serviceAnswer(status: number, contentType: string, bytes: ArrayBuffer, apiKey: string, retryAfter: string | null, extra: Record<string, string> = {}): ProxyAnswer {
  const headers: Record<string, string> = { 'content-type': contentType, ...extra };
  if (retryAfter) headers['retry-after'] = retryAfter;
  const ok = status >= 200 && status < 300;
  const body = ok ? bytes : new TextEncoder().encode(scrub(new TextDecoder().decode(bytes), [apiKey])).buffer;
  return { status, headers, body };
}

/** A budget would be passed: said with which one, what is spent and what this request may cost. */
export const budgetRefusedAnswer = (refusal: BudgetRefusal): ProxyAnswer =>
  jsonAnswer(403, { errorCode: 'budget_exceeded', errorText: describeRefusal(refusal), budget: refusal });
