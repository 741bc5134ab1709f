/**
 * The browser side of lib/permissions for extension pages: the real permissions API and the manifest's required
 * host permissions (which can neither be requested nor removed).
 */
import { browser } from 'wxt/browser';
import {
  type AccessSettings,
  applyPermissionPlan,
  originPattern,
  type PermissionsApi,
  type PlanOutcome,
  planSettingsChange,
} from '@/lib/permissions';

export const permissionsApi: PermissionsApi = browser.permissions;

/** Host permissions the manifest grants at install (MV3 `host_permissions`; MV2 lists them in `permissions`). */
export function requiredOrigins(): string[] {
  const manifest = browser.runtime.getManifest() as { host_permissions?: string[]; permissions?: string[] };
  const hosts = manifest.host_permissions ?? (manifest.permissions ?? []).filter((p) => p.includes('://'));
  return [...hosts];
}

/**
 * Requests and revokes what a change of API address and/or privacy choice needs. Call it synchronously from the
 * click/submit handler, before any await: the prompt is only allowed during the user's gesture.
 */
export function applyAccessChange(from: AccessSettings, to: AccessSettings): Promise<PlanOutcome> {
  const plan = planSettingsChange(from, to, requiredOrigins(), originPattern);
  return applyPermissionPlan(permissionsApi, plan, plan.mustKeep);
}
