/**
 * Sites the user chooses for automatic scanning ("scan automatically on sites I choose"): turning what they type
 * into the match pattern stored in settings and requested as a host permission. Pure.
 */
import { t } from '../i18n/t';

export type SiteCheck = { ok: true; pattern: string; label: string } | { ok: false; message: string };

// Letters, digits, hyphens and dots after IDNA conversion by URL; checked character by character (no regex that
// could backtrack on hostile input).
function isHostname(host: string): boolean {
  if (host.length === 0 || host.length > 253 || host.startsWith('.') || host.endsWith('.') || host.includes('..')) return false;
  for (const ch of host) {
    const ok = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch === '-' || ch === '.';
    if (!ok) return false;
  }
  return true;
}

/**
 * `example.com`, `https://example.com/team`, `*.example.com` → `https://example.com/*` (https unless the user
 * typed http://). `*.` keeps its meaning: the domain and every subdomain.
 */
export function sitePattern(input: string): SiteCheck {
  let text = input.trim().toLowerCase();
  if (text === '') return { ok: false, message: t('options_site_error_empty') };
  let scheme = 'https';
  const schemeEnd = text.indexOf('://');
  if (schemeEnd !== -1) {
    scheme = text.slice(0, schemeEnd);
    if (scheme !== 'https' && scheme !== 'http') {
      return { ok: false, message: t('options_site_error_scheme') };
    }
    text = text.slice(schemeEnd + 3);
  }
  let wildcard = false;
  if (text.startsWith('*.')) {
    wildcard = true;
    text = text.slice(2);
  }
  let host: string;
  try {
    host = new URL(`${scheme}://${text}`).hostname;
  } catch {
    return { ok: false, message: t('options_site_error_not_site', input.trim()) };
  }
  if (!isHostname(host) || (!host.includes('.') && host !== 'localhost')) {
    return { ok: false, message: t('options_site_error_not_domain', input.trim()) };
  }
  const fullHost = wildcard ? `*.${host}` : host;
  return { ok: true, pattern: `${scheme}://${fullHost}/*`, label: scheme === 'https' ? fullHost : `http://${fullHost}` };
}

/**
 * True only for a pattern the options form itself would store (`sitePattern` gives it back unchanged). Stored and
 * imported `scanSites` must pass it: `<all_urls>`, `javascript:…` or `https://user:pass@…` never become host
 * permissions or content-script matches, which would widen what the extension may read.
 */
export function isSitePattern(pattern: string): boolean {
  const check = sitePattern(pattern);
  return check.ok && check.pattern === pattern;
}

/** The human label for a stored pattern (`https://example.com/*` → `example.com`). */
export function siteLabel(pattern: string): string {
  const m = /^(https?):\/\/([^/]+)\/\*$/.exec(pattern);
  if (!m) return pattern;
  return m[1] === 'https' ? (m[2] ?? pattern) : `http://${m[2] ?? ''}`;
}
