import { describe, expect, inject, it } from 'vitest';

const url = inject('sandboxUrl');

describe('sandbox authentication', () => {
  it.each([
    ['no key', undefined, 401, 'invalid_key'],
    ['unknown key', 'nope', 401, 'invalid_key'],
    ['standard key, no lookup parameters', 'test-standard', 400, 'bad_request'],
    ['suffixed key, no lookup parameters', 'test-enterprise-auth-1', 400, 'bad_request'],
  ])('%s → %i', async (_case, key, status, errorCode) => {
    const res = await fetch(`${url}/v1/enrich`, { headers: key ? { 'X-API-Key': key } : {} });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ errorCode });
  });
});

describe('sandbox request ids (docs/api-decisions.md D6)', () => {
  it.each([
    ['an answer', 'test-standard', '?email=nobody@nowhere.example'],
    ['a refused key', 'nope', '?email=nobody@nowhere.example'],
    ['a bad request', 'test-standard', ''],
  ])('%s carries its own x-request-id, readable by the extension (CORS)', async (_case, key, query) => {
    const [a, b] = await Promise.all([0, 1].map(() => fetch(`${url}/v1/enrich${query}`, { headers: { 'X-API-Key': key, Origin: 'chrome-extension://abc' } })));
    const ids = [a!.headers.get('x-request-id'), b!.headers.get('x-request-id')];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    expect(a!.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('x-request-id');
  });
});
