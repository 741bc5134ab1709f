// Identity: the one place that decides when two written forms are the same email, phone, profile,
// company or domain. Detection, selection, the lookup box, cache keys and aliases all call it, so a
// value found on a page, selected, typed or returned by the API is one key (and one charge).
export { DOMAIN_MAX, isFileName, isValidEmailDomain, isValidLocal, LOCAL_MAX, normaliseEmail } from './email';
export { MAX_PHONE_TEXT, nationalDigits, normalisePhone, readPhone, type CountryCode, type PhoneReading } from './phone';
export {
  isNetworkHost,
  NETWORKS,
  normaliseProfileUrl,
  profileHandle,
  profileOfText,
  type ProfileKind,
  type ProfileMatch,
} from './profile';
export { companyPageKey, domainKey, nameInTitle, normaliseCompanyUrl, titleParts } from './company';
export { domainName, hasRealPublicSuffix, registrableDomain, toAsciiHost, websiteDomain, websiteHost } from './domain';
export { normaliseName } from './name';
