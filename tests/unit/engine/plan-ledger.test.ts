/**
 * Property test of the one lookup plan against the real sandbox over HTTP: for random requests and
 * cache states, what the sandbox's ledger charges never exceeds the preview the user saw, and equals it when the
 * answer is found (per-result endpoints: the per-result price of what came back). The local ledger books what
 * the service charged: never less.
 */
import { describe, expect, inject, it } from 'vitest';
import type { CostAction } from '@/lib/messaging/protocol';
import { engineFor, samples, sandboxLedger, uniqueKey } from './engine-helpers';

const url = inject('sandboxUrl');

/** Small seeded PRNG (mulberry32): a failing run prints its seed and can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!, bool: (p = 0.5) => next() < p };
}

type Step = { action: CostAction; run: 'contact/enrich' | 'company/enrich' | 'company/similar' | 'email/verify' | 'contact/similar'; input: Record<string, unknown> };

const sum = (entries: Array<{ credits: number }>) => entries.reduce((n, e) => n + e.credits, 0);

describe('the preview is what the sandbox charges', () => {
  it.each([[1], [2], [3]])('seed %i: 30 random lookups, charge ≤ preview, = preview when found', async (seed) => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    const s = await samples(url);
    const r = rng(seed);
    const emails = [...s.emails.slice(0, 6), 'nobody-here@no-such-domain-xyz.com'];
    const companies = [...s.companies.slice(0, 4).map((c) => c.website), 'https://no-such-company-xyz.example'];

    const step = (): Step => {
      switch (r.pick(['contact', 'contact', 'company', 'similar', 'verify', 'similarContacts'] as const)) {
        case 'contact': {
          const lookup = r.bool(0.3) && s.phones.length ? { phone: r.pick(s.phones.slice(0, 4)) } : { email: r.pick(emails) };
          const options = { realtime: r.bool(0.25), waterfall: r.bool(0.25) };
          const refresh = r.bool(0.2);
          return { action: { action: 'contact/enrich', lookup, options, refresh }, run: 'contact/enrich', input: { lookup, options, refresh } };
        }
        case 'company': {
          const company = r.pick(companies);
          const refresh = r.bool(0.4);
          return { action: { action: 'company/enrich', url: company, refresh }, run: 'company/enrich', input: { url: company, refresh } };
        }
        case 'similar': {
          const size = r.pick([5, 10, 25]);
          const revealAll = r.bool(0.3);
          const company = r.pick(companies.slice(0, 3));
          return { action: { action: 'company/similar', url: company, size, revealAll }, run: 'company/similar', input: { url: company, size, revealAll } };
        }
        case 'verify': {
          const email = r.pick(emails);
          return { action: { action: 'email/verify', email }, run: 'email/verify', input: { email } };
        }
        case 'similarContacts': {
          const email = r.pick(emails.slice(0, 3));
          return { action: { action: 'contact/similar', lookup: { email } }, run: 'contact/similar', input: { lookup: { email } } };
        }
      }
    };

    let charged = 0;
    for (let i = 0; i < 30; i++) {
      const { action, run, input } = step();
      const preview = await engine.estimate(action);
      const before = sum((await sandboxLedger(url, key)).filter((e) => e.credits > 0));
      const localBefore = (await engine.ledger.summary()).today;
      const reply = await (engine.lookups[
        ({ 'contact/enrich': 'contactEnrich', 'company/enrich': 'companyEnrich', 'company/similar': 'companySimilar', 'email/verify': 'emailVerify', 'contact/similar': 'contactSimilar' } as const)[run]
      ] as (input: unknown) => Promise<{ found?: boolean; result?: unknown; provenance: { source: string; creditsCharged: number } }>)(input);
      const after = sum((await sandboxLedger(url, key)).filter((e) => e.credits > 0));
      const delta = after - before;
      const what = `seed ${seed} step ${i}: ${JSON.stringify(action)} preview ${JSON.stringify(preview)} reply ${reply.provenance.source}/${reply.provenance.creditsCharged}`;

      expect(delta, what).toBeLessThanOrEqual(preview.credits);
      // The local ledger and the answer's provenance say what the service charged.
      expect((await engine.ledger.summary()).today - localBefore, what).toBe(delta);
      expect(reply.provenance.creditsCharged, what).toBe(delta);
      const found = reply.found ?? (Array.isArray(reply.result) ? reply.result.length > 0 : reply.result !== undefined);
      if (found && reply.provenance.source === 'live') {
        const perResult = action.action === 'company/similar';
        if (!perResult) expect(delta, what).toBe(preview.credits);
        else {
          const n = (reply.result as unknown[]).length;
          expect(delta, what).toBe(action.revealAll ? n : Math.ceil(n / 10));
        }
      }
      if (reply.provenance.source === 'cache') expect(delta, what).toBe(0);
      charged += delta;
    }
    // The run paid for something: a property test that never charged would prove nothing.
    expect(charged).toBeGreaterThan(0);
  });
});
