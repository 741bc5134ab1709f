// The shapes that cross boundaries: the content script's raw scan (untrusted: it comes out of a
// web page's process) and the finalised entities the rest of the extension works with.
import { z } from 'zod';

/** Item and string caps: a hostile page must not be able to send an unbounded message. */
export const LIMITS = { items: 5000, string: 2048 } as const;

const BoundedString = z.string().max(LIMITS.string);
const BoundedList = z.array(BoundedString).max(LIMITS.items);

/** One person's block as the content script saw it: raw candidates, not yet normal forms. */
export const RawPersonSchema = z.strictObject({
  name: BoundedString.nullable(),
  title: BoundedString.nullable(),
  company: BoundedString.nullable(),
  /**
   * The host of a link to a company's site beside the person: the background names the company from it (what the
   * page states for that domain, else the domain), never from the link's text. Absent from older content scripts.
   */
  companyHost: BoundedString.optional(),
  emails: z.array(BoundedString).max(50),
  phones: z.array(BoundedString).max(50),
  profiles: z.array(BoundedString).max(50),
});
export type RawPerson = z.infer<typeof RawPersonSchema>;

export const RawCompanySchema = z.strictObject({
  name: BoundedString.nullable(),
  hosts: z.array(BoundedString).max(50),
  companyPages: z.array(BoundedString).max(50),
});
export type RawCompany = z.infer<typeof RawCompanySchema>;

/** A person the page names without an identifier (a speaker's card, a team grid of names and titles). */
export const RawNamedSchema = z.strictObject({ name: BoundedString, title: BoundedString.nullable() });
export type RawNamed = z.infer<typeof RawNamedSchema>;

/** What the content script found, before validation: candidates, not yet normal forms. */
export const RawPageScanSchema = z.strictObject({
  /** The page's address (query and fragment dropped if it would exceed the string cap). */
  url: BoundedString,
  title: BoundedString,
  /** Lower-cased, syntactically valid addresses; the public suffix is checked later. */
  emails: BoundedList,
  /** Raw international numbers and `tel:` values; E.164 after finalising. */
  phones: BoundedList,
  /** Canonical person profile URLs. */
  profiles: BoundedList,
  /** Canonical company profile URLs. */
  companyProfiles: BoundedList,
  /** Lower-case hosts of links to other sites (never full URLs: paths stay in the page). */
  linkHosts: BoundedList,
  /** Raw numbers labelled as fax ("F", "Fax", "Telefax"): never offered as a person's phone. */
  faxes: BoundedList,
  /** `<html lang>` (evidence for the country of numbers written in national format). */
  lang: z.string().max(35),
  /** `<link rel="alternate" hreflang>` values (`de-AT`, `en`, `x-default`): country evidence after `lang`. */
  hreflangs: z.array(z.string().max(35)).max(20),
  /** Short digit-free parts of postal addresses (`<address>`, microdata `addressCountry`): the weakest country evidence. */
  addressCountries: z.array(z.string().max(40)).max(20),
  /** Hosts the page's scripts, frames and style sheets load from: tools it uses, never companies it names. */
  embedHosts: z.array(z.string().max(253)).max(50),
  /** The people the page shows: identifiers that share one repeated block, with the name and title near them. */
  people: z.array(RawPersonSchema).max(LIMITS.items),
  /** People named without an identifier. Absent from a content script older than this field (during an update). */
  named: z.array(RawNamedSchema).max(500).optional(),
  /** Companies the page shows as such (a card or row naming a company with its site or company page). */
  companies: z.array(RawCompanySchema).max(LIMITS.items),
  /** `og:site_name`. This and the next two are absent from a content script older than them (during an update). */
  siteName: z.string().max(200).optional(),
  /** schema.org Organizations the page states (JSON-LD, microdata): the names companies are shown by. */
  organisations: z.array(z.strictObject({ name: z.string().min(1).max(200), url: z.string().max(2048) })).max(20).optional(),
  /** A results page of a search (its titles are not company names). */
  searchPage: z.boolean().optional(),
  /** The page's authors as it states them (schema.org `author`, `rel="author"`, `<meta name="author">`), raw. */
  authors: z.array(BoundedString).max(10).optional(),
  /** True when a list hit the item cap. */
  truncated: z.boolean(),
});
export type RawPageScan = z.infer<typeof RawPageScanSchema>;

/** A person on the page, identifiers in normal form (each also listed in the flat lists). */
export const PagePersonSchema = z.strictObject({
  /** Stable for the page: the person's best identifier (profile URL, else email, else phone). */
  id: BoundedString,
  name: BoundedString.nullable(),
  title: BoundedString.nullable(),
  company: BoundedString.nullable(),
  emails: z.array(BoundedString).max(50),
  phones: z.array(BoundedString).max(50),
  profiles: z.array(BoundedString).max(50),
});
export type PagePerson = z.infer<typeof PagePersonSchema>;

/** A person the page names without an identifier: found by name (and the page's company) through one lookup. */
export const PageNamedPersonSchema = z.strictObject({ name: BoundedString, title: BoundedString.nullable() });
export type PageNamedPerson = z.infer<typeof PageNamedPersonSchema>;

export const PageCompanySchema = z.strictObject({
  /** Stable for the page: the first domain, else the company page URL. */
  id: BoundedString,
  name: BoundedString.nullable(),
  domains: z.array(BoundedString).max(50),
  companyPages: z.array(BoundedString).max(50),
});
export type PageCompany = z.infer<typeof PageCompanySchema>;

/**
 * Which evidence decided the country of numbers written in national format, in order of trust; `your-country`: the
 * page gave no hint, the user's country was taken (lib/identity/region.ts).
 */
export const PhoneCountryEvidenceSchema = z.enum(['tel-link', 'international-number', 'html-lang', 'hreflang', 'cctld', 'address', 'your-country']);
export const PhoneCountrySchema = z.strictObject({ country: z.string().length(2), evidence: PhoneCountryEvidenceSchema });
export type PhoneCountry = z.infer<typeof PhoneCountrySchema>;

/** Normalised entities of a page: each list sorted, unique, in the normal form of its kind. */
export const PageEntitiesSchema = z.strictObject({
  url: BoundedString,
  title: BoundedString,
  emails: BoundedList,
  /** E.164, e.g. `+14155550142`. */
  phones: BoundedList,
  /** `https://www.linkedin.com/in/<slug>` */
  profiles: BoundedList,
  /** `https://www.linkedin.com/company/<slug>` */
  companyProfiles: BoundedList,
  /** Registrable domains (`acme.co.uk`), platforms and free-mail excluded. */
  domains: BoundedList,
  /** Fax numbers (E.164): shown as such, never offered as a person's phone. */
  faxes: BoundedList,
  /** The country national-format numbers were read in, and why; null when the page gave no evidence. */
  phoneCountry: PhoneCountrySchema.nullable(),
  /** People first: the UI lists these, then companies, then the identifiers that belong to nobody. */
  people: z.array(PagePersonSchema).max(LIMITS.items),
  /** People named without an identifier (speakers, board members), not on a card above. Absent on older data. */
  namedPeople: z.array(PageNamedPersonSchema).max(500).optional(),
  companies: z.array(PageCompanySchema).max(LIMITS.items),
});
export type PageEntities = z.infer<typeof PageEntitiesSchema>;

/** The five flat entity lists: what `npm run scan` printed first (kept unchanged; people and companies come beside). */
export type EntityLists = Pick<PageEntities, 'emails' | 'phones' | 'profiles' | 'companyProfiles' | 'domains'>;

const ScanId = z.string().min(1).max(64);

/** Content script → background, after the first full pass and after each (debounced) update. */
export const PageScanMessageSchema = z.strictObject({
  type: z.literal('content/scan'),
  scan: RawPageScanSchema,
  scanId: ScanId,
  /** False while the first full pass is still running (a progress update). */
  complete: z.boolean(),
});
export type PageScanMessage = z.infer<typeof PageScanMessageSchema>;

/**
 * Background → content script: answer with the latest `PageScanMessage` once the pass is complete; `full`: read the
 * whole page again first (the panel's Rescan button only: the panel asks on every visit, and a full pass of a huge
 * page each time would not be incremental).
 */
export const PageRescanRequestSchema = z.strictObject({ type: z.literal('to-content/rescan'), full: z.literal(true).optional() });
/** Background → content script: is the scanner already injected? Answer `{ ok: true }`. */
export const PagePingRequestSchema = z.strictObject({ type: z.literal('to-content/ping') });
export type PageRescanRequest = z.infer<typeof PageRescanRequestSchema>;
export type PagePingRequest = z.infer<typeof PagePingRequestSchema>;
