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
import type { ErrorData } from '@/lib/model/errors';
import type { Status } from './fields';
import { toErrorData } from '@/components/shared/use-settings';

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

/** The state lines of a settings form that changes access. */
export interface AccessChangeUi {
  setStatus: (status: Status) => void;
  setError: (error: ErrorData | null) => void;
  setBusy: (busy: boolean) => void;
}

/**
 * A settings change that needs permissions, as the options forms run it: the permissions first (synchronously, so
 * call it from the click/submit handler), then `save` once they are granted; `refusal` words a declined or failed
 * request (nothing is saved). The form is busy throughout; `save`'s status, or the error, is shown; `done` runs
 * last either way.
 */
export function changeAccess(
  from: AccessSettings,
  to: AccessSettings,
  ui: AccessChangeUi,
  refusal: (outcome: Extract<PlanOutcome, { ok: false }>) => string,
  save: (outcome: Extract<PlanOutcome, { ok: true }>) => Promise<Status>,
  done?: () => void,
): void {
  ui.setError(null);
  ui.setBusy(true);
  const permission = applyAccessChange(from, to);
  void (async () => {
    try {
      const outcome = await permission;
      if (!outcome.ok) {
        ui.setStatus({ tone: 'warning', text: refusal(outcome) });
        return;
      }
      ui.setStatus(await save(outcome));
    } catch (e) {
      ui.setStatus(null);
      ui.setError(toErrorData(e));
    } finally {
      ui.setBusy(false);
      done?.();
    }
  })();
}
