/**
 * API data and page text are hostile: a profile "URL" may be `javascript:alert(1)` or `data:text/html,…`.
 * Only absolute http(s) URLs ever become links or image sources; everything else is shown as plain text.
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > 4096) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url.href;
}

/** Like `safeHttpUrl`, but also accepts a bare domain ("acme.com") by assuming https. */
export function safeWebsiteUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return safeHttpUrl(trimmed);
  if (!/^[a-z0-9.-]+\.[a-z]{2,}(\/\S*)?$/i.test(trimmed)) return null;
  return safeHttpUrl(`https://${trimmed}`);
}

/** A short, readable form of a URL for display: host + path, without the scheme and trailing slash. */
export function displayUrl(href: string): string {
  try {
    const url = new URL(href);
    const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
    return `${url.host.replace(/^www\./, '')}${path}`;
  } catch {
    return href;
  }
}
