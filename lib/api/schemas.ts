import { z } from 'zod';
import { ERROR_CODES } from './decisions';
import { anyObject, bool, int, list, nested, num, objectList, stringList, text } from './lenient';
import { readWireNames, WIRE_NAMES, type WireObject } from './wire-names';

/*
 * Response contract of the enrichment API (spec: "Resources and their fields"). Parsing is lenient at the
 * leaves (see ./lenient.ts) and strict at the envelope. Field names are the spec's, except those that carry the
 * professional network's name: they arrive in either spelling and are read into the spec's (./wire-names.ts).
 * URI fields are kept as text: consumers must check the scheme before making a link of one.
 */

/** An object of the contract whose network-named fields are read in either spelling (./wire-names.ts). */
function eitherSpelling<S extends z.ZodType>(object: WireObject, schema: S) {
  return z.preprocess((value) => readWireNames(value, object), schema);
}

// ---------------------------------------------------------------- nested types

export const ApiDateSchema = z.looseObject({ day: int(), month: int(), year: int() }).meta({ id: 'Date' });
export type ApiDate = z.infer<typeof ApiDateSchema>;

export const CourseSchema = z.looseObject({ name: text(), number: text() }).meta({ id: 'Course' });
export type Course = z.infer<typeof CourseSchema>;

export const HonorAwardSchema = z
  .looseObject({ description: text(), issued_on: nested(ApiDateSchema), issuer: text(), title: text() })
  .meta({ id: 'HonorAward' });
export type HonorAward = z.infer<typeof HonorAwardSchema>;

export const ProjectSchema = z
  .looseObject({
    description: text(),
    ends_at: nested(ApiDateSchema),
    starts_at: nested(ApiDateSchema),
    title: text(),
    url: text(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof ProjectSchema>;

export const ActivitySchema = z
  .looseObject({ activity_status: text(), link: text(), title: text() })
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof ActivitySchema>;

export const SchoolSchema = z
  .looseObject({ location: text(), name: text(), profiles: stringList(), type: text(), website: text() })
  .meta({ id: 'School' });
export type School = z.infer<typeof SchoolSchema>;

export const EducationSchema = z
  .looseObject({
    degrees: stringList(),
    start_date: text(),
    end_date: text(),
    gpa: text(),
    locations: stringList(),
    majors: stringList(),
    minors: stringList(),
    school: nested(SchoolSchema),
  })
  .meta({ id: 'Education' });
export type Education = z.infer<typeof EducationSchema>;

export const LocationSchema = z
  .looseObject({
    continent: text(),
    country: text(),
    locality: text(),
    name: text(),
    postal_code: text(),
    region: text(),
    street_address: text(),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof LocationSchema>;

export const JobSchema = z
  .looseObject({
    department: stringList(),
    end_date: text(),
    functions: stringList(),
    seniority: stringList(),
    start_date: text(),
    summaries: stringList(),
    title: text(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof JobSchema>;

export const EmploymentSchema = eitherSpelling(
  'Employment',
  z.looseObject({
    company_email_domain: text(),
    founded: text(),
    industry: text(),
    inferred_salary: text(),
    inferred_years_experience: int(),
    is_current_experience: bool(),
    job: nested(JobSchema),
    /** The wire sends a string URI or an array of them; always normalised to an array here. */
    pnet_url: stringList().describe('Sent as one URI string or an array of URI strings; parsed into an array.'),
    location: nested(LocationSchema),
    name: text(),
    profile_pic_url: text(),
    size: text(),
    website: text(),
  }),
).meta({ id: 'Employment' });
export type Employment = z.infer<typeof EmploymentSchema>;

export const LanguageSchema = z.looseObject({ name: text(), proficiency: int() }).meta({ id: 'Language' });
export type Language = z.infer<typeof LanguageSchema>;

export const WorkEmailSchema = z.looseObject({ status: text(), work_email: text() }).meta({ id: 'WorkEmail' });
export type WorkEmail = z.infer<typeof WorkEmailSchema>;

export const PersonViewedSchema = z
  .looseObject({ link: text(), location: text(), name: text(), summary: text() })
  .meta({ id: 'PersonViewed' });
export type PersonViewed = z.infer<typeof PersonViewedSchema>;

export const PhoneNumberSchema = z
  .looseObject({ E164: text(), NXX_use_type: text(), national_number: text(), type: text() })
  .meta({ id: 'PhoneNumber' });
export type PhoneNumber = z.infer<typeof PhoneNumberSchema>;

export const SocialProfileSchema = z
  .looseObject({ network: text(), url: text() })
  .meta({ id: 'SocialProfile' });
export type SocialProfile = z.infer<typeof SocialProfileSchema>;

// ---------------------------------------------------------------- enriched contact

export const EnrichedContactSchema = z
  .looseObject({
    _id: text(),
    about: text(),
    accomplishment_courses: list(CourseSchema),
    accomplishment_honors_awards: list(HonorAwardSchema),
    accomplishment_organisations: objectList(),
    accomplishment_patents: objectList(),
    accomplishment_projects: list(ProjectSchema),
    accomplishment_publications: objectList(),
    activities: list(ActivitySchema),
    articles: objectList(),
    birth_date: text(),
    certifications: stringList(),
    current_work_email: text(),
    current_work_email_status: text(),
    education: list(EducationSchema),
    employment: nested(EmploymentSchema),
    first_name: text(),
    full_name: text(),
    gender: text(),
    groups: objectList(),
    headline: text(),
    historical_emails: stringList(),
    interests: stringList(),
    languages: list(LanguageSchema),
    last_name: text(),
    last_updated: text(),
    location: nested(LocationSchema),
    occupation: text(),
    other_current_work_emails: list(WorkEmailSchema),
    people_also_viewed: list(PersonViewedSchema),
    personal_emails: stringList(),
    phone_numbers: list(PhoneNumberSchema),
    profile_pic_url: text(),
    recommendations: stringList(),
    skills: stringList(),
    social_profiles: list(SocialProfileSchema),
    volunteer_work: objectList(),
    /**
     * Present only with `include_all_experiences=true`. Entry shape is "not shown" in the spec; we read
     * entries as Employment (see docs/api-decisions.md) and keep unknown keys.
     */
    experiences: list(EmploymentSchema).optional(),
  })
  .meta({ id: 'EnrichedContact' });
export type EnrichedContact = z.infer<typeof EnrichedContactSchema>;

export const EnrichResponseSchema = z.looseObject({ result: EnrichedContactSchema }).meta({ id: 'EnrichResponse' });
export type EnrichResponse = z.infer<typeof EnrichResponseSchema>;

// ---------------------------------------------------------------- bulk

/**
 * What an entry's `enriched_contact` reads as when it is neither null nor a contact. Not null: "not enriched" would be
 * cached as a miss for days and the person shown as "no match" although the service may have charged for them. The
 * bulk settlement (./bulk.ts) turns it into a failed entry; nothing else ever sees it.
 */
export const UNREADABLE_CONTACT: EnrichedContact = Object.freeze({}) as EnrichedContact;

export const BulkContactEntrySchema = z
  .looseObject({
    // One unreadable entry fails that entry, not the chunk: the others were answered (and charged) as they came.
    enriched_contact: EnrichedContactSchema.nullable().catch(() => UNREADABLE_CONTACT),
    value: z.string().catch(''),
  })
  .meta({ id: 'BulkContactEntry' });
export type BulkContactEntry = z.infer<typeof BulkContactEntrySchema>;

export const BulkEnrichResultSchema = z
  .looseObject({
    contacts: z.array(BulkContactEntrySchema),
    records_enriched: int(),
  })
  .meta({ id: 'BulkEnrichResult' });
export type BulkEnrichResult = z.infer<typeof BulkEnrichResultSchema>;

// ---------------------------------------------------------------- company

export const AddressSchema = z
  .looseObject({
    city: text(),
    country: text(),
    line_1: text(),
    postal_code: text(),
    state: text(),
    is_hq: bool(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof AddressSchema>;

export const CompanyEmployeeSchema = eitherSpelling(
  'CompanyEmployee',
  z.looseObject({ employee_name: text(), job_title: text(), pnet_url: text() }),
).meta({ id: 'CompanyEmployee' });
export type CompanyEmployee = z.infer<typeof CompanyEmployeeSchema>;

export const CompanyFundingSchema = z
  .looseObject({
    funding_rounds_list: objectList(),
    investments: anyObject().catch({}),
    investors: anyObject().catch({}),
    total_funding_amount: num(),
  })
  .meta({ id: 'CompanyFunding' });
export type CompanyFunding = z.infer<typeof CompanyFundingSchema>;

export const TechnologySchema = z
  .looseObject({ categories: stringList(), icon: text(), name: text(), website: text() })
  .meta({ id: 'Technology' });
export type Technology = z.infer<typeof TechnologySchema>;

export const OverviewSimilarCompanySchema = z
  .looseObject({ industry: text(), link: text(), location: text(), name: text() })
  .meta({ id: 'OverviewSimilarCompany' });
export type OverviewSimilarCompany = z.infer<typeof OverviewSimilarCompanySchema>;

export const SocialFieldSchema = z.looseObject({ value: text() }).meta({ id: 'SocialField' });
export type SocialField = z.infer<typeof SocialFieldSchema>;

export const CompanyOverviewSchema = eitherSpelling(
  'CompanyOverview',
  z.looseObject({
    /** [lower, upper] bound of head count. */
    company_size: z.tuple([z.int().nullable(), z.int().nullable()]).nullable().catch(null),
    company_size_on_pnet: int(),
    company_type: text(),
    description: text(),
    follower_count: int(),
    founded_year: int(),
    hq: nested(AddressSchema),
    industry: text(),
    is_ecommerce: bool(),
    last_updated: text(),
    pnet_url: text(),
    locations: list(AddressSchema),
    name: text(),
    profile_pic_url: text(),
    similar_companies: list(OverviewSimilarCompanySchema),
    /** Keyed by network name; the professional network's key is read as `pnet` whichever spelling arrived. */
    social_fields: z
      .preprocess(
        (v) =>
          typeof v === 'object' && v !== null && !Array.isArray(v)
            ? Object.fromEntries(
                Object.entries(readWireNames(v, 'SocialFields') as object).filter(([, f]) => typeof f === 'object' && f !== null && !Array.isArray(f)),
              )
            : {},
        z.record(z.string(), SocialFieldSchema),
      )
      .describe(`Keyed by network name; the professional network's key is \`${WIRE_NAMES.SocialFields.pnet}\`.`)
      .catch({}),
    specialities: stringList(),
    tagline: text(),
    universal_name_id: text(),
    website: text(),
  }),
).meta({ id: 'CompanyOverview' });
export type CompanyOverview = z.infer<typeof CompanyOverviewSchema>;

export const CompanySchema = z
  .looseObject({
    _id: text(),
    website: text(),
    employees: list(CompanyEmployeeSchema),
    funding: nested(CompanyFundingSchema),
    technologies: list(TechnologySchema),
    overview: nested(CompanyOverviewSchema),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof CompanySchema>;

export const CompanyResponseSchema = z.looseObject({ result: CompanySchema }).meta({ id: 'CompanyResponse' });
export type CompanyResponse = z.infer<typeof CompanyResponseSchema>;

// ---------------------------------------------------------------- lookalikes

export const SimilarCompanyItemSchema = z
  .looseObject({
    description: text(),
    industry: stringList(),
    name: text(),
    similarity_score: num(),
    specialities: stringList(),
    website: text(),
  })
  .meta({ id: 'SimilarCompanyItem' });
export type SimilarCompanyItem = z.infer<typeof SimilarCompanyItemSchema>;

export const SimilarCompaniesResponseSchema = z.array(SimilarCompanyItemSchema).meta({ id: 'SimilarCompanies' });

export const SimilarContactItemSchema = eitherSpelling(
  'SimilarContactItem',
  z.looseObject({
    job_title: text(),
    /** Profile addresses on the professional network. */
    pnet: stringList(),
    location: text(),
    name: text(),
    similarity_score: num(),
  }),
).meta({ id: 'SimilarContactItem' });
export type SimilarContactItem = z.infer<typeof SimilarContactItemSchema>;

export const SimilarContactsResponseSchema = z.array(SimilarContactItemSchema).meta({ id: 'SimilarContacts' });

// ---------------------------------------------------------------- email verification, search

export const EmailVerificationResultSchema = z
  .looseObject({ verified: z.boolean(), catch_all: bool() })
  .meta({ id: 'EmailVerificationResult' });
export type EmailVerificationResult = z.infer<typeof EmailVerificationResultSchema>;

export const ContactSearchResultSchema = z
  .looseObject({
    credits_deducted: int(),
    page: int(),
    page_size: int(),
    records_returned: int(),
    total_records_found: int(),
    results: z.array(EnrichedContactSchema),
  })
  .meta({ id: 'ContactSearchResult' });
export type ContactSearchResult = z.infer<typeof ContactSearchResultSchema>;

// ---------------------------------------------------------------- errors

/** The spec's 404 body. Also accepted on other statuses; the error model reads it from any body. */
export const NotFoundBodySchema = z.looseObject({ errorText: z.string() }).meta({ id: 'NotFoundBody' });
export type NotFoundBody = z.infer<typeof NotFoundBodySchema>;

/**
 * Bodies of 400/401/403/5xx are "not shown" in the spec; we decided on `{ errorCode, errorText }`
 * (docs/api-decisions.md). Parsed leniently: the real service may send something else.
 */
export const ErrorBodySchema = z
  .looseObject({
    errorCode: z.enum(ERROR_CODES).optional().catch(undefined),
    errorText: z.string().optional().catch(undefined),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
