// What a page says about the companies it names, in its own structured words: `og:site_name` (the page's own
// company), schema.org Organization names and addresses (JSON-LD and microdata), and whether the page is a list of
// search results. Read once per scan in the content script; the background chooses names from it
// (lib/detect/people/company-names.ts), so the reader stays small and decides nothing.

/** A name the page states for an organisation, with the address it gives for it (`''` when none). */
export interface StatedOrganisation {
  name: string;
  url: string;
}

export interface OrganisationEvidence {
  /** `og:site_name`: the page's own company as the site names itself. */
  siteName: string;
  organisations: StatedOrganisation[];
  /** A search box filled with the query the page shows results for (a search engine's or a site's results page). */
  searchPage: boolean;
}

const MAX_ORGS = 20;
const MAX_TEXT = 200;
/** schema.org types that are organisations ("Organization", "Corporation", "NewsMediaOrganization", "LocalBusiness"…). */
const ORG_TYPE = /(Organization|Corporation|LocalBusiness|NGO)$/;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim().slice(0, MAX_TEXT) : '');

function pushOrg(out: StatedOrganisation[], name: string, url: string): void {
  if (name !== '' && out.length < MAX_ORGS) out.push({ name, url: url.slice(0, 2048) });
}

/** Organisations anywhere in a JSON-LD value (`@graph`, arrays, nested `publisher`), depth-bounded. */
function fromJsonLd(value: unknown, out: StatedOrganisation[], depth: number): void {
  if (depth > 6 || value === null || typeof value !== 'object' || out.length >= MAX_ORGS) return;
  if (Array.isArray(value)) {
    for (const v of value.slice(0, 50)) fromJsonLd(v, out, depth + 1);
    return;
  }
  const o = value as Record<string, unknown>;
  const type = o['@type'];
  if ((Array.isArray(type) ? type : [type]).some((t) => typeof t === 'string' && ORG_TYPE.test(t))) pushOrg(out, text(o.name), text(o.url));
  for (const key in o) if (key !== '@context') fromJsonLd(o[key], out, depth + 1);
}

export function readOrganisations(doc: Document): OrganisationEvidence {
  const organisations: StatedOrganisation[] = [];
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).slice(0, 20)) {
    const source = script.textContent ?? '';
    if (source.length > 100_000) continue;
    try {
      fromJsonLd(JSON.parse(source), organisations, 0);
    } catch {
      // A page's broken JSON-LD states nothing.
    }
  }
  for (const el of Array.from(doc.querySelectorAll('[itemscope][itemtype]')).slice(0, 200)) {
    if (!ORG_TYPE.test((el.getAttribute('itemtype') ?? '').trim())) continue;
    const name = el.querySelector('[itemprop="name"]');
    const url = el.querySelector('[itemprop="url"]');
    pushOrg(
      organisations,
      text(name?.getAttribute('content') ?? name?.textContent),
      text(url?.getAttribute('href') ?? url?.getAttribute('content')),
    );
  }
  const site = doc.querySelector('meta[property="og:site_name"]');
  const query = doc.querySelector('form input[name="q"][value],form input[name="text"][value],form input[name="query"][value]');
  return {
    siteName: text(site?.getAttribute('content')),
    organisations,
    searchPage: (query?.getAttribute('value') ?? '').trim() !== '',
  };
}
