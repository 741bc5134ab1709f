// Company domains: which hosts a page links to name an organisation it mentions, and which are tools it uses
// (chat links, CRM redirects, comment widgets, consent banners, share buttons, newsletter tools, ticket shops,
// sign-in pages, shorteners, review, audio and blog platforms, search engines). Runs in the background's
// finalising step, never in the content script. The registrable-domain rule is the identity module's
// (lib/identity/domain.ts), with private suffixes on so hosted sites stay apart.
//
// Sources, in order: the page itself (the hosts its scripts, frames and style sheets load from are tools it
// uses: `embeddedToolDomains`), the project's own short list with a reason per category (data/exclusions.json),
// then search engines by name under every country suffix (data/search-engines.json). No third-party tracker
// database: the ones that exist are licensed for non-commercial use only (docs/store.md).
import { parse } from 'tldts';
import { hasRealPublicSuffix, registrableDomain, toAsciiHost } from '../identity/domain';
import exclusions from './data/exclusions.json' with { type: 'json' };
import searchEngines from './data/search-engines.json' with { type: 'json' };

export type ExclusionCategory = Exclude<keyof typeof exclusions, '$comment' | 'reasons'>;

function indexByHost<C extends string>(lists: Record<string, unknown>, name: (key: string) => C): Map<string, C> {
  const map = new Map<string, C>();
  for (const [key, hosts] of Object.entries(lists)) {
    if (key === '$comment' || key === 'reasons' || !Array.isArray(hosts)) continue;
    for (const host of hosts) if (typeof host === 'string' && !map.has(host)) map.set(host, name(key));
  }
  return map;
}

const EXCLUDED = indexByHost<ExclusionCategory>(exclusions, (k) => k as ExclusionCategory);
const SEARCH_ENGINES: ReadonlySet<string> = new Set(searchEngines.names);

/** The category of `host` or its nearest parent domain in `map` (not above `floor` when given), if any. */
function lookUp<C>(map: ReadonlyMap<string, C>, host: string, floor: string | null = null): C | null {
  let h = host.toLowerCase();
  for (;;) {
    const category = map.get(h);
    if (category !== undefined) return category;
    const dot = h.indexOf('.');
    if (dot === -1 || h === floor) return null;
    h = h.slice(dot + 1);
  }
}

/** The hand-kept exclusion list naming the host or one of its parent domains, if any. */
export function exclusionOf(host: string): ExclusionCategory | null {
  return lookUp(EXCLUDED, host);
}

/**
 * Why a host is a tool rather than an organisation the page mentions: a hand-kept category or `searchEngine`;
 * null when it may be a company.
 */
export function toolCategoryOf(host: string): ExclusionCategory | 'searchEngine' | null {
  const excluded = exclusionOf(host);
  if (excluded !== null) return excluded;
  const name = parse(host, { allowPrivateDomains: false }).domainWithoutSuffix;
  return name !== null && SEARCH_ENGINES.has(name) ? 'searchEngine' : null;
}

/** The company domain a host stands for, or null (IP, unknown suffix, a tool, free-mail…). */
export function companyDomainOf(host: string): string | null {
  const ascii = toAsciiHost(host);
  if (ascii === null || !hasRealPublicSuffix(ascii) || toolCategoryOf(ascii) !== null) return null;
  return registrableDomain(ascii);
}

/**
 * The registrable domains of the tools a page loads: the hosts of its scripts, frames and style sheets
 * (`RawPageScan.embedHosts`), less the page's own domain (a site serving its scripts from `static.acme.com`
 * is still Acme). A link to one of them is the page's chat widget, consent banner or font service, not a
 * company it names. A site on a hosting platform's private suffix (`acme.azurewebsites.net`) stays its
 * owner's: the registrable domain keeps private suffixes apart.
 */
export function embeddedToolDomains(embedHosts: readonly string[], pageHost: string | null): Set<string> {
  const pageDomain = pageHost === null ? null : registrableDomain(pageHost);
  const tools = new Set<string>();
  for (const host of embedHosts) {
    const ascii = toAsciiHost(host);
    const domain = ascii === null || !hasRealPublicSuffix(ascii) ? null : registrableDomain(ascii);
    if (domain !== null && domain !== pageDomain) tools.add(domain);
  }
  return tools;
}
