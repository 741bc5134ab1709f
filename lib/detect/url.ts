// Host and path of absolute http(s) URLs by index walk: the hot path of link reading, where a
// `new URL()` per anchor would cost more than the rest of the scan.

export function startsWithIgnoreCase(s: string, prefix: string, at = 0): boolean {
  if (s.length - at < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    let c = s.charCodeAt(at + i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== prefix.charCodeAt(i)) return false;
  }
  return true;
}

export interface UrlParts {
  /** Lower-case host without userinfo, port or trailing dot. */
  host: string;
  /** Index where the path (or `?`/`#`) starts, `href.length` when there is none. */
  pathStart: number;
}

/** Splits `https://user@Host.com:8080/path?q` (also `http:` and protocol-relative `//`); null otherwise. */
export function splitHttpUrl(href: string): UrlParts | null {
  let i: number;
  if (startsWithIgnoreCase(href, 'https://')) i = 8;
  else if (startsWithIgnoreCase(href, 'http://')) i = 7;
  else if (href.startsWith('//')) i = 2;
  else return null;
  let end = i;
  const limit = Math.min(href.length, i + 300);
  while (end < limit) {
    const c = href.charCodeAt(end);
    if (c === 47 || c === 63 || c === 35 || c === 92) break; // / ? # \
    end++;
  }
  let host = href.slice(i, end);
  const at = host.lastIndexOf('@');
  if (at !== -1) host = host.slice(at + 1);
  if (host.startsWith('[')) return null; // IPv6 literal: never a company or a network
  const colon = host.indexOf(':');
  if (colon !== -1) host = host.slice(0, colon);
  while (host.endsWith('.')) host = host.slice(0, -1);
  if (host.length === 0 || host.length > 253) return null;
  return { host: host.toLowerCase(), pathStart: end };
}

/** Lower-case host of an absolute or protocol-relative http(s) URL, or null. */
export function hostOfAbsoluteUrl(href: string): string | null {
  return splitHttpUrl(href)?.host ?? null;
}
