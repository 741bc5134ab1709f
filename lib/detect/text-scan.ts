// Entities in a string of visible text. Triggers are found with indexOf (native, memchr-fast);
// each trigger then costs a bounded walk, so a text is scanned in linear time whatever it holds.
import { isLabelChar, isLocalChar, isSpace } from './chars';
import { atMarkerStartBefore, matchAtMarker, matchEmailAt, UrlTokenTracker } from './email';
import { NETWORK_TEXT_MARKERS, normaliseProfileUrl } from './networks';
import { looksLikeNationalPhoneAt, looksLikePhoneAt, scanPhones } from './phone-candidates';

/** Where scanners put what they find (functions, not methods: they are passed around unbound). */
export interface EntitySink {
  email: (address: string) => void;
  /** Raw phone candidate; normalised to E.164 by `finalisePageScan`. */
  phone: (candidate: string) => void;
  /** Raw number labelled as a fax ("F", "Fax", "Telefax"): never offered as a person's phone. */
  fax: (candidate: string) => void;
  /** Canonical person profile URL. */
  profile: (url: string) => void;
  /** Canonical company profile URL. */
  company: (url: string) => void;
  /** Lower-case host of a link to another site. */
  linkHost: (host: string) => void;
}

const CLOSERS = [')', ']', '}'];
const MAX_HOST_PREFIX = 80;
const MAX_PATH = 300;

/**
 * Could an at-sign at `i` join a local part and a domain? With `open` edges (a text node, an
 * inline element) the parts may continue in the neighbouring nodes: `jane<span>@</span>acme.com`.
 */
function couldBeAt(text: string, i: number, open: boolean): boolean {
  const before = i > 0 ? text.charCodeAt(i - 1) : -1;
  const after = i + 1 < text.length ? text.charCodeAt(i + 1) : -1;
  return (before === -1 ? open : isLocalChar(before)) && (after === -1 ? open : isLabelChar(after));
}

/**
 * Where a trigger may be: `@`, `+`, a closing bracket (`[at]`), or a network's text marker. One
 * character class and literal alternatives, no quantifier: the regex engine's search is a single
 * linear scan with nothing to backtrack into, and it runs as native code even before the page's
 * JIT has warmed up our functions. Every hit is then checked exactly in `triggerAt`.
 */
const TRIGGERS = new RegExp(
  ['[@+()\\]}0-9]', ...NETWORK_TEXT_MARKERS.map((m) => m.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))].join('|'),
  'g',
);

function triggerAt(text: string, i: number, open: boolean, joined: boolean): boolean {
  const code = text.charCodeAt(i);
  switch (code) {
    case 64: // @
      return couldBeAt(text, i, open);
    case 43: // +
      return looksLikePhoneAt(text, i, open, joined);
    case 40: // ( of a national number: `(212) 555-0147`
      return looksLikeNationalPhoneAt(text, i, open, joined);
    case 41: // )
    case 93: // ]
    case 125: // }
      return atMarkerStartBefore(text, i) !== -1;
    default:
      // A digit may start a national number; any other hit is the last character of a network
      // marker such as `linkedin.com/`.
      return code >= 48 && code <= 57 ? looksLikeNationalPhoneAt(text, i, open, joined) : true;
  }
}

/**
 * Fast test: might `text` hold an entity? Exact enough that ordinary prose (parentheses, `C++`,
 * `@mentions`, `+1`) says no, so the DOM walk can skip whole subtrees after one native
 * `textContent`; never says no when the detailed scan could say yes.
 * - `open`: the text may continue into neighbouring nodes (a text node, an inline element); a
 *   block's text cannot.
 * - `joined`: the text is an element's `textContent`, where blocks are glued together without a
 *   separator, so the character before a trigger may belong to another block.
 */
export function mayContainEntity(text: string, open = true, joined = false): boolean {
  TRIGGERS.lastIndex = 0;
  while (TRIGGERS.test(text)) {
    if (triggerAt(text, TRIGGERS.lastIndex - 1, open, joined)) {
      TRIGGERS.lastIndex = 0;
      return true;
    }
  }
  return false;
}

/**
 * Emits the entities whose trigger (at-sign, `+`, `[at]`, network host) lies in [from, to).
 * Characters outside that range are context from neighbouring text nodes.
 */
export function scanText(text: string, from: number, to: number, sink: EntitySink): void {
  new TextScan(text, from, to, sink).scanTo(to);
}

/**
 * A scan of one text that can stop and resume: each kind of trigger keeps its own cursor and its
 * URL-token tracker across calls, so scanning an 8 MB text node in 8 KB units reads it once
 * (a fresh tracker per unit re-walked the text from position 0 every time, quadratic).
 * The finds are the same as one `scanText` over the whole range.
 */
export class TextScan {
  private at: number;
  private readonly closerAt: number[];
  private phoneFrom: number;
  private readonly markerAt: number[];
  private readonly atUrls: UrlTokenTracker;
  private readonly closerUrls: UrlTokenTracker[];

  constructor(
    private readonly text: string,
    from: number,
    private readonly end: number,
    private readonly sink: EntitySink,
  ) {
    this.at = text.indexOf('@', from);
    this.closerAt = CLOSERS.map((c) => text.indexOf(c, from));
    this.phoneFrom = from;
    this.markerAt = NETWORK_TEXT_MARKERS.map((m) => text.indexOf(m, from));
    this.atUrls = new UrlTokenTracker(text);
    this.closerUrls = CLOSERS.map(() => new UrlTokenTracker(text));
  }

  /** Reads the triggers that lie before `to` (capped at the end of the range). */
  scanTo(to: number): void {
    const { text, sink } = this;
    const limit = Math.min(to, this.end);
    let i = this.at;
    while (i !== -1 && i < limit) {
      const resume = matchEmailAt(text, i, i + 1, this.atUrls, sink.email);
      i = text.indexOf('@', Math.max(resume, i + 1));
    }
    this.at = i;
    CLOSERS.forEach((closer, k) => {
      let j = this.closerAt[k] as number;
      for (; j !== -1 && j < limit; j = text.indexOf(closer, j + 1)) {
        const start = atMarkerStartBefore(text, j);
        if (start === -1) continue;
        const end = matchAtMarker(text, start);
        if (end !== -1) matchEmailAt(text, start, end, this.closerUrls[k] as UrlTokenTracker, sink.email);
      }
      this.closerAt[k] = j;
    });
    if (this.phoneFrom < limit) this.phoneFrom = scanPhones(text, this.phoneFrom, limit, sink);
    NETWORK_TEXT_MARKERS.forEach((marker, k) => {
      let j = this.markerAt[k] as number;
      for (; j !== -1 && j < limit; j = text.indexOf(marker, j + marker.length)) matchProfileText(text, j, marker.length, sink);
      this.markerAt[k] = j;
    });
  }
}

/** A profile URL written out in text: `uk.linkedin.com/in/jane-doe`, with or without a scheme. */
function matchProfileText(text: string, marker: number, markerLength: number, sink: EntitySink): void {
  let hostStart = marker;
  const floor = Math.max(0, marker - MAX_HOST_PREFIX);
  while (hostStart > floor && (isLabelChar(text.charCodeAt(hostStart - 1)) || text.charCodeAt(hostStart - 1) === 46)) {
    hostStart--;
  }
  const limit = Math.min(text.length, marker + markerLength + MAX_PATH);
  let end = marker + markerLength;
  while (end < limit) {
    const c = text.charCodeAt(end);
    if (isSpace(c) || c === 34 || c === 39 || c === 60 || c === 62 || c === 40 || c === 41 || c === 91 || c === 93) break;
    end++;
  }
  // Sentence punctuation after a URL is not part of it: "see linkedin.com/in/jane."
  while (end > marker + markerLength && '.,;:!?'.includes(text[end - 1] ?? '')) end--;
  const match = normaliseProfileUrl(`https://${text.slice(hostStart, end)}`);
  if (match === null) return;
  if (match.kind === 'person') sink.profile(match.url);
  else sink.company(match.url);
}
