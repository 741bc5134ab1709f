import { describe, expect, it } from 'vitest';
import {
  errorFromResponse,
  invalidRequestError,
  parseRetryAfter,
  type ApiErrorKind,
} from '@/lib/api/errors';
import { toErrorData } from '@/lib/errors/to-error-data';
import { ErrorDataSchema as ApiErrorDataSchema } from '@/lib/model/errors';
import { EnrichParamsSchema } from '@/lib/api/requests';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const html429 = '<html><head><title>429 Too Many Requests</title></head><body><h1>Too Many Requests</h1><p>200 per 1 minute</p></body></html>';

function build(status: number, body: string, opts: { endpoint?: string; headers?: Record<string, string>; secrets?: string[] } = {}) {
  return errorFromResponse(
    { status, headers: new Headers(opts.headers), bodyText: body },
    { endpoint: opts.endpoint ?? 'enrich', route: 'GET /v1/enrich', secrets: opts.secrets ?? [], now: NOW },
  );
}

const j = (o: unknown) => JSON.stringify(o);

describe('errorFromResponse', () => {
  it.each<[string, ApiErrorKind, number, string, string]>([
    ['400 with our body', 'bad_request', 400, j({ errorCode: 'bad_request', errorText: 'Give an email' }), 'enrich'],
    ['400 with no body', 'bad_request', 400, '', 'enrich'],
    ['401', 'invalid_key', 401, j({ errorCode: 'invalid_key', errorText: 'bad key' }), 'enrich'],
    ['401 as HTML', 'invalid_key', 401, '<h1>Unauthorized</h1>', 'company'],
    ['403 insufficient credits', 'out_of_credits', 403, j({ errorCode: 'insufficient_credits', errorText: 'no credits' }), 'enrich'],
    ['403 bare, on enrich', 'out_of_credits', 403, '', 'enrich'],
    ['403 bare, on prospector', 'plan_required', 403, 'Forbidden', 'prospector'],
    ['403 plan_required, on prospector', 'plan_required', 403, j({ errorCode: 'plan_required', errorText: 'Enterprise only' }), 'prospector'],
    ['403 insufficient credits, on prospector', 'out_of_credits', 403, j({ errorCode: 'insufficient_credits', errorText: 'x' }), 'prospector'],
    ['403 plan_required code elsewhere', 'plan_required', 403, j({ errorCode: 'plan_required' }), 'enrich'],
    ['404 errorText', 'not_found', 404, j({ errorText: 'No contact found for email ana@acme.io' }), 'enrich'],
    ['409', 'bad_request', 409, '', 'enrich'],
    ['418 other 4xx', 'bad_request', 418, '', 'enrich'],
    ['429 HTML', 'rate_limited', 429, html429, 'enrich'],
    ['500 our body', 'server', 500, j({ errorCode: 'server_error', errorText: 'boom' }), 'enrich'],
    ['502 HTML from a proxy', 'server', 502, '<html>Bad gateway</html>', 'enrich'],
    ['503 empty', 'server', 503, '', 'enrich'],
    ['302 unexpected', 'bad_response', 302, '', 'enrich'],
  ])('%s → %s', (_name, kind, status, body, endpoint) => {
    const err = build(status, body, { endpoint });
    expect(err.kind).toBe(kind);
    expect(err.status).toBe(status);
  });

  it('carries the 404 errorText as the message and as errorText', () => {
    const err = build(404, j({ errorText: 'No contact found for email ana@acme.io' }));
    expect([err.message, err.errorText]).toEqual(['No contact found for email ana@acme.io', 'No contact found for email ana@acme.io']);
  });

  it('never parses the 429 body as JSON, even when it looks like JSON', () => {
    const err = build(429, j({ errorCode: 'plan_required', errorText: 'parsed?' }));
    expect(err.kind).toBe('rate_limited');
    expect(typeof err.body).toBe('string');
    expect(err.errorText).toBeUndefined();
  });

  it.each([
    ['seconds', { 'retry-after': '7' }, 7000],
    ['an HTTP date', { 'retry-after': new Date(NOW + 12_000).toUTCString() }, 12_000],
    ['a past date', { 'retry-after': new Date(NOW - 5_000).toUTCString() }, 0],
    ['garbage', { 'retry-after': 'soon' }, undefined],
    ['no header', {}, undefined],
  ])('reads Retry-After given as %s', (_name, headers, expected) => {
    expect(build(429, html429, { headers }).retryAfterMs).toBe(expected);
  });

  it('reads the request id header', () => {
    expect(build(500, '', { headers: { 'x-request-id': 'req-42' } }).requestId).toBe('req-42');
  });

  it.each([
    ['a JSON errorText', 401, j({ errorCode: 'invalid_key', errorText: 'Key sk-live-SECRET123 is not valid' })],
    ['an HTML page', 500, '<p>key sk-live-SECRET123 failed</p>'],
    ['a 429 page', 429, `${html429}<!-- sk-live-SECRET123 -->`],
  ])('scrubs the key echoed back in %s', (_name, status, body) => {
    const err = build(status, body, { secrets: ['sk-live-SECRET123'] });
    const everything = JSON.stringify({ data: toErrorData(err), message: err.message, body: err.body, errorText: err.errorText });
    expect(everything).not.toContain('SECRET123');
    expect(everything).toContain('[redacted]');
  });
});

describe('toErrorData', () => {
  it.each([
    ['a 429', build(429, html429, { headers: { 'retry-after': '3', 'x-request-id': 'r1' } })],
    ['a 404', build(404, j({ errorText: 'nothing for x' }))],
    ['a 500 with JSON body', build(500, j({ errorCode: 'server_error', errorText: 'boom' }))],
    ['a local validation error', invalidRequestError('GET /v1/enrich', EnrichParamsSchema.safeParse({}).error!.issues)],
  ])('turns %s into plain, schema-valid data that survives JSON', (_name, err) => {
    const data = toErrorData(err);
    expect(ApiErrorDataSchema.safeParse(data).success).toBe(true);
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
    expect(data.kind).toBe(err.kind);
  });

  it('keeps retryAfterMs, status, request id and errorText', () => {
    expect(toErrorData(build(429, html429, { headers: { 'retry-after': '3', 'x-request-id': 'r1' } }))).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 3000,
      requestId: 'r1',
    });
    expect(toErrorData(build(404, j({ errorText: 'nothing for x' })))).toMatchObject({ kind: 'not_found', errorText: 'nothing for x' });
  });

  it('puts zod issues of a local validation error in detail', () => {
    const data = toErrorData(invalidRequestError('GET /v1/enrich', EnrichParamsSchema.safeParse({ email: 'a@b.io', required: 'fax' }).error!.issues));
    expect(data.detail).toContain('required');
    expect(data.status).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['0', 0],
    ['120', 120_000],
    [' 5 ', 5000],
    ['-1', undefined],
    ['1.5', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j → %j', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});
