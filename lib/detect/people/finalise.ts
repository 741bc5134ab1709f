// The people and companies of a raw scan, in normal form. Runs in the background (and the CLI)
// after the flat lists are final: a person's identifiers are normalised by the same functions
// and kept only when the flat lists hold them too, so a person never shows an identifier the rest
// of the extension does not know (and a hostile page cannot smuggle one in through a person).
import { companyDomainOf } from '../domains';
import { companyPageKey, domainKey, nameInTitle, normaliseEmail, normaliseProfileUrl, titleParts } from '../../identity';
import { hostOfAbsoluteUrl } from '../links';
import type { PageCompany, PageNamedPerson, PagePerson, RawCompany, RawNamed, RawPageScan, RawPerson } from '../schema';
import { isSearchResultsPage, label, statedNames, type StatedNames } from './company-names';
import { Hints, hintWords, isRoleMailbox, lastNameIn, matchesHints, personName, squash } from './names';

const MAX_LABEL = 200;

/** The finalised flat lists a person's or company's identifiers must belong to. */
export interface FlatSets {
  emails: ReadonlySet<string>;
  phones: ReadonlySet<string>;
  profiles: ReadonlySet<string>;
  companyProfiles: ReadonlySet<string>;
  domains: ReadonlySet<string>;
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
export function finalisePeople(
  raw: readonly RawPerson[],
  flat: FlatSets,
  readPhone: (candidate: string) => string | null,
  title = '',
  page: Pick<RawPageScan, 'url' | 'siteName' | 'organisations' | 'searchPage'> | null = null,
): PagePerson[] {
  const companyOf = page === null ? () => null : companyNamer(page, flat);
  // A search result's number is the line of the site it found (an advertiser's call button under a result titled
  // "Mercedes Sprinter"), never a person's: on a results page a card keeps its addresses and profiles only.
  const resultNumbers = page !== null && isSearchResultsPage(page);
  const people: PagePerson[] = [];
  const siteWords = titleWords(title);
  const byIdentifier = new Map<string, PagePerson>();
  const read = raw.map((r): ReadPerson => {
    const name = label(r.name);
    return {
      name,
      emails: normalised(r.emails, normaliseEmail, flat.emails).filter((e) => !isSiteMailbox(e, siteWords, name)),
      phones: resultNumbers ? [] : normalised(r.phones, readPhone, flat.phones),
      profiles: normalised(r.profiles, personProfile, flat.profiles),
    };
  });
  const shared = sharedNumbers(read);
  for (const [i, r] of raw.entries()) {
    const { emails, profiles } = read[i] as ReadPerson;
    const phones = shared.size === 0 ? (read[i] as ReadPerson).phones : (read[i] as ReadPerson).phones.filter((p) => !shared.has(p));
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
    const company = label(r.company) ?? (r.companyHost === undefined ? null : companyOf(r.companyHost));
    const person: PagePerson = { id, name: label(r.name), title: label(r.title), company, emails, phones, profiles };
    people.push(person);
    for (const i of identifiers) byIdentifier.set(i, person);
  }
  for (const person of people) person.id = person.profiles[0] ?? person.emails[0] ?? person.phones[0] ?? person.id;
  const owner = pageOwner(people, flat, title);
  return owner === null ? people : [owner, ...people];
}

/** A raw person's name and identifiers in normal form. */
interface ReadPerson {
  name: string | null;
  emails: string[];
  phones: string[];
  profiles: string[];
}

/**
 * Numbers two people show once read in normal form: the grouping compares numbers as the page writes them, so a
 * switchboard printed `30030-1000` under one contact and `(0)40 30030 1000` under the next stayed on both cards,
 * and the two contacts, reaching one number, became one person. A shared number is the organisation's, as the
 * grouping decides for numbers written alike. The same person shown twice (a featured card and the grid) is one
 * person here: records are joined by the same name, address or profile.
 */
function sharedNumbers(people: readonly ReadPerson[]): Set<string> {
  const parent = people.map((_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[i] !== r) [parent[i], i] = [r, parent[i] as number];
    return r;
  };
  const firstWith = new Map<string, number>();
  people.forEach((p, i) => {
    const keys = [...p.emails, ...p.profiles];
    if (p.name !== null) keys.push(`name:${p.name.toLowerCase()}`);
    for (const key of keys) {
      const j = firstWith.get(key);
      if (j === undefined) firstWith.set(key, i);
      else parent[root(i)] = root(j);
    }
  });
  const holder = new Map<string, number>();
  const shared = new Set<string>();
  people.forEach((p, i) => {
    for (const phone of p.phones) {
      const h = holder.get(phone);
      if (h === undefined) holder.set(phone, root(i));
      else if (h !== root(i)) shared.add(phone);
    }
  });
  return shared;
}

/**
 * A person's company from the host of the link to its site: the name the page states for that domain (its own
 * company's `og:site_name` or Organization for the page's own domain), else the domain. Never the link's text.
 */
function companyNamer(page: Pick<RawPageScan, 'url' | 'siteName' | 'organisations'>, flat: FlatSets): (host: string) => string | null {
  const pageHost = hostOfAbsoluteUrl(page.url);
  const pageDomain = pageHost === null ? null : companyDomainOf(pageHost);
  const stated = statedNames(page, pageDomain);
  return (host) => {
    const domain = normalised([host], companyDomainOf, flat.domains)[0];
    if (domain === undefined) return null;
    return stated.byDomain.get(domain) ?? (domain === pageDomain ? stated.own : null) ?? domain;
  };
}

/** The lower-case words of a page's title (`Kontakt | Pfadfinder Langenwang` → kontakt, pfadfinder, langenwang). */
function titleWords(title: string): ReadonlySet<string> {
  return new Set(title.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3));
}

/**
 * An address named after the site itself (`pfadfinder.langenwang@` on "Pfadfinder Langenwang", `london@` on
 * "ServerlessDays London") on a named person's card whose name it is not: the organisation's mailbox. A nameless
 * card keeps it (a profile page's title is the person's name: `jane.doe@` on "Jane Doe - Northwind Labs").
 */
function isSiteMailbox(email: string, siteWords: ReadonlySet<string>, name: string | null): boolean {
  if (siteWords.size === 0) return false;
  const words = hintWords(email);
  if (words.length === 0 || !words.every((w) => siteWords.has(w))) return false;
  return name !== null && !matchesHints(name, new Hints([email]));
}

/**
 * The owner of a personal page (a résumé, a homepage, a profile): the person its title names ("CV - Cédric
 * Travelletti", "About | Ander Wilson, PhD"), holding the page's own addresses and profiles that no card holds and
 * whose words are that name's (`ander.wilson@…`, `/in/anderwilson`). Null when the page has cards, its title names
 * nobody, or no loose identifier is theirs.
 */
function pageOwner(people: readonly PagePerson[], flat: FlatSets, title: string): PagePerson | null {
  // A page with cards is a team's or a list's, not one person's: its title names the organisation.
  if (people.length > 0) return null;
  const name = ownerName(title);
  if (name === null) return null;
  const held = new Set<string>();
  for (const p of people) for (const v of [...p.emails, ...p.profiles]) held.add(v);
  // Two words of the name in the identifier (`ander.wilson`, `danushka-bollegala`): one shared word is a site named
  // after an event or a place (`australiapgday@` on "PGDay Down Under").
  const theirs = (v: string): boolean => !held.has(v) && nameWordsIn(name, new Hints([v])) >= 2;
  const emails = [...flat.emails].filter((e) => theirs(e) && !isRoleMailbox(e)).sort();
  const profiles = [...flat.profiles].filter(theirs).sort();
  const id = profiles[0] ?? emails[0];
  if (id === undefined) return null;
  return { id, name, title: null, company: null, emails, phones: [], profiles };
}

/** How many of a name's words the identifier's hint words hold. */
function nameWordsIn(name: string, hints: Hints): number {
  return name.split(' ').filter((word) => matchesHints(word, hints)).length;
}

/** The person a page's title names: the first title part that is a name, or ends in one ("Portfolio Niels Lubberman"). */
function ownerName(title: string): string | null {
  for (const part of titleParts(title)) {
    const cut = part.indexOf(', ');
    const name = personName(cut === -1 ? part : part.slice(0, cut)) ?? lastNameIn(part);
    if (name !== null) return label(name);
  }
  return null;
}

/**
 * The companies the grouping found, in page order (the page's own site is the page, not a company a card shows); on a
 * search results page only those with a network company page and no domain (a result's card is the site it found). Each is named by the Organization the page states for its domain,
 * else by its domain: the card's text is a link's, and a link names what it does ("Login with Okta"), not who is
 * behind it (`company-names.ts`); a card with a network's company page and no domain keeps its text. Then one company for each company page no row holds whose slug names domains no row
 * holds either (the footer's LinkedIn link and the site's email domain: `…/company/harrow-vance` and
 * `harrowvance.com`, the page's own domain included), named by the page's own stated name when it is the page's
 * company (`og:site_name`, its Organization), else by the part of the page title that names it, else by its domain: one row and one price for one company, where the loose
 * lists showed two.
 */
export function finaliseCompanies(
  raw: readonly RawCompany[],
  flat: FlatSets,
  page: Pick<RawPageScan, 'url' | 'title' | 'siteName' | 'organisations' | 'searchPage'>,
): PageCompany[] {
  const pageHost = hostOfAbsoluteUrl(page.url);
  const pageDomain = pageHost === null ? null : companyDomainOf(pageHost);
  const stated = statedNames(page, pageDomain);
  const companies: PageCompany[] = [];
  const seen = new Set<string>();
  const results = isSearchResultsPage(page);
  for (const r of raw) {
    const domains = normalised(r.hosts, companyDomainOf, flat.domains).filter((d) => d !== pageDomain);
    const companyPages = normalised(r.companyPages, companyProfile, flat.companyProfiles);
    // A result links to the site it found: no company card. A network's people search still shows company pages.
    if (results && domains.length > 0) continue;
    const id = domains[0] ?? companyPages[0];
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    // A card with only a network's company page keeps its text: the content script took it only where it spells the
    // page's slug (`Contoso` ↔ `…/company/contoso`), and there is no domain to show instead.
    const domain = domains[0];
    const name = domain === undefined ? label(r.name) : (stated.byDomain.get(domain) ?? domain);
    companies.push({ id, name, domains, companyPages });
  }
  return [...companies, ...companiesOfPageAndDomain(companies, flat, page.title, pageDomain, stated)];
}

/**
 * The companies loose company pages and loose domains make together (see `finaliseCompanies`). Each identifier's name
 * is read once and matched through a map: the flat lists may hold 5,000 of each.
 */
function companiesOfPageAndDomain(
  companies: readonly PageCompany[],
  flat: FlatSets,
  title: string,
  pageDomain: string | null,
  stated: StatedNames,
): PageCompany[] {
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
    const own = pageDomain !== null && domains.includes(pageDomain) ? stated.own : null;
    const named = own ?? domains.map((d) => stated.byDomain.get(d)).find((n) => n !== undefined) ?? nameInTitle(parts, key) ?? (domains[0] as string);
    out.push({ id: domains[0] as string, name: label(named), domains, companyPages: [page] });
  }
  return out;
}

/**
 * People named without an identifier, in page order, each name once, minus those a card shows already (the same
 * speaker as a card with a profile, and again in the grid of names). Names are read again: the message is untrusted.
 */
export function finaliseNamed(raw: readonly RawNamed[], people: readonly PagePerson[], authors: readonly string[] = []): PageNamedPerson[] {
  const seen = new Set(people.map((p) => p.name?.toLowerCase()).filter((n) => n !== undefined));
  const out: PageNamedPerson[] = [];
  const add = (text: string, title: string | null): void => {
    // A credential after a comma is no part of the name ("Grant Tinsley, PhD", as an article states its author).
    const comma = text.indexOf(', ');
    const name = label(personName(comma === -1 ? text : text.slice(0, comma)));
    if (name === null || seen.has(name.toLowerCase())) return;
    seen.add(name.toLowerCase());
    out.push({ name, title: label(title) });
  };
  for (const r of raw) add(r.name.slice(0, MAX_LABEL), r.title);
  for (const a of authors) for (const name of bylineNames(a.slice(0, MAX_LABEL))) add(name, null);
  return out;
}

/**
 * The names in a byline as a page states it: "By Glen Owen And Brendan Carlin For The Mail On Sunday" → Glen Owen,
 * Brendan Carlin; "Ein Artikel von Jane Doe" → Jane Doe; "Jane Doe, PhD" stays one (its credential goes in `finaliseNamed`).
 */
export function bylineNames(text: string): string[] {
  const byline = squash(text).replace(/^(?:(?:ein\s+)?(?:artikel|beitrag)\s+|written\s+)?(?:by|von|par|por|door|di)\s+/i, '');
  const forAt = byline.search(/\s(?:for|für|pour|para)\s/i);
  return (forAt === -1 ? byline : byline.slice(0, forAt)).split(/\s(?:and|und|et|&)\s/i);
}
