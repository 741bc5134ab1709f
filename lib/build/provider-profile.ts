/**
 * The provider profile a store build is made for: who sells the keys, where their API is, where to get a key, what
 * it costs, where the docs are and whom to ask. Chosen at build time (`WXT_PROVIDER_PROFILE=path/to/profile.json
 * npm run build`), validated here when the build starts (a typo stops the build, it never ships), and baked into the
 * bundle as JSON for onboarding and the options page (components/options/provider.ts). Without a profile, onboarding
 * says what to ask a provider for (docs/providers.md). Pure: the caller reads the file.
 */
import { z } from 'zod';
import { validateApiBaseUrl } from '../permissions/api-origin';

const WebPage = z.url({ protocol: /^https?$/, error: 'must be an http(s) address' });

export const ProviderProfileSchema = z.strictObject({
  /** As the provider calls itself: "Get a key from <name>". */
  name: z.string().trim().min(1).max(60),
  /** The base URL of its API (the one the API contract's paths hang under): https, or http on this machine. */
  apiBaseUrl: z.string().refine((v) => validateApiBaseUrl(v).ok, 'must be https://… (http:// only on 127.0.0.1 or localhost), with no query, fragment or password'),
  /** Where a new user signs up and gets a key. */
  keyUrl: WebPage,
  pricingUrl: WebPage.optional(),
  docsUrl: WebPage.optional(),
  /** An email address or a web page for help. */
  support: z.union([z.email(), WebPage]).optional(),
});
export type ProviderProfile = z.infer<typeof ProviderProfileSchema>;

/** The profile in `text` (the file at `source`), or an error naming the file and every field to fix. */
export function parseProviderProfile(text: string, source: string): ProviderProfile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`Provider profile ${source} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const parsed = ProviderProfileSchema.safeParse(json);
  if (parsed.success) return { ...parsed.data, apiBaseUrl: (validateApiBaseUrl(parsed.data.apiBaseUrl) as { url: string }).url };
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ');
  throw new Error(`Provider profile ${source} is not valid (WXT_PROVIDER_PROFILE): ${problems}`);
}

/** The profile baked into the bundle (`import.meta.env.WXT_PROVIDER_PROFILE_JSON`), or null; never throws at run time. */
export function bakedProviderProfile(json: string | undefined): ProviderProfile | null {
  if (!json) return null;
  try {
    const parsed = ProviderProfileSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
