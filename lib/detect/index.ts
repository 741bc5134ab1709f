// Page detection engine. The content script imports `./dom-scan` directly (small, no libraries);
// everything else — the background, the CLI, tests — uses this entry.
export {
  LIMITS,
  PageEntitiesSchema,
  PagePingRequestSchema,
  PageRescanRequestSchema,
  PageScanMessageSchema,
  RawPageScanSchema,
  type EntityLists,
  type PageEntities,
  type PagePingRequest,
  type PageRescanRequest,
  type PageScanMessage,
  type RawPageScan,
} from './schema';
import type { EntityLists, PageCompany, PageEntities, PagePerson } from './schema';

export { finalisePageScan } from './finalise';
export { badgeCount, looseEntities } from './people/badge';
export {
  createPageScanner,
  scanDocumentSync,
  type PageScanner,
  type PageScannerOptions,
  type ScannerHost,
  type ScanStats,
  type ScanUpdate,
} from './dom-scan';
export { emailsFromMailto } from './email';
export { isFileName, normaliseEmail, normalisePhone, hasRealPublicSuffix, registrableDomain } from '../identity';
export { phoneFromTelHref } from './phone-candidates';
export { NETWORKS, isNetworkHost, normaliseProfileUrl, type ProfileKind, type ProfileMatch } from './networks';
export { companyDomainOf, exclusionOf } from './domains';
export { hostOfAbsoluteUrl, readHref } from './links';
export { mayContainEntity, scanText, type EntitySink } from './text-scan';

/** What `npm run scan` prints: the flat lists (unchanged), then the people and companies beside them. */
export type ScanListing = EntityLists & {
  people: Array<Pick<PagePerson, 'name' | 'title' | 'emails' | 'phones' | 'profiles'>>;
  companies: Array<Pick<PageCompany, 'name' | 'domains' | 'companyPages'>>;
};

export function scanListing(entities: PageEntities): ScanListing {
  return {
    ...entityLists(entities),
    people: entities.people.map(({ name, title, emails, phones, profiles }) => ({ name, title, emails, phones, profiles })),
    companies: entities.companies.map(({ name, domains, companyPages }) => ({ name, domains, companyPages })),
  };
}

/** The entity lists alone, in the order the CLI prints them. */
export function entityLists(entities: PageEntities): EntityLists {
  const { emails, phones, profiles, companyProfiles, domains } = entities;
  return { emails, phones, profiles, companyProfiles, domains };
}
