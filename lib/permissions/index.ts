export { isLoopbackHost, originPattern, validateApiBaseUrl, type BaseUrlCheck } from './api-origin';
export { applyPermissionPlan, grantedOrigins, type PermissionsApi, type PlanOutcome } from './apply';
export {
  EVERYWHERE_PATTERNS,
  planApiOriginChange,
  planScanChange,
  planSettingsChange,
  scanOrigins,
  type AccessSettings,
  type PermissionPlan,
  type ScanChoice,
} from './plan';
export { isSitePattern, siteLabel, sitePattern, type SiteCheck } from './sites';
