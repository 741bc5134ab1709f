// Professional-network profile URLs (people and company pages) as identities: which hosts and path
// shapes count, and their canonical form. Used by the page scan (content script: no libraries), the
// selection and lookup parser, cache keys and aliases, so a profile found on a page and the same
// profile typed or selected are one key. The shapes live in data/networks.json so another network
// (or another kind of company page) needs no code change.
import { splitHttpUrl, type UrlParts } from '../detect/url';
import data from './data/networks.json' with { type: 'json' };

export type ProfileKind = 'person' | 'company';

interface ProfileShape {
  kind: ProfileKind;
  /** First path segment: `in` for `/in/<slug>`. */
  path: string;
  /** Canonical URL prefix; the normalised slug is appended. */
  canonical: string;
  /** Slugs under that path that are app pages, not profiles (`/in/me`). */
  reserved: string[];
  /** Path parts after the slug that belong to the identifier (legacy `/pub/<name>/<a>/<b>/<c>`: 3). */
  idParts?: number;
}

/** Private app pages of a network that name a person but are no public profile (Sales Navigator's leads). */
interface AppOnlyPaths {
  app: string;
  /** Lower-case path prefixes, with their slashes: `/sales/lead/`. */
  prefixes: string[];
}

export interface ProfessionalNetwork {
  id: string;
  hosts: string[];
  shapes: ProfileShape[];
  appOnlyPaths?: AppOnlyPaths[];
}

export interface ProfileMatch {
  kind: ProfileKind;
  network: string;
  url: string;
}

export const NETWORKS: readonly ProfessionalNetwork[] = data.networks.map((n) => ({
  ...n,
  shapes: n.shapes.map((s) => ({ ...s, kind: s.kind === 'company' ? 'company' : 'person' })),
}));

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

/** `/?#%@<>"'\\\``, flagged by char code (a table lookup, not a one-character string per test). */
const SLUG_DELIMITERS = new Uint8Array(128);
for (const ch of '/?#%@<>"\'\\`') SLUG_DELIMITERS[ch.charCodeAt(0)] = 1;

/** Decoded, lower-cased slug, or null when it cannot be a profile identifier. */
function normaliseSlug(raw: string | undefined): string | null {
  if (raw === undefined || raw.length === 0) return null;
  let slug = raw;
  if (raw.includes('%')) {
    try {
      slug = decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  if (slug.length === 0 || slug.length > MAX_SLUG_LENGTH) return null;
  for (let i = 0; i < slug.length; i++) {
    const c = slug.charCodeAt(i);
    // Control characters, spaces and URL/markup delimiters never occur in a vanity slug.
    if (c <= 32 || c === 0x7f || c === 0xa0 || (c < 128 && SLUG_DELIMITERS[c] === 1)) return null;
  }
  return slug.toLowerCase();
}

/** Path characters the WHATWG parser would rewrite (`\\`, dot segments, tabs): parse those fully. */
function needsFullParse(href: string, from: number): boolean {
  for (let i = from; i < href.length; i++) {
    const c = href.charCodeAt(i);
    if (c === 63 || c === 35) return false; // the rest is query/fragment, which we drop
    if (c === 92 || c === 9 || c === 10 || c === 13) return true;
    if (c === 46 && href.charCodeAt(i - 1) === 47) return true;
  }
  return false;
}

/** Profile of a network host and URL path (`/in/jane-doe/details`), or null. */
function profileOfPath(host: string, path: string): ProfileMatch | null {
  const network = networkForHost(host);
  if (network === null || path.charCodeAt(0) !== 47) return null;
  const firstEnd = path.indexOf('/', 1);
  if (firstEnd === -1) return null;
  const first = path.slice(1, firstEnd).toLowerCase();
  for (const shape of network.shapes) {
    if (first !== shape.path) continue;
    let slugEnd = path.indexOf('/', firstEnd + 1);
    if (slugEnd === -1) slugEnd = path.length;
    const slug = normaliseSlug(path.slice(firstEnd + 1, slugEnd));
    if (slug === null || shape.reserved.includes(slug)) return null;
    const extra = shape.idParts === undefined ? '' : idPartsOf(path, slugEnd, shape.idParts);
    if (extra === null) return null;
    return { kind: shape.kind, network: network.id, url: shape.canonical + encodeURIComponent(slug) + extra };
  }
  return null;
}

/**
 * The `count` parts after the slug of a legacy `/pub/<name>/<a>/<b>/<c>` link, as `/a/b/c` (lower case), or null.
 * Each is 1–3 hex digits: the member id written in pieces. The link stays in this form because the `/in/` address it
 * redirects to is the service's to say, not something to guess from the pieces.
 */
function idPartsOf(path: string, slugEnd: number, count: number): string | null {
  const parts = path.slice(slugEnd + 1).split('/');
  if (parts.length < count || parts.slice(count).some((p) => p !== '')) return null;
  const id = parts.slice(0, count).map((p) => p.toLowerCase());
  return id.every((p) => /^[0-9a-f]{1,3}$/.test(p)) ? `/${id.join('/')}` : null;
}

/**
 * Normalises a professional-network profile link: `http(s)://<any subdomain>.linkedin.com/in/<slug>/…?…#…`
 * → `https://www.linkedin.com/in/<slug>`; company pages (`/company/<slug>/about/`, `/school/…`,
 * `/showcase/…`) likewise. Relative hrefs resolve against `base`. Anything else (other hosts, `/in/me`,
 * `/in/`) → null.
 */
export function normaliseProfileUrl(href: string, base?: string): ProfileMatch | null {
  if (href.length > MAX_URL_LENGTH) return null;
  const trimmed = href.trim();
  return profileOfSplitUrl(trimmed, splitHttpUrl(trimmed), base);
}

/**
 * A profile as people write or select it: a full URL, or without the scheme (`linkedin.com/in/jdoe`,
 * `www.linkedin.com/company/acme/`). Null when it is not one.
 */
export function profileOfText(text: string): ProfileMatch | null {
  const value = text.trim();
  if (value.length === 0 || value.length > MAX_URL_LENGTH) return null;
  return normaliseProfileUrl(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value.replace(/^\/\//, '')}`);
}

/**
 * The private app a network link belongs to when it names a person but is no public profile
 * (`linkedin.com/sales/lead/…`: Sales Navigator), so the UI can say why it cannot be looked up. Null otherwise.
 */
export function appOnlyLinkOfText(text: string): string | null {
  const value = text.trim();
  if (value.length === 0 || value.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value.replace(/^\/\//, '')}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const network = networkForHost(url.hostname.toLowerCase());
  const path = url.pathname.toLowerCase();
  return network?.appOnlyPaths?.find((a) => a.prefixes.some((prefix) => path.startsWith(prefix)))?.app ?? null;
}

/** `normaliseProfileUrl` for an href already split by `splitHttpUrl` (the link reader has done it). */
export function profileOfSplitUrl(href: string, parts: UrlParts | null, base?: string): ProfileMatch | null {
  if (parts !== null && !needsFullParse(href, parts.pathStart)) {
    // Fast path for absolute links, the common case: no URL object per anchor.
    let pathEnd = href.length;
    for (let i = parts.pathStart; i < href.length; i++) {
      const c = href.charCodeAt(i);
      if (c === 63 || c === 35) {
        pathEnd = i;
        break;
      }
    }
    return profileOfPath(parts.host, href.slice(parts.pathStart, pathEnd));
  }
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return profileOfPath(url.hostname.toLowerCase(), url.pathname);
}

/** The decoded handle of a canonical profile or company page: "ada-lovelace" from "https://www.linkedin.com/in/ada-lovelace". */
export function profileHandle(url: string): string | null {
  try {
    const parts = new URL(url).pathname.split('/').filter(Boolean);
    return parts.length >= 2 ? decodeURIComponent(parts[1] ?? '') || null : null;
  } catch {
    return null;
  }
}
