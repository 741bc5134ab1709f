// The name a company is shown by, chosen from what the company or the page says about it, never from a link's text:
// links name what they do ("Video", "Login with Okta", "Get connected with …", a search result's title), not who
// is behind them. See docs/people.md, "Company names".
import { companyDomainOf } from '../domains';
import { hostOfAbsoluteUrl } from '../links';
import type { RawPageScan } from '../schema';
import { squash } from './names';

/** The names the page states: its own company's, and one per domain an Organization it describes links to. */
export interface StatedNames {
  /** `og:site_name`, else the Organization stated for the page's own domain, else one stated without an address. */
  own: string | null;
  byDomain: ReadonlyMap<string, string>;
}

const MAX_NAME = 200;

/** Page text as a label: one line, no control characters, bounded. Shown as text only, never as HTML. */
export function label(raw: string | null): string | null {
  if (raw === null) return null;
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const text = squash(raw.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, ' '));
  return text === '' ? null : text.slice(0, MAX_NAME);
}

/** A stated name: a label, and none when it is an address. */
function cleanName(raw: string | undefined): string | null {
  const text = label(raw ?? null);
  return text === null || text.includes('://') || /^www\./i.test(text) ? null : text;
}

/** The company domain of an Organization's `url`, read against the page's address (`"/"` is the page's own site). */
function domainOfStatedUrl(url: string, pageUrl: string): string | null {
  if (url === '') return null;
  let absolute: string;
  try {
    absolute = new URL(url, pageUrl).href;
  } catch {
    return null;
  }
  const host = hostOfAbsoluteUrl(absolute);
  return host === null ? null : companyDomainOf(host);
}

export function statedNames(raw: Pick<RawPageScan, 'url' | 'siteName' | 'organisations'>, pageDomain: string | null): StatedNames {
  const byDomain = new Map<string, string>();
  let unaddressed: string | null = null;
  for (const org of raw.organisations ?? []) {
    const name = cleanName(org.name);
    if (name === null) continue;
    const domain = domainOfStatedUrl(org.url, raw.url);
    if (domain === null) unaddressed ??= org.url === '' ? name : null;
    else if (!byDomain.has(domain)) byDomain.set(domain, name);
  }
  const own = cleanName(raw.siteName) ?? (pageDomain === null ? null : byDomain.get(pageDomain)) ?? unaddressed;
  return { own, byDomain };
}

/** Search engines by the label before their public suffix (`www.google.co.uk`, `yandex.ru`, `html.duckduckgo.com`). */
const SEARCH_ENGINE = /(?:^|\.)(?:google|bing|duckduckgo|yandex|yahoo|baidu|ecosia|startpage|qwant|search\.brave)\.[a-z.]+$/i;

/**
 * A page of search results: a search engine's results address, or (a saved page, a site's own search) a search box
 * filled with the query the page shows results for. Its links' titles are the results', not companies'.
 */
export function isSearchResultsPage(raw: Pick<RawPageScan, 'url' | 'searchPage'>): boolean {
  if (raw.searchPage === true) return true;
  let url: URL;
  try {
    url = new URL(raw.url);
  } catch {
    return false;
  }
  if (!SEARCH_ENGINE.test(url.hostname)) return false;
  return /search|^\/$/i.test(url.pathname) && ['q', 'p', 'text', 'wd', 'query'].some((k) => url.searchParams.has(k));
}
