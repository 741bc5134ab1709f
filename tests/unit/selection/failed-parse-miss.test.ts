// A failed parse is never cached as a miss: the box refuses text it cannot read, and text that reaches the engine
// anyway (an old message, another caller) gets no "no match" stored under its raw words. Real engine, real sandbox.
import { describe, expect, inject, it } from 'vitest';
import { intentFor } from '@/lib/selection/classify';
import { parseQuery } from '@/lib/selection/query';
import { engineFor, sandboxRequests, uniqueKey } from '../engine/engine-helpers';

const url = inject('sandboxUrl');
const SALES_NAVIGATOR = 'https://www.linkedin.com/sales/lead/ACwAAAbCdEf123,NAME_SEARCH,xYz9';

describe('a failed parse is never cached as a miss', () => {
  it('the box and the right-click send nothing for text they cannot read', () => {
    for (const text of [SALES_NAVIGATOR, 'not-an-email', 'Jane Doe at']) {
      const meanings = parseQuery(text);
      expect(meanings).toEqual([]);
      expect(intentFor(text, meanings, 1)).toEqual({ kind: 'unrecognised', text, at: 1 });
    }
  });

  it('the engine keeps no "no match" for an identifier that did not read, and asks again next time', async () => {
    const key = uniqueKey();
    const { engine, cacheStore } = engineFor(url, key);
    await engine.start();
    const unread = [{ social_profile: SALES_NAVIGATOR }, { email: 'not-an-email' }];
    for (const lookup of unread) expect((await engine.lookups.contactEnrich({ lookup })).found).toBe(false);
    expect(await cacheStore.list({ query: '', limit: 10 })).toEqual([]);
    for (const lookup of unread) expect((await engine.lookups.contactEnrich({ lookup })).provenance.source).toBe('live');
    expect((await sandboxRequests(url, key)).filter((r) => r.path === '/v1/enrich')).toHaveLength(4);
  });

  it('a miss for an identifier that read is still cached (free, answered from the cache)', async () => {
    const { engine, cacheStore } = engineFor(url, uniqueKey());
    await engine.start();
    const first = await engine.lookups.contactEnrich({ lookup: { email: 'nobody.at.all@unknown-firm-example.com' } });
    expect(first.found).toBe(false);
    expect((await cacheStore.list({ query: '', limit: 10 })).map((e) => e.found)).toEqual([false]);
    const again = await engine.lookups.contactEnrich({ lookup: { email: 'nobody.at.all@unknown-firm-example.com' } });
    expect(again.provenance.source).toBe('cache');
  });
});
