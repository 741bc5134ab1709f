import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { PATHS } from '@/lib/api/limits';

const doc = buildOpenApiDocument();
type Operation = { parameters?: { name: string; required: boolean }[]; responses: Record<string, { content?: Record<string, unknown> }> };
const operations = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const),
);

describe('OpenAPI document', () => {
  it('validates as OpenAPI 3.1 with a third-party validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is what docs/openapi.json holds (run `npm run openapi` after changing the contract)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8')) as unknown;
    expect(committed).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it.each(Object.values(PATHS))('describes %s', (path) => {
    expect(Object.keys(doc.paths as object)).toContain(path);
  });

  it.each(operations)('%s documents 429 as HTML and the error statuses', (_route, op) => {
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429', '5XX']));
    expect(Object.keys(op.responses['429']!.content!)).toEqual(['text/html']);
  });

  it.each([
    ['GET /v1/enrich', '404'],
    ['GET /v1/company', '404'],
    ['GET /v2/similar-companies', '404'],
    ['GET /v1/similar-contacts', '404'],
  ])('%s documents 404 with errorText', (route, status) => {
    const op = operations.find(([r]) => r === route)![1];
    expect(op.responses[status]!.content!['application/json']).toEqual({ schema: { $ref: '#/components/schemas/NotFoundBody' } });
  });

  it.each([
    ['GET /v1/enrich', ['first_name', 'last_name', 'company_name', 'company_domain', 'email', 'phone', 'social_profile', 'required', 'include_all_experiences', 'realtime', 'waterfall'], []],
    ['GET /v1/company', ['url', 'fetch_realtime'], ['url']],
    ['GET /v2/similar-companies', ['url', 'size', 'reveal_all'], ['url']],
    ['GET /v1/similar-contacts', ['first_name', 'last_name', 'company_name', 'company_domain', 'email', 'phone', 'social_profile', 'size'], []],
    ['GET /v1/email-verification', ['email'], ['email']],
  ])('%s has the spec’s query parameters', (route, names, required) => {
    const op = operations.find(([r]) => r === route)![1];
    expect(op.parameters!.map((p) => p.name)).toEqual(names);
    expect(op.parameters!.filter((p) => p.required).map((p) => p.name)).toEqual(required);
  });

  it.each([
    'EnrichedContact', 'Course', 'HonorAward', 'Project', 'Activity', 'Date', 'Education', 'School', 'Employment', 'Job',
    'Language', 'Location', 'WorkEmail', 'PersonViewed', 'PhoneNumber', 'SocialProfile', 'BulkEnrichResult', 'Company',
    'CompanyOverview', 'CompanyFunding', 'Technology', 'CompanyEmployee', 'Address', 'SimilarCompanyItem',
    'SimilarContactItem', 'EmailVerificationResult', 'ContactSearchResult', 'NotFoundBody', 'ErrorBody', 'ProspectorBody',
    'BulkQuery', 'BulkRequiredField',
  ])('has the component %s', (id) => {
    expect(Object.keys((doc.components as { schemas: object }).schemas)).toContain(id);
  });

  it('declares the X-API-Key header scheme', () => {
    expect((doc.components as { securitySchemes: unknown }).securitySchemes).toEqual({
      apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    });
  });
});
