/**
 * What this build is: demo/development builds offer the local sandbox with a demo key; production builds ship
 * with the API base URL set at build time (`WXT_API_BASE_URL`, see lib/settings/schema.ts).
 */
import { DEFAULT_API_BASE_URL, SANDBOX_BASE_URL } from '@/lib/settings/schema';
import { t } from '@/lib/i18n/t';

export const IS_DEMO_BUILD: boolean = import.meta.env.MODE !== 'production' || import.meta.env.WXT_DEMO === 'true';

/** The sandbox's seeded standard-plan key (`npm run sandbox`). */
export const DEMO_API_KEY = 'test-standard';

/**
 * Where "use the demo sandbox" points: a demo build made for a sandbox on another port (`npm start` when 8787 is
 * busy) bakes that address in as its default.
 */
export const DEMO_SANDBOX_URL: string = import.meta.env.WXT_DEMO === 'true' ? DEFAULT_API_BASE_URL : SANDBOX_BASE_URL;

export { DEFAULT_API_BASE_URL, SANDBOX_BASE_URL };

/** How to change the default, in words for the options page (a function: words are read in the UI language). */
export function baseUrlHelp(): string {
  return t('options_base_url_help');
}
