/**
 * Every queued job is cancellable: a batch of company lookups waiting for rate-limit slots stops at
 * its gate when cancelled — nothing more is sent or charged — while what was already sent finishes.
 */
import { describe, expect, inject, it } from 'vitest';
import { engineFor, samples, sandboxLedger, sandboxRequests, uniqueKey } from './engine-helpers';

const url = inject('sandboxUrl');

describe('cancelling a batch of lookups', () => {
  it('2 slots per window, 6 companies: 2 are sent and charged, the 4 waiting fail as aborted and cost nothing', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key, { limiter: { limit: 2, windowMs: 60_000, guardMs: 0 } });
    await engine.start();
    const { companies } = await samples(url);
    const group = 'batch-1';
    const replies = companies.slice(0, 6).map((c) => engine.lookups.companyEnrich({ url: c.website, group }).then((r) => r, (e: unknown) => e as Error));
    for (let i = 0; i < 200 && (await sandboxRequests(url, key)).filter((r) => r.path === '/v1/company').length < 2; i++) await new Promise((r) => setTimeout(r, 25));

    expect((await engine.lookups.cancelGroup(group)).cancelled).toBe(4);
    const settled = await Promise.all(replies);
    const aborted = settled.filter((r) => r instanceof Error);
    expect(aborted).toHaveLength(4);
    expect(aborted.every((e) => (e as { kind?: string }).kind === 'aborted')).toBe(true);
    expect((await sandboxRequests(url, key)).filter((r) => r.path === '/v1/company')).toHaveLength(2);
    const charged = (await sandboxLedger(url, key)).reduce((n, e) => n + e.credits, 0);
    expect(charged).toBe(2);
    expect((await engine.ledger.summary()).today).toBe(charged);
    // A lookup of a cancelled batch asked later is refused at once.
    await expect(engine.lookups.companyEnrich({ url: companies[7]!.website, group })).rejects.toMatchObject({ kind: 'aborted' });
  });
});
