import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ContactSearchResultSchema, type EnrichedContact } from '@/lib/api/schemas';
import { call, freshKey, samples, type SamplesBody } from './helpers';

// Contact search by company (docs/api-decisions.md "Contact search by company"): a filter the spec does
// not show; the sandbox keeps the people whose current employer has that domain or that name.

const url = inject('sandboxUrl');
let s: SamplesBody;
const search = (key: string, body: unknown) =>
  call(url, '/v1/prospector', { key, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const employerDomain = (r: EnrichedContact) => r.employment?.company_email_domain;

beforeAll(async () => {
  s = await samples(url);
});

describe('POST /v1/prospector with company_domain / company_name', () => {
  it('returns only people of that company, whatever the case and a leading www.', async () => {
    const person = s.names[0] as SamplesBody['names'][number];
    const key = freshKey('enterprise');
    const body = ContactSearchResultSchema.parse((await search(key, { company_domain: [`WWW.${person.company_domain.toUpperCase()}`], page_size: 100 })).json());
    expect(body.total_records_found).toBeGreaterThan(0);
    expect(body.results.map((r) => employerDomain(r))).toEqual(body.results.map(() => person.company_domain));
    expect(body.results.map((r) => `${r.first_name} ${r.last_name}`)).toContain(`${person.first_name} ${person.last_name}`);
    expect(body.credits_deducted).toBe(body.results.length);
  });

  it('matches the employer name exactly (case ignored) and ANDs with the other filters', async () => {
    const person = s.names[1] as SamplesBody['names'][number];
    const key = freshKey('enterprise');
    const byName = ContactSearchResultSchema.parse((await search(key, { company_name: [person.company_name.toLowerCase()], page_size: 100 })).json());
    expect(byName.total_records_found).toBeGreaterThan(0);
    for (const r of byName.results) expect(employerDomain(r)).toBe(person.company_domain);
    const none = ContactSearchResultSchema.parse((await search(key, { company_domain: [person.company_domain], skills: ['Underwater Basket Weaving'] })).json());
    expect(none.total_records_found).toBe(0);
    expect(none.credits_deducted).toBe(0);
  });

  it('finds nobody at a domain no company has, and charges nothing', async () => {
    const key = freshKey('enterprise');
    const body = ContactSearchResultSchema.parse((await search(key, { company_domain: ['no-such-company.example'] })).json());
    expect([body.total_records_found, body.credits_deducted]).toEqual([0, 0]);
  });
});
