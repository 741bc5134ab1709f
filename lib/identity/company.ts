// Companies as identities: a company is its professional-network company page or the registrable
// domain of its website (the service itself strips subdomains, spec: GET /v1/company).
import { domainName, websiteDomain } from './domain';
import { isNetworkHost, profileHandle, profileOfText } from './profile';

/** A company's key: its canonical company page URL, else its website's registrable domain; null otherwise. */
export function normaliseCompanyUrl(text: string): string | null {
  const profile = profileOfText(text);
  if (profile !== null) return profile.kind === 'company' ? profile.url : null;
  const domain = websiteDomain(text);
  // The network's own pages (feed, jobs, a person's profile) are not a company website.
  return domain === null || isNetworkHost(domain) ? null : domain;
}

/** Letters and digits only, lower-cased: how a company page's slug and a domain's name are compared. */
function nameKey(text: string): string | null {
  const key = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return key.length >= 2 ? key : null;
}

/** The letters of a company page's handle: `https://www.linkedin.com/company/harrow-vance` → `harrowvance`. */
export function companyPageKey(companyPageUrl: string): string | null {
  const handle = profileHandle(companyPageUrl);
  return handle === null ? null : nameKey(handle);
}

/** The letters of a domain's name, its public suffix off: `harrowvance.com` → `harrowvance`; null for a bare suffix. */
export function domainKey(domain: string): string | null {
  const name = domainName(domain);
  return name === null ? null : nameKey(name);
}

/** A page title's parts: "Our People | Harrow & Vance LLP" → ["Our People", "Harrow & Vance LLP"]. */
export function titleParts(title: string): string[] {
  return title
    .split(/\s[|–—·:-]\s|:\s/u)
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && part.length <= 80);
}

/** The title part whose letters start with `key` (a domain's, `domainKey`): the name the site gives itself, or null. */
export function nameInTitle(parts: readonly string[], key: string): string | null {
  return parts.find((part) => nameKey(part)?.startsWith(key) === true) ?? null;
}
