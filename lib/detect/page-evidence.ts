// Page-level evidence for the country of numbers written in national format (issue 15): the page's
// `<link rel="alternate" hreflang>` values and the short, digit-free parts of its postal addresses
// (`<address>` text, schema.org microdata `addressCountry`). Read once per full pass with two native
// queries, never per text node, and bounded so a hostile page cannot grow the message; the background
// (`lib/identity/phone-country.ts`) decides what, if anything, they name.

/** At most this many values per list, each at most this long (the schema enforces the same). */
export const EVIDENCE_LIMITS = { items: 20, hreflang: 35, address: 40 } as const;

/** Text nodes read per `<address>` element, and digit-free parts kept from each (its last ones). */
const ADDRESS_NODES = 32;
const PARTS_PER_ADDRESS = 3;

export interface CountryEvidence {
  hreflangs: string[];
  addressCountries: string[];
}

export const NO_COUNTRY_EVIDENCE: CountryEvidence = { hreflangs: [], addressCountries: [] };

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

export function readCountryEvidence(doc: Document): CountryEvidence {
  const hreflangs: string[] = [];
  const addressCountries: string[] = [];
  const links = doc.querySelectorAll('link[hreflang]');
  for (let i = 0; i < links.length && i < 200 && hreflangs.length < EVIDENCE_LIMITS.items; i++) {
    push(hreflangs, (links[i] as Element).getAttribute('hreflang'), EVIDENCE_LIMITS.hreflang);
  }
  const found = doc.querySelectorAll('address, [itemprop~="addressCountry"]');
  for (let i = 0; i < found.length && i < 200 && addressCountries.length < EVIDENCE_LIMITS.items; i++) {
    const el = found[i] as Element;
    if (el.localName === 'address') {
      for (const part of addressParts(el)) push(addressCountries, part, EVIDENCE_LIMITS.address);
    } else {
      // A country is a word or two: an element holding more than a small wrapper is not read whole.
      const text = el.getAttribute('content') ?? (el.childElementCount <= 2 ? el.textContent : null);
      push(addressCountries, text === null ? null : text.slice(0, 200), EVIDENCE_LIMITS.address);
    }
  }
  return { hreflangs, addressCountries };
}
