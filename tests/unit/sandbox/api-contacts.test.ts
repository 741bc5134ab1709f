import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BulkEnrichResultSchema, EnrichResponseSchema, SimilarContactsResponseSchema } from '@/lib/api/schemas';
import { call, freshKey, qs, samples, type SamplesBody } from './helpers';

const url = inject('sandboxUrl');
let s: SamplesBody;
type Contact = { _id: string; first_name: string; phone_numbers: unknown[]; personal_emails: string[]; experiences?: unknown[]; social_profiles: Array<{ url: string }> };

const enrich = async (params: Record<string, string | number | boolean>, key = freshKey()) => call(url, `/v1/enrich?${qs(params)}`, { key });
const contactOf = (body: unknown) => (body as { result: Contact }).result;
const ledger = async (key: string) => (await call(url, `/_sandbox/ledger?key=${key}`)).json() as { balance: number; entries: Array<{ endpoint: string; credits: number }> };

beforeAll(async () => {
  s = await samples(url);
});

describe('GET /v1/enrich lookups', () => {
  it('every sample key of every kind finds a contact', async () => {
    expect(s.emails.length).toBeGreaterThanOrEqual(15);
    for (const email of s.emails.slice(0, 5)) expect((await enrich({ email })).status).toBe(200);
    for (const phone of s.phones.slice(0, 5)) expect((await enrich({ phone })).status).toBe(200);
    for (const social_profile of s.socialProfiles.slice(0, 5)) expect((await enrich({ social_profile })).status).toBe(200);
  });

  it.each([
    ['the profile URL as given', (u: string) => u],
    ['a country subdomain, trailing slash and query', (u: string) => `${u.replace('www.', 'uk.')}/?trk=abc`],
    ['no scheme, upper case', (u: string) => u.replace('https://www.', '').toUpperCase()],
  ])('social_profile: %s', async (_name, variant) => {
    const base = s.socialProfiles[0] as string;
    const res = await enrich({ social_profile: variant(base) });
    expect(res.status).toBe(200);
    expect(contactOf(res.json()).social_profiles[0]?.url).toBe(base);
  });

  it('phone numbers are matched in any format', async () => {
    const e164 = s.phones[0] as string;
    const spaced = `${e164.slice(0, 3)} ${e164.slice(3, 6)} ${e164.slice(6)}`;
    const a = contactOf((await enrich({ phone: e164 })).json());
    const b = contactOf((await enrich({ phone: spaced })).json());
    expect(b._id).toBe(a._id);
  });

  it('name + company name and name + company domain (any subdomain) find the same person', async () => {
    const n = s.names[1] as SamplesBody['names'][number];
    const byName = await enrich({ first_name: n.first_name, last_name: n.last_name, company_name: n.company_name.toUpperCase() });
    const byDomain = await enrich({ first_name: n.first_name, last_name: n.last_name, company_domain: `https://careers.${n.company_domain}/jobs` });
    expect(byName.status).toBe(200);
    expect(byDomain.status).toBe(200);
    expect(contactOf(byName.json())._id).toBe(contactOf(byDomain.json())._id);
    expect(contactOf(byName.json()).first_name).toBe(n.first_name);
  });

  it('parses with the contract schema', async () => {
    const res = await enrich({ email: s.emails[0] as string });
    expect(EnrichResponseSchema.safeParse(res.json()).success).toBe(true);
  });

  it('a miss is a free 404 naming the lookup key', async () => {
    const key = freshKey();
    const res = await enrich({ email: 'nobody@nowhere-at-all.example' }, key);
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ errorText: expect.stringContaining('nobody@nowhere-at-all.example') });
    expect((await ledger(key)).entries).toEqual([]);
  });

  it('include_all_experiences adds the employment history', async () => {
    const email = s.emails[0] as string;
    const plain = contactOf((await enrich({ email })).json());
    const full = contactOf((await enrich({ email, include_all_experiences: true })).json());
    expect(plain.experiences).toBeUndefined();
    expect(Array.isArray(full.experiences)).toBe(true);
    expect(full.experiences?.length).toBeGreaterThanOrEqual(1);
  });

  it('required: a contact without the field is no match (free 404), with it a paid 200', async () => {
    const contacts = await Promise.all(s.emails.map(async (email) => ({ email, c: contactOf((await enrich({ email })).json()) })));
    const withoutPhone = contacts.find((x) => x.c.phone_numbers.length === 0);
    const withPhone = contacts.find((x) => x.c.phone_numbers.length > 0);
    expect(withoutPhone && withPhone).toBeTruthy();
    const key = freshKey();
    const miss = await enrich({ email: withoutPhone?.email ?? '', required: 'phone' }, key);
    expect(miss.status).toBe(404);
    expect((miss.json() as { errorText: string }).errorText).toContain('phone');
    expect((await ledger(key)).entries).toEqual([]);
    expect((await enrich({ email: withPhone?.email ?? '', required: 'phone,email_or_phone,social_profile' }, key)).status).toBe(200);
    expect((await ledger(key)).balance).toBe(99_999);
  });

  it.each([
    [{}, 1],
    [{ realtime: true }, 2],
    [{ waterfall: true }, 2],
    [{ realtime: true, waterfall: true }, 3],
  ])('costs with %o: %i credit(s)', async (flags, cost) => {
    const key = freshKey();
    expect((await enrich({ email: s.emails[2] as string, ...flags }, key)).status).toBe(200);
    expect((await ledger(key)).balance).toBe(100_000 - cost);
  });

  it('waterfall never removes data', async () => {
    const email = s.emails[3] as string;
    const plain = contactOf((await enrich({ email })).json());
    const more = contactOf((await enrich({ email, waterfall: true })).json());
    expect(more.phone_numbers.length).toBeGreaterThanOrEqual(plain.phone_numbers.length);
    expect(more.personal_emails.length).toBeGreaterThanOrEqual(plain.personal_emails.length);
  });
});

describe('GET /v1/enrich statuses', () => {
  it.each([
    ['no key', undefined, {}, 401, 'invalid_key'],
    ['unknown key', 'sk-live-123', { email: 'a@b.com' }, 401, 'invalid_key'],
    ['valid key, no parameters (free key check)', 'test-standard', {}, 400, 'bad_request'],
    ['first name only', 'test-standard', { first_name: 'Ada' }, 400, 'bad_request'],
    ['name without company', 'test-standard', { first_name: 'Ada', last_name: 'Lovelace' }, 400, 'bad_request'],
    ['unknown required value', 'test-standard', { email: 'a@b.com', required: 'email,shoe_size' }, 400, 'bad_request'],
    ['unknown parameter', 'test-standard', { email: 'a@b.com', colour: 'red' }, 400, 'bad_request'],
    ['empty account', 'test-empty', { email: 'a@b.com' }, 403, 'insufficient_credits'],
    ['empty account, no parameters', 'test-empty', {}, 400, 'bad_request'],
  ])('%s → %i', async (_case, key, params, status, errorCode) => {
    const res = await call(url, `/v1/enrich?${qs(params)}`, { key });
    expect(res.status).toBe(status);
    expect(res.json()).toEqual({ errorCode, errorText: expect.any(String) });
  });
});

describe('POST /v1/bulk-enrich', () => {
  const form = (required: unknown[], queries: unknown[]) => {
    const body = new FormData();
    body.set('required_fields', JSON.stringify(required));
    body.set('query_list', JSON.stringify(queries));
    return body;
  };

  it('keeps input order, echoes values, nulls misses and charges per enriched record', async () => {
    const key = freshKey();
    const queries = [
      { field_type: 'email', value: s.emails[0] },
      { field_type: 'email', value: 'missing@nowhere-at-all.example' },
      { field_type: 'phone', value: s.phones[0] },
      { field_type: 'social_profile', value: s.socialProfiles[4] },
      { field_type: 'social_profile', value: 'https://www.linkedin.com/in/no-such-person-000' },
    ];
    const res = await call(url, '/v1/bulk-enrich', { key, method: 'POST', body: form([], queries) });
    expect(res.status).toBe(200);
    const body = BulkEnrichResultSchema.parse(res.json());
    expect(body.contacts.map((c) => c.value)).toEqual(queries.map((q) => q.value));
    expect(body.contacts.map((c) => c.enriched_contact !== null)).toEqual([true, false, true, true, false]);
    expect(body.records_enriched).toBe(3);
    const l = await ledger(key);
    expect(l.balance).toBe(99_997);
    expect(l.entries).toEqual([expect.objectContaining({ endpoint: 'bulk-enrich', credits: 3 })]);
  });

  it('charges again for records enriched moments ago (spec: even within 30 days)', async () => {
    const key = freshKey();
    const queries = [{ field_type: 'email', value: s.emails[1] }];
    await call(url, '/v1/bulk-enrich', { key, method: 'POST', body: form([], queries) });
    await call(url, '/v1/bulk-enrich', { key, method: 'POST', body: form([], queries) });
    expect((await ledger(key)).balance).toBe(99_998);
  });

  it('required_fields turn contacts without the field into misses', async () => {
    const queries = s.emails.map((value) => ({ field_type: 'email', value }));
    const all = BulkEnrichResultSchema.parse((await call(url, '/v1/bulk-enrich', { key: freshKey(), method: 'POST', body: form([], queries) })).json());
    const withPhone = BulkEnrichResultSchema.parse(
      (await call(url, '/v1/bulk-enrich', { key: freshKey(), method: 'POST', body: form([{ field_type: 'phone' }], queries) })).json(),
    );
    expect(all.records_enriched).toBe(queries.length);
    expect(withPhone.records_enriched).toBeLessThan(all.records_enriched ?? 0);
    for (const entry of withPhone.contacts) if (entry.enriched_contact) expect(entry.enriched_contact.phone_numbers.length).toBeGreaterThan(0);
  });

  it('accepts the same fields as a JSON body', async () => {
    const res = await call(url, '/v1/bulk-enrich', {
      key: freshKey(),
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ required_fields: [], query_list: [{ field_type: 'email', value: s.emails[0] }] }),
    });
    expect(res.status).toBe(200);
    expect((res.json() as { records_enriched: number }).records_enriched).toBe(1);
  });

  it.each([
    ['1001 entries', form([], Array.from({ length: 1001 }, (_, i) => ({ field_type: 'email', value: `x${i}@example.com` })))],
    ['an unknown query field_type', form([], [{ field_type: 'name', value: 'Ada' }])],
    ['an unknown required field_type', form([{ field_type: 'any_work_email' }], [{ field_type: 'email', value: 'a@b.com' }])],
    ['query_list that is not JSON', (() => { const f = new FormData(); f.set('query_list', '[{'); return f; })()],
    ['no query_list', (() => { const f = new FormData(); f.set('required_fields', '[]'); return f; })()],
  ])('400 for %s', async (_case, body) => {
    const res = await call(url, '/v1/bulk-enrich', { key: freshKey(), method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'bad_request' });
  });

  it('1000 entries is allowed', async () => {
    const queries = Array.from({ length: 1000 }, (_, i) => ({ field_type: 'email', value: s.emails[i % s.emails.length] }));
    const res = await call(url, '/v1/bulk-enrich', { key: freshKey(), method: 'POST', body: form([], queries) });
    expect(res.status).toBe(200);
    expect((res.json() as { records_enriched: number }).records_enriched).toBe(1000);
  });

  it('403 on an empty account', async () => {
    const res = await call(url, '/v1/bulk-enrich', { key: freshKey('empty'), method: 'POST', body: form([], [{ field_type: 'email', value: s.emails[0] }]) });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'insufficient_credits' });
  });
});

describe('GET /v1/similar-contacts', () => {
  it('returns at most size lookalikes by descending score and charges 1', async () => {
    const key = freshKey();
    const res = await call(url, `/v1/similar-contacts?${qs({ email: s.emails[0] as string, size: 5 })}`, { key });
    expect(res.status).toBe(200);
    const items = SimilarContactsResponseSchema.parse(res.json());
    expect(items).toHaveLength(5);
    const scores = items.map((i) => i.similarity_score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const item of items) {
      expect(item.similarity_score).toBeGreaterThan(0);
      expect(item.similarity_score).toBeLessThanOrEqual(1);
      expect(item.pnet[0]).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[a-z0-9-]+$/);
    }
    expect((await ledger(key)).balance).toBe(99_999);
  });

  it('defaults to 10', async () => {
    const res = await call(url, `/v1/similar-contacts?${qs({ social_profile: s.socialProfiles[2] as string })}`, { key: freshKey() });
    expect((res.json() as unknown[]).length).toBe(10);
  });

  it.each([
    [{ email: 'x@y.com', size: 11 }, 400],
    [{ email: 'x@y.com', size: 0 }, 400],
    [{ size: 5 }, 400],
    [{ email: 'nobody@nowhere-at-all.example' }, 404],
  ])('%o → %i', async (params, status) => {
    expect((await call(url, `/v1/similar-contacts?${qs(params)}`, { key: freshKey() })).status).toBe(status);
  });
});

describe('several lookup keys', () => {
  it('tries them in order: a missing email falls through to a matching phone', async () => {
    const byPhone = contactOf((await enrich({ phone: s.phones[0] as string })).json());
    const both = await enrich({ email: 'nobody@nowhere-at-all.example', phone: s.phones[0] as string });
    expect(both.status).toBe(200);
    expect(contactOf(both.json())._id).toBe(byPhone._id);
  });

  it('the first key that matches wins', async () => {
    const byEmail = contactOf((await enrich({ email: s.emails[0] as string })).json());
    const both = contactOf((await enrich({ email: s.emails[0] as string, social_profile: s.socialProfiles[5] as string })).json());
    expect(both._id).toBe(byEmail._id);
  });
});
