import { describe, expect, it } from 'vitest';
import { createCache } from '@/lib/cache/cache';
import { contactEnrichKey } from '@/lib/cache/keys';
import { createMemoryCacheStore } from '@/lib/cache/store';
import { estimateAction } from '@/lib/engine/estimate';
import { createLedger, createMemoryLedgerStore, dayKey } from '@/lib/credits/ledger';
import { readLedger } from '@/lib/credits/store';
import type { CostAction } from '@/lib/messaging/protocol';

const NOON = new Date(2026, 10, 21, 12, 0, 0).getTime();

function setup(budget: number | null = null, now = NOON) {
  let clock = now;
  const ledger = createLedger({ store: createMemoryLedgerStore(), dailyBudget: () => Promise.resolve(budget), now: () => clock });
  const cache = createCache({ store: createMemoryCacheStore(), ttl: () => ({ hitTtlDays: 30, missTtlDays: 3 }), now: () => clock });
  return { ledger, cache, tick: (ms: number) => (clock += ms) };
}

describe('credits ledger', () => {
  it('sums today, this month and by action; yesterday counts for the month only', async () => {
    const { ledger, tick } = setup(10);
    await ledger.record('contact/enrich', 2);
    await ledger.record('bulk/enrich', 5);
    tick(-86_400_000);
    await ledger.record('email/verify', 1);
    tick(86_400_000);
    expect(await ledger.summary()).toEqual({
      today: 7,
      month: 8,
      byAction: { 'contact/enrich': 2, 'bulk/enrich': 5, 'email/verify': 1 },
      dailyBudget: 10,
      budgetLeft: 3,
    });
  });

  it('reserves the most an action can cost, so two paid actions cannot both slip under the budget', async () => {
    const { ledger } = setup(3);
    const first = await ledger.reserve(2);
    await expect(ledger.reserve(2)).rejects.toMatchObject({ data: { kind: 'budget_exceeded' } });
    await first.settle('contact/enrich', 1); // it cost less than reserved
    const second = await ledger.reserve(2);
    second.release();
    expect((await ledger.summary()).today).toBe(1);
    expect(await ledger.allows(2)).toBe(true);
    expect(await ledger.allows(3)).toBe(false);
  });

  it('concurrent reservations see each other: three parallel 1-credit actions under a budget of 1 → one passes', async () => {
    const { ledger } = setup(1);
    const outcomes = await Promise.allSettled([ledger.reserve(1), ledger.reserve(1), ledger.reserve(1)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(2);
  });

  it('a reservation asked while another settles sees those credits as reserved or as spent, never as neither', async () => {
    const { ledger } = setup(10);
    const chunk = await ledger.reserve(10);
    // A bulk chunk's answer settles while a lookup asks for a credit: the lookup must be refused either way.
    const settled = chunk.settle('bulk/enrich', 10);
    const asked = ledger.reserve(1);
    await settled;
    await expect(asked).rejects.toMatchObject({ data: { kind: 'budget_exceeded' } });
    expect((await ledger.summary()).today).toBe(10);
    await expect(ledger.reserve(1)).rejects.toMatchObject({ data: { kind: 'budget_exceeded' } });
  });

  it('a settle that costs less frees the rest, and a settle of 0 frees it all', async () => {
    const { ledger } = setup(3);
    await (await ledger.reserve(3)).settle('contact/enrich', 0);
    const next = await ledger.reserve(3);
    await next.settle('contact/enrich', 1);
    expect(await ledger.committedToday()).toBe(1);
  });

  it('free actions always pass, even over budget', async () => {
    const { ledger } = setup(0);
    await expect(ledger.reserve(0)).resolves.toBeDefined();
  });

  it.each<[string, unknown, Record<string, Record<string, number>>]>([
    ['junk', 'nope', {}],
    ['bad day keys and negative numbers are dropped', { days: { yesterday: { x: 1 }, '2026-11-20': { a: -1, b: 2, c: 'x' } } }, { '2026-11-20': { b: 2 } }],
  ])('reads a stored ledger forgivingly: %s', (_why, stored, days) => {
    expect(readLedger(stored).days).toEqual(days);
  });

  it('uses the local calendar day', () => {
    expect(dayKey(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
  });
});

describe('cost estimates', () => {
  it.each<[string, CostAction, { credits: number; label: RegExp; cached?: boolean }]>([
    ['a plain enrichment', { action: 'contact/enrich', lookup: { email: 'a@acme.com' } }, { credits: 1, label: /^1 credit if found$/ }],
    [
      'realtime and waterfall add one each',
      { action: 'contact/enrich', lookup: { email: 'a@acme.com' }, options: { realtime: true, waterfall: true } },
      { credits: 3, label: /\+1 realtime · \+1 waterfall/ },
    ],
    ['a company', { action: 'company/enrich', url: 'acme.com' }, { credits: 1, label: /free again for 30 days/ }],
    ['50 lookalike companies', { action: 'company/similar', size: 50, revealAll: false }, { credits: 5, label: /1 per 10 companies/ }],
    ['50 revealed lookalikes', { action: 'company/similar', size: 50, revealAll: true }, { credits: 50, label: /1 per company revealed/ }],
    ['an email check', { action: 'email/verify', email: 'a@acme.com' }, { credits: 1, label: /^1 credit$/ }],
    ['a search page of 25', { action: 'contact/search', pageSize: 25 }, { credits: 25, label: /1 per result/ }],
    ['a bulk of 120', { action: 'bulk/enrich', count: 120 }, { credits: 120, label: /1 per enriched record/ }],
    ['three chosen companies', { action: 'companies/enrich', urls: ['acme.com', 'globex.com', 'initech.com'] }, { credits: 3, label: /^Up to 3 credits \(1 per company enriched\)$/ }],
  ])('%s', async (_why, action, expected) => {
    const { ledger, cache } = setup();
    const estimate = await estimateAction(action, { cache, ledger, now: () => NOON });
    expect(estimate.credits).toBe(expected.credits);
    expect(estimate.label).toMatch(expected.label);
    expect(estimate.cached).toBe(false);
    expect(estimate.blockedByBudget).toBe(false);
  });

  it('says "cached … free" for a cached lookup, and that realtime is never from the cache', async () => {
    const { ledger, cache, tick } = setup();
    await cache.write(contactEnrichKey({ email: 'a@acme.com' }), { found: true, value: {}, creditsCharged: 1 });
    tick(3 * 86_400_000);
    const now = () => NOON + 3 * 86_400_000;
    const cached = await estimateAction({ action: 'contact/enrich', lookup: { email: 'A@Acme.com ' } }, { cache, ledger, now });
    expect(cached).toMatchObject({ credits: 0, cached: true, label: 'Cached 3 days ago · free', cachedAt: NOON, cachedFound: true });
    const live = await estimateAction({ action: 'contact/enrich', lookup: { email: 'a@acme.com' }, options: { realtime: true } }, { cache, ledger, now });
    expect(live).toMatchObject({ credits: 2, cached: false });
  });

  it('says a cached "no match" found nobody, so a row can say so before it is opened', async () => {
    const { ledger, cache } = setup();
    await cache.write(contactEnrichKey({ email: 'nobody@acme.com' }), { found: false, value: null, creditsCharged: 0 });
    const estimate = await estimateAction({ action: 'contact/enrich', lookup: { email: 'nobody@acme.com' } }, { cache, ledger, now: () => NOON });
    expect(estimate).toMatchObject({ credits: 0, cached: true, cachedFound: false });
    const fresh = await estimateAction({ action: 'contact/enrich', lookup: { email: 'other@acme.com' } }, { cache, ledger, now: () => NOON });
    expect(fresh).not.toHaveProperty('cachedFound');
  });

  it('takes duplicates and cached entries off a bulk estimate', async () => {
    const { ledger, cache } = setup();
    await cache.write(contactEnrichKey({ email: 'a@acme.com' }), { found: true, value: {}, creditsCharged: 1 });
    const entries = [
      { field_type: 'email' as const, value: 'a@acme.com' },
      { field_type: 'email' as const, value: 'B@acme.com' },
      { field_type: 'email' as const, value: 'b@acme.com' },
    ];
    const estimate = await estimateAction({ action: 'bulk/enrich', count: 3, entries }, { cache, ledger, now: () => NOON });
    expect(estimate.credits).toBe(1);
    expect(estimate.label).toMatch(/1 cached · free · 1 duplicate skipped/);
  });

  it('flags an action the daily budget would block', async () => {
    const { ledger, cache } = setup(2);
    await ledger.record('contact/enrich', 2);
    const estimate = await estimateAction({ action: 'email/verify', email: 'a@acme.com' }, { cache, ledger, now: () => NOON });
    expect(estimate.blockedByBudget).toBe(true);
  });

  it('the over-budget words give what is left as the header and the refusal count it: credits held are not left, once', async () => {
    const { ledger, cache } = setup(10);
    await ledger.record('contact/enrich', 2);
    const held = await ledger.reserve(5);
    const estimate = await estimateAction({ action: 'company/similar', size: 50, revealAll: true }, { cache, ledger, now: () => NOON });
    expect(estimate.blockedByBudget).toBe(true);
    expect((await ledger.summary()).budgetLeft).toBe(3);
    expect(estimate.label).toContain('and 3 credits of your daily budget of 10 credits are left');
    held.release();
  });
});
