import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PROSPECTOR_FILTERS } from '@/lib/api/decisions';
import {
  BulkEnrichBodySchema,
  CompanyParamsSchema,
  EmailVerificationParamsSchema,
  EnrichParamsSchema,
  ProspectorBodySchema,
  SimilarCompaniesParamsSchema,
  SimilarContactsParamsSchema,
} from '@/lib/api/requests';

const ok = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
};

describe('GET /v1/enrich params', () => {
  it.each([
    ['email alone', { email: 'ana@acme.io' }],
    ['phone alone', { phone: '+351912345678' }],
    ['social profile alone', { social_profile: 'https://www.linkedin.com/in/ana' }],
    ['name + company name', { first_name: 'Ana', last_name: 'Silva', company_name: 'Acme' }],
    ['name + company domain', { first_name: 'Ana', last_name: 'Silva', company_domain: 'acme.io' }],
    ['every option, typed', { email: 'a@b.io', required: ['work_email', 'phone'], include_all_experiences: true, realtime: true, waterfall: true }],
    ['every option, wire spelling', { email: 'a@b.io', required: 'work_email,phone', include_all_experiences: 'true', realtime: 'True', waterfall: '1' }],
  ])('accepts %s', (_name, input) => {
    expect(EnrichParamsSchema.safeParse(input).success).toBe(true);
  });

  it.each([
    ['nothing', {}],
    ['a name alone', { first_name: 'Ana', last_name: 'Silva' }],
    ['a name without last name', { first_name: 'Ana', company_name: 'Acme' }],
    ['a company alone', { company_domain: 'acme.io' }],
    ['an empty email', { email: '   ' }],
    ['an unknown required value', { email: 'a@b.io', required: 'email,fax' }],
    ['an unknown required value (array)', { email: 'a@b.io', required: ['fax'] }],
    ['a non-boolean flag', { email: 'a@b.io', realtime: 'maybe' }],
    ['an unknown parameter', { email: 'a@b.io', api_key: 'x' }],
  ])('rejects %s', (_name, input) => {
    expect(EnrichParamsSchema.safeParse(input).success).toBe(false);
  });

  it('turns the wire form into the typed form', () => {
    expect(ok(EnrichParamsSchema, { email: ' a@b.io ', required: ' email , phone,', realtime: 'False' })).toEqual({
      email: 'a@b.io',
      required: ['email', 'phone'],
      include_all_experiences: false,
      realtime: false,
      waterfall: false,
    });
  });
});

describe('POST /v1/bulk-enrich body', () => {
  const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ field_type: 'email', value: `p${i}@acme.io` }));

  it.each([
    ['1 entry', { query_list: entries(1) }],
    ['1000 entries', { query_list: entries(1000) }],
    ['all kinds and required fields', { required_fields: [{ field_type: 'work_email' }, { field_type: 'phone' }], query_list: [{ field_type: 'social_profile', value: 'https://www.linkedin.com/in/a' }, { field_type: 'phone', value: '+14155550100' }] }],
    ['JSON-encoded multipart fields', { required_fields: '[{"field_type":"email"}]', query_list: JSON.stringify(entries(3)) }],
  ])('accepts %s', (_name, input) => {
    expect(BulkEnrichBodySchema.safeParse(input).success).toBe(true);
  });

  it.each([
    ['1001 entries', { query_list: entries(1001) }],
    ['no entries', { query_list: [] }],
    ['no query_list', { required_fields: [] }],
    ['an unknown query field_type', { query_list: [{ field_type: 'name', value: 'Ana' }] }],
    ['any_work_email as a required field (enrich only)', { required_fields: [{ field_type: 'any_work_email' }], query_list: entries(1) }],
    ['an empty value', { query_list: [{ field_type: 'email', value: '' }] }],
    ['a field that is not JSON', { query_list: 'not json' }],
    ['an extra key in an entry', { query_list: [{ field_type: 'email', value: 'a@b.io', name: 'x' }] }],
  ])('rejects %s', (_name, input) => {
    expect(BulkEnrichBodySchema.safeParse(input).success).toBe(false);
  });
});

describe('company and lookalike params', () => {
  it.each([
    [CompanyParamsSchema, { url: 'acme.io' }, { url: 'acme.io', fetch_realtime: false }],
    [CompanyParamsSchema, { url: 'https://blog.acme.io', fetch_realtime: 'true' }, { url: 'https://blog.acme.io', fetch_realtime: true }],
    [SimilarCompaniesParamsSchema, { url: 'acme.io' }, { url: 'acme.io', size: 10, reveal_all: false }],
    [SimilarCompaniesParamsSchema, { url: 'acme.io', size: '500', reveal_all: 'True' }, { url: 'acme.io', size: 500, reveal_all: true }],
    [SimilarContactsParamsSchema, { email: 'a@b.io' }, { email: 'a@b.io', size: 10 }],
    [SimilarContactsParamsSchema, { email: 'a@b.io', size: 3 }, { email: 'a@b.io', size: 3 }],
  ] as const)('%#: parses to the typed form', (schema, input, expected) => {
    expect(ok(schema as z.ZodType, input)).toEqual(expected);
  });

  it.each([
    ['company without url', CompanyParamsSchema, {}],
    ['similar companies size 501', SimilarCompaniesParamsSchema, { url: 'acme.io', size: 501 }],
    ['similar companies size 0', SimilarCompaniesParamsSchema, { url: 'acme.io', size: '0' }],
    ['similar companies size not a number', SimilarCompaniesParamsSchema, { url: 'acme.io', size: '10abc' }],
    ['similar companies size fractional', SimilarCompaniesParamsSchema, { url: 'acme.io', size: 2.5 }],
    ['similar contacts size 11', SimilarContactsParamsSchema, { email: 'a@b.io', size: 11 }],
    ['similar contacts without lookup keys', SimilarContactsParamsSchema, { size: 5 }],
  ] as const)('rejects %s', (_name, schema, input) => {
    expect((schema as z.ZodType).safeParse(input).success).toBe(false);
  });
});

describe('email verification params', () => {
  it.each([
    ['ana@acme.io', true],
    [' ana.silva+news@sub.acme.co.uk ', true],
    ['ana@', false],
    ['not an email', false],
    ['', false],
    [`${'a'.repeat(320)}@acme.io`, false],
    // The spec asks for a string; the service decides deliverability. These were refused before it was asked.
    ['user@bücher.de', true],
    ['josé@acme.com', true],
    ['info@example.xn--p1ai', true],
    ['ana@acme', false],
    ['ana@@acme.io', false],
    ['ana @acme.io', false],
  ])('%j valid: %s', (email, valid) => {
    expect(EmailVerificationParamsSchema.safeParse({ email }).success).toBe(valid);
  });
});

describe('POST /v1/prospector body', () => {
  it('fills paging defaults', () => {
    expect(ok(ProspectorBodySchema, { job_title: ['CTO'] })).toEqual({ job_title: ['CTO'], page: 1, page_size: 25 });
  });

  it('takes every documented filter', () => {
    const body = Object.fromEntries(PROSPECTOR_FILTERS.map((f) => [f, ['x']]));
    expect(ProspectorBodySchema.safeParse(body).success).toBe(true);
  });

  it.each([
    ['page 0', { page: 0 }],
    ['page_size 101', { page_size: 101 }],
    ['page_size 0', { page_size: 0 }],
    ['an unknown filter', { company: ['Acme'] }],
    ['a filter that is not a list', { job_title: 'CTO' }],
    ['an empty filter value', { skills: [''] }],
    ['page as text', { page: '2' }],
  ])('rejects %s', (_name, input) => {
    expect(ProspectorBodySchema.safeParse(input).success).toBe(false);
  });
});
