import { describe, expect, it } from 'vitest';
import { chargeOf, planKeys, planLookup, type CacheState, type LookupRequest } from '@/lib/engine/plan';

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY = 86_400_000;
const none: CacheState = { hit: null, last: null, now: NOW };
const cachedAt = (ago: number, found = true): CacheState => ({ hit: { key: 'k', fetchedAt: NOW - ago, found }, last: { found, fetchedAt: NOW - ago }, now: NOW });
const defaults = { lookupDefaults: {} };

describe('planLookup: one price for preview, budget, run and ledger', () => {
  it.each<[string, LookupRequest, CacheState, { maxCredits: number; label: string; cacheMayAnswer: boolean; cachedFound?: boolean | null }]>([
    ['plain contact enrich, nothing cached', { op: 'contact/enrich', lookup: { email: 'a@acme.com' } }, none, { maxCredits: 1, label: '1 credit if found', cacheMayAnswer: true }],
    ['realtime + waterfall costs 3 and skips the cache', { op: 'contact/enrich', lookup: { email: 'a@acme.com' }, options: { realtime: true, waterfall: true } }, cachedAt(DAY), { maxCredits: 3, label: '1 credit if found · +1 realtime · +1 waterfall', cacheMayAnswer: false }],
    ['cached contact is free, worded once', { op: 'contact/enrich', lookup: { email: 'a@acme.com' } }, cachedAt(3 * DAY), { maxCredits: 0, label: 'Cached 3 days ago · free', cacheMayAnswer: true, cachedFound: true }],
    ['a cached "no match" is free too, and says it found nobody', { op: 'contact/enrich', lookup: { email: 'a@acme.com' } }, cachedAt(2 * DAY, false), { maxCredits: 0, label: 'Cached 2 days ago · free', cacheMayAnswer: true, cachedFound: false }],
    ['nothing cached: no cached answer to report', { op: 'contact/enrich', lookup: { email: 'a@acme.com' } }, none, { maxCredits: 1, label: '1 credit if found', cacheMayAnswer: true, cachedFound: null }],
    ['contact refresh ignores the cache and costs 1', { op: 'contact/enrich', lookup: { email: 'a@acme.com' }, refresh: true }, cachedAt(DAY), { maxCredits: 1, label: '1 credit if found', cacheMayAnswer: false, cachedFound: null }],
    ['company never enriched', { op: 'company/enrich', url: 'acme.com' }, none, { maxCredits: 1, label: '1 credit if found · free again for 30 days', cacheMayAnswer: true }],
    // "Refresh · 1 credit" was once charged 0 — the refresh inside the 30-day window is free and says so.
    ['company refresh within 30 days is free', { op: 'company/enrich', url: 'acme.com', refresh: true }, cachedAt(2 * DAY), { maxCredits: 0, label: 'Free · enriched 2 days ago', cacheMayAnswer: false }],
    ['company refresh after 31 days costs 1', { op: 'company/enrich', url: 'acme.com', refresh: true }, cachedAt(31 * DAY), { maxCredits: 1, label: '1 credit if found · free again for 30 days', cacheMayAnswer: false }],
    ['company last answered "no match" is not a free repeat', { op: 'company/enrich', url: 'acme.com', refresh: true }, { hit: null, last: { found: false, fetchedAt: NOW - DAY }, now: NOW }, { maxCredits: 1, label: '1 credit if found · free again for 30 days', cacheMayAnswer: false }],
    ['lookalike companies, 25 → 3 credits', { op: 'company/similar', url: 'acme.com', size: 25 }, none, { maxCredits: 3, label: 'Up to 3 credits (1 per 10 companies)', cacheMayAnswer: true }],
    ['lookalike companies revealed, 250 → 250 credits', { op: 'company/similar', url: 'acme.com', size: 250, revealAll: true }, none, { maxCredits: 250, label: 'Up to 250 credits (1 per company revealed)', cacheMayAnswer: true }],
    ['email verification', { op: 'email/verify', email: 'a@acme.com' }, none, { maxCredits: 1, label: '1 credit', cacheMayAnswer: true }],
    ['contact search, default page of 25', { op: 'contact/search', filters: {} }, none, { maxCredits: 25, label: 'Up to 25 credits (1 per result)', cacheMayAnswer: true }],
  ])('%s', (_name, request, cache, expected) => {
    expect(planLookup(request, defaults, cache)).toMatchObject(expected);
  });

  it('applies the settings defaults under the request options, in one place', () => {
    const settings = { lookupDefaults: { realtime: true, waterfall: true } };
    expect(planLookup({ op: 'contact/enrich', lookup: { email: 'a@acme.com' } }, settings, none).maxCredits).toBe(3);
    expect(planLookup({ op: 'contact/enrich', lookup: { email: 'a@acme.com' }, options: { realtime: false } }, settings, none).maxCredits).toBe(2);
  });

  it('puts the page’s other identifiers of the person in the aliases, with the same options, never the key itself', () => {
    const keys = planKeys(
      { op: 'contact/enrich', lookup: { email: 'Ann@Acme.com' }, alsoKnownAs: { emails: ['ann@acme.com', 'ann.b@gmail.com'], profiles: ['https://www.linkedin.com/in/ann-b/'], phones: ['+1 415 555 0100'] } },
      defaults,
    );
    expect(keys.key).toBe('contact/enrich?email=ann%40acme.com');
    expect(keys.aliases).toHaveLength(3);
    expect(keys.aliases).not.toContain(keys.key);
  });

  it.each<[string, LookupRequest, { found: boolean; returned?: number }, number]>([
    ['a miss is free', { op: 'contact/enrich', lookup: { email: 'a@acme.com' }, options: { realtime: true } }, { found: false }, 0],
    ['a found realtime contact costs 2', { op: 'contact/enrich', lookup: { email: 'a@acme.com' }, options: { realtime: true } }, { found: true }, 2],
    ['12 lookalikes of 25 asked cost 2', { op: 'company/similar', url: 'acme.com', size: 25 }, { found: true, returned: 12 }, 2],
    ['a 100,000-item answer to a 25-item ask is booked at the asked most, 3', { op: 'company/similar', url: 'acme.com', size: 25 }, { found: true, returned: 100_000 }, 3],
    ['lookalike contacts found cost 1', { op: 'contact/similar', lookup: { email: 'a@acme.com' } }, { found: true, returned: 7 }, 1],
  ])('charge: %s', (_name, request, outcome, credits) => {
    const plan = planLookup(request, defaults, none);
    expect(chargeOf(plan, outcome)).toBe(credits);
    expect(chargeOf(plan, outcome)).toBeLessThanOrEqual(plan.maxCredits);
  });
});

describe('over-budget words', () => {
  it.each([
    ['realtime + waterfall over a budget of 2 with 1 spent: price, left, cheaper choice, settings', { realtime: true, waterfall: true }, /up to 3 credits, and 1 credit of your daily budget of 2 credits is left\. Without realtime and waterfall it costs 1 credit\. You can raise the daily budget/],
    ['a plain lookup over budget has no cheaper choice', {}, /^Over today's budget: this can cost up to 1 credit, and 0 credits .* are left\. You can raise/],
  ])('%s', async (_name, options, words) => {
    const { createCache } = await import('@/lib/cache/cache');
    const { createMemoryCacheStore } = await import('@/lib/cache/store');
    const { createLedger, createMemoryLedgerStore } = await import('@/lib/credits/ledger');
    const { estimateAction } = await import('@/lib/engine/estimate');
    const cache = createCache({ store: createMemoryCacheStore(), ttl: () => ({ hitTtlDays: 30, missTtlDays: 3 }) });
    const budget = Object.keys(options).length ? 2 : 1;
    const ledger = createLedger({ store: createMemoryLedgerStore(), dailyBudget: () => Promise.resolve(budget) });
    await ledger.record('contact/enrich', 1);
    const estimate = await estimateAction({ action: 'contact/enrich', lookup: { email: 'a@acme.com' }, options }, { cache, ledger });
    expect(estimate.blockedByBudget).toBe(true);
    expect(estimate.label).toMatch(words);
  });
});
