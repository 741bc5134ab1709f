/**
 * Cache keys: endpoint + normalised lookup + only the options that change the answer. The same person looked up
 * as "Bob@Acme.com" from a page and "bob@acme.com" from the popup is one key, so one charge.
 *
 * Options in the key: `required` (a different match rule), `include_all_experiences` (more data), `waterfall`
 * (more emails/phones), `size`/`reveal_all` for lookalikes, paging and filters for search. `realtime` is NOT in
 * the key: a realtime answer is the fresher version of the same answer, so it is stored under the same key
 * (and a realtime request always goes to the service, like a refresh).
 */
import { type ContactLookup, type ContactOptions, type HistoryTarget, HistoryTargetSchema } from '../model/lookup';
import { normaliseEmail, normaliseName, normalisePhone, profileOfText, websiteDomain } from '../identity';
import { ENRICH_REQUIRED_VALUES } from '../api/limits';
import type { RequiredField } from '../api/required';
import { t } from '../i18n/t';

export type CacheEndpoint =
  | 'contact/enrich'
  | 'contact/similar'
  | 'contact/search'
  | 'company/enrich'
  | 'company/similar'
  | 'email/verify';

function build(endpoint: CacheEndpoint, parts: Array<[string, string | number | boolean | undefined | null]>): string {
  const query = parts
    .filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== false)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `${endpoint}?${query}`;
}

/** The identifying part of a contact lookup, normalised; the strongest key wins (email > profile > phone > name). */
export function contactIdentity(lookup: ContactLookup): Array<[string, string]> {
  if (lookup.email) return [['email', normaliseEmail(lookup.email) ?? lookup.email.trim().toLowerCase()]];
  if (lookup.social_profile) return [['social_profile', profileOfText(lookup.social_profile)?.url ?? lookup.social_profile.trim()]];
  if (lookup.phone) return [['phone', normalisePhone(lookup.phone) ?? lookup.phone.replace(/[^\d+]/g, '')]];
  const company: Array<[string, string]> = lookup.company_domain
    ? [['company_domain', websiteDomain(lookup.company_domain) ?? normaliseName(lookup.company_domain)]]
    : [['company_name', normaliseName(lookup.company_name ?? '')]];
  return [['first_name', normaliseName(lookup.first_name ?? '')], ['last_name', normaliseName(lookup.last_name ?? '')], ...company];
}

export function contactEnrichKey(lookup: ContactLookup, options: ContactOptions = {}): string {
  return build('contact/enrich', [
    ...contactIdentity(lookup),
    ['required', options.required?.length ? [...new Set(options.required)].sort().join(',') : undefined],
    ['all_experiences', options.includeAllExperiences],
    ['waterfall', options.waterfall],
  ]);
}

/** Parameters of a contact key that are options, not who is looked up. */
const OPTION_PARAMS = ['required=', 'all_experiences=', 'waterfall='];

/**
 * Who a contact key looks up, whatever options it was bought with: the key without its option parameters, equal to
 * `contactEnrichKey(lookup)` with no options. (Parameters are sorted and their values encoded by `build`, so `&` only
 * ever separates them.)
 */
export function contactIdentityOfKey(key: string): string {
  const q = key.indexOf('?');
  if (q === -1) return key;
  return `${key.slice(0, q)}?${key
    .slice(q + 1)
    .split('&')
    .filter((part) => !OPTION_PARAMS.some((p) => part.startsWith(p)))
    .join('&')}`;
}

/** The required fields a contact key asks for (its `required` option; values the spec does not name are left out). */
export function requiredOfKey(key: string): RequiredField[] {
  const q = key.indexOf('?');
  const required = new URLSearchParams(q === -1 ? '' : key.slice(q + 1)).get('required');
  return (required ? required.split(',') : []).filter((f): f is RequiredField => (ENRICH_REQUIRED_VALUES as readonly string[]).includes(f));
}

export function contactSimilarKey(lookup: ContactLookup, size = 10): string {
  return build('contact/similar', [...contactIdentity(lookup), ['size', size]]);
}

/** Companies are keyed by registrable domain (the service itself strips subdomains, spec: GET /v1/company). */
export function companyIdentity(url: string): string {
  return profileOfText(url)?.url ?? websiteDomain(url) ?? url.trim().toLowerCase();
}

export function companyEnrichKey(url: string): string {
  return build('company/enrich', [['url', companyIdentity(url)]]);
}

export function companySimilarKey(url: string, size = 10, revealAll = false): string {
  return build('company/similar', [['url', companyIdentity(url)], ['size', size], ['reveal_all', revealAll]]);
}

export function emailVerifyKey(email: string): string {
  return build('email/verify', [['email', normaliseEmail(email) ?? email.trim().toLowerCase()]]);
}

export function contactSearchKey(filters: Record<string, unknown>): string {
  const parts: Array<[string, string | number | undefined]> = Object.entries(filters).map(([k, v]) => [
    k,
    Array.isArray(v) ? [...v].map((x) => String(x).trim().toLowerCase()).sort().join('|') : typeof v === 'number' ? v : undefined,
  ]);
  return build('contact/search', parts);
}

/** Short human label for history ("bob@acme.com", "Jane Doe · Acme", "acme.com"). */
export function labelForKey(key: string): string {
  const q = key.indexOf('?');
  const params = new URLSearchParams(q === -1 ? '' : key.slice(q + 1));
  const main =
    params.get('email') ??
    params.get('social_profile') ??
    params.get('phone') ??
    params.get('url') ??
    (params.get('first_name') ? `${params.get('first_name')} ${params.get('last_name') ?? ''} · ${params.get('company_domain') ?? params.get('company_name') ?? ''}` : null) ??
    (params.get('job_title') ? t('sidepanel_history_search_for', params.get('job_title') ?? '') : t('sidepanel_history_search'));
  return main.slice(0, 200);
}

/**
 * What a key was a lookup of (the inverse of the builders above, next to them): the background sends it with
 * 'history/open' so the UI opens history by id and never parses keys. Null when the key says too little.
 */
export function targetOfKey(key: string): HistoryTarget | null {
  const q = key.indexOf('?');
  const params = new URLSearchParams(q === -1 ? '' : key.slice(q + 1));
  const pick = (...names: string[]) => Object.fromEntries(names.flatMap((n) => (params.get(n) ? [[n, params.get(n)]] : [])));
  const endpoint = endpointOfKey(key);
  const lookup = pick('email', 'phone', 'social_profile', 'first_name', 'last_name', 'company_name', 'company_domain');
  const candidate =
    endpoint === 'contact/enrich' || endpoint === 'contact/similar'
      ? { endpoint, lookup }
      : endpoint === 'company/enrich' || endpoint === 'company/similar'
        ? { endpoint, url: params.get('url') }
        : endpoint === 'email/verify'
          ? { endpoint, email: params.get('email') }
          : { endpoint };
  const parsed = HistoryTargetSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

export function endpointOfKey(key: string): string {
  const q = key.indexOf('?');
  return q === -1 ? key : key.slice(0, q);
}

/** A bulk entry shares the single-enrich key space, so bulk results serve later single lookups for free. */
export function bulkEntryKey(entry: { field_type: 'email' | 'phone' | 'social_profile'; value: string }, requiredFields: readonly string[] = []): string {
  const lookup = { [entry.field_type]: entry.value } as ContactLookup;
  return contactEnrichKey(lookup, { required: [...requiredFields] as ContactOptions['required'] });
}
