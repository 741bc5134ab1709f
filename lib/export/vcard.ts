import type { EnrichedContact } from '../api/schemas';
import { fullNameOf } from './contact-rows';

/*
 * vCard 3.0 (RFC 2426) and 4.0 (RFC 6350) export of an enriched contact. Every text value is escaped (backslash,
 * comma, semicolon, line breaks), control characters are dropped, parameter values are reduced to safe tokens,
 * lines are folded at 75 octets without splitting a UTF-8 character, and only http(s) URLs are written.
 */

export type VCardVersion = '3.0' | '4.0';

const CRLF = '\r\n';

/** Escapes a TEXT value (RFC 6350 §3.4). */
export function escapeText(value: string): string {
  return dropControls(value, true)
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value as a plain token: letters, digits and dashes only ("LinkedIn" → "linkedin"). */
export function paramToken(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/** Folds a content line at 75 octets (RFC 6350 §3.2), never inside a multi-byte character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (bytes + size > limit) {
      parts.push(current);
      current = '';
      bytes = 0;
      limit = 74; // continuation lines start with one space
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A URI value is not TEXT-escaped, but must not carry line breaks or control characters. */
function uri(value: string): string {
  return dropControls(value, false);
}

/** Removes C0 control characters and DEL (a tab becomes a space); keeps CR/LF when `keepBreaks` (they are escaped as \n later). */
function dropControls(value: string, keepBreaks: boolean): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char === '\t') {
      out += ' ';
      continue;
    }
    const control = code < 0x20 || code === 0x7f;
    if (!control || (keepBreaks && (char === '\n' || char === '\r'))) out += char;
  }
  return out;
}

const nonEmpty = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

function phoneType(type: string | null, version: VCardVersion): string {
  const t = (type ?? '').toLowerCase();
  const mapped = t.includes('mobile') || t.includes('cell') ? 'cell' : t.includes('fax') ? 'fax' : t.includes('home') ? 'home' : t.includes('work') ? 'work' : 'voice';
  return version === '3.0' ? mapped.toUpperCase() : mapped;
}

export interface VCardOptions {
  version: VCardVersion;
  /** REV timestamp; defaults to now. */
  now?: Date;
}

export function toVCard(contact: EnrichedContact, { version, now = new Date() }: VCardOptions): string {
  const v3 = version === '3.0';
  const lines: string[] = ['BEGIN:VCARD', `VERSION:${version}`];
  if (!v3) lines.push('KIND:individual');

  const fn = fullNameOf(contact) || contact.current_work_email || contact.personal_emails[0] || 'Unknown';
  lines.push(`FN:${escapeText(fn)}`);
  lines.push(`N:${[contact.last_name, contact.first_name, '', '', ''].map((p) => escapeText(p ?? '')).join(';')}`);

  const employment = contact.employment;
  if (nonEmpty(employment?.name)) lines.push(`ORG:${escapeText(employment.name)}`);
  const title = employment?.job?.title ?? contact.occupation;
  if (nonEmpty(title)) lines.push(`TITLE:${escapeText(title)}`);

  const emails: Array<[string, 'work' | 'home']> = [];
  if (nonEmpty(contact.current_work_email)) emails.push([contact.current_work_email, 'work']);
  for (const e of contact.other_current_work_emails) if (nonEmpty(e.work_email)) emails.push([e.work_email, 'work']);
  for (const e of contact.personal_emails) if (nonEmpty(e)) emails.push([e, 'home']);
  const seen = new Set<string>();
  emails.forEach(([address, type], i) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    const pref = i === 0 ? (v3 ? ',PREF' : ';PREF=1') : '';
    lines.push(v3 ? `EMAIL;TYPE=INTERNET,${type.toUpperCase()}${pref}:${escapeText(address)}` : `EMAIL;TYPE=${type}${pref}:${escapeText(address)}`);
  });

  for (const phone of contact.phone_numbers) {
    const number = phone.E164 ?? phone.national_number;
    if (!nonEmpty(number)) continue;
    const clean = number.replace(/[^\d+]/g, '');
    if (clean === '') continue;
    const type = phoneType(phone.type, version);
    lines.push(v3 ? `TEL;TYPE=${type}:${clean}` : `TEL;VALUE=uri;TYPE=${type}:tel:${clean}`);
  }

  const loc = contact.location;
  if (loc && [loc.street_address, loc.locality, loc.region, loc.postal_code, loc.country].some(nonEmpty)) {
    const adr = ['', '', loc.street_address, loc.locality, loc.region, loc.postal_code, loc.country].map((p) => escapeText(p ?? '')).join(';');
    lines.push(`ADR;TYPE=${v3 ? 'WORK' : 'work'}:${adr}`);
  }

  const photo = httpUrl(contact.profile_pic_url);
  if (photo) lines.push(v3 ? `PHOTO;VALUE=uri:${uri(photo)}` : `PHOTO:${uri(photo)}`);

  for (const profile of contact.social_profiles) {
    const url = httpUrl(profile.url);
    if (!url) continue;
    const network = paramToken(profile.network ?? '') || 'web';
    lines.push(v3 ? `X-SOCIALPROFILE;TYPE=${network}:${uri(url)}` : `SOCIALPROFILE;SERVICE-TYPE=${network}:${uri(url)}`);
  }
  const website = httpUrl(employment?.website);
  if (website) lines.push(`URL;TYPE=${v3 ? 'WORK' : 'work'}:${uri(website)}`);

  if (nonEmpty(contact.headline)) lines.push(`NOTE:${escapeText(contact.headline)}`);
  if (nonEmpty(contact._id)) lines.push(`UID:${escapeText(contact._id)}`);
  lines.push(`REV:${now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** Several contacts in one .vcf file. */
export function toVCards(contacts: readonly EnrichedContact[], options: VCardOptions): string {
  return contacts.map((c) => toVCard(c, options)).join('');
}

/** A file name without characters file systems reject: "Ada Lovelace.vcf". */
export function fileNameFor(base: string, extension: string): string {
  const clean = dropControls(base, false)
    .replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
  return `${clean || 'export'}.${extension}`;
}
