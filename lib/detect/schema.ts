// The shapes that cross boundaries: the content script's raw scan (untrusted: it comes out of a
// web page's process) and the finalised entities the rest of the extension works with.
import { z } from 'zod';

/** Item and string caps: a hostile page must not be able to send an unbounded message. */
export const LIMITS = { items: 5000, string: 2048 } as const;

const BoundedString = z.string().max(LIMITS.string);
const BoundedList = z.array(BoundedString).max(LIMITS.items);

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
  /** True when a list hit the item cap. */
  truncated: z.boolean(),
});
export type RawPageScan = z.infer<typeof RawPageScanSchema>;

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
});
export type PageEntities = z.infer<typeof PageEntitiesSchema>;

/** The five entity lists alone: what `npm run scan` prints. */
export type EntityLists = Omit<PageEntities, 'url' | 'title'>;

const ScanId = z.string().min(1).max(64);

/** Content script → background, after the first full pass and after each (debounced) update. */
export const PageScanMessageSchema = z.strictObject({
  type: z.literal('page/scan'),
  scan: RawPageScanSchema,
  scanId: ScanId,
  /** False while the first full pass is still running (a progress update). */
  complete: z.boolean(),
});
export type PageScanMessage = z.infer<typeof PageScanMessageSchema>;

/** Background → content script: answer with the latest `PageScanMessage` once the pass is complete. */
export const PageRescanRequestSchema = z.strictObject({ type: z.literal('page/rescan') });
/** Background → content script: is the scanner already injected? Answer `{ ok: true }`. */
export const PagePingRequestSchema = z.strictObject({ type: z.literal('page/ping') });
export type PageRescanRequest = z.infer<typeof PageRescanRequestSchema>;
export type PagePingRequest = z.infer<typeof PagePingRequestSchema>;
