/**
 * The hub's address as typed: the API address's rule (lib/permissions/api-origin.ts: https, or http on this machine),
 * worded for a hub, since the member's token and every lookup travel to it.
 */
import { t } from '../i18n/t';
import { isLoopbackHost, validateApiBaseUrl, type BaseUrlCheck } from '../permissions/api-origin';

export function validateHubUrl(input: string): BaseUrlCheck {
  try {
    const url = new URL(input.trim());
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { ok: false, message: t('hub_address_insecure') };
  } catch {
    // Not a URL at all: the API address's words say so.
  }
  return validateApiBaseUrl(input);
}

/** "hub.example.com" or "127.0.0.1:8788", for words that name the hub. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 300);
  }
}
