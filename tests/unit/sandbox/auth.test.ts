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
