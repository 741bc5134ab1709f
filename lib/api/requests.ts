import { z } from 'zod';
import { hasMinimumLookup, MINIMUM_LOOKUP_MESSAGE, PROSPECTOR_PAGE } from './decisions';
import {
  BULK_MAX_INPUTS,
  BULK_QUERY_FIELD_TYPES,
  BULK_REQUIRED_FIELD_TYPES,
  ENRICH_REQUIRED_VALUES,
  SIMILAR_COMPANIES_SIZE,
  SIMILAR_CONTACTS_SIZE,
} from './limits';

/*
 * Request contract, parsed strictly: unknown keys, unknown enum values and out-of-range sizes are rejected.
 * Each schema accepts both the typed form (booleans, numbers, arrays; what the client passes) and the wire form
 * (query strings, JSON-encoded multipart fields; what the sandbox receives), and outputs the typed form.
 */

/** Boolean query flag: `true`/`false` or their query-string spellings (`true`, `False`, `1`, `0`, …). */
const queryFlag = () => z.union([z.boolean(), z.stringbool()]).default(false);

/** Integer query value within bounds: a number or a string of digits. */
const queryInt = (bounds: { min: number; max: number; default: number }) =>
  z
    .union([z.int(), z.string().regex(/^\d{1,9}$/, 'Expected an integer').transform(Number)])
    .pipe(z.int().min(bounds.min).max(bounds.max))
    .default(bounds.default);

const lookupValue = () => z.string().trim().min(1).max(2048).optional();

/** JSON-encoded multipart field (spec: bulk fields hold JSON-encoded arrays) or the value itself. */
function jsonField<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v; // left as a string: the inner schema reports the type error
    }
  }, schema);
}

// ---------------------------------------------------------------- lookup keys

export const LookupKeysShape = {
  first_name: lookupValue(),
  last_name: lookupValue(),
  company_name: lookupValue(),
  company_domain: lookupValue(),
  email: lookupValue(),
  phone: lookupValue(),
  social_profile: lookupValue(),
};

export const EnrichRequiredValueSchema = z.enum(ENRICH_REQUIRED_VALUES);
export type EnrichRequiredValue = z.infer<typeof EnrichRequiredValueSchema>;

/** `required`: an array, or the wire's comma-separated list. */
const requiredList = () =>
  z
    .union(
      [
        z.array(EnrichRequiredValueSchema),
        z
          .string()
          .transform((s) =>
            s
              .split(',')
              .map((part) => part.trim())
              .filter((part) => part !== ''),
          )
          .pipe(z.array(EnrichRequiredValueSchema)),
      ],
      { error: `required: a comma-separated list of ${ENRICH_REQUIRED_VALUES.join(', ')}` },
    )
    .optional();

// ---------------------------------------------------------------- GET /v1/enrich

export const EnrichParamsSchema = z
  .strictObject({
    ...LookupKeysShape,
    required: requiredList(),
    include_all_experiences: queryFlag(),
    realtime: queryFlag(),
    waterfall: queryFlag(),
  })
  .refine(hasMinimumLookup, { message: MINIMUM_LOOKUP_MESSAGE })
  .meta({ id: 'EnrichParams' });
export type EnrichParamsInput = z.input<typeof EnrichParamsSchema>;
export type EnrichParams = z.output<typeof EnrichParamsSchema>;

// ---------------------------------------------------------------- POST /v1/bulk-enrich

export const BulkRequiredFieldSchema = z
  .strictObject({ field_type: z.enum(BULK_REQUIRED_FIELD_TYPES) })
  .meta({ id: 'BulkRequiredField' });
export type BulkRequiredField = z.infer<typeof BulkRequiredFieldSchema>;

export const BulkRequiredFieldsSchema = z.array(BulkRequiredFieldSchema);

export const BulkQuerySchema = z
  .strictObject({ field_type: z.enum(BULK_QUERY_FIELD_TYPES), value: z.string().trim().min(1).max(2048) })
  .meta({ id: 'BulkQuery' });
export type BulkQuery = z.infer<typeof BulkQuerySchema>;

export const BulkEnrichBodySchema = z
  .strictObject({
    required_fields: jsonField(BulkRequiredFieldsSchema).default([]),
    query_list: jsonField(z.array(BulkQuerySchema).min(1).max(BULK_MAX_INPUTS)),
  })
  .meta({ id: 'BulkEnrichBody' });
export type BulkEnrichBodyInput = z.input<typeof BulkEnrichBodySchema>;
export type BulkEnrichBody = z.output<typeof BulkEnrichBodySchema>;

// ---------------------------------------------------------------- GET /v1/company

export const CompanyParamsSchema = z
  .strictObject({ url: z.string().trim().min(1).max(2048), fetch_realtime: queryFlag() })
  .meta({ id: 'CompanyParams' });
export type CompanyParamsInput = z.input<typeof CompanyParamsSchema>;
export type CompanyParams = z.output<typeof CompanyParamsSchema>;

// ---------------------------------------------------------------- GET /v2/similar-companies

export const SimilarCompaniesParamsSchema = z
  .strictObject({
    url: z.string().trim().min(1).max(2048),
    size: queryInt(SIMILAR_COMPANIES_SIZE),
    reveal_all: queryFlag(),
  })
  .meta({ id: 'SimilarCompaniesParams' });
export type SimilarCompaniesParamsInput = z.input<typeof SimilarCompaniesParamsSchema>;
export type SimilarCompaniesParams = z.output<typeof SimilarCompaniesParamsSchema>;

// ---------------------------------------------------------------- GET /v1/similar-contacts

export const SimilarContactsParamsSchema = z
  .strictObject({ ...LookupKeysShape, size: queryInt(SIMILAR_CONTACTS_SIZE) })
  .refine(hasMinimumLookup, { message: MINIMUM_LOOKUP_MESSAGE })
  .meta({ id: 'SimilarContactsParams' });
export type SimilarContactsParamsInput = z.input<typeof SimilarContactsParamsSchema>;
export type SimilarContactsParams = z.output<typeof SimilarContactsParamsSchema>;

// ---------------------------------------------------------------- GET /v1/email-verification

export const EmailVerificationParamsSchema = z
  // The spec asks only for a string: the shape is checked (one @, something on each side, a dot in the domain), and
  // whether it is deliverable is the service's answer. zod's z.email() refused addresses the service may verify:
  // internationalised domains (user@bücher.de) and local parts (josé@acme.com), and IDN top-level domains.
  .strictObject({ email: z.string().trim().max(320).regex(/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u, 'Expected an email address (name@domain)') })
  .meta({ id: 'EmailVerificationParams' });
export type EmailVerificationParamsInput = z.input<typeof EmailVerificationParamsSchema>;
export type EmailVerificationParams = z.output<typeof EmailVerificationParamsSchema>;

// ---------------------------------------------------------------- POST /v1/prospector

/** Filters: OR within one, AND across (docs/api-decisions.md, D3); the list of names is PROSPECTOR_FILTERS. */
const filterValues = () => z.array(z.string().trim().min(1).max(200)).max(100).optional();

export const ProspectorBodySchema = z
  .strictObject({
    job_title: filterValues(),
    seniority: filterValues(),
    location: filterValues(),
    skills: filterValues(),
    interests: filterValues(),
    industry: filterValues(),
    // Not in the spec: the people of one company (docs/api-decisions.md, "Contact search by company").
    company_domain: filterValues(),
    company_name: filterValues(),
    page: z.int().min(PROSPECTOR_PAGE.minPage).default(PROSPECTOR_PAGE.defaultPage),
    page_size: z.int().min(PROSPECTOR_PAGE.minSize).max(PROSPECTOR_PAGE.maxSize).default(PROSPECTOR_PAGE.defaultSize),
  })
  .meta({ id: 'ProspectorBody' });
export type ProspectorBodyInput = z.input<typeof ProspectorBodySchema>;
export type ProspectorBody = z.output<typeof ProspectorBodySchema>;
