// Anchors: what an href contributes. Outbound links give hosts (for company domains), network
// links give profiles, mailto/tel give contacts. String walks, no URL parsing on the hot path.
import { emailsFromMailto } from './email';
import { isNetworkHost, normaliseProfileUrl } from './networks';
import { phoneFromTelHref } from './phone-candidates';
import type { EntitySink } from './text-scan';

const MAX_HREF = 2048;

/**
 * Anchors worth reading on most pages: contact schemes and absolute links. Relative links point
 * at the page's own site (already counted), except on a network's own pages, where relative
 * `/in/<slug>` links are profiles; `ALL_LINKS_SELECTOR` is used there.
 */
export const LINK_SELECTOR = 'a[href^="mailto:" i],a[href^="tel:" i],a[href^="http" i],a[href^="//"]';
export const ALL_LINKS_SELECTOR = 'a[href]';

function startsWithIgnoreCase(s: string, prefix: string): boolean {
  if (s.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== prefix.charCodeAt(i)) return false;
  }
  return true;
}

/** `javascript:`, `data:`, `ftp:`…: an RFC 3986 scheme (letter, then letters/digits/+/-/.) and a colon. */
function hasScheme(href: string): boolean {
  for (let i = 0; i < href.length && i < 32; i++) {
    const c = href.charCodeAt(i);
    if (c === 58) return i > 0;
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!letter && (i === 0 || !((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46))) return false;
  }
  return false;
}

/** Lower-case host of an absolute or protocol-relative http(s) URL, or null. */
export function hostOfAbsoluteUrl(href: string): string | null {
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
  if (host.startsWith('[')) return null; // IPv6 literal: never a company domain
  const colon = host.indexOf(':');
  if (colon !== -1) host = host.slice(0, colon);
  while (host.endsWith('.')) host = host.slice(0, -1);
  if (host.length === 0 || host.length > 253) return null;
  return host.toLowerCase();
}

/** Feeds one anchor's href to the sink. `base` resolves relative hrefs (page URL or `<base>`). */
export function readHref(rawHref: string, base: string, sink: EntitySink): void {
  const href = rawHref.trim();
  if (href.length === 0 || href.length > MAX_HREF) return;
  if (startsWithIgnoreCase(href, 'mailto:')) {
    for (const email of emailsFromMailto(href)) sink.email(email);
    return;
  }
  if (startsWithIgnoreCase(href, 'tel:')) {
    const phone = phoneFromTelHref(href);
    if (phone !== null) sink.phone(phone);
    return;
  }
  let host = hostOfAbsoluteUrl(href);
  let absolute = href;
  if (host === null) {
    // Relative (or another scheme): only worth resolving when it could land on a network page.
    if (href.charCodeAt(0) === 35 /* # */ || hasScheme(href)) return;
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    host = url.hostname.toLowerCase();
    absolute = url.href;
  }
  if (isNetworkHost(host)) {
    const match = normaliseProfileUrl(absolute);
    if (match?.kind === 'person') sink.profile(match.url);
    else if (match?.kind === 'company') sink.company(match.url);
    return;
  }
  sink.linkHost(host);
}
