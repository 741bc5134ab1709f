import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { getDomain } from 'tldts';

/*
 * Turning user input into the keys the database is indexed by. Each function returns null when the input
 * cannot name anything, which the routes answer with a 404 (no match), never a crash.
 */

/**
 * Registrable domain of a host or URL (the spec: "the input domain is cleaned and any subdomain removed"),
 * by the Public Suffix List including its private section (`example.uk.com` is a registrable domain).
 */
export function cleanDomain(input: string | null | undefined): string | null {
  if (!input) return null;
  let host = input.trim().toLowerCase();
  if (host === '' || host.startsWith('.')) return null;
  const scheme = host.indexOf('://');
  if (scheme !== -1) host = host.slice(scheme + 3);
  host = cutAt(host, ['/', '?', '#']);
  const at = host.lastIndexOf('@');
  if (at !== -1) host = host.slice(at + 1);
  host = cutAt(host, [':']);
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '' || host.startsWith('.')) return null;
  return getDomain(host, { allowPrivateDomains: true }) ?? null;
}

function cutAt(text: string, stops: string[]): string {
  let end = text.length;
  for (const stop of stops) {
    const i = text.indexOf(stop);
    if (i !== -1 && i < end) end = i;
  }
  return text.slice(0, end);
}

export type ProfileRef = { network: 'linkedin' | 'twitter' | 'github'; kind: 'person' | 'company'; handle: string };

/**
 * A social profile URL reduced to network + handle: any LinkedIn host (`www.`, `uk.`, bare), trailing slash,
 * query and fragment ignored, percent-encoding decoded, case folded. Twitter/X and GitHub profiles too.
 */
export function parseProfileUrl(input: string | null | undefined): ProfileRef | null {
  if (!input) return null;
  let text = input.trim();
  if (!/^https?:\/\//i.test(text)) text = `https://${text.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter((p) => p !== '').map(safeDecode);
  const first = parts[0]?.toLowerCase();
  const second = parts[1];
  if (host === 'linkedin.com' || host.endsWith('.linkedin.com')) {
    if ((first === 'in' || first === 'pub') && second) return { network: 'linkedin', kind: 'person', handle: second.toLowerCase() };
    if ((first === 'company' || first === 'school' || first === 'showcase') && second) {
      return { network: 'linkedin', kind: 'company', handle: second.toLowerCase() };
    }
    return null;
  }
  if ((host === 'twitter.com' || host === 'x.com' || host.endsWith('.twitter.com') || host === 'www.x.com') && first) {
    return { network: 'twitter', kind: 'person', handle: first.toLowerCase().replace(/^@/, '') };
  }
  if ((host === 'github.com' || host === 'www.github.com') && first) return { network: 'github', kind: 'person', handle: first.toLowerCase() };
  return null;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Key of a person profile in `contact_keys` (kind `social`). */
export function socialKey(input: string | null | undefined): string | null {
  const ref = parseProfileUrl(input);
  return ref && ref.kind === 'person' ? `${ref.network}:${ref.handle}` : null;
}

/** E.164 form of a phone number; numbers without a country code are read as US numbers. */
export function phoneKey(input: string | null | undefined): string | null {
  if (!input) return null;
  const parsed = parsePhoneNumberFromString(input.trim(), 'US');
  return parsed?.isPossible() ? parsed.number : null;
}

export function emailKey(input: string | null | undefined): string | null {
  const email = input?.trim().toLowerCase();
  return email && email.includes('@') ? email : null;
}

/** Case- and space-insensitive form of a person or company name. */
export function nameKey(input: string | null | undefined): string | null {
  const name = input?.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return name ? name : null;
}
