/**
 * The one parser for what a user selects (right-click, shortcut) or types (the lookup box): an email, a phone in
 * any common format, a person or company profile URL, a website or domain, or a person as "Jane Doe, Acme",
 * "Jane Doe at Acme", "Jane Doe @ acme.com", "Doe, Jane – Acme", "Jane Doe – VP Sales – Acme" (the title is not the
 * company), in any letter case. Every normal form comes from lib/identity, so what is typed, selected or found on
 * a page is one cache key. No backtracking regular expressions: the text is hostile.
 */
import type { SelectionMeaning } from '../model/lookup';
import { exclusionOf } from '../detect/domains';
import { scanPhones } from '../detect/phone-candidates';
import {
  hasRealPublicSuffix,
  isNetworkHost,
  normaliseEmail,
  profileOfText,
  readPhone,
  websiteDomain,
  type CountryCode,
} from '../identity';
import { formatPhone } from '../identity/phone';
import { appOnlyLinkOfText } from '../identity/profile';
import { NAME_HONORIFICS, SURNAME_PARTICLES } from '../identity/name';
import { t } from '../i18n/t';

export const MAX_QUERY = 512;
const MAX_CHOICES = 10;

export interface QueryOptions {
  /** Country for numbers written without a country code (from the browser's locale or the page). */
  defaultCountry?: CountryCode;
}

/**
 * Every meaning of `raw`: one when the whole text is one thing; failing that, each piece that is something on its
 * own (a signature block gives its email and its phone), at most MAX_CHOICES; none when nothing is recognised.
 */
export function parseQuery(raw: string, options: QueryOptions = {}): SelectionMeaning[] {
  const text = cleanQuery(raw);
  if (text === '') return [];
  // A selection across lines (a signature, a table row) is several things, never one "First Last, Company".
  const multiline = /[\n\r]/.test(raw.trim());
  const whole = parseToken(text, options) ?? parseToken(deobfuscated(text), options) ?? (multiline ? null : parsePerson(text));
  if (whole) return [whole];
  const found: SelectionMeaning[] = [];
  const seen = new Set<string>();
  const add = (meaning: SelectionMeaning): void => {
    const id = JSON.stringify(meaning);
    if (seen.has(id) || found.length >= MAX_CHOICES) return;
    seen.add(id);
    found.push(meaning);
  };
  for (const token of tokens(text)) {
    const meaning = parseToken(token, options);
    // Phones only from the candidate finder below: a word of a number ("Tel.: 030 12345678" → "12345678") read on its
    // own is another, shorter number, and the user was asked to choose between the two.
    if (meaning && meaning.kind !== 'phone') add(meaning);
  }
  // Phones are written with spaces ("+44 20 7946 0958"): the page scan's candidate finder splits them out.
  const addPhone = (candidate: string): void => {
    const phone = readPhone(candidate, options.defaultCountry);
    if (phone) add({ kind: 'phone', phone: phone.e164 });
  };
  scanPhones(text, 0, text.length, { phone: addPhone, fax: addPhone });
  return found;
}

/** The words the UI shows for a meaning: "Person: Jane Doe at acme.com". */
export function describeMeaning(meaning: SelectionMeaning): string {
  switch (meaning.kind) {
    case 'email':
      return t('sidepanel_describe_email', meaning.email);
    case 'phone':
      return t('sidepanel_describe_phone', formatPhone(meaning.phone));
    case 'profile':
      return t('sidepanel_describe_profile', withoutScheme(meaning.url));
    case 'company':
      return meaning.url.includes('/') ? t('sidepanel_describe_company_page', withoutScheme(meaning.url)) : t('sidepanel_describe_company', meaning.url);
    case 'person': {
      const company = meaning.company_domain ?? meaning.company_name;
      return company ? t('sidepanel_describe_person_at', meaning.first_name, meaning.last_name, company) : t('sidepanel_describe_person', meaning.first_name, meaning.last_name);
    }
  }
}

/**
 * Why `raw` gave no meaning, in the words the lookup box shows: a Sales Navigator link is a private page of that app,
 * not a public profile, so it says so and what to paste instead; anything else gets the list of what it reads.
 */
export function notUnderstoodReason(raw: string): string {
  const text = cleanQuery(raw);
  if (!/\s/.test(text) && appOnlyLinkOfText(text) === 'sales-navigator') return t('sidepanel_lookup_sales_navigator');
  return t('sidepanel_lookup_not_understood');
}

const withoutScheme = (url: string): string => url.replace(/^https?:\/\/(www\.)?/, '');

/** The text as parsed: NFKC, invisible characters gone, spaces collapsed, wrapping quotes and punctuation dropped. */
export function cleanQuery(raw: string): string {
  return raw
    .slice(0, MAX_QUERY * 2)
    .normalize('NFKC')
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“”‘’<«]+/, '')
    .replace(/["'“”‘’>».,;:!?]+$/, '')
    .trim()
    .replace(/^\((.*)\)$/, (whole, inner: string) => (inner.includes('(') || inner.includes(')') ? whole : inner.trim()))
    .slice(0, MAX_QUERY);
}

/** `jane [at] acme [dot] com`, `jane(at)acme.com`: the written-out forms imprint pages use, as an address. */
function deobfuscated(text: string): string {
  if (!/[[({]\s*at\s*[\])}]/i.test(text)) return text;
  return text.replace(/\s*[[({]\s*at\s*[\])}]\s*/gi, '@').replace(/\s*[[({]\s*dot\s*[\])}]\s*/gi, '.');
}

/** One token as one thing: email, profile, phone, website. */
function parseToken(token: string, options: QueryOptions): SelectionMeaning | null {
  const value = stripMailto(token);
  const email = value.includes('@') ? normaliseEmail(value) : null;
  if (email !== null) return hasRealPublicSuffix(email.slice(email.indexOf('@') + 1)) ? { kind: 'email', email } : null;
  const profile = profileOfText(value);
  if (profile) return profile.kind === 'person' ? { kind: 'profile', url: profile.url } : { kind: 'company', url: profile.url };
  const phone = readPhone(value, options.defaultCountry);
  if (phone) return { kind: 'phone', phone: phone.e164 };
  const domain = companyDomainOfText(value);
  return domain === null ? null : { kind: 'company', url: domain };
}

/** `acme.com`, `www.acme.co.uk`, `https://acme.io/about` → its registrable domain, when it can be a company's. */
function companyDomainOfText(value: string): string | null {
  if (/\s/.test(value) || value.includes('@')) return null;
  // `Jane.Doe` or `index.html` are not websites: the host must end in a real public suffix.
  const domain = websiteDomain(value);
  if (domain === null) return null;
  // The network's own pages (feed, jobs), free-mail hosts and shorteners name no company. Anything else typed or
  // selected is looked up as asked: a user who types `salesforce.com` means the company, even though pages
  // mostly link to it as a tool (lib/detect/domains.ts drops those from page scans).
  if (isNetworkHost(domain)) return null;
  const excluded = exclusionOf(domain);
  return excluded === 'freeMail' || excluded === 'reserved' || excluded === 'shorteners' ? null : domain;
}

function stripMailto(token: string): string {
  if (token.slice(0, 7).toLowerCase() !== 'mailto:') return token;
  const rest = token.slice(7);
  const q = rest.indexOf('?');
  try {
    return decodeURIComponent(q === -1 ? rest : rest.slice(0, q));
  } catch {
    return rest;
  }
}

/** Whitespace/comma/semicolon separated pieces, trimmed of wrapping punctuation. */
function tokens(text: string): string[] {
  return text
    .split(/[\s,;|]+/)
    .map((t) => t.replace(/^[("'<[]+/, '').replace(/[)"'>\].:!?]+$/, ''))
    .filter((t) => t.length >= 3);
}

// ---------------------------------------------------------------------------------------------------- people

/** A name part: letters (any script), apostrophes, hyphens, dots ("O'Neil", "Jean-Luc", "J."). */
const NAME_PART = /^[\p{L}][\p{L}\p{M}'’.-]*$/u;

/** Words that make "the team at Acme" or "contact us at acme.com" not a person. */
const NOT_NAMES: ReadonlySet<string> = new Set(
  (
    'the a an our your my their his her we us you me team staff people sales support info contact office hello ' +
    'press media careers jobs hr admin help service customer customers all everyone someone somebody call email mail ' +
    'write reach find see meet join and or of for with from to in on by is are was were be this that these those it ' +
    // A heading, a greeting or a button is not a name ("Privacy Policy | Acme", "Best regards, Jane", "Read more at").
    'at i dear regards thanks policy privacy terms news latest login welcome positions more here now click read ' +
    'learn sign up'
  ).split(' '),
);

/** Words that mark a job title ("Jane Doe – VP Sales – Acme": the middle part is not the company). */
const TITLE_WORDS: ReadonlySet<string> = new Set(
  (
    'ceo cto cfo coo cmo cio cso cpo vp svp evp avp president founder co-founder cofounder owner partner director ' +
    'manager head lead chief officer engineer developer designer architect analyst consultant counsel attorney ' +
    'lawyer associate principal professor prof lecturer researcher scientist specialist coordinator assistant ' +
    'executive administrator editor writer recruiter advisor adviser chair chairman chairwoman treasurer secretary ' +
    'intern sales marketing product operations finance legal senior junior sr jr staff geschäftsführer leiter ' +
    'leiterin vorstand directeur directrice responsable jednatel ředitel direttore gerente'
  ).split(' '),
);

const isTitle = (segment: string): boolean => segment.toLowerCase().split(/[\s/&,]+/).some((w) => TITLE_WORDS.has(w));

/** Name parts of a segment (2–4 words), or null when it cannot be a person's name. */
function nameParts(segment: string, min = 2, max = 4): string[] | null {
  const parts = segment.split(' ').filter(Boolean);
  if (parts.length < min || parts.length > max) return null;
  if (!parts.every((p) => p.length <= 60 && NAME_PART.test(p) && !NOT_NAMES.has(p.toLowerCase()))) return null;
  return parts;
}

/** "jane" / "JANE" → "Jane"; a name typed with its own capitals stays as typed ("McDonald", "van Dijk"). */
function displayName(parts: string[]): string[] {
  const joined = parts.join(' ');
  if (joined !== joined.toLowerCase() && joined !== joined.toUpperCase()) return parts;
  return parts.map((p) => p.toLowerCase().replace(/(^|[-'’])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase()));
}

/** The company part: a website becomes `company_domain`; otherwise a plausible organisation name. */
function companyOf(text: string): { company_domain: string } | { company_name: string } | null {
  const company = text.trim().replace(/^@\s*/, '');
  if (company.length < 2 || company.length > 120 || company.includes('@')) return null;
  const domain = companyDomainOfText(company);
  if (domain !== null) return { company_domain: domain };
  const words = company.split(' ');
  if (words.length > 8 || company.replace(/\D/g, '').length > 4) return null;
  // "Jane Doe at 10:30", "at 5pm": a time, not a company.
  if (/^\d{1,2}(?::\d{2})?\s*(?:am|pm|h|uhr)?$/i.test(company)) return null;
  if (words.every((w) => NOT_NAMES.has(w.toLowerCase()))) return null;
  return { company_name: company };
}

function person(first: string[], last: string[], companyText: string): SelectionMeaning | null {
  const company = companyOf(companyText);
  if (company === null) return null;
  const names = displayName([...first, ...last]);
  return {
    kind: 'person',
    first_name: names.slice(0, first.length).join(' '),
    last_name: names.slice(first.length).join(' '),
    ...company,
  };
}

/** Forms of address before a name ("Dr. Jane Doe", "Prof. Dr. Hans Müller"): not part of it. */
const HONORIFICS = NAME_HONORIFICS;
/** Degrees and credentials after a name ("Jane Doe, PhD", "Jane Doe MBA"): not part of it, and no company. */
const CREDENTIALS: ReadonlySet<string> = new Set(
  'phd ph.d ph.d. mba md m.d. pmp cpa esq esq. jd llm ll.m. msc m.sc. bsc b.sc. cfa dds rn'.split(' '),
);
const isCredential = (segment: string): boolean => segment.split(' ').every((w) => CREDENTIALS.has(w.toLowerCase()));

/** A name segment without its form of address, credentials and middle initials. */
function bareName(segment: string): string {
  const words = segment.split(' ').filter(Boolean);
  while (words.length > 2 && HONORIFICS.has((words[0] as string).toLowerCase())) words.shift();
  while (words.length > 2 && CREDENTIALS.has((words[words.length - 1] as string).toLowerCase())) words.pop();
  // "Jane Q. Doe": the initial is neither the first nor the last name the service matches.
  if (words.length === 3 && /^\p{L}\.?$/u.test(words[1] as string)) words.splice(1, 1);
  return words.join(' ');
}

/** "Jane Doe" → ["Jane"], ["Doe"]; "Mary Ann Smith" → ["Mary"], ["Ann", "Smith"]. Not a job title ("Product Manager"). */
function fullName(segment: string): [string[], string[]] | null {
  const parts = nameParts(bareName(segment));
  if (parts === null || parts.every((p) => TITLE_WORDS.has(p.toLowerCase()))) return null;
  return [parts.slice(0, 1), parts.slice(1)];
}

/** "name at company" / "name @ company" inside one segment. */
function splitAt(segment: string): [string, string] | null {
  const lower = segment.toLowerCase();
  for (const separator of [' at ', ' @ ', ' @']) {
    const index = lower.indexOf(separator);
    if (index > 0) return [segment.slice(0, index).trim(), segment.slice(index + separator.length).trim()];
  }
  return null;
}

/** Lower-case particles a surname starts with when it is written first ("van Dijk, Jan"): lib/identity/name.ts. */
const PARTICLES = SURNAME_PARTICLES;

/** A company's legal form written after a comma ("Acme, Inc."). */
const LEGAL_FORM = /^(?:inc|llc|llp|lp|pllc|ltd|limited|plc|corp|co|gmbh|ag|sa|sas|sarl|bv|nv|ab|oy|as|srl|spa|pty|kg)\.?$/i;

const SEGMENT_SEPARATORS = /\s*(?:,|\s[-–—|·]\s|[–—|·])\s*/;

/** Words that join the partners of a firm's name ("Nolan and Hackett", "Smith & Co"). */
const FIRM_JOINERS: ReadonlySet<string> = new Set(['and', '&', 'und', 'et', 'y', '+']);
const isFirmTail = (segment: string): boolean => {
  const words = segment.split(' ');
  return LEGAL_FORM.test(words[words.length - 1] as string) || words.some((w) => FIRM_JOINERS.has(w.toLowerCase()));
};
const MAX_FIRM_SEGMENTS = 6;

/**
 * "Jane Doe at Acme, Nolan and Hackett", "Jane Doe at Acme, Inc.", "Jane Doe at Acme, London": the person in the first
 * segment and the company where "at" points. What follows after commas is part of the firm's name when it ends in a
 * legal form or joins partners ("and", "&"); otherwise it is a place or a note ("London"), and a website after "at"
 * ("acme.com, Berlin") is complete on its own. Undefined when the first segment is not "name at company".
 */
function atCompanyAcrossCommas(text: string, segments: string[]): SelectionMeaning | null | undefined {
  const [a = '', ...tail] = segments;
  if (fullName(a) !== null) return undefined;
  const atA = splitAt(a);
  const named = atA === null ? null : fullName(atA[0]);
  if (atA === null || named === null) return undefined;
  return person(named[0], named[1], firmAcrossCommas(text, atA[1], tail));
}

/** The company after "at" (`head`), with the comma-separated segments after it that belong to its name (see above). */
function firmAcrossCommas(text: string, head: string, tail: readonly string[]): string {
  // Only commas join a firm's name: "Acme – London" or "Acme | Sales" are separate parts.
  const commasOnly = !/\s[-–—|·]\s|[–—|·]/.test(text.slice(text.toLowerCase().indexOf(head.toLowerCase())));
  const joined = tail.length > 0 && tail.length < MAX_FIRM_SEGMENTS && commasOnly && companyDomainOfText(head) === null && isFirmTail(tail[tail.length - 1] as string);
  return joined ? [head, ...tail].join(', ') : head;
}

function parsePerson(text: string): SelectionMeaning | null {
  // "Jane Doe (Acme)".
  if (text.endsWith(')')) {
    const open = text.lastIndexOf('(');
    if (open > 0) {
      const name = fullName(text.slice(0, open).trim());
      return name === null ? null : person(name[0], name[1], text.slice(open + 1, -1));
    }
  }
  // "Jane Doe, PhD, Acme": a credential is a segment of its own, neither name nor company.
  const segments = text
    .split(SEGMENT_SEPARATORS)
    .map((s) => s.trim())
    .filter((s, i) => s.length > 0 && !(i > 0 && isCredential(s)));
  if (segments.length === 1) {
    const at = splitAt(text);
    const name = at === null ? null : fullName(at[0]);
    return at !== null && name !== null ? person(name[0], name[1], at[1]) : null;
  }
  const firm = atCompanyAcrossCommas(text, segments);
  if (firm !== undefined) return firm;
  if (segments.length > 4) return null;
  const [a = '', b = '', c] = segments;
  // "Doe, Jane – Acme" / "Doe, Jane at Acme": a one-word surname, then the first name; or a surname that starts with
  // its particle, as written first ("van Dijk, Jan – Philips", "de la Cruz, Juan – Acme").
  const surname = nameParts(a, 1, 3);
  const particleFirst = surname !== null && PARTICLES.has(surname[0] as string) && nameParts(splitAt(b)?.[0] ?? b, 1, 1) !== null;
  if (surname !== null && (particleFirst || nameParts(a, 1, 2)?.length === 1)) {
    const atB = splitAt(b);
    const first = nameParts(atB?.[0] ?? b, 1, 2);
    if (first === null) return null;
    const companyText = atB?.[1] ?? (c === undefined ? null : isTitle(c) && segments[3] !== undefined ? segments[3] : c);
    return companyText === null || companyText === undefined ? null : person(first, surname, companyText);
  }
  // "Jane Doe, Acme", "Jane Doe, CTO at Acme", "Jane Doe – VP Sales – Acme".
  const name = fullName(a);
  if (name === null) return null;
  const atB = splitAt(b);
  // "Jane Doe, CTO at Acme, Nolan and Hackett": the firm's name runs on across commas as after a name.
  if (atB !== null) return person(name[0], name[1], firmAcrossCommas(text, atB[1], segments.slice(2)));
  if (c === undefined) return isTitle(b) ? null : person(name[0], name[1], b);
  // Three or four parts: the title is not the company; the company is the part that is not a title.
  const rest = segments.slice(1);
  const company = isTitle(b) ? rest.slice(1).find((s) => !isTitle(s)) : b;
  return company === undefined ? null : person(name[0], name[1], company);
}
