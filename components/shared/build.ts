/**
 * What this build is: demo/development builds offer the local sandbox with a demo key; production builds ship
 * with the API base URL set at build time (`WXT_API_BASE_URL`, see lib/settings/schema.ts).
 */
import { DEFAULT_API_BASE_URL, SANDBOX_BASE_URL } from '@/lib/settings/schema';
import { t } from '@/lib/i18n/t';
import { needsApiAddress } from './first-run';

export const IS_DEMO_BUILD: boolean = import.meta.env.MODE !== 'production' || import.meta.env.WXT_DEMO === 'true';

/** A test build (`WXT_LOCAL_SANDBOX=true`): production code, talking to the local sandbox on purpose. */
export const IS_LOCAL_SANDBOX_BUILD: boolean = import.meta.env.WXT_LOCAL_SANDBOX === 'true';

/** The sandbox's seeded standard-plan key (`npm run sandbox`). */
export const DEMO_API_KEY = 'test-standard';

/**
 * Where "use the demo sandbox" points: a demo build made for a sandbox on another port (`npm start` when 8787 is
 * busy) bakes that address in as its default.
 */
export const DEMO_SANDBOX_URL: string = import.meta.env.WXT_DEMO === 'true' ? DEFAULT_API_BASE_URL : SANDBOX_BASE_URL;

export { DEFAULT_API_BASE_URL, SANDBOX_BASE_URL };

/**
 * True until the user saves an API address on a build that has none of its own: the stored address is then the
 * built-in stand-in (the local sandbox, lib/settings/schema.ts), which is no address for a store user. Onboarding,
 * the options page and "What it sends" all say "not set yet" while this holds, never the stand-in.
 */
export function apiAddressUnset(savedApiBaseUrl: string): boolean {
  return needsApiAddress({ isDemoBuild: IS_DEMO_BUILD, isLocalSandboxBuild: IS_LOCAL_SANDBOX_BUILD, defaultApiBaseUrl: DEFAULT_API_BASE_URL }, savedApiBaseUrl);
}

/** A store build made without WXT_API_BASE_URL: its "default" is the stand-in, so there is no default to go back to. */
export const BUILD_HAS_NO_ADDRESS: boolean = !IS_DEMO_BUILD && !IS_LOCAL_SANDBOX_BUILD && DEFAULT_API_BASE_URL === SANDBOX_BASE_URL;

/** How to change the default, in words for the options page (a function: words are read in the UI language). */
export function baseUrlHelp(): string {
  return t('options_base_url_help');
}
