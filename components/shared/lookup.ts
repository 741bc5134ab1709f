/*
 * Pure helpers that turn what the panel shows (page entities, profile links, search rows) into lookups, and
 * lookups into words. No browser globals here.
 */
import { normaliseProfileUrl } from '@/lib/detect/networks';
import type { EnrichedContact } from '@/lib/api/schemas';
import type { BulkEntry, ContactLookup, ContactOptions, CostAction, SelectionMeaning } from '@/lib/model/lookup';
import type { Settings } from '@/lib/settings/schema';
import { profileHandle } from '@/lib/people';
import { t } from '@/lib/i18n/t';

export { profileHandle };

export type EntityKind = 'email' | 'phone' | 'profile' | 'companyProfile' | 'domain';

export interface PageEntity {
  kind: EntityKind;
  value: string;
}

/** The lookup a contact-like entity enriches with; null for companies. */
export function lookupForEntity(entity: PageEntity): ContactLookup | null {
  switch (entity.kind) {
    case 'email':
      return { email: entity.value };
    case 'phone':
      return { phone: entity.value };
    case 'profile':
      return { social_profile: entity.value };
    default:
      return null;
  }
}

/** Bulk enrichment takes emails, phones and profile URLs. */
export function bulkEntryFor(entity: PageEntity): BulkEntry | null {
  switch (entity.kind) {
    case 'email':
      return { field_type: 'email', value: entity.value };
    case 'phone':
      return { field_type: 'phone', value: entity.value };
    case 'profile':
      return { field_type: 'social_profile', value: entity.value };
    default:
      return null;
  }
}

export const entityKey = (entity: PageEntity): string => `${entity.kind}:${entity.value}`;

/** Options for a single lookup, from the user's defaults (realtime/waterfall off unless they chose otherwise). */
export function contactOptions(settings: Settings | null, extra: Partial<ContactOptions> = {}): ContactOptions {
  const d = settings?.lookupDefaults;
  const options: ContactOptions = {
    ...(d?.realtime ? { realtime: true } : {}),
    ...(d?.waterfall ? { waterfall: true } : {}),
    ...(d?.includeAllExperiences ? { includeAllExperiences: true } : {}),
    ...(d?.required && d.required.length > 0 ? { required: d.required } : {}),
    ...extra,
  };
  return options;
}

/** The price of a contact lookup with these options; `refresh`: priced as a refresh (the cache cannot answer it). */
export function enrichCost(lookup: ContactLookup, options: ContactOptions, refresh = false): CostAction {
  return { action: 'contact/enrich', lookup, ...(Object.keys(options).length > 0 ? { options } : {}), ...(refresh ? { refresh: true } : {}) };
}

/** A short human label for a lookup: the email, the phone, the profile handle, or "First Last · Company". */
export function lookupLabel(lookup: ContactLookup): string {
  if (lookup.email) return lookup.email;
  if (lookup.phone) return lookup.phone;
  if (lookup.social_profile) return profileHandle(lookup.social_profile) ?? lookup.social_profile;
  const name = [lookup.first_name, lookup.last_name].filter(Boolean).join(' ');
  const company = lookup.company_name ?? lookup.company_domain;
  return company ? `${name} · ${company}` : name;
}

/** A canonical person-profile URL for a link from API data (people also viewed, similar contacts), if it is one. */
export function personProfileUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  const match = normaliseProfileUrl(link);
  return match?.kind === 'person' ? match.url : null;
}

/**
 * The person a page is about, when the page is a profile: the page URL itself is a profile URL, or the page is a
 * profile page of another site whose last path segment is the handle of a profile found on it (the sandbox's
 * `/demo/profile/<slug>`, a company's `/people/<slug>`, either with `.html`).
 */
export function profileOfPage(pageUrl: string, profiles: readonly string[]): string | null {
  const own = normaliseProfileUrl(pageUrl);
  if (own?.kind === 'person') return own.url;
  let path: string[];
  try {
    path = new URL(pageUrl).pathname.split('/').filter(Boolean);
  } catch {
    return null;
  }
  // A static site's `/people/jane-doe.html` (and the demo's packaged `/demo/profile/<handle>.html`) names the handle too.
  const last = path.at(-1)?.toLowerCase().replace(/\.html?$/, '');
  const parent = path.at(-2)?.toLowerCase();
  if (!last || !parent || !['profile', 'profiles', 'people', 'person', 'in', 'u', 'team'].includes(parent)) return null;
  return profiles.find((p) => profileHandle(p)?.toLowerCase() === last) ?? null;
}

/** The lookup for a selection the context menu understood. Company meanings have none. */
export function lookupForMeaning(meaning: SelectionMeaning): ContactLookup | null {
  switch (meaning.kind) {
    case 'email':
      return { email: meaning.email };
    case 'phone':
      return { phone: meaning.phone };
    case 'profile':
      return { social_profile: meaning.url };
    case 'person':
      return {
        first_name: meaning.first_name,
        last_name: meaning.last_name,
        ...(meaning.company_name ? { company_name: meaning.company_name } : {}),
        ...(meaning.company_domain ? { company_domain: meaning.company_domain } : {}),
      };
    case 'company':
      return null;
  }
}

export function meaningLabel(meaning: SelectionMeaning): string {
  switch (meaning.kind) {
    case 'email':
      return t('sidepanel_meaning_email', meaning.email);
    case 'phone':
      return t('sidepanel_meaning_phone', meaning.phone);
    case 'profile':
      return t('sidepanel_meaning_profile', profileHandle(meaning.url) ?? meaning.url);
    case 'company':
      return t('sidepanel_meaning_company', meaning.url);
    case 'person': {
      const company = meaning.company_name || meaning.company_domain ? (meaning.company_name ?? meaning.company_domain ?? '') : null;
      return company !== null
        ? t('sidepanel_meaning_person_at', meaning.first_name, meaning.last_name, company)
        : t('sidepanel_meaning_person', meaning.first_name, meaning.last_name);
    }
  }
}

/** The best key to look a known contact up again (refresh, lookalikes): profile, then email, then phone. */
export function lookupForContact(contact: EnrichedContact, fallback?: ContactLookup): ContactLookup | null {
  const profile = contact.social_profiles.map((p) => personProfileUrl(p.url)).find(Boolean);
  if (profile) return { social_profile: profile };
  if (contact.current_work_email) return { email: contact.current_work_email };
  const personal = contact.personal_emails[0];
  if (personal) return { email: personal };
  const phone = contact.phone_numbers.find((p) => p.E164)?.E164;
  if (phone) return { phone };
  return fallback ?? null;
}

/** What a lookup box or a selection was understood as, in words ("Person: Jane Doe at acme.com"): the parser's own. */
export { describeMeaning } from '@/lib/selection/query';

/** The paid action a meaning opens: enrich the contact, or enrich the company (priced by the background). */
export function costActionForMeaning(meaning: SelectionMeaning, options: ContactOptions): CostAction {
  const lookup = lookupForMeaning(meaning);
  return lookup ? enrichCost(lookup, options) : { action: 'company/enrich', url: meaning.kind === 'company' ? meaning.url : '' };
}
