import type { EnrichedContact } from '../api/schemas';
import { isoDate } from './dates';
import type { TableRow } from './tabular';

/*
 * One enriched contact as one flat spreadsheet row. Lists are joined with "; " so a row stays a row.
 * Column keys are stable (scripts read them); labels are for people.
 */

export const CONTACT_COLUMNS = [
  'full_name',
  'first_name',
  'last_name',
  'headline',
  'job_title',
  'seniority',
  'company',
  'company_domain',
  'company_website',
  'industry',
  'location',
  'country',
  'work_email',
  'work_email_status',
  'other_work_emails',
  'personal_emails',
  'phones',
  'profile_url',
  'social_profiles',
  'skills',
  'last_updated',
] as const;
export type ContactColumn = (typeof CONTACT_COLUMNS)[number];

export const CONTACT_LABELS: Record<ContactColumn, string> = {
  full_name: 'Full name',
  first_name: 'First name',
  last_name: 'Last name',
  headline: 'Headline',
  job_title: 'Job title',
  seniority: 'Seniority',
  company: 'Company',
  company_domain: 'Company domain',
  company_website: 'Company website',
  industry: 'Industry',
  location: 'Location',
  country: 'Country',
  work_email: 'Work email',
  work_email_status: 'Work email status',
  other_work_emails: 'Other work emails',
  personal_emails: 'Personal emails',
  phones: 'Phones',
  profile_url: 'Profile URL',
  social_profiles: 'Social profiles',
  skills: 'Skills',
  last_updated: 'Last updated',
};

const join = (values: ReadonlyArray<string | null | undefined>): string =>
  values.filter((v): v is string => typeof v === 'string' && v.trim() !== '').join('; ');

/** The professional-network profile, if the contact lists one. */
export function profileUrlOf(contact: EnrichedContact): string {
  const pnet = contact.social_profiles.find((p) => /^(pnet|linkedin)$/i.test(p.network ?? ''));
  return pnet?.url ?? '';
}

export function fullNameOf(contact: EnrichedContact): string {
  return contact.full_name?.trim() || join([contact.first_name, contact.last_name]).replace('; ', ' ');
}

/**
 * `answeredAt` (epoch ms): when the service gave this answer, the moment its relative "Last updated" ("2 months ago")
 * counts back from. Every export writes that column as an ISO date (lib/export/dates.ts), never the relative text;
 * without the moment, relative text becomes an empty cell rather than a wrong date.
 */
export function flattenContact(contact: EnrichedContact, answeredAt?: number): Record<ContactColumn, string> {
  const employment = contact.employment;
  const job = employment?.job;
  return {
    full_name: fullNameOf(contact),
    first_name: contact.first_name ?? '',
    last_name: contact.last_name ?? '',
    headline: contact.headline ?? '',
    job_title: job?.title ?? contact.occupation ?? '',
    seniority: join(job?.seniority ?? []),
    company: employment?.name ?? '',
    company_domain: employment?.company_email_domain ?? '',
    company_website: employment?.website ?? '',
    industry: employment?.industry ?? '',
    location: contact.location?.name ?? join([contact.location?.locality, contact.location?.region]),
    country: contact.location?.country ?? '',
    work_email: contact.current_work_email ?? '',
    work_email_status: contact.current_work_email_status ?? '',
    other_work_emails: join(contact.other_current_work_emails.map((e) => e.work_email)),
    personal_emails: join(contact.personal_emails),
    phones: join(contact.phone_numbers.map((p) => p.E164 ?? p.national_number)),
    profile_url: profileUrlOf(contact),
    social_profiles: join(contact.social_profiles.map((p) => p.url)),
    skills: join(contact.skills),
    last_updated: isoDate(contact.last_updated, answeredAt),
  };
}

/** A list of contacts as a table ready for toCsv / toTsv; `answeredAt` as in `flattenContact`. */
export function contactsTable(contacts: readonly EnrichedContact[], answeredAt?: number) {
  return {
    columns: CONTACT_COLUMNS,
    labels: CONTACT_LABELS,
    rows: contacts.map((c): TableRow => flattenContact(c, answeredAt)),
  };
}
