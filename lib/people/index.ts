/*
 * People on a page, as the user thinks of them: one person, one lookup, one price (docs/people.md).
 *
 * Pure: which identifier a person is looked up by, which of their other identifiers ride along as aliases, which
 * identifiers on the page belong to nobody, and what to call a person who has no name. Why profile URL, then
 * email, then phone: docs/people.md.
 */
import type { EntityLists, PageCompany, PagePerson } from '@/lib/detect/schema';
import { badgeCount, foundBreakdown, looseEntities, type FoundBreakdown } from '@/lib/detect/people/badge';
import type { AlsoKnownAs, BulkEntry, ContactLookup } from '@/lib/model/lookup';
import { entryLabel } from '@/lib/model/lookup';
import { nationalDigits, profileHandle } from '../identity';
import { t } from '../i18n/t';
import { filterByText, foldText } from '../model/text-query';

/** The handle of a canonical profile or company page URL (`lib/identity`), for rows and labels. */
export { profileHandle };
export type { FoundBreakdown };
import { companyContacts } from './company-contacts';
export { companyContacts, type CompanyContacts, type GeneralContact } from './company-contacts';

export type PersonIdentifier =
  | { kind: 'profile'; value: string }
  | { kind: 'email'; value: string }
  | { kind: 'phone'; value: string };

/** The identifiers a person is known by, in the order they are worth looking up by. */
type PersonIds = Pick<PagePerson, 'emails' | 'phones' | 'profiles'>;

/** The one identifier to look a person up by: their profile URL, else their email, else their phone. */
export function bestIdentifier(person: PersonIds): PersonIdentifier | null {
  const profile = person.profiles[0];
  if (profile) return { kind: 'profile', value: profile };
  const email = person.emails[0];
  if (email) return { kind: 'email', value: email };
  const phone = person.phones[0];
  if (phone) return { kind: 'phone', value: phone };
  return null;
}

/** Every identifier of the person except the best one; undefined when there is none (nothing to send). */
export function alsoKnownAsOf(person: PersonIds): AlsoKnownAs | undefined {
  const best = bestIdentifier(person);
  const others = (kind: PersonIdentifier['kind'], values: readonly string[]) =>
    unique(values.filter((v) => !(best?.kind === kind && best.value === v)));
  const emails = others('email', person.emails);
  const phones = others('phone', person.phones);
  const profiles = others('profile', person.profiles);
  const aka: AlsoKnownAs = {
    ...(emails.length > 0 ? { emails } : {}),
    ...(phones.length > 0 ? { phones } : {}),
    ...(profiles.length > 0 ? { profiles } : {}),
  };
  return Object.keys(aka).length > 0 ? aka : undefined;
}

/** The single lookup that enriches a person, with their other identifiers beside it; null without identifiers. */
export function personLookup(person: PersonIds): { lookup: ContactLookup; alsoKnownAs?: AlsoKnownAs } | null {
  const best = bestIdentifier(person);
  if (!best) return null;
  const lookup: ContactLookup =
    best.kind === 'profile' ? { social_profile: best.value } : best.kind === 'email' ? { email: best.value } : { phone: best.value };
  const alsoKnownAs = alsoKnownAsOf(person);
  return alsoKnownAs ? { lookup, alsoKnownAs } : { lookup };
}

/**
 * The person as one bulk entry (one row, one possible credit), labelled with the name the page shows so the job's
 * row says who it is before any answer; null without identifiers.
 */
export function personBulkEntry(person: PersonIds & { name?: string | null }): BulkEntry | null {
  const best = bestIdentifier(person);
  if (!best) return null;
  const field_type = best.kind === 'profile' ? 'social_profile' : best.kind;
  const alsoKnownAs = alsoKnownAsOf(person);
  const label = entryLabel(person.name);
  return { field_type, value: best.value, ...(alsoKnownAs ? { alsoKnownAs } : {}), ...(label ? { label } : {}) };
}

/**
 * The identifiers no person or company holds: listed as loose items. One rule with the toolbar badge
 * (lib/detect/people/badge.ts), so the panel and the badge always count the same rows.
 */
export function looseIdentifiers(
  entities: EntityLists,
  people: readonly PersonIds[] = [],
  companies: ReadonlyArray<Pick<PageCompany, 'domains' | 'companyPages'>> = [],
): EntityLists {
  return looseEntities({ ...entities, people, companies });
}


/**
 * What to call a person in a row: their name as the page shows it; without one, the identifier the user would
 * recognise (email, then profile handle, then phone). A slug is shown as a slug, never dressed up as a name.
 */
export function personDisplayName(person: Pick<PagePerson, 'name' | 'emails' | 'phones' | 'profiles'>): string {
  const name = person.name?.trim();
  if (name) return name;
  const email = person.emails[0];
  if (email) return email;
  const profile = person.profiles[0];
  if (profile) return profileHandle(profile) ?? profile;
  return person.phones[0] ?? t('sidepanel_unnamed_person');
}

type Searchable = Pick<PagePerson, 'name' | 'title' | 'company' | 'emails' | 'phones' | 'profiles'>;

/**
 * The people a filter typed above the list matches (`lib/model/text-query.ts`: any case and accents, every word
 * somewhere): by name, title, company, email, profile handle, or phone number written with or without spaces and
 * signs, international or national. In the list's order; every person for an empty filter.
 */
export function filterPeople<P extends Searchable>(people: readonly P[], query: string): readonly P[] {
  return filterByText(people, query, (p, digits) => (digits ? personPhoneText(p) : personText(p)));
}

/** Each person's search texts, made once (a page's people are not changed once scanned: a rescan makes new ones). */
const texts = new WeakMap<Searchable, string>();
const phoneTexts = new WeakMap<Searchable, string>();

function personText(p: Searchable): string {
  let text = texts.get(p);
  if (text === undefined) {
    const handles = p.profiles.map((u) => profileHandle(u) ?? u);
    text = foldText([p.name, p.title, p.company, ...p.emails, ...handles, ...p.phones].filter((s) => s).join('\n'));
    texts.set(p, text);
  }
  return text;
}

/** The same with each number's national digits ("030 123456" finds +49 30 123456): a parse per number, so only asked by a filter with digits. */
function personPhoneText(p: Searchable): string {
  let text = phoneTexts.get(p);
  if (text === undefined) {
    text = p.phones.length === 0 ? personText(p) : `${personText(p)}\n${p.phones.map(nationalDigits).join('\n')}`;
    phoneTexts.set(p, text);
  }
  return text;
}

/**
 * The loose identifiers a filter matches, by the same rule as people: an email or domain by its text ("acme.com" keeps
 * the addresses there), a profile or company page by its address and handle, a number by its digits, international or
 * national. The same array back when nothing is filtered out.
 */
export function filterIdentifiers<R extends { kind: string; value: string }>(rows: readonly R[], query: string): readonly R[] {
  return filterByText(rows, query, (r, digits) => {
    const forms = [r.value];
    if (r.kind === 'profile' || r.kind === 'companyProfile') forms.push(profileHandle(r.value) ?? '');
    if (r.kind === 'phone' && digits) forms.push(nationalDigits(r.value));
    return foldText(forms.join('\n'));
  });
}

/** The companies a filter matches, by the same rule: by name, website domains and company page handles. */
export function filterCompanies<C extends Pick<PageCompany, 'name' | 'domains' | 'companyPages'>>(companies: readonly C[], query: string): readonly C[] {
  return filterByText(companies, query, (c) => foldText([c.name ?? '', ...c.domains, ...c.companyPages.map((u) => profileHandle(u) ?? u)].join('\n')));
}

/** "Partner · Acme LLP": the person's title and company, whichever the page showed; null when neither. */
export function personSubtitle(person: Pick<PagePerson, 'title' | 'company'>): string | null {
  const parts = [person.title?.trim(), person.company?.trim()].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The lookup a company row enriches with: its website domain, else its company page. */
export function companyLookupUrl(company: Pick<PageCompany, 'domains' | 'companyPages'>): string | null {
  return company.domains[0] ?? company.companyPages[0] ?? null;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** A page's entities; stored state from before grouping has no `people` or `companies`. */
type FoundEntities = EntityLists & {
  url?: string;
  people?: readonly PersonIds[];
  companies?: ReadonlyArray<Pick<PageCompany, 'domains' | 'companyPages'> & { id?: string }>;
};

/**
 * The page as the panel lists it: a company's general contact (`companyContacts`) counts as its company's row, not
 * as a loose identifier, so it is taken out of the flat lists before counting.
 */
function counted(entities: FoundEntities) {
  const people = entities.people ?? [];
  const companies = entities.companies ?? [];
  if (entities.url === undefined || companies.length === 0) return { ...entities, people, companies };
  const rows = companies.map((c, i) => ({ id: c.id ?? String(i), domains: c.domains }));
  const { byCompany } = companyContacts(rows, looseEntities({ ...entities, people, companies }), entities.url, people);
  const attached = new Set<string>();
  for (const c of byCompany.values()) for (const v of [...c.emails, ...c.phones]) attached.add(v);
  const kept = (list: readonly string[]) => list.filter((v) => !attached.has(v));
  return { ...entities, emails: kept(entities.emails), phones: kept(entities.phones), people, companies };
}

/** What the panel's summary and the toolbar badge count: people + companies + loose identifiers (one rule). */
export function foundCount(entities: FoundEntities): number {
  return badgeCount(counted(entities));
}

/** The same count in its three parts, as the panel's summary words it. */
export function foundParts(entities: FoundEntities): FoundBreakdown {
  return foundBreakdown(counted(entities));
}

/** A company answer's employee (name, title, profile link), as the API gives it: every field may be missing. */
export interface EmployeeLike {
  employee_name?: string | null;
  job_title?: string | null;
  pnet_url?: string | null;
}

/**
 * An employee as a person row: their profile (if the link is a person profile) is their one identifier. `id` is
 * the profile, else the name and position (employees without a profile are told apart by where they are listed).
 */
export function employeeAsPerson(
  employee: EmployeeLike,
  companyName: string | null,
  index: number,
  toProfile: (link: string) => string | null,
): PagePerson {
  const profile = employee.pnet_url ? toProfile(employee.pnet_url) : null;
  const name = employee.employee_name?.trim() || null;
  return {
    id: profile ?? `${index}:${name ?? ''}`,
    name,
    title: employee.job_title?.trim() || null,
    company: companyName,
    emails: [],
    phones: [],
    profiles: profile ? [profile] : [],
  };
}

/**
 * The lookup for a person known only by name at a known company ("Ada Lovelace" at acme.com): first name, the
 * rest as last name, and the company's domain, else its name. Null for a single word (not enough to find anyone).
 */
export function nameLookup(name: string | null, company: { domain: string | null; name: string | null }): ContactLookup | null {
  const [first, ...rest] = (name ?? '').trim().split(/\s+/);
  if (!first || rest.length === 0) return null;
  if (company.domain) return { first_name: first, last_name: rest.join(' '), company_domain: company.domain };
  if (company.name) return { first_name: first, last_name: rest.join(' '), company_name: company.name };
  return null;
}
