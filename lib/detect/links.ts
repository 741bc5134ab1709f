// Anchors: what an href contributes. Outbound links give hosts (for company domains), network
// links give profiles, mailto/tel give contacts. String walks, no URL parsing on the hot path.
import { emailsFromMailto } from './email';
import { isNetworkHost, normaliseProfileUrl, profileOfSplitUrl } from './networks';
import { phoneFromTelHref } from './phone-candidates';
import type { EntitySink } from './text-scan';
import { hostOfAbsoluteUrl, splitHttpUrl, startsWithIgnoreCase } from './url';

export { hostOfAbsoluteUrl } from './url';

const MAX_HREF = 2048;

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

/** How to read the hrefs of one page. */
export interface HrefContext {
  /** What relative hrefs resolve against (the page URL, or its `<base>`). */
  base: string;
  /**
   * Relative links point back at the page's own site (already counted), so they are only worth
   * resolving on a network's own pages, where `/in/<slug>` is a profile.
   */
  resolveRelative: boolean;
  /** The page's own host: absolute links back to it add nothing. */
  ownHost: string | null;
}

/** The context for a page at `base` (page URL or `<base href>`). */
export function hrefContextFor(base: string, pageUrl: string): HrefContext {
  const baseHost = hostOfAbsoluteUrl(base);
  return { base, resolveRelative: baseHost !== null && isNetworkHost(baseHost), ownHost: hostOfAbsoluteUrl(pageUrl) };
}

/**
 * False for an href `readHref` would drop unread: a same-site relative link (`/path`, `#frag`, `page.html`, `?q`) on a
 * page that is no network's own, where `/in/<slug>` would be a profile. Those are most of a page's anchors, so the scan
 * asks this before it hashes the href to remember it (relative links are dropped before hashing, which is most of a
 * page's links). Only mailto:, tel:, http(s): and protocol-relative (`//host`) hrefs, or any href with leading
 * whitespace (trimmed first), go on; `readHref` asks it too, so the two never disagree.
 */
export function mayGiveEntities(href: string, context: HrefContext): boolean {
  if (context.resolveRelative) return true;
  const c = href.charCodeAt(0);
  if (c <= 32) return true;
  const first = c | 32;
  if (first === 109 /* m */) return startsWithIgnoreCase(href, 'mailto:');
  if (first === 116 /* t */) return startsWithIgnoreCase(href, 'tel:');
  if (first === 104 /* h */) return startsWithIgnoreCase(href, 'http');
  return c === 47 /* / */ && href.charCodeAt(1) === 47;
}

/** Feeds one anchor's href to the sink. */
export function readHref(rawHref: string, context: HrefContext, sink: EntitySink): void {
  const href = rawHref.length > 0 && rawHref.charCodeAt(0) <= 32 ? rawHref.trim() : rawHref;
  if (href.length === 0 || href.length > MAX_HREF || !mayGiveEntities(href, context)) return;
  const first = href.charCodeAt(0) | 32;
  if (first === 109 /* m */ && startsWithIgnoreCase(href, 'mailto:')) {
    for (const email of emailsFromMailto(href)) sink.email(email);
    return;
  }
  if (first === 116 /* t */ && startsWithIgnoreCase(href, 'tel:')) {
    const phone = phoneFromTelHref(href);
    if (phone !== null) sink.phone(phone);
    return;
  }
  const parts = splitHttpUrl(href);
  let host: string;
  let absolute = href;
  if (parts === null) {
    if (!context.resolveRelative || href.charCodeAt(0) === 35 /* # */ || hasScheme(href)) return;
    let url: URL;
    try {
      url = new URL(href, context.base);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    host = url.hostname.toLowerCase();
    absolute = url.href;
  } else {
    host = parts.host;
  }
  if (isNetworkHost(host)) {
    const match = parts !== null ? profileOfSplitUrl(href, parts) : normaliseProfileUrl(absolute);
    if (match?.kind === 'person') sink.profile(match.url);
    else if (match?.kind === 'company') sink.company(match.url);
    return;
  }
  if (host !== context.ownHost) sink.linkHost(host);
}
