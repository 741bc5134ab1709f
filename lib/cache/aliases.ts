/**
 * The other lookup keys an answer also answers. A contact enriched by email is the same person the service
 * returns for their profile URL or phone, and a company enriched by domain is the one its LinkedIn company page
 * names: without aliases the second lookup was offered, and charged, again (demo tour: "a user never pays twice").
 *
 * Which keys (docs/reliability.md, "Never paying twice"):
 * - contacts: every email the record carries (current and other work emails, personal and historical ones: the
 *   service indexes a person by all of them; in the sandbox each is a `contact_keys` row of that person), phone
 *   numbers in E.164 and social profile URLs. A waterfall answer also carries emails and phones found in other
 *   sources, which are not necessarily lookup keys of the service, so it aliases only work and historical
 *   emails and profiles.
 * - companies: the registrable domain of its website(s) and its professional-network company URL.
 *
 * API data is hostile: only strings are read, each bounded, and at most MAX_ALIASES keys come out of one answer.
 */
import type { ContactLookup, ContactOptions } from '../model/lookup';
import { isNetworkHost, profileOfText, websiteDomain } from '../identity';
import { companyEnrichKey, contactEnrichKey } from './keys';

const MAX_ALIASES = 40;
const MAX_VALUE_LENGTH = 2048;

type Json = Record<string, unknown>;

const record = (v: unknown): Json | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v.slice(0, MAX_ALIASES) : []);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' && v.length <= MAX_VALUE_LENGTH ? v.trim() : null);

/** The service's own id of a result (`_id`): an alias only serves the record it was written for. */
export function resultRef(value: unknown): string | undefined {
  return text(record(value)?._id) ?? undefined;
}

/** Single-key lookups that name the person in `contact`, as GET /v1/enrich takes them. */
export function contactAliasLookups(contact: unknown, options: { waterfall?: boolean } = {}): ContactLookup[] {
  const c = record(contact);
  if (!c) return [];
  const waterfall = options.waterfall ?? false;
  const emails = [
    text(c.current_work_email),
    ...list(c.other_current_work_emails).map((w) => text(record(w)?.work_email)),
    ...(waterfall ? [] : list(c.personal_emails).map(text)),
    ...list(c.historical_emails).map(text),
  ];
  const phones = waterfall ? [] : list(c.phone_numbers).map((p) => text(record(p)?.E164));
  const profiles = list(c.social_profiles).map((p) => text(record(p)?.url));
  return [
    ...emails.filter((e): e is string => e !== null && e.includes('@')).map((email) => ({ email })),
    ...phones.filter((p): p is string => p !== null).map((phone) => ({ phone })),
    ...profiles.filter((u): u is string => u !== null && /^https?:\/\//i.test(u)).map((social_profile) => ({ social_profile })),
  ];
}

/** Cache keys of the same contact lookup (same options: waterfall, experiences, required) by its other keys. */
export function contactAliasKeys(contact: unknown, options: ContactOptions, primaryKey: string): string[] {
  const keys = contactAliasLookups(contact, { waterfall: options.waterfall ?? false }).map((lookup) => contactEnrichKey(lookup, options));
  return unique(keys, primaryKey);
}

/** Cache keys of the same company by its website(s) and its professional-network company URL. */
export function companyAliasKeys(company: unknown, primaryKey: string): string[] {
  const c = record(company);
  if (!c) return [];
  const overview = record(c.overview);
  const pnetUrl = overview?.pnet_url;
  const websites = [text(c.website), text(overview?.website)];
  const profiles = [text(Array.isArray(pnetUrl) ? pnetUrl[0] : pnetUrl), text(record(record(overview?.social_fields)?.pnet)?.value)];
  const keys = [
    // A website on a network's own host (a profile put in the website field) is not the company's domain.
    ...websites.filter((u): u is string => {
      const domain = u === null ? null : websiteDomain(u);
      return domain !== null && !isNetworkHost(domain);
    }),
    ...profiles.filter((u): u is string => u !== null && profileOfText(u)?.kind === 'company'),
  ].map(companyEnrichKey);
  return unique(keys, primaryKey);
}

function unique(keys: string[], primaryKey: string): string[] {
  return [...new Set(keys)].filter((k) => k !== primaryKey).slice(0, MAX_ALIASES);
}
