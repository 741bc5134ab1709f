/**
 * Retries, Retry-After, timeouts, abort and malformed answers, against a real sandbox driven into failure with
 * its `POST /_sandbox/faults` route. Faults are global to a sandbox, so this file starts its own instance
 * (tests in one file run one after another; other files never see these faults).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { isApiError, type ApiError } from '@/lib/api/errors';
import { PATHS } from '@/lib/api/limits';
import type { RetryInfo } from '@/lib/api/transport';
import { addFault, clearFaults, clientFor, ledgerOf, newKey, requestsOf, samples, type Samples } from './sandbox';

const RATE = { max: 4, windowMs: 2000 };
let sandbox: RunningSandbox;
let base: string;
let data: Samples;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true, rateLimit: RATE });
  base = sandbox.url;
  data = await samples(base);
});
afterAll(() => sandbox.close());
afterEach(() => clearFaults(base));

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (isApiError(err)) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

const statuses = async (key: string) => (await requestsOf(base, key)).map((r) => r.status);

describe('rate limiting (429)', () => {
  it('waits the Retry-After the server gives, then succeeds', async () => {
    const key = newKey('test-standard', '429');
    const retries: RetryInfo[] = [];
    await addFault(base, { mode: '429', count: 1, retryAfterSeconds: 1, paths: [PATHS.enrich] });
    const result = await clientFor(base, key, { onRetry: (r) => retries.push(r) }).contacts.enrich({ email: data.emails[0]! });
    expect(result.found).toBe(true);
    expect(retries.map((r) => [r.error.kind, r.delayMs])).toEqual([['rate_limited', 1000]]);
    expect(await statuses(key)).toEqual([429, 200]);
    expect((await ledgerOf(base, key)).balance).toBe(100_000 - 1);
  });

  it('hands a long Retry-After to the caller instead of blocking, with the HTML body kept as text', async () => {
    const key = newKey('test-standard', '429-long');
    await addFault(base, { mode: '429', count: 1, retryAfterSeconds: 120, paths: [PATHS.enrich] });
    const err = await failure(clientFor(base, key).contacts.enrich({ email: data.emails[0]! }));
    expect([err.kind, err.status, err.retryAfterMs]).toEqual(['rate_limited', 429, 120_000]);
    expect(String(err.body)).toContain('429 Too Many Requests');
    expect(await statuses(key)).toEqual([429]);
  });

  it('gets through the real limiter after waiting out its Retry-After', async () => {
    const key = newKey('test-standard', 'limiter');
    const retries: RetryInfo[] = [];
    const client = clientFor(base, key, { onRetry: (r) => retries.push(r) });
    for (let i = 0; i < RATE.max; i++) expect(await client.checkKey()).toEqual({ valid: true });
    expect(await client.checkKey()).toEqual({ valid: true });
    expect(retries.map((r) => r.error.kind)).toEqual(['rate_limited']);
    expect(retries[0]!.delayMs).toBeGreaterThan(0);
    expect((await statuses(key)).slice(-2)).toEqual([429, 400]);
  });
});

describe('server errors (5xx)', () => {
  it.each([
    ['503 on a paid call (not processed)', '503' as const, 'enrich'],
    ['500 on company (a repeat is free)', '500' as const, 'company'],
  ])('retries %s, then succeeds, charging once', async (_name, mode, which) => {
    const key = newKey('test-standard', `5xx-${mode}`);
    const client = clientFor(base, key);
    await addFault(base, { mode, count: 1, paths: [which === 'enrich' ? PATHS.enrich : PATHS.company] });
    const result =
      which === 'enrich'
        ? await client.contacts.enrich({ email: data.emails[1]! })
        : await client.companies.enrich({ url: data.companies[0]!.website });
    expect(result.found).toBe(true);
    expect(await statuses(key)).toEqual([Number(mode), 200]);
    expect((await ledgerOf(base, key)).balance).toBe(100_000 - 1);
  });

  it('does not retry a 500 on a paid call: it may have been charged', async () => {
    const key = newKey('test-standard', '500-paid');
    await addFault(base, { mode: '500', count: 1, paths: [PATHS.enrich] });
    const err = await failure(clientFor(base, key).contacts.enrich({ email: data.emails[1]! }));
    expect([err.kind, err.status]).toEqual(['server', 500]);
    expect(await statuses(key)).toEqual([500]);
  });

  it('gives up after the bounded number of retries', async () => {
    const key = newKey('test-standard', '500-many');
    await addFault(base, { mode: '500', count: 5, paths: [PATHS.company] });
    const err = await failure(clientFor(base, key).companies.enrich({ url: data.companies[0]!.website }));
    expect(err.kind).toBe('server');
    expect(await statuses(key)).toEqual([500, 500, 500]);
  });
});

describe('malformed and slow answers', () => {
  it('reports malformed JSON as bad_response', async () => {
    const key = newKey('test-standard', 'malformed');
    await addFault(base, { mode: 'malformed', count: 1, paths: [PATHS.emailVerification] });
    const err = await failure(clientFor(base, key).emails.verify(data.emails[0]!));
    expect([err.kind, err.status]).toEqual(['bad_response', 200]);
    expect(await statuses(key)).toEqual([200]);
  });

  it('times out a slow paid call once, without retrying it', async () => {
    const key = newKey('test-standard', 'slow-paid');
    await addFault(base, { mode: 'slow', count: 1, delayMs: 3000, paths: [PATHS.emailVerification] });
    const retries: RetryInfo[] = [];
    const client = clientFor(base, key, { timeouts: { default: 300 }, onRetry: (r) => retries.push(r) });
    const err = await failure(client.emails.verify(data.emails[0]!));
    expect(err.kind).toBe('timeout');
    expect(retries).toEqual([]);
  });

  it('retries a timed-out company lookup (a repeat is free) and succeeds', async () => {
    const key = newKey('test-standard', 'slow-company');
    const retries: RetryInfo[] = [];
    await addFault(base, { mode: 'slow', count: 1, delayMs: 3000, paths: [PATHS.company] });
    const client = clientFor(base, key, { timeouts: { default: 1000 }, onRetry: (r) => retries.push(r) });
    const result = await client.companies.enrich({ url: data.companies[0]!.website });
    expect(result.found).toBe(true);
    expect(retries.map((r) => r.error.kind)).toEqual(['timeout']);
  });

  it('cancels a request in flight', async () => {
    await addFault(base, { mode: 'slow', count: 1, delayMs: 10_000, paths: [PATHS.enrich] });
    const controller = new AbortController();
    const pending = clientFor(base, newKey('test-standard', 'abort')).contacts.enrich({ email: data.emails[0]! }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    expect((await failure(pending)).kind).toBe('aborted');
  });
});

describe('bulk chunk failure', () => {
  it('a 500 on a paid chunk throws server and is not sent again (the service may have charged it)', async () => {
    const key = newKey('test-standard', 'bulk-fault');
    const inputs = Array.from({ length: 10 }, (_, i) => ({ field_type: 'email' as const, value: i === 0 ? data.emails[0]! : `nobody-${i}@unknown-domain.example` }));
    await addFault(base, { mode: '500', count: 1, paths: [PATHS.bulkEnrich] });
    const err = await failure(clientFor(base, key).contacts.bulkEnrich(inputs));
    expect([err.kind, err.status]).toEqual(['server', 500]);
    expect(await statuses(key)).toEqual([500]);
  });
});

describe('similar companies: v1 fallback', () => {
  // A real gateway in front of the sandbox that has no /v2 routes, as an older deployment would.
  let gateway: Server;
  let gatewayUrl: string;
  const seen: string[] = [];

  beforeAll(async () => {
    gateway = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://gateway');
      seen.push(url.pathname);
      if (url.pathname.startsWith('/v2/')) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
        return;
      }
      void fetch(`${base}${url.pathname}${url.search}`, { headers: { 'X-API-Key': String(req.headers['x-api-key'] ?? '') } }).then(async (upstream) => {
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' }).end(await upstream.text());
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

  it.each([
    ['a known company', () => data.companies[2]!.website, true],
    ['an unknown company', () => 'no-such-company-anywhere.example', false],
  ])('falls back to /v1 when the /v2 route is missing (%s)', async (_name, url, found) => {
    seen.length = 0;
    const result = await clientFor(gatewayUrl, newKey('test-standard', 'v1')).companies.similar({ url: url() });
    expect(result.found).toBe(found);
    expect(seen).toEqual([PATHS.similarCompanies, PATHS.similarCompaniesV1]);
  });
});
