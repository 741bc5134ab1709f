import { describe, expect, it } from 'vitest';
import {
  BulkEnrichResultSchema,
  CompanyResponseSchema,
  CompanySchema,
  ContactSearchResultSchema,
  EmailVerificationResultSchema,
  EnrichedContactSchema,
  EnrichResponseSchema,
  ErrorBodySchema,
  NotFoundBodySchema,
  SimilarCompaniesResponseSchema,
  SimilarContactsResponseSchema,
} from '@/lib/api/schemas';
import { fullCompany, fullContact } from './samples';
import { UNREADABLE_CONTACT } from '@/lib/api/schemas';

describe('enriched contact', () => {
  it('keeps every documented field of a spec-shaped contact', () => {
    const parsed = EnrichedContactSchema.parse(fullContact);
    // Every documented key is present after parsing, with the value sent (pnet_url normalised to a list).
    for (const [key, value] of Object.entries(fullContact)) {
      if (key === 'employment') continue;
      expect(parsed[key as keyof typeof parsed], key).toEqual(value);
    }
    expect(parsed.employment).toEqual({ ...fullContact.employment, pnet_url: [fullContact.employment.pnet_url] });
  });

  it.each([
    ['missing text → null', {}, (c: ReturnType<typeof parse>) => c.first_name, null],
    ['null text stays null', { first_name: null }, (c: ReturnType<typeof parse>) => c.first_name, null],
    ['empty text kept as sent', { headline: '' }, (c: ReturnType<typeof parse>) => c.headline, ''],
    ['wrong-typed text → null', { about: 42 }, (c: ReturnType<typeof parse>) => c.about, null],
    ['missing list → []', {}, (c: ReturnType<typeof parse>) => c.skills, []],
    ['null list → []', { skills: null }, (c: ReturnType<typeof parse>) => c.skills, []],
    ['bad string elements dropped', { skills: ['SQL', 3, null, 'Go'] }, (c: ReturnType<typeof parse>) => c.skills, ['SQL', 'Go']],
    ['non-object list elements dropped', { education: [7, { gpa: '4' }] }, (c: ReturnType<typeof parse>) => c.education.length, 1],
    ['missing nested object → null', {}, (c: ReturnType<typeof parse>) => c.employment, null],
    ['nested object of wrong type → null', { location: 'Lisbon' }, (c: ReturnType<typeof parse>) => c.location, null],
    ['integer sent as text → null', { languages: [{ name: 'PT', proficiency: 'native' }] }, (c: ReturnType<typeof parse>) => c.languages[0]?.proficiency, null],
    ['unknown extra field kept', { brand_new: { a: 1 } }, (c: ReturnType<typeof parse>) => (c as Record<string, unknown>).brand_new, { a: 1 }],
    ['experiences absent unless sent', {}, (c: ReturnType<typeof parse>) => c.experiences, undefined],
    ['experiences read as Employment', { experiences: [{ name: 'OldCo', pnet_url: ['u1', 'u2'] }] }, (c: ReturnType<typeof parse>) => c.experiences?.[0]?.pnet_url, ['u1', 'u2']],
  ])('%s', (_name, input, pick, expected) => {
    expect(pick(parse(input))).toEqual(expected);
  });

  it.each([
    ['a string', 'https://www.linkedin.com/company/acme', ['https://www.linkedin.com/company/acme']],
    ['an array', ['https://a', 'https://b'], ['https://a', 'https://b']],
    ['null', null, []],
    ['missing', undefined, []],
    ['an empty string', '', []],
    ['an array with junk', ['https://a', 5], ['https://a']],
  ])('Employment.pnet_url sent as %s', (_name, pnetUrl, expected) => {
    const contact = parse({ employment: { name: 'Acme', pnet_url: pnetUrl } });
    expect(contact.employment?.pnet_url).toEqual(expected);
  });
});

const parse = (input: unknown) => EnrichedContactSchema.parse(input);

describe('company', () => {
  it('keeps every documented field of a spec-shaped company', () => {
    expect(CompanySchema.parse(fullCompany)).toEqual(fullCompany);
  });

  it.each([
    ['company_size of wrong arity → null', { overview: { company_size: [1] } }, (c: Co) => c.overview?.company_size, null],
    ['missing overview → null', {}, (c: Co) => c.overview, null],
    ['social field that is not an object dropped', { overview: { social_fields: { pnet: { value: 'u' }, bad: 'x' } } }, (c: Co) => c.overview?.social_fields, { pnet: { value: 'u' } }],
    ['missing funding total → null', { funding: {} }, (c: Co) => c.funding?.total_funding_amount, null],
    ['address state null kept', { overview: { hq: { city: 'X', state: null, is_hq: true } } }, (c: Co) => c.overview?.hq?.state, null],
    ['technology categories as one string', { technologies: [{ name: 'React', categories: 'JS Frameworks' }] }, (c: Co) => c.technologies[0]?.categories, ['JS Frameworks']],
  ])('%s', (_name, input, pick, expected) => {
    expect(pick(CompanySchema.parse(input))).toEqual(expected);
  });
});

type Co = ReturnType<typeof CompanySchema.parse>;

describe('envelopes are strict', () => {
  it.each([
    ['enrich without result', EnrichResponseSchema, {}],
    ['enrich with result null', EnrichResponseSchema, { result: null }],
    ['company result a string', CompanyResponseSchema, { result: 'acme' }],
    ['bulk contacts not a list', BulkEnrichResultSchema, { contacts: {}, records_enriched: 0 }],
    ['similar companies not a list', SimilarCompaniesResponseSchema, { results: [] }],
    ['similar contacts not a list', SimilarContactsResponseSchema, null],
    ['verification without verdict', EmailVerificationResultSchema, { catch_all: false }],
    ['search results missing', ContactSearchResultSchema, { page: 1 }],
    ['404 body without errorText', NotFoundBodySchema, { message: 'nope' }],
  ] as const)('rejects %s', (_name, schema, input) => {
    expect(schema.safeParse(input).success).toBe(false);
  });

  it.each([
    ['enrich', EnrichResponseSchema, { result: fullContact }],
    ['company', CompanyResponseSchema, { result: fullCompany }],
    ['bulk', BulkEnrichResultSchema, { contacts: [{ enriched_contact: fullContact, value: 'ana@acme.io' }, { enriched_contact: null, value: 'x@y.z' }], records_enriched: 1 }],
    ['similar companies', SimilarCompaniesResponseSchema, [{ description: null, industry: ['computer software'], name: 'Globex', similarity_score: 0.82, specialities: ['ETL'], website: 'globex.com' }]],
    ['similar contacts', SimilarContactsResponseSchema, [{ job_title: 'CTO', pnet: ['https://www.linkedin.com/in/x'], location: 'Lisbon', name: 'X', similarity_score: 0.9 }]],
    ['verification', EmailVerificationResultSchema, { verified: true, catch_all: false }],
    ['search', ContactSearchResultSchema, { credits_deducted: 1, page: 1, page_size: 25, records_returned: 1, total_records_found: 40, results: [fullContact] }],
  ] as const)('accepts a spec-shaped %s response', (_name, schema, input) => {
    expect(schema.safeParse(input).success).toBe(true);
  });
});

describe('lenient list items', () => {
  it.each([
    ['similar company industry as one string', SimilarCompaniesResponseSchema, [{ name: 'G', industry: 'banking' }], (r: unknown) => (r as { industry: string[] }[])[0]?.industry, ['banking']],
    ['similar contact pnet as one string', SimilarContactsResponseSchema, [{ name: 'X', pnet: 'https://www.linkedin.com/in/x' }], (r: unknown) => (r as { pnet: string[] }[])[0]?.pnet, ['https://www.linkedin.com/in/x']],
    ['similar contact score missing', SimilarContactsResponseSchema, [{ name: 'X' }], (r: unknown) => (r as { similarity_score: number | null }[])[0]?.similarity_score, null],
    ['bulk value missing', BulkEnrichResultSchema, { contacts: [{ enriched_contact: null }], records_enriched: 0 }, (r: unknown) => (r as { contacts: { value: string }[] }).contacts[0]?.value, ''],
    // Not null: a null would be cached as "no match" for days although the service may have charged for the person.
    ['bulk contact of wrong type → unreadable', BulkEnrichResultSchema, { contacts: [{ enriched_contact: 'x', value: 'a' }], records_enriched: null }, (r: unknown) => (r as { contacts: { enriched_contact: unknown }[] }).contacts[0]?.enriched_contact, UNREADABLE_CONTACT],
  ] as const)('%s', (_name, schema, input, pick, expected) => {
    expect(pick(schema.parse(input))).toEqual(expected);
  });
});

describe('error body', () => {
  it.each([
    [{ errorCode: 'plan_required', errorText: 'Enterprise only' }, { errorCode: 'plan_required', errorText: 'Enterprise only' }],
    [{ errorCode: 'teapot', errorText: 'x' }, { errorCode: undefined, errorText: 'x' }],
    [{ errorText: 42 }, { errorCode: undefined, errorText: undefined }],
    [{}, { errorCode: undefined, errorText: undefined }],
  ])('reads %j leniently', (input, expected) => {
    const body = ErrorBodySchema.parse(input);
    expect({ errorCode: body.errorCode, errorText: body.errorText }).toEqual(expected);
  });
});
