import { z } from 'zod';
import { ERROR_CODES, PROSPECTOR_PAGE } from './decisions';
import { API_KEY_HEADER, BULK_MAX_INPUTS, PATHS, RATE_LIMIT } from './limits';
import * as requests from './requests';
import * as responses from './schemas';
import { WIRE_NAMES } from './wire-names';

/*
 * OpenAPI 3.1 description of the API, generated from the same zod schemas the client and the sandbox use.
 * Responses are described in their parsed form (`io: 'output'`); request bodies in the form callers send
 * (`io: 'input'`); query parameters in their typed form (booleans, integers, comma-joined lists).
 */

type Json = Record<string, unknown>;

/** Drops zod's ±2^53 bounds of plain integers and collapses `anyOf` branches that came out identical. */
function tidy(ctx: { jsonSchema: Json }): void {
  const js = ctx.jsonSchema;
  if (js.minimum === Number.MIN_SAFE_INTEGER) delete js.minimum;
  if (js.maximum === Number.MAX_SAFE_INTEGER) delete js.maximum;
  // A `.catch` sentinel (UNREADABLE_CONTACT) is what the client reads a broken value as, not a default of the service.
  if (js.default !== null && typeof js.default === 'object' && !Array.isArray(js.default) && Object.keys(js.default).length === 0) delete js.default;
  if (Array.isArray(js.anyOf)) {
    const unique = [...new Map(js.anyOf.map((b) => [JSON.stringify(b), b as unknown])).values()];
    if (unique.length === 1) {
      delete js.anyOf;
      Object.assign(js, unique[0]);
    } else js.anyOf = unique;
  }
}

const REF = (id: string) => `#/components/schemas/${id}`;
const ref = (id: string): Json => ({ $ref: REF(id) });

/** Every exported schema that carries a `.meta({ id })` becomes a component. */
function componentsOf(module: Record<string, unknown>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const value of Object.values(module)) {
    if (!(value instanceof z.ZodType)) continue;
    const id = z.globalRegistry.get(value)?.id;
    if (typeof id === 'string' && !registry.has(value)) registry.add(value, { id });
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: REF,
    override: tidy,
  });
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _s, $id: _i, ...rest } = schema as Json;
    out[id] = withWireNames(id, rest);
  }
  return out;
}

/** A component's properties under the names the real service sends (the schemas hold the spec's spelling). */
function withWireNames(id: string, schema: Json): Json {
  const names: Record<string, string> | undefined = (WIRE_NAMES as Record<string, Record<string, string>>)[id];
  if (!names || typeof schema.properties !== 'object' || schema.properties === null) return schema;
  const rename = (name: string) => names[name] ?? name;
  const properties = Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [rename(name), property as unknown]));
  return { ...schema, properties, ...(Array.isArray(schema.required) ? { required: (schema.required as string[]).map(rename) } : {}) };
}

/** Query parameters of one request schema, typed form, `required` as callers see it. */
function queryParameters(schema: z.ZodType, notes: Record<string, string> = {}): Json[] {
  const plain = z.registry<{ id: string }>(); // no ids: inline everything
  const typed = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', metadata: plain, override: tidy }) as Json;
  const given = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', metadata: plain, override: tidy }) as Json;
  const props = (typed.properties ?? {}) as Record<string, Json>;
  const required = new Set((given.required ?? []) as string[]);
  return Object.entries(props).map(([name, propSchema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(notes[name] ? { description: notes[name] } : {}),
    schema: propSchema,
    ...(propSchema.type === 'array' ? { style: 'form', explode: false } : {}),
  }));
}

const LOOKUP_NOTES: Record<string, string> = {
  first_name: 'First name of the person.',
  last_name: 'Last name of the person.',
  company_name: 'Employer name.',
  company_domain: 'Employer website.',
  email: 'Email to look up.',
  phone: 'Phone number to look up.',
  social_profile: 'Social profile address, e.g. a professional-network profile URL.',
};

const json = (schema: Json) => ({ 'application/json': { schema } });

function errorResponses(extra: Record<string, Json> = {}): Record<string, Json> {
  const err = (description: string) => ({ description, content: json(ref('ErrorBody')) });
  return {
    '400': err('Badly formatted request (errorCode `bad_request`).'),
    '401': err('The API key is invalid (errorCode `invalid_key`).'),
    '403': err('Insufficient credits (errorCode `insufficient_credits`).'),
    ...extra,
    '429': {
      description: `More than ${RATE_LIMIT.requests} requests per minute. The body is a small HTML page titled "429 Too Many Requests" stating "200 per 1 minute".`,
      headers: { 'Retry-After': { description: 'Seconds to wait, or an HTTP date.', schema: { type: 'string' } } },
      content: { 'text/html': { schema: { type: 'string' } } },
    },
    '5XX': err('Failure on the service side (errorCode `server_error`).'),
  };
}

const notFound = (what: string): Json => ({
  description: `No ${what} found. The body names the lookup key that matched nothing.`,
  content: json(ref('NotFoundBody')),
});

const ok = (description: string, schema: Json): Json => ({ description, content: json(schema) });

export function buildOpenApiDocument(): Json {
  const schemas = { ...componentsOf(responses, 'output'), ...componentsOf(requests, 'input') };
  const lookupParams = (schema: z.ZodType, notes: Record<string, string>) => queryParameters(schema, { ...LOOKUP_NOTES, ...notes });
  const jsonArrayField = (id: string) => ({
    type: 'string',
    contentMediaType: 'application/json',
    contentSchema: { type: 'array', items: ref(id) },
  });
  const similarCompanies = (deprecatedAlias: boolean): Json => ({
    operationId: deprecatedAlias ? 'similarCompaniesV1' : 'similarCompanies',
    summary: deprecatedAlias
      ? 'Lookalike companies (path used by the spec’s code examples; prefer /v2)'
      : 'Find lookalike companies',
    tags: ['companies'],
    parameters: queryParameters(requests.SimilarCompaniesParamsSchema, {
      url: 'Company website or professional-network company profile address.',
      size: 'Number of companies returned.',
      reveal_all: 'Reveals complete information for the returned companies.',
    }),
    responses: {
      '200': ok('Lookalike companies, most similar first.', ref('SimilarCompanies')),
      '404': notFound('company'),
      ...errorResponses(),
    },
  });

  return {
    openapi: '3.1.0',
    info: {
      title: 'Contact and Company Data Enrichment API',
      version: '1.0',
      description:
        'Generated from the zod contract in lib/api (npm run openapi). Choices the source spec leaves open are ' +
        'documented in docs/api-decisions.md. Fields named after the professional network carry its real name ' +
        `(${[...new Set(Object.values(WIRE_NAMES).flatMap((names) => Object.values(names)))].map((n) => `\`${n}\``).join(', ')}) ` +
        'where the source spec writes `pnet`; the client reads either spelling.',
    },
    servers: [{ url: 'http://127.0.0.1:8787', description: 'Local sandbox (npm run sandbox)' }],
    security: [{ apiKey: [] }],
    tags: [{ name: 'contacts' }, { name: 'companies' }, { name: 'emails' }],
    paths: {
      [PATHS.enrich]: {
        get: {
          operationId: 'enrichContact',
          summary: 'Enrich one contact',
          description:
            'Needs one of email, phone, social_profile, or first_name + last_name with company_name or ' +
            'company_domain. 1 credit on a match, +1 realtime, +1 waterfall; no match is free.',
          tags: ['contacts'],
          parameters: lookupParams(requests.EnrichParamsSchema, {
            required: 'Fields that must be present for the match to count (comma-separated).',
            include_all_experiences: 'Adds the full employment history under `experiences`.',
            realtime: 'Fetches live data; adds about 10-15 s latency and one credit.',
            waterfall: 'Queries additional sources for email/phone coverage; one extra credit.',
          }),
          responses: {
            '200': ok('The enriched contact.', ref('EnrichResponse')),
            '404': notFound('contact'),
            ...errorResponses(),
          },
        },
      },
      [PATHS.bulkEnrich]: {
        post: {
          operationId: 'bulkEnrichContacts',
          summary: `Enrich up to ${BULK_MAX_INPUTS} contacts`,
          description: '1 credit per enriched record, even if enriched within the last 30 days.',
          tags: ['contacts'],
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: {
                    required_fields: jsonArrayField('BulkRequiredField'),
                    query_list: { ...jsonArrayField('BulkQuery'), description: `At most ${BULK_MAX_INPUTS} entries.` },
                  },
                  required: ['query_list'],
                },
              },
            },
          },
          responses: {
            '200': ok('One entry per input, in input order.', ref('BulkEnrichResult')),
            ...errorResponses(),
          },
        },
      },
      [PATHS.company]: {
        get: {
          operationId: 'enrichCompany',
          summary: 'Enrich one company',
          description: '1 credit; free when the same key enriched the company within 30 days.',
          tags: ['companies'],
          parameters: queryParameters(requests.CompanyParamsSchema, {
            url: 'Company website; the domain is cleaned and any subdomain removed.',
            fetch_realtime: 'Live fetch; may add about 30 s latency.',
          }),
          responses: {
            '200': ok('The company.', ref('CompanyResponse')),
            '404': notFound('company'),
            ...errorResponses(),
          },
        },
      },
      [PATHS.similarCompanies]: { get: similarCompanies(false) },
      [PATHS.similarCompaniesV1]: { get: { ...similarCompanies(true), deprecated: true } },
      [PATHS.similarContacts]: {
        get: {
          operationId: 'similarContacts',
          summary: 'Find lookalike contacts',
          description: '1 credit per request that returns at least one contact.',
          tags: ['contacts'],
          parameters: lookupParams(requests.SimilarContactsParamsSchema, { size: 'Number of contacts returned.' }),
          responses: {
            '200': ok('Lookalike contacts by descending similarity_score.', ref('SimilarContacts')),
            '404': notFound('contact'),
            ...errorResponses(),
          },
        },
      },
      [PATHS.emailVerification]: {
        get: {
          operationId: 'verifyEmail',
          summary: 'Verify an email address',
          description: '1 credit per call; a syntactically invalid email is a free 400.',
          tags: ['emails'],
          parameters: queryParameters(requests.EmailVerificationParamsSchema, { email: 'Email to verify.' }),
          responses: { '200': ok('Verification result.', ref('EmailVerificationResult')), ...errorResponses() },
        },
      },
      [PATHS.prospector]: {
        post: {
          operationId: 'searchContacts',
          summary: 'Search contacts by filters (enterprise plans only)',
          description:
            'Filters: OR within one filter, AND across filters. ' +
            `page ≥ 1 (default ${PROSPECTOR_PAGE.defaultPage}); page_size ${PROSPECTOR_PAGE.minSize}-${PROSPECTOR_PAGE.maxSize} ` +
            `(default ${PROSPECTOR_PAGE.defaultSize}). Credits = records returned.`,
          tags: ['contacts'],
          requestBody: { required: true, content: json(ref('ProspectorBody')) },
          responses: {
            '200': ok('A page of matching contacts.', ref('ContactSearchResult')),
            ...errorResponses({
              '403': {
                description: 'Insufficient credits (`insufficient_credits`) or no enterprise plan (`plan_required`).',
                content: json(ref('ErrorBody')),
              },
            }),
          },
        },
      },
    },
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER } },
      schemas,
    },
    'x-error-codes': [...ERROR_CODES],
  };
}
