// Host names in their ASCII form. A module of its own, with no library behind it: the content script's email reading
// (./email.ts) needs it, and must not pull in the public suffix list that ./domain.ts carries.

/** `café.example` → `xn--caf-dma.example`; null when it is not a usable host name. */
export function toAsciiHost(host: string): string | null {
  let ascii = true;
  for (let i = 0; i < host.length; i++) if (host.charCodeAt(i) > 127) ascii = false;
  if (ascii) return host.toLowerCase();
  // The URL parser would read "müller.de/x" or "müller.de:81" as the host "xn--mller-kva.de": only a bare host may go in.
  if (/[\s/\\?#@:%]/u.test(host)) return null;
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}
