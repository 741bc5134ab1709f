/** Pages an extension may not (or must not) script: browser pages, stores, viewers. Pure. */

const STORE_HOSTS = ['chromewebstore.google.com', 'microsoftedge.microsoft.com', 'addons.mozilla.org'];

export function isScannableUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  const host = parsed.hostname.toLowerCase();
  if (STORE_HOSTS.includes(host)) return false;
  if (host === 'chrome.google.com' && parsed.pathname.startsWith('/webstore')) return false;
  return true;
}
