import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { call, freshKey, qs, samples } from './helpers';

const url = inject('sandboxUrl');

/** The two drivers under the same queries (sandbox/db/driver.ts) give the same answers and charge the same. */
describe('the sandbox over sql.js', () => {
  let wasm: RunningSandbox;
  let native: RunningSandbox;
  beforeAll(async () => {
    [wasm, native] = await Promise.all([startSandbox({ quiet: true, driver: 'sql.js' }), startSandbox({ quiet: true, driver: 'better-sqlite3' })]);
  });
  afterAll(async () => {
    await Promise.all([wasm.close(), native.close()]);
  });

  it('says which driver it runs', async () => {
    expect((await call(wasm.url, '/_sandbox/info')).json()).toMatchObject({ driver: 'sql.js', memory: expect.any(Object) });
    expect((await call(native.url, '/_sandbox/info')).json()).toMatchObject({ driver: 'better-sqlite3' });
  });

  it('answers a lookup, a company and a bulk batch byte for byte as the native driver does, and charges the same', async () => {
    const s = await samples(url);
    const key = freshKey();
    const paths = [
      `/v1/enrich?${qs({ email: s.emails[0] as string })}`,
      `/v1/enrich?${qs({ email: s.emails[1] as string, waterfall: true })}`,
      `/v1/company?${qs({ url: (s.companies[0] as { website: string }).website })}`,
    ];
    for (const path of paths) {
      const [a, b] = await Promise.all([call(wasm.url, path, { key }), call(native.url, path, { key })]);
      expect(a.status).toBe(200);
      expect(a.text).toBe(b.text);
    }
    const body = JSON.stringify({ required_fields: [], query_list: s.emails.slice(0, 5).map((value) => ({ field_type: 'email', value })) });
    const init = { key, method: 'POST', body, headers: { 'Content-Type': 'application/json' } };
    const [a, b] = await Promise.all([call(wasm.url, '/v1/bulk-enrich', init), call(native.url, '/v1/bulk-enrich', init)]);
    expect(a.status).toBe(200);
    expect(a.text).toBe(b.text);
    const ledger = async (base: string) => ((await call(base, `/_sandbox/ledger?${qs({ key })}`)).json() as { balance: number }).balance;
    expect(await ledger(wasm.url)).toBe(await ledger(native.url));
    expect(await ledger(wasm.url)).toBeLessThan(100_000);
  });
});
