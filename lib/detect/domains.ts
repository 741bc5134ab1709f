// Company domains: registrable domain (Public Suffix List via tldts) and the exclusion lists.
import { parse } from 'tldts';
import exclusions from './data/exclusions.json' with { type: 'json' };

const PSL = { allowPrivateDomains: true, extractHostname: false } as const;

export type ExclusionCategory = Exclude<keyof typeof exclusions, '$comment'>;

const EXCLUDED: ReadonlyMap<string, ExclusionCategory> = new Map(
  (Object.keys(exclusions) as Array<keyof typeof exclusions>)
    .filter((k): k is ExclusionCategory => k !== '$comment')
    .flatMap((category) => (exclusions[category] as string[]).map((host) => [host, category] as const)),
);

function cleanHost(input: string): string | null {
  let host = input.trim().toLowerCase();
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host.length === 0 || host.length > 253 || host.startsWith('.') || host.includes('..')) return null;
  return host;
}

/**
 * The registrable domain ("eTLD+1") of a host: `www.acme.co.uk` → `acme.co.uk`; null for a bare
 * suffix, an IP address or a malformed host. Follows the Public Suffix List's own test vectors.
 */
export function registrableDomain(input: string | null | undefined): string | null {
  if (input === null || input === undefined) return null;
  const host = cleanHost(input);
  if (host === null) return null;
  const parsed = parse(host, PSL);
  return parsed.isIp === true ? null : parsed.domain;
}

/** True when the host ends in a suffix that is really on the list (not `localhost`, `corp.internal`). */
export function hasRealPublicSuffix(input: string): boolean {
  const host = cleanHost(input);
  if (host === null) return false;
  const parsed = parse(host, PSL);
  return parsed.isIp !== true && parsed.domain !== null && (parsed.isIcann === true || parsed.isPrivate === true);
}

/** The exclusion list naming the host or one of its parent domains, if any. */
export function exclusionOf(host: string): ExclusionCategory | null {
  let h = host.toLowerCase();
  for (;;) {
    const category = EXCLUDED.get(h);
    if (category !== undefined) return category;
    const dot = h.indexOf('.');
    if (dot === -1) return null;
    h = h.slice(dot + 1);
  }
}

/** `café.example` → `xn--caf-dma.example`; null when it is not a usable host name. */
export function toAsciiHost(host: string): string | null {
  let ascii = true;
  for (let i = 0; i < host.length; i++) if (host.charCodeAt(i) > 127) ascii = false;
  if (ascii) return host.toLowerCase();
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

/** The company domain a host stands for, or null (IP, unknown suffix, platform, CDN, free-mail…). */
export function companyDomainOf(host: string): string | null {
  const ascii = toAsciiHost(host);
  if (ascii === null || !hasRealPublicSuffix(ascii) || exclusionOf(ascii) !== null) return null;
  return registrableDomain(ascii);
}
