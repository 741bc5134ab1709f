/**
 * The professional network's field names on the wire: the real service writes `linkedin_url`, the spec writes
 * `pnet_url` (lib/api/wire-names.ts). The client reads both into one form; checked against the real sandbox answering
 * in each spelling (the run's sandbox: real names, the default; a private one started with `wireNames: 'spec'`).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readWireNames, WIRE_NAMES, writeWireNames } from '@/lib/api/wire-names';
import { CompanySchema, EnrichedContactSchema, SimilarContactItemSchema } from '@/lib/api/schemas';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { clientFor, newKey, samples, type Samples } from './sandbox';

const realBase = inject('sandboxUrl');
let specSandbox: RunningSandbox;
let data: Samples;

beforeAll(async () => {
  specSandbox = await startSandbox({ port: 0, quiet: true, wireNames: 'spec' });
  data = await samples(realBase);
});
afterAll(() => specSandbox?.close());

const spellings = () =>
  [
    ['real names (linkedin_url)', realBase],
    ['spec spelling (pnet_url)', specSandbox.url],
  ] as const;

/** The same lookups against both sandboxes (same seed, same data): only the spelling on the wire differs. */
async function lookAll(base: string) {
  const client = clientFor(base, newKey('test-standard', 'wire'));
  const contact = await client.contacts.enrich({ email: data.emails[0]! });
  const company = await client.companies.enrich({ url: data.companies[0]!.website });
  const similar = await client.contacts.similar({ email: data.emails[0]!, size: 5 });
  const bulk = await client.contacts.bulkEnrich([{ field_type: 'email', value: data.emails[1]! }]);
  if (!contact.found || !company.found || !similar.found) throw new Error('the sample lookups should all match');
  return { contact: contact.result, company: company.result, similar: similar.result, bulk: bulk[0] };
}

describe('the client reads either spelling of the network fields', () => {
  it.each([0, 1])('every network field is read, with an answer in %s', async (index) => {
    const [, base] = spellings()[index]!;
    const { contact, company, similar, bulk } = await lookAll(base);
    expect(contact.employment?.pnet_url[0]).toMatch(/^https:\/\/www\.linkedin\.com\/company\//);
    expect(company.overview?.pnet_url).toMatch(/^https:\/\/www\.linkedin\.com\/company\//);
    expect(company.overview?.company_size_on_pnet).toBeGreaterThan(0);
    expect(company.overview?.social_fields.pnet?.value).toBe(company.overview?.pnet_url);
    expect(company.employees.length).toBeGreaterThan(0);
    for (const e of company.employees) expect(e.pnet_url).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
    expect(similar.length).toBe(5);
    for (const s of similar) expect(s.pnet[0]).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
    expect(bulk?.status).toBe('enriched');
    if (bulk?.status === 'enriched') expect(bulk.contact.employment?.pnet_url[0]).toMatch(/^https:\/\/www\.linkedin\.com\/company\//);
    // One form inside: no real name is left over as an extra key (a social profile's network *value* may say linkedin).
    expect(JSON.stringify({ contact, company, similar, bulk })).not.toMatch(/"(linkedin|linkedin_url|company_size_on_linkedin)":/);
  });

  it('reads the same values whichever spelling the service uses', async () => {
    const [real, spec] = await Promise.all(spellings().map(([, base]) => lookAll(base)));
    expect(real).toEqual(spec);
  });
});

describe('readWireNames', () => {
  it('moves a real name to the spec spelling', () => {
    expect(readWireNames({ name: 'Acme', linkedin_url: 'u' }, 'Employment')).toEqual({ name: 'Acme', pnet_url: 'u' });
  });

  it('keeps the real name when both arrive, unless the real one is empty', () => {
    expect(readWireNames({ linkedin: ['a'], pnet: ['b'] }, 'SimilarContactItem')).toEqual({ pnet: ['a'] });
    expect(readWireNames({ linkedin: null, pnet: ['b'] }, 'SimilarContactItem')).toEqual({ pnet: ['b'] });
  });

  it('renames only the names of its object', () => {
    // `linkedin` is a network key of social_fields and a lookalike's profiles, not a field of an employment.
    expect(readWireNames({ linkedin: 'x' }, 'Employment')).toEqual({ linkedin: 'x' });
  });

  it('leaves what is not an object to the schema', () => {
    expect(readWireNames('text', 'CompanyOverview')).toBe('text');
    expect(EnrichedContactSchema.parse({ employment: 'not an object' }).employment).toBeNull();
  });

  it('is used by every schema with network-named fields', () => {
    expect(EnrichedContactSchema.parse({ employment: { linkedin_url: 'u' } }).employment?.pnet_url).toEqual(['u']);
    expect(EnrichedContactSchema.parse({ experiences: [{ linkedin_url: ['u', 'v'] }] }).experiences?.[0]?.pnet_url).toEqual(['u', 'v']);
    const company = CompanySchema.parse({
      employees: [{ employee_name: 'A', linkedin_url: 'e' }],
      overview: { linkedin_url: 'o', company_size_on_linkedin: 12, social_fields: { linkedin: { value: 's' }, twitter: { value: 't' } } },
    });
    expect(company.employees[0]?.pnet_url).toBe('e');
    expect(company.overview).toMatchObject({ pnet_url: 'o', company_size_on_pnet: 12, social_fields: { pnet: { value: 's' }, twitter: { value: 't' } } });
    expect(SimilarContactItemSchema.parse({ linkedin: 'p' }).pnet).toEqual(['p']);
  });
});

describe('writeWireNames', () => {
  it('writes every name of the table as the real service does, at any depth', () => {
    const spec = Object.fromEntries(Object.entries(WIRE_NAMES).map(([object, names]) => [object, [Object.fromEntries(Object.keys(names).map((n) => [n, 1]))]]));
    const real = Object.fromEntries(Object.entries(WIRE_NAMES).map(([object, names]) => [object, [Object.fromEntries(Object.values(names).map((n) => [n, 1]))]]));
    expect(writeWireNames(spec, 'real')).toEqual(real);
    expect(writeWireNames(spec, 'spec')).toBe(spec);
  });
});
