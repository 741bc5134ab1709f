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
export { finalisePageScan } from './finalise';
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

/** The entity lists alone, in the order the CLI prints them. */
export function entityLists(entities: import('./schema').PageEntities): import('./schema').EntityLists {
  const { emails, phones, profiles, companyProfiles, domains } = entities;
  return { emails, phones, profiles, companyProfiles, domains };
}
