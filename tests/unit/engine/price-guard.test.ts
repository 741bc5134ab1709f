// A paid action never costs more than the button said: the price a click showed travels with the request, and a
// lookup (or a bulk job) that would cost more when it runs (the cached answer the "free" button promised was
// cleared or expired in between) is refused before anything is reserved, sent or charged.
import { describe, expect, inject, it } from 'vitest';
import { describeError } from '@/lib/errors/catalogue';
import { toErrorData } from '@/lib/errors/to-error-data';
import { engineFor, samples, sandboxLedger, sandboxRequests, uniqueKey } from './engine-helpers';

const url = inject('sandboxUrl');

/** What the engine refused with, as the UI receives it. */
async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    return toErrorData(error);
  }
  throw new Error('expected a refusal');
}

describe('the price shown is the most a click can cost', () => {
  it('a "free" click on an answer cleared from the cache since is refused, nothing sent; at the new price it runs', async () => {
    const key = uniqueKey();
    const { engine, cacheStore } = engineFor(url, key);
    await engine.start();
    const [email] = (await samples(url)).emails;
    await engine.lookups.contactEnrich({ lookup: { email: email! } });
    const shown = await engine.estimate({ action: 'contact/enrich', lookup: { email: email! } });
    expect(shown).toMatchObject({ cached: true, credits: 0 });
    // Held to "free" while the answer is cached: answered from the cache.
    const cached = await engine.lookups.contactEnrich({ lookup: { email: email! }, quotedCredits: shown.credits });
    expect(cached.provenance).toMatchObject({ source: 'cache', creditsCharged: 0 });

    await cacheStore.clear();
    const before = { requests: (await sandboxRequests(url, key)).length, ledger: (await sandboxLedger(url, key)).length };
    const error = await refusal(engine.lookups.contactEnrich({ lookup: { email: email! }, quotedCredits: shown.credits }));
    expect(error).toMatchObject({ kind: 'price_changed', quotedCredits: 0, credits: 1 });
    expect((await sandboxRequests(url, key)).length).toBe(before.requests);
    expect((await sandboxLedger(url, key)).length).toBe(before.ledger);
    expect((await engine.ledger.summary()).today).toBe(1);
    // The words say both prices, that nothing was charged, and what to do.
    const words = describeError(error);
    expect(words.message).toContain('free');
    expect(words.message).toContain('1 credit');
    expect(words.message).toMatch(/nothing was charged/i);

    // The new estimate is the new price; a click at it runs and is charged what it said.
    const now = await engine.estimate({ action: 'contact/enrich', lookup: { email: email! } });
    expect(now).toMatchObject({ cached: false, credits: 1 });
    const paid = await engine.lookups.contactEnrich({ lookup: { email: email! }, quotedCredits: now.credits });
    expect(paid.provenance).toMatchObject({ source: 'live', creditsCharged: 1 });
    expect((await sandboxLedger(url, key)).length).toBe(before.ledger + 1);
  });

  it('holds every paid single request to its quote: company, lookalikes, verification, search', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    const { emails, companies } = await samples(url);
    const website = companies[0]!.website;
    // Each request held to "free" while it is not cached, beside the estimate of the same action (the price the
    // refusal names is the estimate's: one decision).
    // Each case starts when its turn comes: started together, the later refusals came while the first was awaited,
    // unhandled.
    const cases = [
      [() => engine.lookups.companyEnrich({ url: website, quotedCredits: 0 }), () => engine.estimate({ action: 'company/enrich', url: website })],
      [
        () => engine.lookups.companySimilar({ url: website, size: 5, revealAll: false, quotedCredits: 0 }),
        () => engine.estimate({ action: 'company/similar', url: website, size: 5, revealAll: false }),
      ],
      [() => engine.lookups.contactSimilar({ lookup: { email: emails[0]! }, quotedCredits: 0 }), () => engine.estimate({ action: 'contact/similar', lookup: { email: emails[0]! } })],
      [() => engine.lookups.emailVerify({ email: emails[1]!, quotedCredits: 0 }), () => engine.estimate({ action: 'email/verify', email: emails[1]! })],
      [() => engine.lookups.contactSearch({ job_title: ['engineer'], page_size: 10, quotedCredits: 0 }), () => engine.estimate({ action: 'contact/search', pageSize: 10 })],
    ] as const;
    for (const [work, estimate] of cases) {
      const shown = await estimate();
      expect(shown.credits).toBeGreaterThan(0);
      expect(await refusal(work())).toMatchObject({ kind: 'price_changed', quotedCredits: 0, credits: shown.credits });
    }
    expect(await sandboxRequests(url, key)).toEqual([]);
    expect((await engine.ledger.summary()).today).toBe(0);
    // Held to the price it was shown, a request runs (the quote is not sent as a parameter).
    const verified = await engine.lookups.emailVerify({ email: emails[1]!, quotedCredits: 1 });
    expect(verified.provenance).toMatchObject({ source: 'live', creditsCharged: 1 });
    const sent = await sandboxRequests(url, key);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]!.query)).not.toContain('quoted');
  });

  it('chosen lookalike companies are priced each by its own plan: one enriched already is free, and each request is held to its price', async () => {
    const key = uniqueKey();
    const { engine, cacheStore } = engineFor(url, key);
    await engine.start();
    const { companies } = await samples(url);
    const [done, fresh] = [companies[0]!.website, companies[1]!.website];
    await engine.lookups.companyEnrich({ url: done });
    const shown = await engine.estimate({ action: 'companies/enrich', urls: [done, fresh] });
    expect(shown).toMatchObject({ credits: 1, each: [0, 1], blockedByBudget: false });
    expect(shown.label).toContain('1 free');
    // Each as the selection bar sends it: the enriched one free, the other at 1 credit.
    const [first, second] = await Promise.all([
      engine.lookups.companyEnrich({ url: done, quotedCredits: shown.each![0] }),
      engine.lookups.companyEnrich({ url: fresh, quotedCredits: shown.each![1] }),
    ]);
    expect(first.provenance.creditsCharged).toBe(0);
    expect(second.provenance.creditsCharged).toBe(1);
    // Over the daily budget, the sum says so before the click.
    await cacheStore.clear();
    const { engine: capped } = engineFor(url, uniqueKey(), { settings: { dailyBudget: 1 } });
    await capped.start();
    expect(await capped.estimate({ action: 'companies/enrich', urls: [done, fresh] })).toMatchObject({ credits: 2, blockedByBudget: true });
  });

  it('a bulk job with more rows to send than its preview counted is refused whole; at the preview price it runs', async () => {
    const key = uniqueKey();
    const { engine, cacheStore } = engineFor(url, key);
    await engine.start();
    const { emails } = await samples(url);
    const entries = emails.slice(0, 6).map((value) => ({ field_type: 'email' as const, value }));
    for (const entry of entries.slice(0, 4)) await engine.lookups.contactEnrich({ lookup: { email: entry.value } });
    const preview = await engine.estimate({ action: 'bulk/enrich', count: entries.length, entries });
    expect(preview.credits).toBe(2);

    await cacheStore.clear();
    const error = await refusal(engine.bulk.start(entries, [], { quotedCredits: preview.credits }));
    expect(error).toMatchObject({ kind: 'price_changed', quotedCredits: 2, credits: 6 });
    expect(await engine.bulk.list()).toEqual([]);
    expect((await sandboxRequests(url, key)).filter((r) => r.path === '/v1/bulk-enrich')).toEqual([]);

    const again = await engine.estimate({ action: 'bulk/enrich', count: entries.length, entries });
    expect(again.credits).toBe(6);
    const job = await engine.bulk.start(entries, [], { quotedCredits: again.credits });
    expect(job.total).toBe(6);
  });
});
