// Email addresses as identities: what counts as an address and its normal form. Shared by the
// page scan (content script: no libraries here), the selection and lookup parser and the cache keys.
import { isAlpha, isDigit, isLabelChar, isLocalChar } from '../detect/chars';
import fileExtensions from '../detect/data/file-extensions.json' with { type: 'json' };
import { toAsciiHost } from './host';

export const LOCAL_MAX = 64;
export const DOMAIN_MAX = 253;
const LABEL_MAX = 63;

const FILE_EXTENSIONS: ReadonlySet<string> = new Set(fileExtensions.extensions);

/** `2x`, `3x`, `1.5x`: the scale descriptors of responsive image file names. */
function isScaleDescriptor(s: string): boolean {
  if (s.length < 2 || s.charCodeAt(s.length - 1) !== 120 /* x */) return false;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (isDigit(c)) digits++;
    else if (c === 46 && digits > 0 && dots === 0) dots++;
    else return false;
  }
  return digits > 0;
}

/** `logo@2x.png`, `hero@1.5x.webp`, `bundle@1.0.0.js`: file names that look like addresses. */
export function isFileName(domain: string): boolean {
  const lastDot = domain.lastIndexOf('.');
  if (lastDot === -1) return false;
  return FILE_EXTENSIONS.has(domain.slice(lastDot + 1)) || isScaleDescriptor(domain.slice(0, lastDot));
}

/** Lower-case host syntax of an email domain: 2+ LDH labels, alphabetic (or IDNA `xn--`) TLD. */
export function isValidEmailDomain(domain: string): boolean {
  if (domain.length === 0 || domain.length > DOMAIN_MAX) return false;
  let labelStart = 0;
  let labels = 0;
  for (let i = 0; i <= domain.length; i++) {
    const c = i < domain.length ? domain.charCodeAt(i) : 46;
    if (c !== 46) {
      if (!isLabelChar(c)) return false;
      continue;
    }
    const len = i - labelStart;
    if (len === 0 || len > LABEL_MAX) return false;
    if (domain.charCodeAt(labelStart) === 45 || domain.charCodeAt(i - 1) === 45) return false;
    labels++;
    labelStart = i + 1;
  }
  if (labels < 2) return false;
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  if (tld.startsWith('xn--')) return tld.length > 4;
  if (tld.length < 2) return false;
  for (let i = 0; i < tld.length; i++) if (!isAlpha(tld.charCodeAt(i))) return false;
  return !isFileName(domain);
}

export function isValidLocal(local: string): boolean {
  if (local.length === 0 || local.length > LOCAL_MAX) return false;
  if (local.charCodeAt(0) === 46 || local.charCodeAt(local.length - 1) === 46) return false;
  for (let i = 0; i < local.length; i++) {
    const c = local.charCodeAt(i);
    if (!isLocalChar(c)) return false;
    if (c === 46 && local.charCodeAt(i + 1) === 46) return false;
  }
  return true;
}

/**
 * `Jane.Doe@Acme.COM ` → `jane.doe@acme.com`; null unless it is a plausible address. An internationalised domain is
 * written in its ASCII form (`jane@müller.de` → `jane@xn--mller-kva.de`), as mail servers and the service know it.
 */
export function normaliseEmail(input: string): string | null {
  const s = input.trim();
  if (s.length > LOCAL_MAX + 1 + DOMAIN_MAX) return null;
  const at = s.indexOf('@');
  if (at <= 0 || s.indexOf('@', at + 1) !== -1) return null;
  const local = s.slice(0, at).toLowerCase();
  const domain = toAsciiHost(s.slice(at + 1));
  if (domain === null) return null;
  return isValidLocal(local) && isValidEmailDomain(domain) ? `${local}@${domain}` : null;
}
