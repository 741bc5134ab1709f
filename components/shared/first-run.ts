/**
 * What the first-run page asks for, decided from the build and the saved settings (pure).
 * A store build made without `WXT_API_BASE_URL` has no API address of its own: its built-in default is the local
 * sandbox, which a store user does not have. So the address box starts empty, showing the pattern of the
 * vendor's address, and the key step says it needs the address first.
 */
import { SANDBOX_BASE_URL } from '@/lib/settings/schema';

/**
 * The shape of the service's base URL, shown as the address box's placeholder. The API spec names it only as
 * `{base_url}` with versioned paths under it (`/v1/…`), so the pattern is the usual `https://api.<vendor>` form.
 */
export const API_BASE_URL_PLACEHOLDER = 'https://api.example.com';

export interface FirstRunBuild {
  isDemoBuild: boolean;
  /** A test build (`WXT_LOCAL_SANDBOX=true`, e2e and benchmarks): the local sandbox is its address. */
  isLocalSandboxBuild?: boolean;
  defaultApiBaseUrl: string;
}

/** True when the user still has to type the API address: a store build whose address is the unset default. */
export function needsApiAddress(build: FirstRunBuild, savedApiBaseUrl: string): boolean {
  // A test build talks to the sandbox on purpose: "this build has no API address of its own" was wrong there.
  if (build.isDemoBuild || build.isLocalSandboxBuild === true) return false;
  return build.defaultApiBaseUrl === SANDBOX_BASE_URL && savedApiBaseUrl === SANDBOX_BASE_URL;
}
