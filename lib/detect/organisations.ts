// What a page says about the companies it names, in its own structured words: `og:site_name` (the page's own
// company), schema.org Organization names and addresses (JSON-LD and microdata), whether the page is a list of
// search results, and who wrote it (schema.org `author`, `rel="author"`, `<meta name="author">`: an article's byline
// names its author in words no heading or card holds). Read once per scan in the content script; the background chooses names from it
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
  /** The names the page states for its authors, raw (the background reads each as a name or drops it). */
  authors: string[];
}

const MAX_ORGS = 20;
/** An article has a few authors; a page stating more is a list, read as one elsewhere (headings, cards). */
const MAX_AUTHORS = 10;
const MAX_TEXT = 200;
/** schema.org types that are organisations ("Organization", "Corporation", "NewsMediaOrganization", "LocalBusiness"…). */
const ORG_TYPE = /(Organization|Corporation|LocalBusiness|NGO)$/;

/** The JSON-LD properties that credit people with a page: its author, its medical or fact reviewer, its editor. */
const CREDITS = ['author', 'reviewedBy', 'editor'] as const;

/** schema.org types of an article ("Article", "NewsArticle", "BlogPosting", "SocialMediaPosting", "Report"). */
const ARTICLE_TYPE = /(Article|Posting|Report)$/;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim().slice(0, MAX_TEXT) : '');

function pushOrg(out: StatedOrganisation[], name: string, url: string): void {
  if (name !== '' && out.length < MAX_ORGS) out.push({ name, url: url.slice(0, 2048) });
}

function pushAuthor(out: string[], name: string): void {
  if (name !== '' && out.length < MAX_AUTHORS && !out.includes(name)) out.push(name);
}

/** What JSON-LD says: organisations, the `author` values (a name, a Person, or a Person's `@id`), Persons by `@id`. */
interface JsonLdFinds {
  organisations: StatedOrganisation[];
  /** An Article, NewsArticle, BlogPosting… is stated: the page is one, and its `author` is its writer. */
  article: boolean;
  authorRefs: unknown[];
  persons: Map<string, string>;
}

const isType = (o: Record<string, unknown>, pattern: RegExp): boolean => {
  const type = o['@type'];
  return (Array.isArray(type) ? type : [type]).some((t) => typeof t === 'string' && pattern.test(t));
};

/** Organisations and authors anywhere in a JSON-LD value (`@graph`, arrays, nested `publisher`), depth-bounded. */
function fromJsonLd(value: unknown, out: JsonLdFinds, depth: number): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value.slice(0, 50)) fromJsonLd(v, out, depth + 1);
    return;
  }
  const o = value as Record<string, unknown>;
  if (isType(o, ORG_TYPE)) pushOrg(out.organisations, text(o.name), text(o.url));
  if (isType(o, ARTICLE_TYPE)) out.article = true;
  if (isType(o, /^Person$/) && typeof o['@id'] === 'string') out.persons.set(o['@id'], text(o.name));
  for (const key of CREDITS) {
    const ref = o[key];
    if (ref !== undefined && out.authorRefs.length < MAX_AUTHORS) out.authorRefs.push(...(Array.isArray(ref) ? ref.slice(0, MAX_AUTHORS) : [ref]));
  }
  for (const key in o) if (key !== '@context') fromJsonLd(o[key], out, depth + 1);
}

/**
 * A JSON-LD credit's name: a Person's `name`, or the name of the Person its `@id` points at. A bare string or an
 * untyped object (`"author": "Gelbe Liste Online"`) is a person only on a stated article (`article`).
 */
function authorName(ref: unknown, persons: ReadonlyMap<string, string>, article: boolean): string {
  if (typeof ref === 'string') return article ? text(ref) : '';
  if (ref === null || typeof ref !== 'object') return '';
  const o = ref as Record<string, unknown>;
  const name = isType(o, /^Person$/) || (article && o['@type'] === undefined) ? text(o.name) : '';
  return name || (typeof o['@id'] === 'string' ? (persons.get(o['@id']) ?? '') : '');
}

/**
 * Bylines in markup: `rel="author"` links and microdata `author` (its `name` when it has one). Only the first byline
 * and its co-authors beside it: further down, a list of other articles shows each one's author.
 */
function markupAuthors(doc: Document, out: string[]): void {
  const bylines = Array.from(doc.querySelectorAll('a[rel~="author"], [itemprop~="author"]')).slice(0, 50);
  const parent = bylines[0]?.parentElement;
  for (const el of bylines) {
    if (el.parentElement !== parent) continue;
    const name = el.matches('[itemscope]') ? el.querySelector('[itemprop="name"]') : el;
    pushAuthor(out, text(name?.getAttribute('content') ?? name?.textContent));
  }
}

export function readOrganisations(doc: Document): OrganisationEvidence {
  const finds: JsonLdFinds = { organisations: [], article: false, authorRefs: [], persons: new Map() };
  const { organisations } = finds;
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).slice(0, 20)) {
    const source = script.textContent ?? '';
    if (source.length > 100_000) continue;
    try {
      fromJsonLd(JSON.parse(source), finds, 0);
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
  const authors: string[] = [];
  // Only an article's author is a person on the page: a site's `<meta name="author">` names whoever built it, and
  // content systems mark every page `og:type` article, so only a stated schema.org article counts.
  for (const ref of finds.authorRefs) pushAuthor(authors, authorName(ref, finds.persons, finds.article));
  if (finds.article) {
    pushAuthor(authors, text(doc.querySelector('meta[name="author"]')?.getAttribute('content')));
  }
  // The page's own statement names the article's author; a byline in markup says it is an article by itself.
  if (authors.length === 0) markupAuthors(doc, authors);
  const site = doc.querySelector('meta[property="og:site_name"]');
  const query = doc.querySelector('form input[name="q"][value],form input[name="text"][value],form input[name="query"][value]');
  return {
    siteName: text(site?.getAttribute('content')),
    organisations,
    searchPage: (query?.getAttribute('value') ?? '').trim() !== '',
    authors,
  };
}
