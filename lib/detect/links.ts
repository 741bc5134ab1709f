// Anchors: what an href contributes. Outbound links give hosts (for company domains), network
// links give profiles, mailto/tel give contacts. String walks, no URL parsing on the hot path.
import { emailsFromMailto } from './email';
import { isNetworkHost, normaliseProfileUrl } from './networks';
import { phoneFromTelHref } from './phone-candidates';
import type { EntitySink } from './text-scan';
import { hostOfAbsoluteUrl, splitHttpUrl, startsWithIgnoreCase } from './url';

export { hostOfAbsoluteUrl } from './url';

const MAX_HREF = 2048;

/**
 * Anchors worth reading on most pages: contact schemes and absolute links. Relative links point
 * at the page's own site (already counted), except on a network's own pages, where relative
 * `/in/<slug>` links are profiles; `ALL_LINKS_SELECTOR` is used there.
 */
export const LINK_SELECTOR = 'a[href^="mailto:" i],a[href^="tel:" i],a[href^="http" i],a[href^="//"]';
export const ALL_LINKS_SELECTOR = 'a[href]';

/**
 * `LINK_SELECTOR` minus absolute links back to the page's own origin (many sites write internal
 * links in full); they add nothing: the page's own domain counts anyway.
 */
export function linkSelectorFor(pageUrl: string): string {
  const parts = splitHttpUrl(pageUrl);
  // Hosts are [a-z0-9.-] after splitHttpUrl, so they are safe inside a quoted attribute selector.
  if (parts === null || !/^[a-z0-9.-]+$/.test(parts.host)) return LINK_SELECTOR;
  const h = parts.host;
  return [
    'a[href^="mailto:" i]',
    'a[href^="tel:" i]',
    `a[href^="http" i]:not([href^="https://${h}/" i]):not([href^="http://${h}/" i]):not([href="https://${h}" i]):not([href="http://${h}" i])`,
    `a[href^="//"]:not([href^="//${h}/" i])`,
  ].join(',');
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
