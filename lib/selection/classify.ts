/**
 * What does the selected text mean? Used by the context menu ("Enrich “%s”"), the enrich-selection shortcut and
 * 'selection/classify'. One clear meaning → look it up; several → let the user choose; none → say so.
 *
 * Order of checks: the whole selection as one thing (email, profile URL, phone, website/domain, "First Last at
 * Company" and its variants); failing that, every token that is something on its own (a selection of a
 * signature block gives an email and a phone). No backtracking regular expressions: the text is hostile.
 */
import type { CountryCode } from 'libphonenumber-js';
import type { PanelIntent, SelectionMeaning } from '../messaging/protocol';
import {
  isRegistrableDomain,
  looksLikeEmail,
  normaliseDomain,
  normaliseEmail,
  normalisePhone,
  normaliseProfileUrl,
} from './normalise';

export const MAX_SELECTION = 512;
const PNET_DOMAIN = 'linkedin.com';
const MAX_CHOICES = 10;

export interface ClassifyOptions {
  /** Country for numbers written without +country code (from the browser's locale). */
  defaultCountry?: CountryCode;
}

export function classifySelection(raw: string, options: ClassifyOptions = {}): SelectionMeaning[] {
  const text = clean(raw);
  if (text === '') return [];
  // A selection across lines (a signature, a table row) is several things, never one "First Last, Company".
  const multiline = /[\n\r]/.test(raw.trim());
  const whole = classifyToken(text, options) ?? (multiline ? null : classifyPerson(text));
  if (whole) return [whole];
  const found: SelectionMeaning[] = [];
  const seen = new Set<string>();
  for (const token of tokens(text)) {
    const meaning = classifyToken(token, options);
    if (!meaning) continue;
    const id = JSON.stringify(meaning);
    if (seen.has(id)) continue;
    seen.add(id);
    found.push(meaning);
    if (found.length >= MAX_CHOICES) break;
  }
  // Phones are often written with spaces ("+44 20 7946 0958"): try the digit runs the tokens split apart.
  for (const run of phoneRuns(text)) {
    const phone = normalisePhone(run, options.defaultCountry);
    if (!phone || found.length >= MAX_CHOICES) continue;
    const meaning: SelectionMeaning = { kind: 'phone', phone };
    const id = JSON.stringify(meaning);
    if (seen.has(id)) continue;
    seen.add(id);
    found.push(meaning);
  }
  return found;
}

/** The side panel intent for a selection. */
export function intentFor(raw: string, meanings: SelectionMeaning[], at: number): PanelIntent {
  const text = clean(raw).slice(0, MAX_SELECTION);
  if (meanings.length === 0) return { kind: 'unrecognised', text, at };
  if (meanings.length === 1) return { kind: 'lookup', meaning: meanings[0] as SelectionMeaning, at };
  return { kind: 'ambiguous', text, choices: meanings.slice(0, MAX_CHOICES), at };
}

function clean(raw: string): string {
  return raw
    .slice(0, MAX_SELECTION * 2)
    .normalize('NFKC')
    .replace(/[\u200b-\u200d\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“”‘’<«]+/, '')
    .replace(/["'“”‘’>».;:!?]+$/, '')
    .trim()
    .slice(0, MAX_SELECTION);
}

function classifyToken(token: string, options: ClassifyOptions): SelectionMeaning | null {
  const value = stripMailto(token);
  if (looksLikeEmail(value)) return { kind: 'email', email: normaliseEmail(value) };
  const profile = normaliseProfileUrl(value);
  if (profile) return profile.kind === 'person' ? { kind: 'profile', url: profile.url } : { kind: 'company', url: profile.url };
  const phone = normalisePhone(value, options.defaultCountry);
  if (phone) return { kind: 'phone', phone };
  if (looksLikeWebsite(value)) {
    const domain = normaliseDomain(hostOf(value));
    // The network's own pages (feed, jobs) are not a company website.
    if (domain && domain !== PNET_DOMAIN) return { kind: 'company', url: domain };
  }
  return null;
}

function stripMailto(token: string): string {
  const lower = token.slice(0, 7).toLowerCase();
  if (lower !== 'mailto:') return token;
  const rest = token.slice(7);
  const q = rest.indexOf('?');
  try {
    return decodeURIComponent(q === -1 ? rest : rest.slice(0, q));
  } catch {
    return rest;
  }
}

/** `acme.com`, `www.acme.co.uk`, `https://acme.io/about`: a website, not a sentence with a dot in it. */
function looksLikeWebsite(value: string): boolean {
  if (/\s/.test(value) || value.includes('@')) return false;
  if (/^https?:\/\//i.test(value)) return isRegistrableDomain(hostOf(value));
  // A bare domain: labels of letters, digits, hyphens; an optional path.
  const host = value.split(/[/?#]/, 1)[0] ?? '';
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host) && isRegistrableDomain(host);
}

function hostOf(value: string): string {
  try {
    return new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`).hostname;
  } catch {
    return value;
  }
}

/** Whitespace/comma/semicolon separated pieces, trimmed of wrapping punctuation. */
function tokens(text: string): string[] {
  return text
    .split(/[\s,;|]+/)
    .map((t) => t.replace(/^[("'<[]+/, '').replace(/[)"'>\].:!?]+$/, ''))
    .filter((t) => t.length >= 3);
}

/** Maximal runs of phone characters (digits, +, spaces, dashes, dots, parentheses) with enough digits. */
function phoneRuns(text: string): string[] {
  const runs: string[] = [];
  let current = '';
  const flush = () => {
    const run = current.trim();
    if (run.replace(/\D/g, '').length >= 7) runs.push(run);
    current = '';
  };
  for (const ch of text) {
    if ((ch >= '0' && ch <= '9') || ch === '+' || ch === ' ' || ch === '-' || ch === '.' || ch === '(' || ch === ')') current += ch;
    else flush();
  }
  flush();
  return runs;
}

// ---------------------------------------------------------------------------------------------------- people

/** A name part: letters (any script), apostrophes, hyphens, dots ("O'Neil", "Jean-Luc", "J."). */
const NAME_PART = /^[\p{L}][\p{L}\p{M}'’.-]*$/u;

/**
 * "First Last at Company", "First Last @ Company", "First Last, Company", "First Last (Company)",
 * "First Last - Company" / "– Company" / "| Company". The company may be a website (→ company_domain).
 */
function classifyPerson(text: string): SelectionMeaning | null {
  const split = splitPersonCompany(text);
  if (!split) return null;
  const names = split.person.split(' ').filter(Boolean);
  if (names.length < 2 || names.length > 4 || !names.every((n) => NAME_PART.test(n) && n.length <= 60)) return null;
  // Names are written capitalised; "the team at Acme" is not a person.
  if (!names.every((n) => isCapitalised(n))) return null;
  const company = split.company.trim();
  if (company.length < 2 || company.length > 120 || company.includes('@')) return null;
  if (company.split(' ').length > 8 || company.replace(/\D/g, '').length > 4) return null;
  const first = names[0] as string;
  const last = names.slice(1).join(' ');
  const domain = looksLikeWebsite(company) ? normaliseDomain(hostOf(company)) : null;
  return domain
    ? { kind: 'person', first_name: first, last_name: last, company_domain: domain }
    : { kind: 'person', first_name: first, last_name: last, company_name: company };
}

function splitPersonCompany(text: string): { person: string; company: string } | null {
  // "(Company)" at the end.
  if (text.endsWith(')')) {
    const open = text.lastIndexOf('(');
    if (open > 0) return { person: text.slice(0, open).trim(), company: text.slice(open + 1, -1) };
  }
  for (const separator of [' at ', ' @ ', ', ', ' - ', ' – ', ' — ', ' | ']) {
    const index = text.toLowerCase().indexOf(separator);
    if (index > 0) return { person: text.slice(0, index).trim(), company: text.slice(index + separator.length) };
  }
  return null;
}

function isCapitalised(word: string): boolean {
  const first = word[0] as string;
  return first === first.toUpperCase() && first !== first.toLowerCase();
}
