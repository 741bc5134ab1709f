/**
 * The provider this build was made for (WXT_PROVIDER_PROFILE at build time, lib/build/provider-profile.ts), or null,
 * and the guide for users without one (docs/providers.md, packaged as providers.html by wxt.config.ts).
 */
import { browser } from 'wxt/browser';
import { bakedProviderProfile, type ProviderProfile } from '@/lib/build/provider-profile';

export const PROVIDER: ProviderProfile | null = bakedProviderProfile(import.meta.env.WXT_PROVIDER_PROFILE_JSON as string | undefined);

/** The packaged guide: a page of the extension itself, so the link works offline and in every build. */
export function providerGuideUrl(): string {
  // Written into the package by a build hook, so WXT's list of public paths does not know it.
  return (browser.runtime.getURL as (path: string) => string)('/providers.html');
}

/** `mailto:` for an email address, the address itself for a web page. */
export function supportHref(support: string): string {
  return support.includes('@') && !support.includes('://') ? `mailto:${support}` : support;
}
