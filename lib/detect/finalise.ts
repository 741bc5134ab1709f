// Raw candidates → normal forms. Runs in the background (and the CLI): everything from the page
// is re-validated here, because the content script lives in a process the page controls.
import { companyDomainOf, exclusionOf, hasRealPublicSuffix } from './domains';
import { normaliseEmail } from './email';
import { hostOfAbsoluteUrl } from './links';
import { normaliseProfileUrl } from './networks';
import { finaliseCompanies, finalisePeople } from './people/finalise';
import { normalisePhone } from './phone';
import type { PageEntities, RawPageScan } from './schema';

const sorted = (set: Set<string>): string[] => [...set].sort();

export function finalisePageScan(raw: RawPageScan): PageEntities {
  const emails = new Set<string>();
  const phones = new Set<string>();
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
  for (const candidate of raw.phones) {
    const phone = normalisePhone(candidate);
    if (phone !== null) phones.add(phone);
  }
  // The page itself counts: a profile page is a profile, a company's site is its domain.
  for (const url of [raw.url, ...raw.profiles, ...raw.companyProfiles]) {
    const match = normaliseProfileUrl(url);
    if (match?.kind === 'person') profiles.add(match.url);
    else if (match?.kind === 'company') companyProfiles.add(match.url);
  }
  const pageHost = hostOfAbsoluteUrl(raw.url);
  if (pageHost !== null) addDomain(pageHost);
  for (const host of raw.linkHosts) addDomain(host);

  return {
    url: raw.url,
    title: raw.title,
    emails: sorted(emails),
    phones: sorted(phones),
    profiles: sorted(profiles),
    companyProfiles: sorted(companyProfiles),
    domains: sorted(domains),
    faxes: [],
    phoneCountry: null,
    people: finalisePeople(raw.people, { emails, phones, profiles, companyProfiles, domains }),
    companies: finaliseCompanies(raw.companies, { emails, phones, profiles, companyProfiles, domains }, raw.url),
  };
}
