import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ADMIN_HEADERS } from '@/sandbox/admin-guard';
import { startSandbox } from '@/sandbox/server';
import { call, freshKey, qs, samples, type SamplesBody } from './helpers';
import { budget } from '../../time-budget';

/* Faults, the request log and the rate limit are global to a sandbox: these tests start their own. */
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let url: string;
let s: SamplesBody;

beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true, rateLimit: { max: 5, windowMs: 60_000 }, realtimeDelayMs: 0 });
  url = sandbox.url;
  s = await samples(url);
});
afterAll(() => sandbox.close());

const enrichPath = () => `/v1/enrich?${qs({ email: s.emails[0] ?? '' })}`;
const fault = (body: unknown) => call(url, '/_sandbox/faults', { method: 'POST', headers: { ...SANDBOX_ADMIN_HEADERS, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('rate limit', () => {
  it('allows 5 per minute per key, then a 429 HTML page with Retry-After', async () => {
    const key = freshKey();
    const start = Date.now();
    for (let i = 0; i < 5; i++) expect((await call(url, enrichPath(), { key })).status).toBe(200);
    const limited = await call(url, enrichPath(), { key });
    // The minute started with the first call: what is left of it when the sixth is refused, whole seconds.
    const elapsedSeconds = (Date.now() - start) / 1000;
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/text\/html/);
    expect(limited.text).toContain('<title>429 Too Many Requests</title>');
    expect(limited.text).toContain('5 per 1 minute');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(Math.floor(60 - elapsedSeconds));
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Another key has its own bucket.
    expect((await call(url, enrichPath(), { key: freshKey() })).status).toBe(200);
  });

  it('counts every API call of a key, whatever the endpoint', async () => {
    const key = freshKey();
    for (let i = 0; i < 5; i++) await call(url, '/v1/enrich', { key });
    expect((await call(url, `/v1/company?${qs({ url: s.companies[0]?.website ?? '' })}`, { key })).status).toBe(429);
  });

  it('does not limit unknown keys into a 429: they get 401', async () => {
    for (let i = 0; i < 7; i++) expect((await call(url, enrichPath(), { key: 'nope' })).status).toBe(401);
  });
});

describe('faults', () => {
  it.each([
    ['500', 500, 'application/json'],
    ['503', 503, 'application/json'],
    ['429', 429, 'text/html'],
  ])('mode %s → %i for the next N matching responses only', async (mode, status, type) => {
    await call(url, '/_sandbox/faults', { method: 'DELETE', headers: { ...SANDBOX_ADMIN_HEADERS } });
    expect((await fault({ mode, count: 2, retryAfterSeconds: 7, paths: ['/v1/enrich'] })).status).toBe(200);
    const key = freshKey();
    // A non-matching path is untouched and does not use the fault up.
    expect((await call(url, `/v1/company?${qs({ url: s.companies[0]?.website ?? '' })}`, { key })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await call(url, enrichPath(), { key });
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toContain(type);
      if (mode !== '500') expect(res.headers.get('retry-after')).toBe('7');
    }
    expect((await call(url, enrichPath(), { key })).status).toBe(200);
  });

  it('malformed returns a 200 whose JSON cannot be parsed, and charges nothing', async () => {
    await fault({ mode: 'malformed', count: 1 });
    const key = freshKey();
    const res = await call(url, enrichPath(), { key });
    expect(res.status).toBe(200);
    expect(() => res.json()).toThrow();
    expect(((await call(url, `/_sandbox/ledger?key=${key}`)).json() as { balance: number }).balance).toBe(100_000);
  });

  it('slow delays the response and then answers normally', async () => {
    await fault({ mode: 'slow', count: 1, delayMs: 300 });
    const started = Date.now();
    const res = await call(url, enrichPath(), { key: freshKey() });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('DELETE resets the queue; GET lists it', async () => {
    await fault({ mode: '500', count: 3 });
    expect(((await call(url, '/_sandbox/faults')).json() as { faults: unknown[] }).faults).toHaveLength(1);
    await call(url, '/_sandbox/faults', { method: 'DELETE', headers: { ...SANDBOX_ADMIN_HEADERS } });
    expect(((await call(url, '/_sandbox/faults')).json() as { faults: unknown[] }).faults).toEqual([]);
    expect((await call(url, enrichPath(), { key: freshKey() })).status).toBe(200);
  });

  it.each([[{ mode: 'explode', count: 1 }], [{ mode: '500', count: -1 }]])('400 for %o', async (body) => {
    expect((await fault(body)).status).toBe(400);
  });
});

describe('request log', () => {
  it('records method, path, query, masked key, status and POST bodies; filters by key; clears', async () => {
    await call(url, '/_sandbox/requests', { method: 'DELETE', headers: { ...SANDBOX_ADMIN_HEADERS } });
    const key = freshKey();
    await call(url, enrichPath(), { key });
    await call(url, '/v1/enrich', { key: 'nope' });
    const body = new FormData();
    body.set('query_list', JSON.stringify([{ field_type: 'email', value: s.emails[1] }]));
    await call(url, '/v1/bulk-enrich', { key, method: 'POST', body });
    const all = (await call(url, '/_sandbox/requests')).json() as { requests: Array<Record<string, unknown>> };
    expect(all.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', '/v1/enrich', 200],
      ['GET', '/v1/enrich', 401],
      ['POST', '/v1/bulk-enrich', 200],
    ]);
    expect(all.requests[0]?.query).toEqual({ email: s.emails[0] });
    expect(JSON.stringify(all.requests)).not.toContain(key);
    expect(all.requests[0]?.key).not.toBe(all.requests[1]?.key);
    expect(String(all.requests[2]?.body)).toContain(s.emails[1]);
    const mine = (await call(url, `/_sandbox/requests?key=${key}`)).json() as { requests: unknown[] };
    expect(mine.requests).toHaveLength(2);
    await call(url, '/_sandbox/requests', { method: 'DELETE', headers: { ...SANDBOX_ADMIN_HEADERS } });
    expect(((await call(url, '/_sandbox/requests')).json() as { requests: unknown[] }).requests).toEqual([]);
  });
});

describe('ledger and samples routes', () => {
  it('shows plan, balance and entries', async () => {
    const key = freshKey('enterprise');
    await call(url, enrichPath(), { key });
    const body = (await call(url, `/_sandbox/ledger?key=${key}`)).json();
    expect(body).toMatchObject({ key, plan: 'enterprise', balance: 99_999, entries: [{ endpoint: 'enrich', credits: 1 }] });
  });

  it('404 for a key that is not a sandbox key', async () => {
    expect((await call(url, '/_sandbox/ledger?key=nope')).status).toBe(404);
  });

  it('samples are about 20 of each kind and the same for the same seed', async () => {
    for (const list of [s.emails, s.phones, s.socialProfiles, s.names, s.companies]) expect(list).toHaveLength(20);
    const again = await startSandbox({ quiet: true });
    const other = await startSandbox({ quiet: true, seed: 43 });
    try {
      expect(await samples(again.url)).toEqual(s);
      expect((await samples(other.url)).emails).not.toEqual(s.emails);
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
    // Seed 43 is seeded from nothing (no cached file; over sql.js in memory each time): a hook's budget, not a test's.
  }, budget(120_000));

  it('serves the OpenAPI document', async () => {
    const res = await call(url, '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) });
  });

  it('answers CORS preflights for the API', async () => {
    const res = await fetch(`${url}/v1/enrich`, { method: 'OPTIONS', headers: { Origin: 'chrome-extension://abc', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' } });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
  });

  it('an unknown API route is a plain 404 without errorText', async () => {
    const res = await call(url, '/v3/similar-companies', { key: freshKey() });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('errorText');
  });
});
