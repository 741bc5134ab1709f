// Companies as identities: a company is its professional-network company page or the registrable
// domain of its website (the service itself strips subdomains, spec: GET /v1/company).
import { websiteDomain } from './domain';
import { isNetworkHost, profileOfText } from './profile';

/** A company's key: its canonical company page URL, else its website's registrable domain; null otherwise. */
export function normaliseCompanyUrl(text: string): string | null {
  const profile = profileOfText(text);
  if (profile !== null) return profile.kind === 'company' ? profile.url : null;
  const domain = websiteDomain(text);
  // The network's own pages (feed, jobs, a person's profile) are not a company website.
  return domain === null || isNetworkHost(domain) ? null : domain;
}
