/**
 * CRM-ready rows (docs/exports.md): one value per column, so a CRM can map each column to one property. Mobile and work
 * phones are told apart, each email has its verification status, the location is split into city/region/country
 * and every date is ISO 8601 (never "2 months ago").
 *
 * Presets rename the canonical columns to the headers each CRM's contact import maps automatically (see
 * docs/exports.md for the sources and for what each one expects of phones and dates).
 */
import type { EnrichedContact, PhoneNumber } from '../api/schemas';
import { exclusionOf } from '../detect/domains';
import { fullNameOf, profileUrlOf } from './contact-rows';
import { isoDate } from './dates';
import { nameParts } from './names';
import type { TableRow, Tabular } from './tabular';

export const CRM_COLUMNS = [
  'first_name',
  'last_name',
  'full_name',
  'title',
  'seniority',
  'company_name',
  'company_domain',
  'email',
  'work_email',
  'work_email_status',
  'other_work_emails',
  'personal_email',
  'personal_email_status',
  'other_personal_emails',
  'mobile_phone',
  'work_phone',
  'other_phone',
  'other_phones',
  'city',
  'region',
  'country',
  'profile_url',
  'last_updated',
  'bought_at',
] as const;
export type CrmColumn = (typeof CRM_COLUMNS)[number];

export const CRM_PRESETS = ['plain', 'hubspot', 'salesforce', 'salesforce_lead', 'pipedrive'] as const;
export type CrmPreset = (typeof CRM_PRESETS)[number];

/** Column → header, in the order written. A preset leaves out what its import has no default property for. */
const PRESET_HEADERS: Record<CrmPreset, Partial<Record<CrmColumn, string>>> = {
  plain: {
    first_name: 'First name',
    last_name: 'Last name',
    full_name: 'Full name',
    title: 'Job title',
    seniority: 'Seniority',
    company_name: 'Company name',
    company_domain: 'Company domain',
    work_email: 'Work email',
    work_email_status: 'Work email status',
    other_work_emails: 'Other work emails',
    personal_email: 'Personal email',
    personal_email_status: 'Personal email status',
    other_personal_emails: 'Other personal emails',
    mobile_phone: 'Mobile phone',
    work_phone: 'Work phone',
    other_phones: 'Other phones',
    city: 'City',
    region: 'Region',
    country: 'Country',
    profile_url: 'Profile URL',
    last_updated: 'Last updated',
    bought_at: 'Bought at',
  },
  // HubSpot's default contact properties, by the labels its import wizard auto-maps. One Email property: the best
  // address (`email`), so a person the service knows only by a personal or second work email still has one.
  // "Company Domain Name" is the company's unique identifier: imported as contacts and companies in one file, each
  // row's contact is associated with that company (created, or matched by domain) (docs/exports.md).
  hubspot: {
    first_name: 'First Name',
    last_name: 'Last Name',
    email: 'Email',
    title: 'Job Title',
    company_name: 'Company Name',
    company_domain: 'Company Domain Name',
    work_phone: 'Phone Number',
    mobile_phone: 'Mobile Phone Number',
    city: 'City',
    region: 'State/Region',
    country: 'Country/Region',
    profile_url: 'LinkedIn URL',
  },
  // Salesforce Contact field labels, as the Data Import Wizard maps them. One Email field: the best address.
  salesforce: {
    first_name: 'First Name',
    last_name: 'Last Name',
    title: 'Title',
    company_name: 'Account Name',
    email: 'Email',
    work_phone: 'Phone',
    mobile_phone: 'Mobile',
    other_phone: 'Other Phone',
    city: 'Mailing City',
    region: 'Mailing State/Province',
    country: 'Mailing Country',
  },
  // Salesforce Lead field labels. Company and Last Name are required on a lead: Company is never empty (leadCompany).
  salesforce_lead: {
    first_name: 'First Name',
    last_name: 'Last Name',
    title: 'Title',
    company_name: 'Company',
    company_domain: 'Website',
    email: 'Email',
    work_phone: 'Phone',
    mobile_phone: 'Mobile',
    city: 'City',
    region: 'State/Province',
    country: 'Country',
  },
  // Pipedrive's spreadsheet import: "Item - Field - Label" headers, one label per email/phone kind.
  pipedrive: {
    full_name: 'Person - Name',
    first_name: 'Person - First name',
    last_name: 'Person - Last name',
    work_email: 'Person - Email - Work',
    personal_email: 'Person - Email - Home',
    work_phone: 'Person - Phone - Work',
    mobile_phone: 'Person - Phone - Mobile',
    other_phone: 'Person - Phone - Other',
    title: 'Person - Job title',
    company_name: 'Organization - Name',
  },
};

export function presetColumns(preset: CrmPreset): { columns: CrmColumn[]; labels: Record<string, string> } {
  const headers = PRESET_HEADERS[preset];
  const columns = CRM_COLUMNS.filter((c) => headers[c] !== undefined);
  // Presets list columns in the order their CRM's template does, not the canonical order.
  const ordered = preset === 'plain' ? columns : (Object.keys(headers) as CrmColumn[]);
  return { columns: ordered, labels: Object.fromEntries(ordered.map((c) => [c, headers[c] ?? c])) };
}

type PhoneKind = 'mobile' | 'work' | 'other';

/** Mobile vs work from the API's `type` and the US NXX line type; anything else is "other". */
export function phoneKind(phone: PhoneNumber): PhoneKind {
  const words = `${phone.type ?? ''} ${phone.NXX_use_type ?? ''}`.toLowerCase();
  if (/mobile|cell|wireless/.test(words)) return 'mobile';
  if (/work|office|direct|business|landline|main/.test(words)) return 'work';
  return 'other';
}

const phoneText = (p: PhoneNumber) => (p.E164 ?? p.national_number ?? '').trim();

interface Emails {
  /** The work email a CRM's "work" slot gets, with its verification status. */
  work: { address: string; status: string } | null;
  otherWork: string[];
  /** Personal emails, the first one first. */
  personal: string[];
}

/**
 * Every current address of a person, each once (audit r8: only `current_work_email` and the first personal email
 * were exported, so a person with a second work email and two personal ones had no Email in HubSpot or Salesforce).
 * The work slot takes `current_work_email`, else one of `other_current_work_emails` (the service calls those
 * current too), a verified one first. The one Email column of HubSpot and Salesforce takes that address, else the
 * first personal email. Historical emails are past addresses and left out; an address listed twice is written once.
 */
function emailsOf(contact: EnrichedContact): Emails {
  const seen = new Set<string>();
  const fresh = (address: string | null | undefined): string => {
    const text = address?.trim() ?? '';
    const key = text.toLowerCase();
    if (!text || seen.has(key)) return '';
    seen.add(key);
    return text;
  };
  const current = fresh(contact.current_work_email);
  const others = contact.other_current_work_emails
    .map((e) => ({ address: fresh(e.work_email), status: e.status?.trim() ?? '' }))
    .filter((e) => e.address !== '');
  const work = current
    ? { address: current, status: contact.current_work_email_status?.trim() ?? '' }
    : (others.find((e) => e.status.toLowerCase() === 'verified') ?? others[0] ?? null);
  return {
    work,
    otherWork: others.filter((e) => e !== work).map((e) => e.address),
    personal: contact.personal_emails.map(fresh).filter((e) => e !== ''),
  };
}

function domainOf(contact: EnrichedContact): string {
  const domain = contact.employment?.company_email_domain?.trim();
  if (domain) return domain.toLowerCase();
  const site = contact.employment?.website?.trim() ?? '';
  return site.replace(/^https?:\/\//i, '').replace(/^www\./i, '').replace(/[/?#].*$/, '').toLowerCase();
}

/**
 * One person as CRM columns. `boughtAt` (epoch ms) is when the answer was bought, the moment the service's relative
 * "last updated" text counts from; without it that text is left empty (the export's own time could be weeks later).
 */
export function crmRow(contact: EnrichedContact, boughtAt?: number): Record<CrmColumn, string> {
  const phones = contact.phone_numbers.filter((p) => phoneText(p) !== '');
  const first = (kind: PhoneKind) => phones.find((p) => phoneKind(p) === kind);
  const mobile = first('mobile');
  const work = first('work');
  const others = phones.filter((p) => p !== mobile && p !== work).map(phoneText);
  const emails = emailsOf(contact);
  const name = nameParts(contact.first_name ?? '', contact.last_name ?? '', fullNameOf(contact));
  const job = contact.employment?.job;
  return {
    first_name: name.first,
    last_name: name.last,
    full_name: fullNameOf(contact),
    title: job?.title?.trim() || contact.occupation?.trim() || '',
    seniority: job?.seniority.find((s) => s.trim() !== '')?.trim() ?? '',
    company_name: contact.employment?.name?.trim() ?? '',
    company_domain: domainOf(contact),
    email: emails.work?.address || emails.personal[0] || '',
    work_email: emails.work?.address ?? '',
    work_email_status: emails.work?.status ?? '',
    other_work_emails: emails.otherWork.join(', '),
    personal_email: emails.personal[0] ?? '',
    // The service verifies work emails only; a personal email's status is unknown unless verified separately.
    personal_email_status: emails.personal.length ? 'unverified' : '',
    other_personal_emails: emails.personal.slice(1).join(', '),
    mobile_phone: mobile ? phoneText(mobile) : '',
    work_phone: work ? phoneText(work) : '',
    // A CRM's "other phone" holds one number; the plain export lists them all.
    other_phone: others[0] ?? '',
    other_phones: [...new Set(others)].join(', '),
    city: contact.location?.locality?.trim() ?? '',
    region: contact.location?.region?.trim() ?? '',
    country: contact.location?.country?.trim() ?? '',
    profile_url: profileUrlOf(contact),
    // "3 days ago" counts back from when the answer was bought: that is when the service said it. An export that
    // does not know (an import's export) counts from the export, a few seconds to days later.
    // Relative text without the moment it counts from is left empty: a wrong date is worse than none in a CRM.
    last_updated: isoDate(contact.last_updated, boughtAt),
    // Our own clock in epoch ms, never a guess about the unit.
    bought_at: boughtAt === undefined || !Number.isFinite(boughtAt) ? '' : new Date(boughtAt).toISOString(),
  };
}

/** What Salesforce itself writes in a lead's required Company when a web form leaves it empty (docs/exports.md). */
export const LEAD_COMPANY_UNKNOWN = '[not provided]';

/**
 * A Salesforce lead's Company, never empty (the wizard refuses a lead without one): the company's name, else its
 * domain, else the domain of the person's work email when it is a company's (not gmail.com and the like), else
 * Salesforce's own placeholder. A domain stands in for the name so the lead converts to the right account; the
 * placeholder says plainly that nobody knows, rather than inventing a name.
 */
export function leadCompany(row: Pick<Record<CrmColumn, string>, 'company_name' | 'company_domain' | 'work_email'>): string {
  if (row.company_name.trim()) return row.company_name.trim();
  if (row.company_domain.trim()) return row.company_domain.trim();
  const domain = row.work_email.slice(row.work_email.lastIndexOf('@') + 1).trim().toLowerCase();
  if (row.work_email.includes('@') && domain.includes('.') && exclusionOf(domain) !== 'freeMail') return domain;
  return LEAD_COMPANY_UNKNOWN;
}

/** People as a table in a preset's columns, ready for toCsv. */
export function crmTable(people: ReadonlyArray<{ contact: EnrichedContact; boughtAt?: number }>, preset: CrmPreset): Tabular {
  const { columns, labels } = presetColumns(preset);
  const rowOf = (contact: EnrichedContact, boughtAt?: number): TableRow => {
    const row = crmRow(contact, boughtAt);
    return preset === 'salesforce_lead' ? { ...row, company_name: leadCompany(row) } : row;
  };
  return { columns, labels, rows: people.map(({ contact, boughtAt }) => rowOf(contact, boughtAt)) };
}
