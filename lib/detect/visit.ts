// Which URL changes start a new page visit (a new scan) and which stay in the same document view. Shared by the
// content script (SPA navigations) and the background (a same-document 'loading' keeps the page state).

/** A hash router's route (`#/team-b`, `#!/team-b`), or '' for a plain fragment (`#section`), which is the same view. */
export function hashRoute(url: URL): string {
  return url.hash.startsWith('#/') || url.hash.startsWith('#!') ? url.hash : '';
}

/** Same page visit: a new path, query or hash route is a new one (audit e12: `#/team-a` → `#/team-b` kept team A). */
export function sameVisit(a: URL, b: URL): boolean {
  return sameDocumentUrl(a, b) && hashRoute(a) === hashRoute(b);
}

/** Equal but for the fragment: a navigation between them may stay in the document (a hash link, `replaceState`). */
export function sameDocumentUrl(a: URL, b: URL): boolean {
  return a.origin === b.origin && a.pathname === b.pathname && a.search === b.search;
}

/** `sameDocumentUrl` for strings; false when either is not a URL. */
export function sameDocumentHref(a: string, b: string): boolean {
  try {
    return sameDocumentUrl(new URL(a), new URL(b));
  } catch {
    return false;
  }
}
