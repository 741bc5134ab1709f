// Raw candidates → normal forms. Runs in the background (and the CLI): everything from the page
// is re-validated here, because the content script lives in a process the page controls. Every
// normal form is the identity module's (lib/identity).
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { hasRealPublicSuffix, normaliseEmail, normaliseProfileUrl, readPhone } from '../identity';
import { phoneCountryOf } from '../identity/phone-country';
import { companyDomainOf, exclusionOf } from './domains';
import { hostOfAbsoluteUrl } from './links';
import type { PageEntities, RawPageScan } from './schema';

const sorted = (set: Set<string>): string[] => [...set].sort();

/** `212-555-0147`, `1-212-555-0147`: North American groups, read only where the country uses them. */
function hasNorthAmericanShape(candidate: string): boolean {
  const groups = candidate.replace(/^tel:/i, '').split(/\D+/).filter((g) => g.length > 0).map((g) => g.length).join('-');
  return groups === '3-3-4' || groups === '1-3-3-4';
}

/** E.164 numbers of `candidates`; national ones in `country` (if any). */
function readNumbers(candidates: readonly string[], country: CountryCode | null): Set<string> {
  const out = new Set<string>();
  const northAmerican = country !== null && getCountryCallingCode(country) === '1';
  for (const candidate of candidates) {
    const reading = readPhone(candidate);
    if (reading !== null) {
      out.add(reading.e164);
      continue;
    }
    if (country === null) continue;
    const body = candidate.replace(/^tel:/i, '').trimStart();
    // Elsewhere a national number starts with its trunk prefix (`089…`, `(030)…`); `212-555-0147`
    // on a German page is an American number whose country code was left out, not a German one.
    if (!northAmerican && !body.startsWith('0') && !body.startsWith('(0') && hasNorthAmericanShape(body)) continue;
    const national = readPhone(candidate, country);
    if (national !== null) out.add(national.e164);
  }
  return out;
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

export function finalisePageScan(raw: RawPageScan): PageEntities {
  const emails = new Set<string>();
  const profiles = new Set<string>();
  const companyProfiles = new Set<string>();
  const domains = new Set<string>();
  const addDomain = (host: string): void => {
    const domain = companyDomainOf(host);
    if (domain !== null) domains.add(domain);
  };

  for (const candidate of raw.emails) {
    const email = normaliseEmail(candidate);
    if (email === null) continue;
    const domain = email.slice(email.indexOf('@') + 1);
    // Documentation addresses (`user@example.com`) are nobody's contact details.
    if (!hasRealPublicSuffix(domain) || exclusionOf(domain) === 'reserved') continue;
    emails.add(email);
    addDomain(domain);
  }

  const pageHost = hostOfAbsoluteUrl(raw.url);
  const phoneCountry = phoneCountryOf({ candidates: [...raw.phones, ...raw.faxes], lang: raw.lang, host: pageHost });
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

  return {
    url: raw.url,
    title: raw.title,
    emails: sorted(emails),
    phones: withoutPrefixes(phoneNumbers, faxNumbers),
    profiles: sorted(profiles),
    companyProfiles: sorted(companyProfiles),
    domains: sorted(domains),
    faxes: withoutPrefixes(faxNumbers, phoneNumbers),
    phoneCountry,
    people: [],
    companies: [],
  };
}
