/**
 * Normal forms of lookup values, shared by the selection classifier and the cache keys, so "Bob@Acme.com " and
 * "bob@acme.com" are one lookup (and one charge). Linear-time string handling only: selections and page text are
 * hostile input.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { parse as parseDomain } from 'tldts';
import { normaliseProfileUrl as detectProfileUrl } from '../detect/networks';


export function normaliseEmail(text: string): string {
  return text.trim().toLowerCase();
}

/** A plausible single email address: one @, a dotted ICANN domain, no spaces, bounded length. */
export function looksLikeEmail(text: string): boolean {
  const value = text.trim();
  if (value.length > 320 || value.length < 6) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || /[\s<>()[\]\\,;:"]/.test(local) || local.startsWith('.') || local.endsWith('.')) return false;
  return isRegistrableDomain(domain, false);
}

/** E.164 when the number is valid (for `defaultCountry` when it has no + prefix); null otherwise. */
export function normalisePhone(text: string, defaultCountry?: CountryCode): string | null {
  const value = text.trim();
  // Only phone characters, at least 7 digits: dates, prices and ids are not phones.
  if (!/^[+()\d\s./-]{7,32}$/.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return null;
  const parsed = parsePhoneNumberFromString(value, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** A hostname under a real public suffix (ICANN), e.g. `acme.co.uk`; IPs, `localhost`, `jane.doe` are not. */
export function isRegistrableDomain(host: string, allowPath = true): boolean {
  const value = host.trim().toLowerCase();
  if (value.length > 253 || /\s/.test(value)) return false;
  if (!allowPath && /[/?#@:]/.test(value)) return false;
  const parsed = parseDomain(value);
  return Boolean(parsed.domain && parsed.isIcann && !parsed.isIp && parsed.domainWithoutSuffix);
}

/** The registrable domain of a website or bare domain: `https://www.acme.co.uk/about` → `acme.co.uk`. */
export function normaliseDomain(text: string): string | null {
  const value = text.trim().toLowerCase();
  const parsed = parseDomain(value);
  if (!parsed.domain || !parsed.isIcann || parsed.isIp) return null;
  return parsed.domain;
}

export type ProfileKind = 'person' | 'company';

/**
 * Canonical professional-network profile URL (`https://www.linkedin.com/in/<slug>`), or null when the text is
 * not one. The detection engine's normaliser, so a profile found on a page and the same profile selected or
 * looked up are one cache key. Scheme-less input ("linkedin.com/in/jdoe", common in selections) is accepted.
 */
export function normaliseProfileUrl(text: string): { kind: ProfileKind; url: string } | null {
  const value = text.trim();
  if (value.length > 2048) return null;
  const match = detectProfileUrl(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
  return match ? { kind: match.kind, url: match.url } : null;
}

/** Names compared loosely: case, accents kept, whitespace collapsed, Unicode NFKC. */
export function normaliseName(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
