// Companies as identities: a company is its professional-network company page or the registrable
// domain of its website (the service itself strips subdomains, spec: GET /v1/company).
import { domainName, websiteDomain } from './domain';
import { isNetworkHost, profileOfText } from './profile';

/** A company's key: its canonical company page URL, else its website's registrable domain; null otherwise. */
export function normaliseCompanyUrl(text: string): string | null {
  const profile = profileOfText(text);
  if (profile !== null) return profile.kind === 'company' ? profile.url : null;
  const domain = websiteDomain(text);
  // The network's own pages (feed, jobs, a person's profile) are not a company website.
  return domain === null || isNetworkHost(domain) ? null : domain;
}

/** Letters and digits only, lower-cased: how a company page's slug and a domain's name are compared. */
const nameKey = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Do a company page and a website domain name the same company by their own words: the page's slug and the domain's
 * name, suffix off, are the same letters (`linkedin.com/company/harrow-vance` ↔ `harrowvance.com`,
 * `…/company/northwind-labs` ↔ `northwind-labs.de`). Exact only: `acme-robotics` is not `acme.com`.
 */
export function companyPageNamesDomain(companyPageUrl: string, domain: string): boolean {
  const slug = companyPageUrl.slice(companyPageUrl.lastIndexOf('/', companyPageUrl.length - 2) + 1).replace(/\/$/, '');
  const name = domainName(domain);
  if (name === null) return false;
  const key = nameKey(name);
  return key.length >= 2 && nameKey(decodeURIComponentSafe(slug)) === key;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The part of a page title that names the company a domain is ("Our People | Harrow & Vance LLP" for harrowvance.com:
 * its letters start with the domain's name), or null.
 */
export function titleNameOf(title: string, domain: string): string | null {
  const name = domainName(domain);
  if (name === null) return null;
  const key = nameKey(name);
  if (key.length < 2) return null;
  for (const part of title.split(/\s[|–—·:-]\s|:\s/u)) {
    const text = part.trim();
    if (text.length > 0 && text.length <= 80 && nameKey(text).startsWith(key)) return text;
  }
  return null;
}
