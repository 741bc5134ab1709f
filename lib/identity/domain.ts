// Registrable domains ("eTLD+1") and website hosts: the one domain rule of the extension. The
// Public Suffix List's private section is on, so a site hosted on a platform's subdomain stays
// itself (`acme.azurewebsites.net`, `jane.typepad.com`) instead of collapsing into the platform.
import { parse } from 'tldts';
import { toAsciiHost } from './host';

export { toAsciiHost };
import hostedSites from './data/hosted-sites.json' with { type: 'json' };

const PSL = { allowPrivateDomains: true, extractHostname: false } as const;
const MAX_HOST = 253;
/** Longest website text we parse (a URL typed or selected by a user). */
const MAX_WEBSITE = 2048;

const HOSTED_SITE_SUFFIXES: readonly string[] = hostedSites.suffixes;

/** `jane.typepad.com` → `jane.typepad.com` (a platform missing from the PSL's private section); null otherwise. */
function hostedSiteOf(host: string): string | null {
  for (const suffix of HOSTED_SITE_SUFFIXES) {
    if (host.length <= suffix.length + 1 || !host.endsWith(suffix) || host.charCodeAt(host.length - suffix.length - 1) !== 46) continue;
    const rest = host.slice(0, host.length - suffix.length - 1);
    const label = rest.slice(rest.lastIndexOf('.') + 1);
    return label === 'www' ? null : `${label}.${suffix}`;
  }
  return null;
}

function cleanHost(input: string): string | null {
  let host = input.trim().toLowerCase();
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host.length === 0 || host.length > MAX_HOST || host.startsWith('.') || host.includes('..')) return null;
  return host;
}

/**
 * The registrable domain of a host: `www.acme.co.uk` → `acme.co.uk`; null for a bare suffix, an
 * IP address or a malformed host. Follows the Public Suffix List's own test vectors.
 */
export function registrableDomain(input: string | null | undefined): string | null {
  if (input === null || input === undefined) return null;
  const host = cleanHost(input);
  if (host === null) return null;
  const parsed = parse(host, PSL);
  if (parsed.isIp === true) return null;
  return hostedSiteOf(host) ?? parsed.domain;
}

/** The name part of a registrable domain, its public suffix off: `harrow-vance.co.uk` → `harrow-vance`; null when none. */
export function domainName(input: string | null | undefined): string | null {
  const domain = registrableDomain(input);
  if (domain === null) return null;
  const suffix = parse(domain, PSL).publicSuffix;
  return suffix === null || suffix.length >= domain.length ? null : domain.slice(0, domain.length - suffix.length - 1);
}

/** True when the host ends in a suffix that is really on the list (not `localhost`, `corp.internal`). */
export function hasRealPublicSuffix(input: string): boolean {
  const host = cleanHost(input);
  if (host === null) return false;
  const parsed = parse(host, PSL);
  return parsed.isIp !== true && parsed.domain !== null && (parsed.isIcann === true || parsed.isPrivate === true);
}

/** `acme.com`, `www.acme.co.uk`: letters, digits and hyphens in two or more dotted labels. */
function isHostSyntax(host: string): boolean {
  if (host.length === 0 || host.length > MAX_HOST) return false;
  let labelLength = 0;
  let labels = 1;
  for (let i = 0; i < host.length; i++) {
    const c = host.charCodeAt(i);
    if (c === 46) {
      if (labelLength === 0) return false;
      labels++;
      labelLength = 0;
    } else if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c > 127) {
      labelLength++;
    } else {
      return false;
    }
  }
  return labels >= 2 && labelLength > 0;
}

/**
 * The lower-case host of a website as people write it: `https://www.Acme.co.uk/about`,
 * `acme.co.uk/jobs`, `//acme.io`, `www.acme.com:8080`. Null for anything else (a sentence, an
 * email address, another scheme such as `javascript:` or `mailto:`).
 */
export function websiteHost(text: string): string | null {
  let value = text.trim();
  if (value.length === 0 || value.length > MAX_WEBSITE) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  if (scheme !== null) {
    const name = (scheme[1] ?? '').toLowerCase();
    if (name !== 'http' && name !== 'https') {
      // `acme.com:8080` has no scheme, only a port.
      if (!/^[a-z0-9.-]+:\d+(?:[/?#]|$)/i.test(value)) return null;
      value = `https://${value}`;
    }
  } else {
    value = value.startsWith('//') ? `https:${value}` : `https://${value}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  const host = url.hostname.replace(/\.$/, '');
  return isHostSyntax(host) ? host : null;
}

/**
 * The registrable domain of a website or bare domain: `https://www.acme.co.uk/about` → `acme.co.uk`,
 * `acme.azurewebsites.net` → itself. Null for IPs, unknown suffixes and anything that is not a website.
 */
export function websiteDomain(text: string): string | null {
  const host = websiteHost(text);
  if (host === null || !hasRealPublicSuffix(host)) return null;
  return registrableDomain(host);
}
