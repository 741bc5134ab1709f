/**
 * Why: a 100,000-item answer to a small request once froze the background and booked 100,000 credits. Answers
 * are bounded by what was asked, and the booked charge never exceeds the preview. A real HTTP server on
 * 127.0.0.1 plays the hostile API.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineFor } from './engine-helpers';

const HUGE = 100_000;
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    // 100,000 items when 50 are asked (past the byte cap: refused unread); 2,000 otherwise (trimmed).
    const length = url.searchParams.get('size') === '50' ? HUGE : 2_000;
    const items =
      path === '/v2/similar-companies'
        ? Array.from({ length }, (_, i) => ({ name: `Co ${i}`, website: `https://co${i}.example`, score: 0.5 }))
        : path === '/v1/similar-contacts'
          ? Array.from({ length }, (_, i) => ({ name: `P ${i}` }))
          : null;
    const body =
      items ??
      (path === '/v1/prospector'
        ? { credits_deducted: HUGE, page: 1, page_size: 25, records_returned: HUGE, total_records_found: HUGE, results: Array.from({ length: 2000 }, (_, i) => ({ _id: `r${i}` })) }
        : { errorText: 'no' });
    res.writeHead(items || path === '/v1/prospector' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('answers bounded by what was asked', () => {
  it.each([
    ['lookalike companies, 25 asked', { action: 'company/similar' as const, url: 'acme.com', size: 25, revealAll: false }, 25],
  ])('%s: the list is cut to the size asked and booked at most at the preview', async (_name, action, size) => {
    const { engine } = engineFor(base, 'hostile-key');
    await engine.start();
    const preview = await engine.estimate(action);
    const reply = await engine.lookups.companySimilar({ url: action.url, size: action.size, revealAll: action.revealAll });
    expect(reply.found && reply.result.length).toBe(size);
    expect(reply.provenance.creditsCharged).toBeLessThanOrEqual(preview.credits);
    expect((await engine.ledger.summary()).today).toBe(reply.provenance.creditsCharged);
  });

  it('lookalike companies, 50 asked, 100,000 answered: refused past the byte cap with a clear error, nothing booked', async () => {
    const { engine } = engineFor(base, 'hostile-key');
    await engine.start();
    await expect(engine.lookups.companySimilar({ url: 'acme.com', size: 50, revealAll: true })).rejects.toThrow(/larger than \d+ kB, more than the request can need/);
    expect((await engine.ledger.summary()).today).toBe(0);
  });

  it('lookalike contacts: at most the 10 the API allows', async () => {
    const { engine } = engineFor(base, 'hostile-key');
    await engine.start();
    const reply = await engine.lookups.contactSimilar({ lookup: { email: 'a@acme.com' } });
    expect(reply.result.length).toBe(10);
    expect((await engine.ledger.summary()).today).toBe(1);
  });

  it('contact search: 2,000 results and "100,000 credits deducted" for a page of 25 → 25 results, 25 credits booked', async () => {
    const { engine } = engineFor(base, 'hostile-key');
    await engine.start();
    const reply = await engine.lookups.contactSearch({ job_title: ['cto'], page_size: 25 });
    expect(reply.result.results).toHaveLength(25);
    expect(reply.provenance.creditsCharged).toBe(25);
    expect((await engine.ledger.summary()).today).toBe(25);
  });
});
