/**
 * Which optional host permissions each privacy choice needs, and what to request and revoke when it changes.
 * Pure: the browser calls live in ./apply.ts.
 */
import type { ScanMode } from '../settings/schema';

/** Every web page: the optional host permissions declared in the manifest. */
export const EVERYWHERE_PATTERNS = ['https://*/*', 'http://*/*'] as const;

export interface ScanChoice {
  scanMode: ScanMode;
  scanSites: readonly string[];
}

export interface PermissionPlan {
  /** Origins to request (already granted ones do not prompt again). */
  request: string[];
  /** Origins no longer needed. */
  revoke: string[];
}

const unique = (xs: Iterable<string>): string[] => [...new Set(xs)];

/** The host permissions automatic scanning needs in a mode. Scanning on request needs none (activeTab suffices). */
export function scanOrigins(choice: ScanChoice): string[] {
  switch (choice.scanMode) {
    case 'on-request':
      return [];
    case 'sites':
      return unique(choice.scanSites);
    case 'everywhere':
      return [...EVERYWHERE_PATTERNS];
  }
}

/**
 * From one privacy choice to another. `keep` lists origins that must survive whatever happens: the API's origin
 * (the background needs it to call the API) and the manifest's required host permissions, which the browser
 * refuses to remove anyway.
 */
export function planScanChange(from: ScanChoice, to: ScanChoice, keep: readonly string[]): PermissionPlan {
  const kept = new Set(keep);
  const next = scanOrigins(to);
  const nextSet = new Set(next);
  return {
    request: next.filter((o) => !kept.has(o)),
    revoke: scanOrigins(from).filter((o) => !nextSet.has(o) && !kept.has(o)),
  };
}

/**
 * From one API base URL's origin to another: request the new one; revoke the old one unless something else still
 * needs it (`keep`: required host permissions and the origins of the current privacy choice).
 */
export function planApiOriginChange(
  fromPattern: string | null,
  toPattern: string,
  keep: readonly string[],
): PermissionPlan {
  const kept = new Set(keep);
  return {
    request: kept.has(toPattern) ? [] : [toPattern],
    revoke: fromPattern && fromPattern !== toPattern && !kept.has(fromPattern) ? [fromPattern] : [],
  };
}

/** The settings that decide which host permissions the extension holds. */
export interface AccessSettings extends ScanChoice {
  apiBaseUrl: string;
}

/**
 * Any change of the API address and/or privacy choice at once (the options page, an imported settings file):
 * one plan, so a single prompt asks for everything and nothing still needed is revoked.
 * `mustKeep` lists what must still be granted afterwards (the new API origin).
 */
export function planSettingsChange(
  from: AccessSettings,
  to: AccessSettings,
  required: readonly string[],
  toPattern: (baseUrl: string) => string | null,
): PermissionPlan & { mustKeep: string[] } {
  const apiFrom = toPattern(from.apiBaseUrl);
  const apiTo = toPattern(to.apiBaseUrl);
  const scan = planScanChange(from, to, [...required, ...(apiTo ? [apiTo] : [])]);
  const api = apiTo
    ? planApiOriginChange(apiFrom, apiTo, [...required, ...scanOrigins(to)])
    : { request: [], revoke: [] };
  return {
    request: unique([...api.request, ...scan.request]),
    revoke: unique([...api.revoke, ...scan.revoke]),
    mustKeep: apiTo ? [apiTo] : [],
  };
}
