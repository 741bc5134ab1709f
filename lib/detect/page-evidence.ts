// Page-level evidence read from elements rather than text. For the country of numbers written in national
// format: the page's `<link rel="alternate" hreflang>` values and the short, digit-free parts of its postal
// addresses (`<address>` text, schema.org microdata `addressCountry`). For telling the tools a page uses from
// the companies it names: the hosts its scripts, frames and style sheets load from (a chat widget's
// `<script src>`, a consent banner's, a map's `<iframe>`, a font service's `<link rel=stylesheet>`). Read once
// per full pass with native queries per subtree (a few subtrees per unit of work), never per text node, and
// bounded so a hostile page cannot grow the message; the background decides what, if anything, they name
// (`lib/identity/phone-country.ts`, `domains.ts`).

import { SUBTREES_PER_UNIT, SubtreeQueue } from './subtrees';
import { hostOfAbsoluteUrl } from './url';

/** At most this many values per list, each at most this long (the schema enforces the same). */
export const EVIDENCE_LIMITS = { items: 20, hreflang: 35, address: 40, embedHosts: 50, host: 253 } as const;

/** Text nodes read per `<address>` element, and digit-free parts kept from each (its last ones). */
const ADDRESS_NODES = 32;
const PARTS_PER_ADDRESS = 3;

export interface PageEvidence {
  hreflangs: string[];
  addressCountries: string[];
  /** Lower-case hosts of absolute `src`/`href`s of scripts, frames and style sheets (the page's own included). */
  embedHosts: string[];
}

export const NO_PAGE_EVIDENCE: PageEvidence = { hreflangs: [], addressCountries: [], embedHosts: [] };

function push(list: string[], value: string | null | undefined, max: number): void {
  const v = (value ?? '').replace(/\s+/g, ' ').trim();
  if (v === '' || v.length > max || list.length >= EVIDENCE_LIMITS.items || list.includes(v)) return;
  list.push(v);
}

/** The last digit-free, comma- or line-separated parts of an `<address>` (the country is written last). */
function addressParts(el: Element): string[] {
  const parts: string[] = [];
  let node: Node | null = el.firstChild;
  let seen = 0;
  // A bounded pre-order walk of the element's own subtree: text node values are its lines.
  while (node !== null && seen < ADDRESS_NODES) {
    if (node.nodeType === 3) {
      seen++;
      for (const part of (node.nodeValue ?? '').split(/[,\n;|·]/)) {
        const p = part.trim();
        if (p !== '' && p.length <= EVIDENCE_LIMITS.address && !/\d/.test(p)) parts.push(p);
      }
    }
    if (node.firstChild !== null) node = node.firstChild;
    else {
      while (node !== null && node !== el && node.nextSibling === null) node = node.parentNode;
      node = node === null || node === el ? null : node.nextSibling;
    }
  }
  return parts.slice(-PARTS_PER_ADDRESS);
}

/**
 * Every element the evidence is read from, in one selector (each subtree is asked once). Embeds: what a page
 * loads to run a tool. Left out on purpose, measured on the real-world corpus: images (a partner's logo served
 * from the partner's own site names that partner) and `preconnect`/`dns-prefetch`/`preload` hints (they name
 * the site's own and its sister sites' hosts far more often than a tool's).
 */
export const EVIDENCE_SELECTOR =
  'link[hreflang], address, [itemprop~="addressCountry"], script[src], iframe[src], embed[src], link[rel~="stylesheet"][href]';
/** Elements read per kind, at most (a page of a thousand addresses says no more than its first ones). */
const MAX_ELEMENTS = 200;

/**
 * Reads the evidence a few subtrees at a time. Two queries over a whole 50 MB page (685k elements) took ~40 ms
 * each, inside the scanner's first task (no task may be longer than a frame); asked per subtree, as the
 * excluded-regions query is (walk.ts), each unit stays short. The finds come in document order, so the result is
 * the one two whole-document queries give.
 */
export class PageEvidenceReader {
  readonly evidence: PageEvidence = { hreflangs: [], addressCountries: [], embedHosts: [] };
  private readonly subtrees: SubtreeQueue;
  private links = 0;
  private places = 0;
  private embeds = 0;

  /**
   * Set once `step` has reached `body`, the element whose subtree someone else reads (the scan's shared pass, which
   * hands each evidence element to `take`); `resume` then lets `step` read what follows it.
   */
  atBody = false;

  /** `body`: the element `step` stops at (see `atBody`); null reads the whole document. */
  constructor(
    doc: Document,
    private readonly body: Element | null = null,
  ) {
    this.subtrees = new SubtreeQueue(doc.documentElement, body);
  }

  /** One unit of work; true when the whole document is read (or the lists are full), or `step` has reached the body. */
  step(): boolean {
    const subtrees = this.subtrees;
    for (let i = 0; i < SUBTREES_PER_UNIT && !subtrees.done && !this.full(); i++) {
      const el = subtrees.next() as Element;
      if (el === this.body) {
        this.atBody = true;
        return true;
      }
      if (el.matches(EVIDENCE_SELECTOR)) this.read(el);
      if (!subtrees.whole) continue;
      const found = el.querySelectorAll(EVIDENCE_SELECTOR);
      for (let k = 0; k < found.length && !this.full(); k++) this.read(found[k] as Element);
    }
    return subtrees.done || this.full();
  }

  /** The body is read: `step` goes on after it. */
  resume(): void {
    this.atBody = false;
  }

  /** An element of the body matching `EVIDENCE_SELECTOR`, handed in by the scan's shared pass in document order. */
  take(el: Element): void {
    this.read(el);
  }

  full(): boolean {
    const { hreflangs, addressCountries, embedHosts } = this.evidence;
    const linksDone = this.links >= MAX_ELEMENTS || hreflangs.length >= EVIDENCE_LIMITS.items;
    const embedsDone = this.embeds >= MAX_ELEMENTS || embedHosts.length >= EVIDENCE_LIMITS.embedHosts;
    return linksDone && embedsDone && (this.places >= MAX_ELEMENTS || addressCountries.length >= EVIDENCE_LIMITS.items);
  }

  private read(el: Element): void {
    const { hreflangs, addressCountries, embedHosts } = this.evidence;
    const name = el.localName;
    if (name === 'script' || name === 'iframe' || name === 'embed' || (name === 'link' && !el.hasAttribute('hreflang'))) {
      if (this.embeds++ >= MAX_ELEMENTS || embedHosts.length >= EVIDENCE_LIMITS.embedHosts) return;
      const host = hostOfAbsoluteUrl(el.getAttribute(name === 'link' ? 'href' : 'src') ?? '');
      if (host !== null && host.length <= EVIDENCE_LIMITS.host && !embedHosts.includes(host)) embedHosts.push(host);
      return;
    }
    if (name === 'link') {
      if (this.links++ < MAX_ELEMENTS && hreflangs.length < EVIDENCE_LIMITS.items) push(hreflangs, el.getAttribute('hreflang'), EVIDENCE_LIMITS.hreflang);
      return;
    }
    if (this.places++ >= MAX_ELEMENTS || addressCountries.length >= EVIDENCE_LIMITS.items) return;
    if (el.localName === 'address') {
      for (const part of addressParts(el)) push(addressCountries, part, EVIDENCE_LIMITS.address);
    } else {
      // A country is a word or two: an element holding more than a small wrapper is not read whole.
      const text = el.getAttribute('content') ?? (el.childElementCount <= 2 ? el.textContent : null);
      push(addressCountries, text === null ? null : text.slice(0, 200), EVIDENCE_LIMITS.address);
    }
  }
}

/** The whole document's evidence at once (the CLI and tests; the scanner reads it in units). */
export function readPageEvidence(doc: Document): PageEvidence {
  const reader = new PageEvidenceReader(doc);
  while (!reader.step());
  return reader.evidence;
}
