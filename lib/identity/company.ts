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
function nameKey(text: string): string | null {
  const key = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return key.length >= 2 ? key : null;
}

/** The letters of a company page's slug: `https://www.linkedin.com/company/harrow-vance` → `harrowvance`. */
export function companyPageKey(companyPageUrl: string): string | null {
  const path = companyPageUrl.endsWith('/') ? companyPageUrl.slice(0, -1) : companyPageUrl;
  const slug = path.slice(path.lastIndexOf('/') + 1);
  try {
    return nameKey(decodeURIComponent(slug));
  } catch {
    return nameKey(slug);
  }
}

/** The letters of a domain's name, its public suffix off: `harrowvance.com` → `harrowvance`; null for a bare suffix. */
export function domainKey(domain: string): string | null {
  const name = domainName(domain);
  return name === null ? null : nameKey(name);
}

/**
 * Do a company page and a website domain name the same company by their own words: the page's slug and the domain's
 * name are the same letters (`linkedin.com/company/harrow-vance` ↔ `harrowvance.com`, `…/company/northwind-labs` ↔
 * `northwind-labs.de`). Exact only: `acme-robotics` is not `acme.com`. (Callers with many of each compare the keys.)
 */
export function companyPageNamesDomain(companyPageUrl: string, domain: string): boolean {
  const key = domainKey(domain);
  return key !== null && companyPageKey(companyPageUrl) === key;
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

/** `nameInTitle` for one title and one domain ("Our People | Harrow & Vance LLP", harrowvance.com → "Harrow & Vance LLP"). */
export function titleNameOf(title: string, domain: string): string | null {
  const key = domainKey(domain);
  return key === null ? null : nameInTitle(titleParts(title), key);
}
