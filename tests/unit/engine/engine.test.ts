import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { SANDBOX_ADMIN_HEADERS } from '@/sandbox/admin-guard';
import { startSandbox } from '@/sandbox/server';
import { engineFor, samples, sandboxLedger, sandboxRequests, uniqueKey } from './engine-helpers';
import { budget } from '../../time-budget';

const url = inject('sandboxUrl');

describe('engine against the real sandbox', () => {
  it('makes one HTTP request for two identical concurrent lookups (and a third written differently)', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    const [email] = (await samples(url)).emails;
    const results = await Promise.all([
      engine.lookups.contactEnrich({ lookup: { email: email! } }),
      engine.lookups.contactEnrich({ lookup: { email: email! } }),
      engine.lookups.contactEnrich({ lookup: { email: ` ${email!.toUpperCase()} ` } }),
    ]);
    expect(results.every((r) => r.found)).toBe(true);
    const requests = (await sandboxRequests(url, key)).filter((r) => r.path === '/v1/enrich');
    expect(requests).toHaveLength(1);
    expect((await sandboxLedger(url, key)).filter((e) => e.endpoint === 'enrich')).toHaveLength(1);
  });

  it('answers a repeat within the TTL from the cache: no request, no charge, provenance says cache', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    const { emails, companies } = await samples(url);
    const first = await engine.lookups.contactEnrich({ lookup: { email: emails[1]! } });
    const company = await engine.lookups.companyEnrich({ url: companies[0]!.website });
    expect(first.provenance).toMatchObject({ source: 'live', creditsCharged: 1 });
    expect(company.provenance.source).toBe('live');
    const before = { requests: (await sandboxRequests(url, key)).length, ledger: (await sandboxLedger(url, key)).length };

    const again = await engine.lookups.contactEnrich({ lookup: { email: emails[1]! } });
    const companyAgain = await engine.lookups.companyEnrich({ url: companies[0]!.website.replace('https://', 'http://') });
    expect(again.provenance).toMatchObject({ source: 'cache', creditsCharged: 0, fetchedAt: first.provenance.fetchedAt });
    expect(companyAgain.provenance.source).toBe('cache');
    expect((await sandboxRequests(url, key)).length).toBe(before.requests);
    expect((await sandboxLedger(url, key)).length).toBe(before.ledger);
    expect((await engine.ledger.summary()).today).toBe(2);

    // An explicit refresh goes to the service again and is charged again (and says so).
    const refreshed = await engine.lookups.contactEnrich({ lookup: { email: emails[1]! }, refresh: true });
    expect(refreshed.provenance).toMatchObject({ source: 'live', creditsCharged: 1 });
    expect((await sandboxRequests(url, key)).length).toBe(before.requests + 1);
  });

  it('caches a "no match" as free and answers it from the cache', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    const miss = await engine.lookups.contactEnrich({ lookup: { email: 'nobody-at-all@unknown-domain-xyz.com' } });
    expect(miss).toMatchObject({ found: false, provenance: { source: 'live', creditsCharged: 0 } });
    const again = await engine.lookups.contactEnrich({ lookup: { email: 'nobody-at-all@unknown-domain-xyz.com' } });
    expect(again).toMatchObject({ found: false, provenance: { source: 'cache' } });
    expect((await sandboxRequests(url, key)).filter((r) => r.path === '/v1/enrich')).toHaveLength(1);
  });

  it('blocks a paid lookup over the daily budget before anything is sent', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key, { settings: { dailyBudget: 1 } });
    await engine.start();
    const { emails } = await samples(url);
    await engine.lookups.contactEnrich({ lookup: { email: emails[2]! } });
    await expect(engine.lookups.contactEnrich({ lookup: { email: emails[3]! } })).rejects.toMatchObject({ data: { kind: 'budget_exceeded' } });
    expect((await sandboxRequests(url, key)).filter((r) => r.path === '/v1/enrich')).toHaveLength(1);
    // Cached answers stay free and allowed.
    expect((await engine.lookups.contactEnrich({ lookup: { email: emails[2]! } })).provenance.source).toBe('cache');
  });

  it('bulk: deduplicates, serves cached entries free, sends ≤1000 per request, and a repeat sends nothing', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    const { emails } = await samples(url);
    await engine.lookups.contactEnrich({ lookup: { email: emails[0]! } }); // cached before the job
    const unknown = Array.from({ length: 2480 }, (_, i) => ({ field_type: 'email' as const, value: `person${i}@nowhere-${i % 7}.com` }));
    const known = emails.map((value) => ({ field_type: 'email' as const, value }));
    const entries = [...known, ...unknown, ...known.map((e) => ({ ...e, value: e.value.toUpperCase() }))];
    const started = await engine.bulk.start(entries);
    expect(started).toMatchObject({ total: 2500, duplicates: 20, fromCache: 1 });
    const job = await waitForJob(engine, started.id);
    expect(job).toMatchObject({ status: 'done', done: 2500, enriched: 20, creditsCharged: 19 });
    const bulkRequests = (await sandboxRequests(url, key)).filter((r) => r.path === '/v1/bulk-enrich');
    expect(bulkRequests).toHaveLength(3); // 2499 uncached → 1000 + 1000 + 499
    const rows = await engine.bulk.rows(started.id, 0, 20);
    expect(rows.rows.filter((r) => r.status === 'enriched')).toHaveLength(20);
    expect(rows.rows[0]!.fromCache).toBe(true);

    const repeat = await engine.bulk.start(entries);
    expect(repeat).toMatchObject({ status: 'done', fromCache: 2500, creditsCharged: 0 });
    expect((await sandboxRequests(url, key)).filter((r) => r.path === '/v1/bulk-enrich')).toHaveLength(3);
    // Bulk results serve later single lookups for free.
    expect((await engine.lookups.contactEnrich({ lookup: { email: emails[5]! } })).provenance.source).toBe('cache');
  });
});

async function waitForJob(engine: ReturnType<typeof engineFor>['engine'], id: string) {
  for (let i = 0; i < 600; i++) {
    const job = await engine.bulk.get(id);
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('bulk job did not finish');
}

describe('429 storm against a rate-limited sandbox', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    // A service far stricter than our limiter expects: 8 per 2 s. Our pacing (198/60 s) overshoots on purpose.
    sandbox = await startSandbox({ port: 0, quiet: true, rateLimit: { max: 8, windowMs: 2000 } });
  });
  afterAll(() => sandbox.close());

  it('completes every lookup, loses none, and charges none twice', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(sandbox.url, key);
    await engine.start();
    const { emails } = await samples(sandbox.url);
    // Injected 429s on top of the real limit (HTML body, Retry-After 1 s).
    await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { ...SANDBOX_ADMIN_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: '429', count: 5, retryAfterSeconds: 1, paths: ['/v1/enrich'] }),
    });
    // One email per contact (the samples' rule), so every lookup is a different record.
    const lookups = emails.map((email) => ({ email }));
    const results = await Promise.all(lookups.map((lookup) => engine.lookups.contactEnrich({ lookup })));
    expect(results).toHaveLength(20);
    expect(results.every((r) => r.found)).toBe(true);

    const requests = (await sandboxRequests(sandbox.url, key)).filter((r) => r.path === '/v1/enrich');
    expect(requests.filter((r) => r.status === 429).length).toBeGreaterThan(5); // a real storm happened
    expect(requests.filter((r) => r.status === 200)).toHaveLength(20);
    const charges = (await sandboxLedger(sandbox.url, key)).filter((e) => e.endpoint === 'enrich');
    const refs = charges.map((c) => c.ref);
    expect(new Set(refs).size).toBe(refs.length); // no record charged twice
    expect(charges).toHaveLength(20);
  }, budget(120_000));
});
