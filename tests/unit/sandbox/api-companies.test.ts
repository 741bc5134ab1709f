import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CompanyResponseSchema, ContactSearchResultSchema, SimilarCompaniesResponseSchema } from '@/lib/api/schemas';
import { call, freshKey, qs, samples, type SamplesBody } from './helpers';

const url = inject('sandboxUrl');
let s: SamplesBody;
const ledger = async (key: string) => (await call(url, `/_sandbox/ledger?key=${key}`)).json() as { balance: number; entries: Array<{ endpoint: string; credits: number }> };
const domainOf = (website: string) => new URL(website).hostname.replace(/^www\./, '');

beforeAll(async () => {
  s = await samples(url);
});

describe('GET /v1/company', () => {
  it.each([
    ['the website', (w: string) => w],
    ['a subdomain with a path', (w: string) => `https://careers.${domainOf(w)}/jobs?x=1`],
    ['a bare domain in capitals', (w: string) => domainOf(w).toUpperCase()],
  ])('finds the company from %s', async (_case, variant) => {
    const company = s.companies[0] as SamplesBody['companies'][number];
    const res = await call(url, `/v1/company?${qs({ url: variant(company.website) })}`, { key: freshKey() });
    expect(res.status).toBe(200);
    const body = CompanyResponseSchema.parse(res.json());
    expect(body.result.overview?.name).toBe(company.name);
  });

  it('finds the company from its professional-network company URL', async () => {
    const first = CompanyResponseSchema.parse((await call(url, `/v1/company?${qs({ url: s.companies[1]?.website ?? '' })}`, { key: freshKey() })).json());
    const pnet = first.result.overview?.pnet_url ?? '';
    expect(pnet).toMatch(/^https:\/\/www\.linkedin\.com\/company\/[a-z0-9-]+$/);
    const byProfile = CompanyResponseSchema.parse((await call(url, `/v1/company?${qs({ url: `${pnet}/about/` })}`, { key: freshKey() })).json());
    expect(byProfile.result._id).toBe(first.result._id);
  });

  it('has every part filled: overview, funding, technologies with categories, sample employees who are real contacts', async () => {
    const res = await call(url, `/v1/company?${qs({ url: `https://${s.names[0]?.company_domain ?? ''}` })}`, { key: freshKey() });
    const company = CompanyResponseSchema.parse(res.json()).result;
    const o = company.overview;
    expect(o?.company_size?.[0]).toBeLessThanOrEqual(o?.company_size?.[1] ?? 0);
    expect(o?.hq?.is_hq).toBe(true);
    expect(o?.specialities.length).toBeGreaterThan(0);
    expect(o?.similar_companies.length).toBe(5);
    expect(o?.social_fields.pnet?.value).toBe(o?.pnet_url);
    expect(company.technologies.every((t) => t.categories.length > 0 && t.name !== '')).toBe(true);
    expect(company.employees.length).toBeGreaterThan(0);
    const employee = company.employees[0];
    const enriched = await call(url, `/v1/enrich?${qs({ social_profile: employee?.pnet_url ?? '' })}`, { key: freshKey() });
    expect(enriched.status).toBe(200);
    expect((enriched.json() as { result: { full_name: string } }).result.full_name).toBe(employee?.employee_name);
  });

  it('charges 1, then nothing for the same company within 30 days', async () => {
    const key = freshKey();
    const q = `/v1/company?${qs({ url: s.companies[2]?.website ?? '' })}`;
    expect((await call(url, q, { key })).status).toBe(200);
    expect((await call(url, q, { key })).status).toBe(200);
    const l = await ledger(key);
    expect(l.balance).toBe(99_999);
    expect(l.entries.map((e) => e.credits)).toEqual([1, 0]);
  });

  it.each([
    [{ url: 'https://no-such-company-anywhere.com' }, 404],
    [{ url: 'not a domain' }, 400],
    [{}, 400],
  ])('%o → %i', async (params, status) => {
    const res = await call(url, `/v1/company?${qs(params)}`, { key: freshKey() });
    expect(res.status).toBe(status);
    if (status === 404) expect(res.json()).toEqual({ errorText: expect.stringContaining('no-such-company-anywhere.com') });
  });

  it('403 when the account cannot pay', async () => {
    const res = await call(url, `/v1/company?${qs({ url: s.companies[0]?.website ?? '' })}`, { key: freshKey('empty') });
    expect(res.status).toBe(403);
  });
});

describe('GET /v2/similar-companies (and /v1/)', () => {
  it.each(['/v2/similar-companies', '/v1/similar-companies'])('%s ranks lookalikes by descending score in [0, 1]', async (path) => {
    const res = await call(url, `${path}?${qs({ url: s.companies[0]?.website ?? '', size: 25 })}`, { key: freshKey() });
    expect(res.status).toBe(200);
    const items = SimilarCompaniesResponseSchema.parse(res.json());
    expect(items).toHaveLength(25);
    const scores = items.map((i) => i.similarity_score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((x) => x >= 0 && x <= 1)).toBe(true);
    expect(items.map((i) => i.name)).not.toContain(s.companies[0]?.name);
  });

  it('the top lookalikes share the industry of the company', async () => {
    const company = CompanyResponseSchema.parse((await call(url, `/v1/company?${qs({ url: s.companies[3]?.website ?? '' })}`, { key: freshKey() })).json());
    const items = SimilarCompaniesResponseSchema.parse((await call(url, `/v2/similar-companies?${qs({ url: s.companies[3]?.website ?? '', size: 3 })}`, { key: freshKey() })).json());
    expect(items.every((i) => i.industry[0] === company.result.overview?.industry)).toBe(true);
  });

  it.each([
    [{ size: 10 }, 1, false],
    [{ size: 25 }, 3, false],
    [{ size: 5, reveal_all: true }, 5, true],
  ])('%o costs %i credit(s); descriptions shown: %s', async (params, cost, described) => {
    const key = freshKey();
    const res = await call(url, `/v2/similar-companies?${qs({ url: s.companies[0]?.website ?? '', ...params })}`, { key });
    const items = SimilarCompaniesResponseSchema.parse(res.json());
    expect(items.every((i) => (i.description !== null) === described)).toBe(true);
    expect((await ledger(key)).balance).toBe(100_000 - cost);
  });

  it.each([
    [{ url: 'https://no-such-company-anywhere.com' }, 404],
    [{ url: 'x.com', size: 501 }, 400],
    [{ url: 'x.com', size: 0 }, 400],
    [{ size: 10 }, 400],
  ])('%o → %i', async (params, status) => {
    expect((await call(url, `/v2/similar-companies?${qs(params)}`, { key: freshKey() })).status).toBe(status);
  });

  it('size 500 is allowed', async () => {
    const res = await call(url, `/v2/similar-companies?${qs({ url: s.companies[0]?.website ?? '', size: 500 })}`, { key: freshKey() });
    expect(res.status).toBe(200);
    expect((res.json() as unknown[]).length).toBeGreaterThan(100);
  });
});

describe('GET /v1/email-verification', () => {
  it('known work emails are verified', async () => {
    for (const email of s.emails.slice(0, 5)) {
      const res = await call(url, `/v1/email-verification?${qs({ email })}`, { key: freshKey() });
      expect(res.json()).toMatchObject({ verified: true });
    }
  });

  it('unknown addresses at known domains are not verified', async () => {
    const domain = s.names[0]?.company_domain ?? '';
    const res = await call(url, `/v1/email-verification?${qs({ email: `zz.nobody.${Date.now()}@${domain}` })}`, { key: freshKey() });
    expect(res.json()).toMatchObject({ verified: false });
  });

  it('catch-all domains say so', async () => {
    expect(s.catchAllDomains.length).toBeGreaterThan(0);
    const res = await call(url, `/v1/email-verification?${qs({ email: `anyone@${s.catchAllDomains[0] ?? ''}` })}`, { key: freshKey() });
    expect(res.json()).toEqual({ verified: false, catch_all: true });
  });

  it('costs 1 per call; bad syntax is a free 400', async () => {
    const key = freshKey();
    expect((await call(url, `/v1/email-verification?${qs({ email: s.emails[0] ?? '' })}`, { key })).status).toBe(200);
    for (const email of ['not-an-email', 'a@b', '@acme.com']) {
      const res = await call(url, `/v1/email-verification?${qs({ email })}`, { key });
      expect(res.status).toBe(400);
    }
    expect((await ledger(key)).balance).toBe(99_999);
  });
});

describe('POST /v1/prospector', () => {
  const search = (key: string, body: unknown) =>
    call(url, '/v1/prospector', { key, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('is for enterprise plans only', async () => {
    const res = await search(freshKey('standard'), { job_title: ['Engineer'] });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'plan_required' });
  });

  it('filters (OR within, AND across), pages, and charges the records returned', async () => {
    const key = freshKey('enterprise');
    const res = await search(key, { job_title: ['Engineer'], location: ['United States', 'Germany'], page: 1, page_size: 7 });
    expect(res.status).toBe(200);
    const body = ContactSearchResultSchema.parse(res.json());
    expect(body.records_returned).toBe(7);
    expect(body.credits_deducted).toBe(7);
    expect(body.total_records_found).toBeGreaterThan(7);
    for (const r of body.results) {
      expect(r.employment?.job?.title).toMatch(/Engineer/);
      expect(['United States', 'Germany']).toContain(r.location?.country);
    }
    expect((await ledger(key)).balance).toBe(100_000 - 7);
    const page2 = ContactSearchResultSchema.parse((await search(key, { job_title: ['Engineer'], location: ['United States', 'Germany'], page: 2, page_size: 7 })).json());
    expect(page2.results.map((r) => r._id)).not.toContain(body.results[0]?._id);
  });

  it('defaults to page 1 of 25 and charges nothing for no results', async () => {
    const key = freshKey('enterprise');
    const all = ContactSearchResultSchema.parse((await search(key, {})).json());
    expect([all.page, all.page_size, all.records_returned]).toEqual([1, 25, 25]);
    const none = ContactSearchResultSchema.parse((await search(key, { skills: ['Underwater Basket Weaving'] })).json());
    expect(none.total_records_found).toBe(0);
    expect(none.credits_deducted).toBe(0);
    expect((await ledger(key)).balance).toBe(100_000 - 25);
  });

  it.each([
    [{ page_size: 101 }],
    [{ page: 0 }],
    [{ job_title: 'Engineer' }],
    [{ shoe_size: ['42'] }],
  ])('400 for %o', async (body) => {
    expect((await search(freshKey('enterprise'), body)).status).toBe(400);
  });
});

describe('every API route requires a key', () => {
  it.each([
    ['GET', '/v1/enrich?email=a@b.com'],
    ['POST', '/v1/bulk-enrich'],
    ['GET', '/v1/company?url=acme.com'],
    ['GET', '/v2/similar-companies?url=acme.com'],
    ['GET', '/v1/similar-companies?url=acme.com'],
    ['GET', '/v1/similar-contacts?email=a@b.com'],
    ['GET', '/v1/email-verification?email=a@b.com'],
    ['POST', '/v1/prospector'],
  ])('%s %s → 401', async (method, path) => {
    const res = await call(url, path, { method, key: 'wrong-key' });
    expect(res.status).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: 'invalid_key' });
  });
});
