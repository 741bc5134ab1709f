// The people and companies of a raw scan, in normal form. Runs in the background (and the CLI)
// after the flat lists are final: a person's identifiers are normalised by the same functions
// and kept only when the flat lists hold them too, so a person never shows an identifier the rest
// of the extension does not know (and a hostile page cannot smuggle one in through a person).
import { companyDomainOf } from '../domains';
import { companyPageKey, domainKey, nameInTitle, normaliseEmail, normaliseProfileUrl, titleParts } from '../../identity';
import { hostOfAbsoluteUrl } from '../links';
import type { PageCompany, PagePerson, RawCompany, RawPerson } from '../schema';
import { squash } from './names';

const MAX_LABEL = 200;

/** The finalised flat lists a person's or company's identifiers must belong to. */
export interface FlatSets {
  emails: ReadonlySet<string>;
  phones: ReadonlySet<string>;
  profiles: ReadonlySet<string>;
  companyProfiles: ReadonlySet<string>;
  domains: ReadonlySet<string>;
}

/** Page text as a label: one line, no control characters, bounded. Shown as text only, never as HTML. */
function label(raw: string | null): string | null {
  if (raw === null) return null;
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const text = squash(raw.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, ' '));
  return text === '' ? null : text.slice(0, MAX_LABEL);
}

function normalised(values: readonly string[], normalise: (v: string) => string | null, keep: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const value of values) {
    const n = normalise(value);
    if (n !== null && keep.has(n) && !out.includes(n)) out.push(n);
  }
  return out;
}

const personProfile = (url: string): string | null => {
  const match = normaliseProfileUrl(url);
  return match?.kind === 'person' ? match.url : null;
};
const companyProfile = (url: string): string | null => {
  const match = normaliseProfileUrl(url);
  return match?.kind === 'company' ? match.url : null;
};

/**
 * People in page order. `id` is the best identifier (profile URL, else email, else phone: the one
 * that names one person most surely). Records that reach the same identifier are one person.
 */
export function finalisePeople(raw: readonly RawPerson[], flat: FlatSets, readPhone: (candidate: string) => string | null): PagePerson[] {
  const people: PagePerson[] = [];
  const byIdentifier = new Map<string, PagePerson>();
  for (const r of raw) {
    const emails = normalised(r.emails, normaliseEmail, flat.emails);
    const phones = normalised(r.phones, readPhone, flat.phones);
    const profiles = normalised(r.profiles, personProfile, flat.profiles);
    const id = profiles[0] ?? emails[0] ?? phones[0];
    if (id === undefined) continue;
    const identifiers = [...profiles, ...emails, ...phones];
    const same = identifiers.map((i) => byIdentifier.get(i)).find((p) => p !== undefined);
    if (same !== undefined) {
      // The same person shown twice (a featured card and the grid): one person, identifiers merged.
      for (const e of emails) if (!same.emails.includes(e)) same.emails.push(e);
      for (const p of phones) if (!same.phones.includes(p)) same.phones.push(p);
      for (const p of profiles) if (!same.profiles.includes(p)) same.profiles.push(p);
      same.name ??= label(r.name);
      same.title ??= label(r.title);
      for (const i of identifiers) byIdentifier.set(i, same);
      continue;
    }
    const person: PagePerson = { id, name: label(r.name), title: label(r.title), company: label(r.company), emails, phones, profiles };
    people.push(person);
    for (const i of identifiers) byIdentifier.set(i, person);
  }
  for (const person of people) person.id = person.profiles[0] ?? person.emails[0] ?? person.phones[0] ?? person.id;
  return people;
}

/**
 * The companies the grouping found, in page order (the page's own site is the page, not a company a card shows). Then
 * one company for each company page no row holds whose slug names domains no row holds either (the footer's LinkedIn
 * link and the site's email domain: `…/company/harrow-vance` and `harrowvance.com`, the page's own domain included),
 * named by the part of the page title that names it: one row and one price for one company, where the loose lists
 * showed two.
 */
export function finaliseCompanies(raw: readonly RawCompany[], flat: FlatSets, pageUrl: string, title = ''): PageCompany[] {
  const pageHost = hostOfAbsoluteUrl(pageUrl);
  const pageDomain = pageHost === null ? null : companyDomainOf(pageHost);
  const companies: PageCompany[] = [];
  const seen = new Set<string>();
  for (const r of raw) {
    const domains = normalised(r.hosts, companyDomainOf, flat.domains).filter((d) => d !== pageDomain);
    const companyPages = normalised(r.companyPages, companyProfile, flat.companyProfiles);
    const id = domains[0] ?? companyPages[0];
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    companies.push({ id, name: label(r.name), domains, companyPages });
  }
  return [...companies, ...companiesOfPageAndDomain(companies, flat, title)];
}

/**
 * The companies loose company pages and loose domains make together (see `finaliseCompanies`). Each identifier's name
 * is read once and matched through a map: the flat lists may hold 5,000 of each.
 */
function companiesOfPageAndDomain(companies: readonly PageCompany[], flat: FlatSets, title: string): PageCompany[] {
  const held = new Set<string>();
  for (const c of companies) for (const v of [...c.domains, ...c.companyPages]) held.add(v);
  const pages = [...flat.companyProfiles].filter((p) => !held.has(p)).sort();
  if (pages.length === 0) return [];
  const domainsByKey = new Map<string, string[]>();
  for (const domain of [...flat.domains].sort()) {
    const key = held.has(domain) ? null : domainKey(domain);
    if (key === null) continue;
    const list = domainsByKey.get(key);
    if (list === undefined) domainsByKey.set(key, [domain]);
    else list.push(domain);
  }
  const parts = titleParts(title);
  const out: PageCompany[] = [];
  for (const page of pages) {
    const key = companyPageKey(page);
    const domains = key === null ? undefined : domainsByKey.get(key);
    if (key === null || domains === undefined) continue;
    // A second page of the same letters (`…/company/acme-labs`, then `…/company/acmelabs`) stays loose: the domains went to the first.
    domainsByKey.delete(key);
    out.push({ id: domains[0] as string, name: label(nameInTitle(parts, key)), domains, companyPages: [page] });
  }
  return out;
}
