// Raw candidates → normal forms. Runs in the background (and the CLI): everything from the page
// is re-validated here, because the content script lives in a process the page controls. Every
// normal form is the identity module's (lib/identity).
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { hasRealPublicSuffix, normaliseEmail, normaliseProfileUrl, readPhone } from '../identity';
import { phoneCountryOf } from '../identity/phone-country';
import { pageNumberCountry } from '../identity/region';
import { companyDomainOf, embeddedToolDomains, exclusionOf } from './domains';
import { hostOfAbsoluteUrl } from './links';
import { finaliseCompanies, finaliseNamed, finalisePeople } from './people/finalise';
import type { PageEntities, PagePerson, RawPageScan } from './schema';

const sorted = (set: Set<string>): string[] => [...set].sort();

/** `(212) 555-0147` → `3-3-4`: the lengths of the digit groups as written. */
const digitGroups = (text: string): string =>
  text
    .split(/\D+/)
    .filter((g) => g.length > 0)
    .map((g) => g.length)
    .join('-');

/**
 * Is a national number without a trunk prefix written the way its country writes numbers? `612 34 56 78` is
 * Spanish, `(212) 555-0147` American; `212-555-0147` read as German, or an amount `123 456 789` read as French,
 * is not (those countries write `0…`), so a guessed country cannot turn them into someone's number.
 */
function writtenAsNational(body: string, nationalFormat: string, northAmerican: boolean): boolean {
  let written = digitGroups(body);
  if (northAmerican && written.startsWith('1-')) written = written.slice(2);
  return written === digitGroups(nationalFormat);
}

/** E.164 numbers of `candidates`; national ones in `country` (if any). */
function readNumbers(candidates: readonly string[], country: CountryCode | null): Set<string> {
  const out = new Set<string>();
  const northAmerican = country !== null && getCountryCallingCode(country) === '1';
  for (const candidate of candidates) {
    const reading = readPhone(candidate);
    if (reading !== null) {
      if (!isPlaceholder(reading.national)) out.add(reading.e164);
      continue;
    }
    if (country === null) continue;
    const national = readPhone(candidate, country);
    if (national === null) continue;
    const body = candidate.replace(/^tel:/i, '').trim();
    // A trunk prefix (`089…`, `(030)…`) says it is a national number whatever the grouping.
    if (!/^\(?0/.test(body) && !writtenAsNational(body, national.national, northAmerican)) continue;
    if (!isPlaceholder(national.national)) out.add(national.e164);
  }
  return out;
}

/**
 * A template's placeholder number (`+44 1234 567 890`, `+49 123 4567890`): the ten digits counting up from 1. It is
 * nobody's line, though the country's plan allows it. (France's `01 23 45 67 89` stays a number: it is a real Paris
 * line as often as an example.)
 */
function isPlaceholder(national: string): boolean {
  // The national form keeps its trunk `0` (`01234 567890`).
  return national.replace(/\D/g, '').replace(/^0+/, '') === '1234567890';
}

/**
 * Drops a number that is a prefix of another one found on the page (`+49891234560` beside
 * `+498912345600`): a number cut short is a different person's number, and the longer reading came
 * from a source that saw it whole. In sorted order a prefix sits right before a string extending it.
 */
function withoutPrefixes(numbers: Set<string>, others: ReadonlySet<string> = new Set()): string[] {
  const all = [...new Set([...numbers, ...others])].sort();
  const prefixes = new Set<string>();
  for (let i = 0; i + 1 < all.length; i++) {
    const a = all[i] as string;
    if ((all[i + 1] as string).startsWith(a)) prefixes.add(a);
  }
  return [...numbers].filter((n) => !prefixes.has(n)).sort();
}

export interface FinaliseOptions {
  /** The user's country (lib/identity/region.ts), for national numbers on a page that gives no country hint. */
  yourCountry?: CountryCode | null;
}

export function finalisePageScan(raw: RawPageScan, options: FinaliseOptions = {}): PageEntities {
  const emails = new Set<string>();
  const profiles = new Set<string>();
  const companyProfiles = new Set<string>();
  const domains = new Set<string>();
  const emailDomains = new Set<string>();
  for (const candidate of raw.emails) {
    const email = normaliseEmail(candidate);
    if (email === null) continue;
    const domain = email.slice(email.indexOf('@') + 1);
    // Documentation addresses (`user@example.com`) are nobody's contact details.
    if (!hasRealPublicSuffix(domain) || exclusionOf(domain) === 'reserved') continue;
    emails.add(email);
    emailDomains.add(domain);
  }

  const pageHost = hostOfAbsoluteUrl(raw.url);
  // Tools the page loads (its chat widget, consent banner, fonts) are not companies it names, even where it
  // links to them too; a domain the page gives an address at is an organisation with people, whatever it loads
  // from there (an umbrella organisation's style sheet).
  const tools = embeddedToolDomains(raw.embedHosts, pageHost);
  for (const domain of emailDomains) tools.delete(companyDomainOf(domain) ?? domain);
  const addDomain = (host: string): void => {
    const domain = companyDomainOf(host);
    if (domain !== null && !tools.has(domain)) domains.add(domain);
  };
  for (const domain of emailDomains) addDomain(domain);

  const phoneCountry = pageNumberCountry(
    phoneCountryOf({
      candidates: [...raw.phones, ...raw.faxes],
      lang: raw.lang,
      hreflangs: raw.hreflangs,
      addressCountries: raw.addressCountries,
      host: pageHost,
    }),
    options.yourCountry ?? null,
  );
  const country = phoneCountry === null ? null : (phoneCountry.country as CountryCode);
  const faxNumbers = readNumbers(raw.faxes, country);
  // A number labelled as a fax anywhere on the page is a fax, even where a `tel:` link offers it.
  const phoneNumbers = new Set([...readNumbers(raw.phones, country)].filter((n) => !faxNumbers.has(n)));

  // The page itself counts: a profile page is a profile, a company's site is its domain.
  for (const url of [raw.url, ...raw.profiles, ...raw.companyProfiles]) {
    const match = normaliseProfileUrl(url);
    if (match?.kind === 'person') profiles.add(match.url);
    else if (match?.kind === 'company') companyProfiles.add(match.url);
  }
  if (pageHost !== null) addDomain(pageHost);
  for (const host of raw.linkHosts) addDomain(host);

  const phones = withoutPrefixes(phoneNumbers, faxNumbers);
  const flat = { emails, phones: new Set(phones), profiles, companyProfiles, domains };
  // A person's numbers are read like the page's: in the page's country when written nationally.
  const phoneOf = (candidate: string): string | null => [...readNumbers([candidate], country)][0] ?? null;

  return {
    url: raw.url,
    title: raw.title,
    emails: sorted(emails),
    phones,
    profiles: sorted(profiles),
    companyProfiles: sorted(companyProfiles),
    domains: sorted(domains),
    faxes: withoutPrefixes(faxNumbers, phoneNumbers),
    phoneCountry,
    ...withNamed(finalisePeople(raw.people, flat, phoneOf, raw.title, raw), raw.named, raw.authors),
    companies: finaliseCompanies(raw.companies, flat, raw),
  };
}

/** The people cards, and beside them the people named without an identifier that no card shows (absent when none). */
function withNamed(people: PagePerson[], named: RawPageScan['named'], authors: RawPageScan['authors']): Pick<PageEntities, 'people' | 'namedPeople'> {
  const namedPeople = finaliseNamed(named ?? [], people, authors);
  return namedPeople.length === 0 ? { people } : { people, namedPeople };
}
