/**
 * Who a book entry is: the normalised identifiers of a person, written `kind:value`. Normalisation is the
 * extension's own (lib/identity), so "Bob@ACME.com" asked from one browser and "bob@acme.com" written from another
 * are one identifier; the hub normalises what clients send and never trusts a client's normal form.
 */
import { z } from 'zod';
import { contactAliasLookups } from '../lib/cache/aliases';
import { bookOptionsOfQuery } from '../lib/hub-client/book-options';
import { normaliseEmail, normaliseName, normalisePhone, profileOfText, websiteDomain } from '../lib/identity';

const Text = z.string().trim().min(1).max(2048);

/** One way to name a person, as GET /v1/enrich takes it (any one of email, phone, profile, or name + company). */
export const LookupSchema = z
  .strictObject({
    email: Text.optional(),
    phone: z.string().trim().min(1).max(64).optional(),
    social_profile: Text.optional(),
    first_name: z.string().trim().min(1).max(200).optional(),
    last_name: z.string().trim().min(1).max(200).optional(),
    company_name: z.string().trim().min(1).max(200).optional(),
    company_domain: z.string().trim().min(1).max(200).optional(),
  })
  .refine((l) => Boolean(l.email || l.phone || l.social_profile) || Boolean(l.first_name && l.last_name && (l.company_name || l.company_domain)), {
    message: 'A lookup needs an email, a phone, a social profile, or a first and last name with a company name or domain.',
  });
export type Lookup = z.infer<typeof LookupSchema>;

/** Every identifier a lookup carries (a lookup with an email and a phone names the person twice). */
export function identitiesOf(lookup: Lookup): string[] {
  const out: string[] = [];
  if (lookup.email) out.push(`email:${normaliseEmail(lookup.email) ?? lookup.email.trim().toLowerCase()}`);
  if (lookup.phone) out.push(`phone:${normalisePhone(lookup.phone) ?? lookup.phone.replace(/[^\d+]/g, '')}`);
  if (lookup.social_profile) out.push(`profile:${profileOfText(lookup.social_profile)?.url ?? lookup.social_profile.trim()}`);
  if (lookup.first_name && lookup.last_name && (lookup.company_domain || lookup.company_name)) {
    const company = lookup.company_domain
      ? `domain=${websiteDomain(lookup.company_domain) ?? normaliseName(lookup.company_domain)}`
      : `company=${normaliseName(lookup.company_name ?? '')}`;
    out.push(`name:${normaliseName(lookup.first_name)}|${normaliseName(lookup.last_name)}|${company}`);
  }
  return [...new Set(out)];
}

/** The identifiers an enriched contact answers for besides the one asked (the extension's alias rule). */
export function answerIdentities(contact: unknown, options: { waterfall?: boolean } = {}): string[] {
  return [...new Set(contactAliasLookups(contact, options).flatMap((l) => identitiesOf(l as Lookup)))];
}

/** Query parameters of GET /v1/enrich that name the person (the rest are options). */
export function lookupOfQuery(query: URLSearchParams): Lookup | null {
  const pick = (name: string) => query.get(name) ?? undefined;
  const parsed = LookupSchema.safeParse(
    Object.fromEntries(
      (['email', 'phone', 'social_profile', 'first_name', 'last_name', 'company_name', 'company_domain'] as const)
        .map((k) => [k, pick(k)])
        .filter(([, v]) => v !== undefined && v !== ''),
    ),
  );
  return parsed.success ? parsed.data : null;
}

/**
 * The options of an enrich request that change its answer: a book answer serves a later request only when these
 * are equal. Written by lib/hub-client/book-options.ts, which the extension uses for the same comparison.
 */
export const enrichOptionsOf = bookOptionsOfQuery;

/**
 * The identifier a bulk entry names its person by (`email`, `phone` or `social_profile`, normalised): two entries
 * with one identifier are one purchase, however they are written.
 */
export function identityOfBulkQuery(query: { field_type: 'email' | 'phone' | 'social_profile'; value: string }): string {
  return identitiesOf({ [query.field_type]: query.value } as Lookup)[0] ?? `${query.field_type}:${query.value}`;
}
