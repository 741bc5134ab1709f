// Professional-network profile URLs: which hosts and path shapes count, and their canonical form.
// The shapes live in data/networks.json so another network needs no code change.
import data from './data/networks.json';

interface ProfileShape {
  /** First path segment: `in` for `/in/<slug>`. */
  path: string;
  /** Canonical URL prefix; the normalised slug is appended. */
  canonical: string;
  /** Slugs under that path that are app pages, not profiles (`/in/me`). */
  reserved: string[];
}

export interface ProfessionalNetwork {
  id: string;
  hosts: string[];
  person: ProfileShape;
  company: ProfileShape;
}

export type ProfileKind = 'person' | 'company';

export interface ProfileMatch {
  kind: ProfileKind;
  network: string;
  url: string;
}

export const NETWORKS: readonly ProfessionalNetwork[] = data.networks;

/** Longest href or text URL we parse; real profile URLs are far shorter, and it bounds the work. */
const MAX_URL_LENGTH = 2048;
const MAX_SLUG_LENGTH = 100;

/** Strings whose presence in page text may announce a profile URL (`linkedin.com/`). */
export const NETWORK_TEXT_MARKERS: readonly string[] = NETWORKS.flatMap((n) => n.hosts.map((h) => `${h}/`));

/** The network owning `host` (lower-case), matching the host itself or any subdomain of it. */
export function networkForHost(host: string): ProfessionalNetwork | null {
  for (const network of NETWORKS) {
    for (const h of network.hosts) {
      if (host === h || (host.length > h.length && host.endsWith(h) && host.charCodeAt(host.length - h.length - 1) === 46)) {
        return network;
      }
    }
  }
  return null;
}

export const isNetworkHost = (host: string): boolean => networkForHost(host) !== null;

/** Decoded, lower-cased slug, or null when it cannot be a profile identifier. */
function normaliseSlug(raw: string | undefined): string | null {
  if (raw === undefined || raw.length === 0) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (slug.length === 0 || slug.length > MAX_SLUG_LENGTH) return null;
  for (let i = 0; i < slug.length; i++) {
    const c = slug.charCodeAt(i);
    // Control characters, spaces and URL/markup delimiters never occur in a vanity slug.
    if (c <= 32 || c === 0x7f || c === 0xa0 || '/?#%@<>"\'\\`'.includes(slug[i] ?? '')) return null;
  }
  return slug.toLowerCase();
}

/**
 * Normalises a professional-network profile link: `http(s)://<any subdomain>.linkedin.com/in/<slug>/…?…#…`
 * → `https://www.linkedin.com/in/<slug>`; company pages (`/company/<slug>/about/`) likewise.
 * Relative hrefs resolve against `base`. Anything else (other hosts, `/in/me`, `/in/`) → null.
 */
export function normaliseProfileUrl(href: string, base?: string): ProfileMatch | null {
  if (href.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const network = networkForHost(url.hostname.toLowerCase());
  if (network === null) return null;
  const parts = url.pathname.split('/');
  const first = (parts[1] ?? '').toLowerCase();
  for (const kind of ['person', 'company'] as const) {
    const shape = network[kind];
    if (first !== shape.path) continue;
    const slug = normaliseSlug(parts[2]);
    if (slug === null || shape.reserved.includes(slug)) return null;
    return { kind, network: network.id, url: shape.canonical + encodeURIComponent(slug) };
  }
  return null;
}
