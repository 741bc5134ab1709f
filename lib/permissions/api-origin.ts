/**
 * Where the extension may send the API key: validating the API base URL the user types, and the host permission
 * (match pattern) that origin needs. Pure: no browser globals.
 */
import { t } from '../i18n/t';

export type BaseUrlCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * The one loopback rule (options form, settings import, stored settings, background): plain http may reach only
 * these exact hosts. Not "starts with 127.": `127.evil.example` and `127.0.0.1.evil.example` are names anyone can
 * register, and `127.0.0.2` is outside the sandbox's host permission, so the key would go where no permission was
 * granted. `URL` has already turned `127.1` or `0x7f000001` into `127.0.0.1`, so those spellings are judged as what
 * they are.
 */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/**
 * Accepts `https://api.example.com` (or `http://` on this machine only, where the local sandbox runs), with an
 * optional base path. Returns the normalised URL without a trailing slash, or a message that says what to fix.
 */
export function validateApiBaseUrl(input: string): BaseUrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, message: t('options_url_error_empty') };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: t('options_url_error_not_url') };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: t('options_url_error_scheme') };
  }
  // The key travels in a header on every request: over plain http it could be read by anyone on the network.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      message: t('options_url_error_insecure'),
    };
  }
  if (url.username || url.password) {
    return { ok: false, message: t('options_url_error_credentials') };
  }
  if (url.search || url.hash) {
    return { ok: false, message: t('options_url_error_query') };
  }
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: `${url.origin}${path}` };
}

/**
 * The host-permission match pattern covering a base URL's origin. Match patterns leave the port out (a pattern
 * without a port matches every port, and Firefox rejects patterns with one), so `http://127.0.0.1:8787` →
 * `http://127.0.0.1/*`. Null when the URL is not http(s).
 */
export function originPattern(baseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return `${url.protocol}//${url.hostname}/*`;
}
