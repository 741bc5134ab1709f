/**
 * Carrying out a PermissionPlan with the browser's permissions API, passed in (`browser.permissions`) so tests
 * can hand in fakeBrowser.
 *
 * Call `applyPermissionPlan` synchronously from the click/change handler, before any other `await`: browsers
 * only show the permission prompt during a user gesture (Firefox loses it at the first await).
 */
import { t } from '../i18n/t';

export interface PermissionsApi {
  request(permissions: { origins?: string[] }): Promise<boolean>;
  remove(permissions: { origins?: string[] }): Promise<boolean>;
  contains(permissions: { origins?: string[] }): Promise<boolean>;
}

export type PlanOutcome =
  /** `missing`: requested origins that ended up not granted (the UI offers "Grant access" for each). */
  | { ok: true; revoked: string[]; notRevoked: string[]; missing: string[] }
  | { ok: false; reason: 'declined' | 'failed'; message: string };

/**
 * `mustKeep`: origins granted before that must still be granted after (the API's origin when the privacy choice
 * changes); they are checked and asked for again like the requested ones.
 */
export async function applyPermissionPlan(
  permissions: PermissionsApi,
  plan: { request: readonly string[]; revoke: readonly string[] },
  mustKeep: readonly string[] = [],
): Promise<PlanOutcome> {
  if (plan.request.length > 0) {
    let granted: boolean;
    try {
      granted = await permissions.request({ origins: [...plan.request] });
    } catch (error) {
      return { ok: false, reason: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    // Nothing is revoked when the user says no: the previous choice stays fully working.
    if (!granted) return { ok: false, reason: 'declined', message: t('errors_permission_not_granted') };
  }
  const revoked: string[] = [];
  const notRevoked: string[] = [];
  // One by one: the browser rejects a whole batch if any one origin cannot be removed.
  for (const origin of plan.revoke) {
    try {
      if (await permissions.remove({ origins: [origin] })) revoked.push(origin);
      else notRevoked.push(origin);
    } catch {
      notRevoked.push(origin);
    }
  }
  // A browser answers "yes" without recording anything when an origin is already covered by a broader grant
  // (`example.com` while "everywhere" is on); revoking the broader grant then takes the site away too. Check and
  // ask once more; where the gesture has been used up (Firefox) the caller shows a "Grant access" button.
  const expected = [...new Set([...plan.request, ...mustKeep])];
  const stillGranted = await grantedOrigins(permissions, expected);
  let missing = expected.filter((o) => !stillGranted.has(o));
  if (missing.length > 0 && revoked.length > 0) {
    const again = await permissions.request({ origins: missing }).catch(() => false);
    if (again) missing = [];
  }
  return { ok: true, revoked, notRevoked, missing };
}

/** Which of `origins` are currently granted (for the "access granted / grant access" status next to each site). */
export async function grantedOrigins(permissions: PermissionsApi, origins: readonly string[]): Promise<Set<string>> {
  const granted = new Set<string>();
  await Promise.all(
    origins.map(async (origin) => {
      if (await permissions.contains({ origins: [origin] }).catch(() => false)) granted.add(origin);
    }),
  );
  return granted;
}
