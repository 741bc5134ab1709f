// The service does not charge a company again within 30 days of its last enrichment, for the account (spec). The
// price shown and the credits booked follow the account's window, against the real sandbox's ledger: not the cache's
// entry, which a cleared cache forgets and another API key must not inherit.
import { describe, expect, inject, it } from 'vitest';
import { accountOf } from '@/lib/keystore';
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
});
