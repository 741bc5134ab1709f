// A contact search page is priced by the plan its run makes (lib/engine/plan.ts): the estimate carries the filters
// and the page, so a page already fetched (cached 30 days) is priced free, as the run charges it, and a page not
// fetched yet is priced one credit per result it can return. Against the real sandbox: the charge is its ledger.
import { describe, expect, inject, it } from 'vitest';
import { ContactSearchFiltersSchema } from '@/lib/model/lookup';
import { requests } from '@/lib/messaging/ui-to-background';
import { engineFor, sandboxLedger, sandboxRequests, uniqueKey } from '../engine/engine-helpers';

const url = inject('sandboxUrl');

const firstPage = { job_title: ['Engineer'], page: 1, page_size: 25 };
const prospectorCalls = async (key: string) => (await sandboxRequests(url, key)).filter((r) => r.path === '/v1/prospector');
const prospectorCharged = async (key: string) =>
  (await sandboxLedger(url, key)).filter((e) => e.endpoint === 'prospector').reduce((n, e) => n + e.credits, 0);

describe('contact search estimate: the same plan as the charge', () => {
  it("carries the request's filters field for field (a field the estimate dropped would price another key)", () => {
    const request = Object.keys(requests['contact/search'].input.shape).filter((k) => k !== 'quotedCredits');
    expect(Object.keys(ContactSearchFiltersSchema.shape).sort()).toEqual(request.sort());
  });

  it('a page fetched before is free (and charged 0), the next page is priced up to its size, other filters are not cached', async () => {
    const key = uniqueKey('test-enterprise');
    const { engine } = await started(key);

    const before = await engine.estimate({ action: 'contact/search', pageSize: 25, filters: firstPage });
    expect(before).toMatchObject({ credits: 25, cached: false, blockedByBudget: false });
    expect(before.label).toMatch(/^up to 25 credits/i);

    const live = await engine.lookups.contactSearch({ ...firstPage, quotedCredits: before.credits });
    expect(live.provenance).toMatchObject({ source: 'live', creditsCharged: 25 });
    expect(await prospectorCharged(key)).toBe(25);
    expect(await prospectorCalls(key)).toHaveLength(1);

    // The same filters and page: cached, free, and the run says so (no request, nothing booked).
    const again = await engine.estimate({ action: 'contact/search', pageSize: 25, filters: { ...firstPage } });
    expect(again).toMatchObject({ credits: 0, cached: true, blockedByBudget: false });
    expect(again.label).toMatch(/^Cached .* · free$/);
    // Values are one key however they are written (the cache key trims, lower-cases and sorts them).
    expect(await engine.estimate({ action: 'contact/search', pageSize: 25, filters: { page_size: 25, page: 1, job_title: [' engineer '] } })).toMatchObject({ credits: 0, cached: true });
    const replay = await engine.lookups.contactSearch({ ...firstPage, quotedCredits: again.credits });
    expect(replay.provenance).toMatchObject({ source: 'cache', creditsCharged: 0 });
    expect(replay.result.results.map((c) => c._id)).toEqual(live.result.results.map((c) => c._id));
    expect(await prospectorCalls(key)).toHaveLength(1);
    expect(await prospectorCharged(key)).toBe(25);
    expect((await engine.ledger.summary()).today).toBe(25);

    // Another page, another page size, other filters: each its own key, none fetched.
    for (const filters of [{ ...firstPage, page: 2 }, { ...firstPage, page_size: 10 }, { ...firstPage, job_title: ['Designer'] }]) {
      expect(await engine.estimate({ action: 'contact/search', pageSize: filters.page_size, filters })).toMatchObject({ credits: filters.page_size, cached: false });
    }
    // Without filters only the page size is known: priced as before.
    expect(await engine.estimate({ action: 'contact/search', pageSize: 25 })).toMatchObject({ credits: 25, cached: false });
  });

  it('under the daily budget, going back to a fetched page stays free and allowed; only the unfetched page is over budget', async () => {
    const key = uniqueKey('test-enterprise');
    const { engine } = await started(key, 30);
    await engine.lookups.contactSearch({ ...firstPage });
    expect((await engine.ledger.summary()).today).toBe(25);

    const back = await engine.estimate({ action: 'contact/search', pageSize: 25, filters: firstPage });
    expect(back).toMatchObject({ credits: 0, cached: true, blockedByBudget: false });
    const next = await engine.estimate({ action: 'contact/search', pageSize: 25, filters: { ...firstPage, page: 2 } });
    expect(next).toMatchObject({ credits: 25, cached: false, blockedByBudget: true });

    // Held to "free", the fetched page runs (from the cache); the sandbox sees one request in all.
    expect((await engine.lookups.contactSearch({ ...firstPage, quotedCredits: 0 })).provenance.creditsCharged).toBe(0);
    expect(await prospectorCalls(key)).toHaveLength(1);
    expect(await prospectorCharged(key)).toBe(25);
  });
});

async function started(key: string, dailyBudget?: number) {
  const made = engineFor(url, key, dailyBudget === undefined ? {} : { settings: { dailyBudget } });
  await made.engine.start();
  return made;
}
