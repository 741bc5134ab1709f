// The service does not charge a company again within 30 days of its last enrichment, for the account (spec). The
// price shown and the credits booked follow the account's window, against the real sandbox's ledger: not the cache's
// entry, which a cleared cache forgets and another API key must not inherit.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSandbox } from '@/sandbox/server';
import { addFault } from '../api/sandbox';
import { accountOf } from '@/lib/keystore';
import { companyEnrichKey } from '@/lib/cache/keys';
import { engineFor, samples, sandboxLedger, uniqueKey } from './engine-helpers';

const url = inject('sandboxUrl');

const credits = async (key: string) => (await sandboxLedger(url, key)).filter((e) => e.endpoint.includes('company')).reduce((n, e) => n + e.credits, 0);

describe('the company re-enrichment window is the account’s', () => {
  it('a cleared cache still knows the repeat is free: shown free, booked 0, the sandbox charges 0', async () => {
    const key = uniqueKey();
    const { engine, cacheStore } = engineFor(url, key);
    await engine.start();
    const website = (await samples(url)).companies[5]!.website;
    await engine.lookups.companyEnrich({ url: website });
    expect(await credits(key)).toBe(1);

    await cacheStore.clear();
    const shown = await engine.estimate({ action: 'company/enrich', url: website });
    expect(shown).toMatchObject({ cached: false, credits: 0 });
    const again = await engine.lookups.companyEnrich({ url: website, quotedCredits: shown.credits });
    expect(again.provenance).toMatchObject({ source: 'live', creditsCharged: 0 });
    expect(await credits(key)).toBe(1);
    expect((await engine.ledger.summary()).today).toBe(1);
  });

  it('another API key does not inherit it: shown 1 credit, booked 1, the sandbox charges the new account 1', async () => {
    const first = uniqueKey();
    const second = uniqueKey();
    const { engine, keystore } = engineFor(url, first);
    await engine.start();
    const website = (await samples(url)).companies[6]!.website;
    await engine.lookups.companyEnrich({ url: website });
    const free = await engine.estimate({ action: 'company/enrich', url: website, refresh: true });
    expect(free.credits).toBe(0);

    await keystore.set(second);
    const shown = await engine.estimate({ action: 'company/enrich', url: website, refresh: true });
    expect(shown.credits).toBe(1);
    const paid = await engine.lookups.companyEnrich({ url: website, refresh: true, quotedCredits: shown.credits });
    expect(paid.provenance).toMatchObject({ source: 'live', creditsCharged: 1 });
    expect(await credits(second)).toBe(1);
    expect((await engine.ledger.summary()).today).toBe(2);

    // Back on the first key, its window still stands.
    await keystore.set(first);
    expect((await engine.estimate({ action: 'company/enrich', url: website, refresh: true })).credits).toBe(0);
  });

  it('the window outlives the engine (a restarted worker), kept under a hash of the key, never the key', async () => {
    const key = uniqueKey();
    const one = engineFor(url, key);
    await one.engine.start();
    const website = (await samples(url)).companies[7]!.website;
    await one.engine.lookups.companyEnrich({ url: website });
    const two = engineFor(url, key, { companyWindowStore: one.companyWindowStore });
    await two.engine.start();
    expect((await two.engine.estimate({ action: 'company/enrich', url: website })).credits).toBe(0);
    const account = await accountOf(key);
    expect(account).toMatch(/^[0-9a-f]{24}$/);
    expect(account).not.toContain(key);
  });

  it('an update seeds the windows once from the company answers the cache held, found within 30 days', async () => {
    const key = uniqueKey();
    const [recent, old] = (await samples(url)).companies.slice(9, 11).map((c) => c.website);
    // Before the update: both companies bought and cached; the second's answer is made 40 days old.
    const before = engineFor(url, key);
    await before.engine.start();
    await before.engine.lookups.companyEnrich({ url: recent! });
    await before.engine.lookups.companyEnrich({ url: old! });
    const DAY = 86_400_000;
    const oldEntry = await before.cacheStore.get(companyEnrichKey(old!));
    expect(oldEntry?.found).toBe(true);
    await before.cacheStore.put({ ...oldEntry!, fetchedAt: Date.now() - 40 * DAY, expiresAt: Date.now() + DAY });

    // The updated extension starts with no windows of its own, over the same cache.
    const after = engineFor(url, key, { cacheStore: before.cacheStore });
    await after.engine.start();
    const price = async (website: string) => (await after.engine.estimate({ action: 'company/enrich', url: website, refresh: true })).credits;
    // The recent one is free, as the service has it; the 40-day-old one is priced in full.
    expect([await price(recent!), await price(old!)]).toEqual([0, 1]);
    // Seeded once: with the cache cleared, a restart over the same windows still knows the free one.
    await before.cacheStore.clear();
    const again = engineFor(url, key, { cacheStore: before.cacheStore, companyWindowStore: after.companyWindowStore });
    await again.engine.start();
    const prices = await Promise.all([recent!, old!].map(async (w) => (await again.engine.estimate({ action: 'company/enrich', url: w, refresh: true })).credits));
    expect(prices).toEqual([0, 1]);
  });

  describe('with a sandbox of its own (its slow answers touch no other test)', () => {
    let own: Awaited<ReturnType<typeof startSandbox>>;
    beforeAll(async () => {
      own = await startSandbox({ port: 0, quiet: true });
    });
    afterAll(() => own.close());

    it('a key saved while a company lookup is in flight does not inherit its window', async () => {
      const first = uniqueKey();
      const second = uniqueKey();
      const { engine, keystore } = engineFor(own.url, first);
      await engine.start();
      const website = (await samples(own.url)).companies[8]!.website;
      await addFault(own.url, { mode: 'slow', count: 1, delayMs: 800, paths: ['/v1/company'] });
      const pending = engine.lookups.companyEnrich({ url: website });
      // The request has left with the first key; the user saves another before the answer arrives.
      await new Promise((r) => setTimeout(r, 300));
      await keystore.set(second);
      expect((await pending).provenance.source).toBe('live');
      // Before: the window was filed under the key saved when the answer came, the second: shown free, charged 1.
      expect((await engine.estimate({ action: 'company/enrich', url: website, refresh: true })).credits).toBe(1);
    });
  });
});
