import { z } from 'zod';
import { KEY_CHECK, TIMEOUTS_MS } from './decisions';
import { ApiError, invalidRequestError, isApiError } from './errors';
import { BULK_ROUTE, planBulkChunk, settleBulkChunk, type BulkEntry } from './bulk';
import type { HttpAnswer } from './http';
import { PATHS, SIMILAR_COMPANIES_SIZE, SIMILAR_CONTACTS_SIZE } from './limits';
import {
  BulkRequiredFieldsSchema,
  CompanyParamsSchema,
  EmailVerificationParamsSchema,
  EnrichParamsSchema,
  ProspectorBodySchema,
  SimilarCompaniesParamsSchema,
  SimilarContactsParamsSchema,
  type BulkQuery,
  type BulkRequiredField,
  type CompanyParamsInput,
  type EnrichParamsInput,
  type ProspectorBodyInput,
  type SimilarCompaniesParamsInput,
  type SimilarContactsParamsInput,
} from './requests';
import {
  BulkEnrichResultSchema,
  CompanyResponseSchema,
  ContactSearchResultSchema,
  EmailVerificationResultSchema,
  EnrichResponseSchema,
  NotFoundBodySchema,
  SimilarCompaniesResponseSchema,
  SimilarContactsResponseSchema,
  type Company,
  type ContactSearchResult,
  type EmailVerificationResult,
  type EnrichedContact,
  type SimilarCompanyItem,
  type SimilarContactItem,
} from './schemas';
import { createTransport, type CallHooks, type CallSpec, type TransportOptions } from './transport';
import { teamPurchaseOf, type TeamPurchase } from '../hub-client/purchase';

/*
 * The enrichment API client, grouped by the API's nouns. Every request is checked against its schema before it
 * leaves (a malformed call fails locally as `bad_request` and costs no rate-limit slot) and every answer is
 * validated on arrival. Failures throw `ApiError` (./errors.ts); a lookup that matches nothing is not a failure:
 * it resolves `{ found: false, errorText }`.
 */

/**
 * Outcome of a lookup: 404 "no match" is a normal answer, not an exception. `boughtByTeam`: a team hub answered an
 * enrich from its book (free; lib/hub-client/purchase.ts).
 */
export type Lookup<T> = { found: true; result: T; boughtByTeam?: TeamPurchase } | { found: false; errorText: string };

/** Per call: abort signal, the task's gate and 429 hook, the transport (./transport.ts). */
export type CallOptions = CallHooks;

export interface BulkChunkOptions extends CallOptions {
  /** Fields every enriched contact must contain (`required_fields`). */
  requiredFields?: BulkRequiredField['field_type'][] | undefined;
}

export interface ClientOptions extends TransportOptions {
  /** Per-attempt timeouts; defaults in decisions.ts (D7). */
  timeouts?: Partial<Record<keyof typeof TIMEOUTS_MS, number>>;
}

export interface EnrichmentClient {
  contacts: {
    enrich(params: EnrichParamsInput, opts?: CallOptions): Promise<Lookup<EnrichedContact>>;
    /**
     * One bulk chunk (≤ 1,000 inputs): one entry per input, in input order. A chunk-level failure throws; the
     * scheduler (lib/engine/bulk-job.ts) owns chunking.
     */
    bulkEnrich(inputs: readonly BulkQuery[], opts?: BulkChunkOptions): Promise<BulkEntry[]>;
    /** Reads a chunk's answer that arrived before the worker was stopped, as `bulkEnrich` would have. */
    readBulkAnswer(inputs: readonly BulkQuery[], answer: HttpAnswer): Promise<BulkEntry[]>;
    similar(params: SimilarContactsParamsInput, opts?: CallOptions): Promise<Lookup<SimilarContactItem[]>>;
    /** Contact search (`POST /v1/prospector`); enterprise plans only. */
    search(body: ProspectorBodyInput, opts?: CallOptions): Promise<ContactSearchResult>;
  };
  companies: {
    enrich(params: CompanyParamsInput, opts?: CallOptions): Promise<Lookup<Company>>;
    similar(params: SimilarCompaniesParamsInput, opts?: CallOptions): Promise<Lookup<SimilarCompanyItem[]>>;
  };
  emails: {
    verify(email: string, opts?: CallOptions): Promise<EmailVerificationResult>;
  };
  /** Free check of the key (decisions D5). Throws for answers that say nothing about the key. */
  checkKey(opts?: CallOptions): Promise<{ valid: boolean }>;
}

export function createEnrichmentClient(options: ClientOptions): EnrichmentClient {
  const transport = createTransport(options);
  const call = transport.call;
  const timeouts = { ...TIMEOUTS_MS, ...options.timeouts };

  const bulkSpec = (sent: number): Omit<CallSpec<unknown>, 'schema'> & { schema: typeof BulkEnrichResultSchema } => ({
    endpoint: 'bulkEnrich',
    method: 'post',
    path: PATHS.bulkEnrich,
    schema: BulkEnrichResultSchema,
    timeoutMs: timeouts.bulkChunk,
    records: sent,
  });

  return {
    contacts: {
      async enrich(params, opts = {}) {
        const p = validate(EnrichParamsSchema, params, `GET ${PATHS.enrich}`);
        let boughtByTeam: TeamPurchase | null = null;
        const answer = await lookup(() =>
          call({
            endpoint: 'enrich',
            method: 'get',
            path: PATHS.enrich,
            searchParams: toSearchParams(p),
            schema: EnrichResponseSchema,
            timeoutMs: p.realtime ? timeouts.enrichRealtime : timeouts.default,
            records: 1,
            hooks: opts,
          }).then((r) => {
            boughtByTeam = teamPurchaseOf(r.headers);
            return r.data.result;
          }),
        );
        return answer.found && boughtByTeam ? { ...answer, boughtByTeam } : answer;
      },

      async bulkEnrich(inputs, opts = {}) {
        const required = validate(BulkRequiredFieldsSchema, (opts.requiredFields ?? []).map((field_type) => ({ field_type })), BULK_ROUTE);
        const plan = planBulkChunk(inputs);
        if (plan.valid.length === 0) return settleBulkChunk(plan, null);
        const { data } = await call({
          ...bulkSpec(plan.valid.length),
          // The spec's calls send both as multipart fields holding JSON-encoded arrays.
          form: { required_fields: JSON.stringify(required), query_list: JSON.stringify(plan.valid.map((v) => v.query)) },
          hooks: opts,
        });
        return settleBulkChunk(plan, data);
      },

      async readBulkAnswer(inputs, answer) {
        const plan = planBulkChunk(inputs);
        const { data } = await transport.read(bulkSpec(plan.valid.length), answer);
        return settleBulkChunk(plan, data);
      },

      async similar(params, opts = {}) {
        const p = validate(SimilarContactsParamsSchema, params, `GET ${PATHS.similarContacts}`);
        return lookup(() =>
          call({
            endpoint: 'similarContacts',
            method: 'get',
            path: PATHS.similarContacts,
            searchParams: toSearchParams(p),
            schema: atMost(SimilarContactsResponseSchema, p.size ?? SIMILAR_CONTACTS_SIZE.max),
            timeoutMs: timeouts.default,
            records: p.size ?? SIMILAR_CONTACTS_SIZE.max,
            hooks: opts,
          }).then((r) => r.data),
        );
      },

      async search(body, opts = {}) {
        const b = validate(ProspectorBodySchema, body, `POST ${PATHS.prospector}`);
        const { data } = await call({
          endpoint: 'prospector',
          method: 'post',
          path: PATHS.prospector,
          json: b,
          schema: searchAtMost(b.page_size ?? PROSPECTOR_DEFAULT_PAGE_SIZE),
          timeoutMs: timeouts.default,
          records: b.page_size ?? PROSPECTOR_DEFAULT_PAGE_SIZE,
          hooks: opts,
        });
        return data;
      },
    },

    companies: {
      async enrich(params, opts = {}) {
        const p = validate(CompanyParamsSchema, params, `GET ${PATHS.company}`);
        return lookup(() =>
          call({
            endpoint: 'company',
            method: 'get',
            path: PATHS.company,
            searchParams: toSearchParams(p),
            schema: CompanyResponseSchema,
            timeoutMs: p.fetch_realtime ? timeouts.companyRealtime : timeouts.default,
            records: 1,
            hooks: opts,
          }).then((r) => r.data.result),
        );
      },

      async similar(params, opts = {}) {
        const p = validate(SimilarCompaniesParamsSchema, params, `GET ${PATHS.similarCompanies}`);
        const at = (path: string) =>
          call({
            endpoint: 'similarCompanies',
            method: 'get',
            path,
            searchParams: toSearchParams(p),
            schema: atMost(SimilarCompaniesResponseSchema, p.size ?? SIMILAR_COMPANIES_SIZE.default),
            timeoutMs: timeouts.default,
            records: p.size ?? SIMILAR_COMPANIES_SIZE.default,
            hooks: opts,
          }).then((r) => r.data);
        return lookup(async () => {
          try {
            return await at(PATHS.similarCompanies);
          } catch (err) {
            // Decisions D9: only a missing route (404 without an errorText body) sends us to v1.
            if (isApiError(err, 'not_found') && !NotFoundBodySchema.safeParse(err.body).success) {
              return at(PATHS.similarCompaniesV1);
            }
            throw err;
          }
        });
      },
    },

    emails: {
      async verify(email, opts = {}) {
        const p = validate(EmailVerificationParamsSchema, { email }, `GET ${PATHS.emailVerification}`);
        const { data } = await call({
          endpoint: 'emailVerification',
          method: 'get',
          path: PATHS.emailVerification,
          searchParams: toSearchParams(p),
          schema: EmailVerificationResultSchema,
          timeoutMs: timeouts.default,
          records: 1,
          hooks: opts,
        });
        return data;
      },
    },

    async checkKey(opts = {}) {
      try {
        await call({
          endpoint: 'checkKey',
          method: 'get',
          path: KEY_CHECK.path,
          // Any JSON 2xx also proves the key passed authentication.
          schema: z.unknown(),
          timeoutMs: timeouts.default,
          records: 1,
          hooks: opts,
        });
        return { valid: true };
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        if (err.status === KEY_CHECK.invalidStatus) return { valid: false };
        // Authentication runs before validation, so only a 400 proves the key was accepted. Anything else
        // (404 from a wrong base URL, 403, 5xx) says nothing about the key and is reported as it is.
        if (err.status === KEY_CHECK.validStatus) return { valid: true };
        throw err;
      }
    },
  };
}

// ---------------------------------------------------------------- helpers

/** Page size of a search that names none (spec example). */
const PROSPECTOR_DEFAULT_PAGE_SIZE = 25;

/**
 * Bounds an answer by what was asked (API data is hostile): a list answer longer than the `size` asked for is cut to
 * `size` before its items are validated, so a hostile 100,000-item answer costs no more work than the asked one
 * and can never be booked above the asked price (lib/engine/plan.ts caps the charge at the preview).
 */
export function atMost<S extends z.ZodType>(schema: S, max: number) {
  return z.preprocess((value) => (Array.isArray(value) && value.length > max ? value.slice(0, max) : value), schema);
}

/** A search answer with at most `pageSize` results, and `credits_deducted` no higher than that. */
function searchAtMost(pageSize: number) {
  return z.preprocess((value) => {
    if (typeof value !== 'object' || value === null) return value;
    const v = value as { results?: unknown; credits_deducted?: unknown };
    const results = Array.isArray(v.results) && v.results.length > pageSize ? v.results.slice(0, pageSize) : v.results;
    const credits = typeof v.credits_deducted === 'number' && v.credits_deducted > pageSize ? pageSize : v.credits_deducted;
    return { ...value, results, credits_deducted: credits };
  }, ContactSearchResultSchema);
}

function validate<S extends z.ZodType>(schema: S, input: unknown, route: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidRequestError(route, parsed.error.issues);
  return parsed.data;
}

/**
 * Turns the spec's 404 `{ errorText }` into `{ found: false }`; everything else passes through. A 404 without
 * that body is not "no match" but a wrong address (a proxy's or web server's page): cached as a miss, it would
 * hide the person for days after the user fixed the base URL.
 */
async function lookup<T>(run: () => Promise<T>): Promise<Lookup<T>> {
  try {
    return { found: true, result: await run() };
  } catch (err) {
    if (isApiError(err, 'not_found')) {
      if (NotFoundBodySchema.safeParse(err.body).success) return { found: false, errorText: err.errorText ?? err.message };
      throw new ApiError(
        'bad_response',
        `${err.message}: the answer is not the enrichment API's "not found". Check the API base URL in the settings.`,
        { status: err.status, requestId: err.requestId, body: err.body, cause: err },
      );
    }
    throw err;
  }
}

/** Query string of typed params: false flags and absent values are left out, lists comma-joined. */
export function toSearchParams(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === false) continue;
    if (Array.isArray(value)) {
      if (value.length) out[key] = value.join(',');
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      out[key] = String(value);
    }
  }
  return out;
}

export type { Call } from './transport';

/**
 * The one client seen through one task's hooks (its limiter gate, 429 hook, key): a view, not a second client.
 * Hooks given with a call itself win over the bound ones.
 */
export function withHooks(client: EnrichmentClient, bound: CallHooks): EnrichmentClient {
  const h = <O extends CallHooks>(opts: O | undefined): O => ({ ...bound, ...opts }) as O;
  return {
    contacts: {
      enrich: (params, opts) => client.contacts.enrich(params, h(opts)),
      bulkEnrich: (inputs, opts) => client.contacts.bulkEnrich(inputs, h(opts)),
      readBulkAnswer: (inputs, answer) => client.contacts.readBulkAnswer(inputs, answer),
      similar: (params, opts) => client.contacts.similar(params, h(opts)),
      search: (body, opts) => client.contacts.search(body, h(opts)),
    },
    companies: {
      enrich: (params, opts) => client.companies.enrich(params, h(opts)),
      similar: (params, opts) => client.companies.similar(params, h(opts)),
    },
    emails: { verify: (email, opts) => client.emails.verify(email, h(opts)) },
    checkKey: (opts) => client.checkKey(h(opts)),
  };
}
