// Email addresses in page text: the index walk that finds them around an `@` (or an obfuscated
// `[at]`), and `mailto:` hrefs. Validation and the normal form are the identity module's. Every walk
// is bounded by the RFC length limits, so the work per trigger is constant and a whole text stays
// linear, whatever it contains.
import { isLabelChar, isLocalChar, isSpace, lower } from './chars';
import { DOMAIN_MAX, isValidEmailDomain, isValidLocal, LOCAL_MAX, normaliseEmail } from '../identity/email';
/** Source characters a domain may span in text, `[dot]` markers included. */
export const DOMAIN_SCAN_MAX = 330;

/** Addresses of a `mailto:` href: query dropped, percent-decoded, several recipients split. */
export function emailsFromMailto(href: string): string[] {
  let body = href.slice(href.indexOf(':') + 1);
  const q = body.indexOf('?');
  if (q !== -1) body = body.slice(0, q);
  if (body.length > 4 * (LOCAL_MAX + DOMAIN_MAX)) return [];
  if (!/[%,;<]/.test(body)) {
    // The common case, `mailto:jane@acme.com`: one plain address.
    const email = normaliseEmail(body);
    return email === null ? [] : [email];
  }
  try {
    body = decodeURIComponent(body);
  } catch {
    // Keep the raw text: a stray `%` must not lose an otherwise readable address.
  }
  const out: string[] = [];
  for (let part of body.split(/[,;]/)) {
    const lt = part.indexOf('<');
    const gt = part.lastIndexOf('>');
    if (lt !== -1 && gt > lt) part = part.slice(lt + 1, gt);
    const email = normaliseEmail(part);
    if (email !== null) out.push(email);
  }
  return out;
}

/**
 * Obfuscated `[dot]`, `(dot)`, `{dot}` (any case, optional single spaces around and inside) at `p`;
 * returns the index after it, or -1.
 */
export function matchDotMarker(text: string, p: number): number {
  return matchWordMarker(text, p, 100 /* d */, 111 /* o */, 116 /* t */);
}

/** Same for `[at]`, `(at)`, `{at}` starting at `p` (after optional space). */
export function matchAtMarker(text: string, p: number): number {
  return matchWordMarker(text, p, 97 /* a */, 116 /* t */, -1);
}

const CLOSE_FOR: Record<number, number> = { 40: 41, 91: 93, 123: 125 };

function matchWordMarker(text: string, p: number, c1: number, c2: number, c3: number): number {
  if (isSpace(text.charCodeAt(p))) p++;
  const close = CLOSE_FOR[text.charCodeAt(p)];
  if (close === undefined) return -1;
  p++;
  if (text.charCodeAt(p) === 32) p++;
  if (lower(text.charCodeAt(p)) !== c1 || lower(text.charCodeAt(p + 1)) !== c2) return -1;
  p += 2;
  if (c3 !== -1) {
    if (lower(text.charCodeAt(p)) !== c3) return -1;
    p++;
  }
  if (text.charCodeAt(p) === 32) p++;
  if (text.charCodeAt(p) !== close) return -1;
  p++;
  if (isSpace(text.charCodeAt(p))) p++;
  return p;
}

/**
 * Start index of an obfuscated at-marker whose closing bracket is at `close` (`jane [at] acme`),
 * including one space before it; -1 if the bracket does not close an `at`.
 */
export function atMarkerStartBefore(text: string, close: number): number {
  let p = close - 1;
  if (text.charCodeAt(p) === 32) p--;
  if (lower(text.charCodeAt(p)) !== 116 || lower(text.charCodeAt(p - 1)) !== 97) return -1;
  p -= 2;
  if (text.charCodeAt(p) === 32) p--;
  const open = text.charCodeAt(p);
  if (CLOSE_FOR[open] !== text.charCodeAt(close)) return -1;
  if (p > 0 && isSpace(text.charCodeAt(p - 1))) p--;
  return p;
}

/**
 * Start of an obfuscated dot-marker that ends right before `end` (`jane [dot] ` before `doe`), including
 * one space on each side; -1 if there is none.
 */
export function dotMarkerStartBefore(text: string, end: number): number {
  let p = end - 1;
  if (text.charCodeAt(p) === 32) p--;
  const close = text.charCodeAt(p);
  if (close !== 41 && close !== 93 && close !== 125) return -1;
  p--;
  if (text.charCodeAt(p) === 32) p--;
  if (lower(text.charCodeAt(p)) !== 116 || lower(text.charCodeAt(p - 1)) !== 111 || lower(text.charCodeAt(p - 2)) !== 100) return -1;
  p -= 3;
  if (text.charCodeAt(p) === 32) p--;
  if (p < 0 || CLOSE_FOR[text.charCodeAt(p)] !== close) return -1;
  if (p > 0 && text.charCodeAt(p - 1) === 32) p--;
  return p;
}

/**
 * Answers "is position p inside a URL?" for increasing p in one forward pass over the text: a
 * token (run of non-space characters) that contains `://` before p is a URL, and an address
 * inside it (`https://host/share?to=a@b.com`, `https://user:pw@host`) is not a contact.
 */
export class UrlTokenTracker {
  private pos = 0;
  private tokenStart = 0;
  private urlMark = -1;
  /** Where the next character that matters (`TOKEN_EVENTS`) is, at or after `pos`; -1 when not looked for yet. */
  private next = -1;
  constructor(private readonly text: string) {}

  insideUrl(p: number): boolean {
    const text = this.text;
    // Only token ends and colons change the answer: the native search jumps between them (a JavaScript loop over
    // every character was a tenth of the adversarial page's time), and each is found once, so the pass stays linear.
    while (this.pos < p) {
      if (this.next < this.pos) {
        TOKEN_EVENTS.lastIndex = this.pos;
        this.next = TOKEN_EVENTS.test(text) ? TOKEN_EVENTS.lastIndex - 1 : text.length;
      }
      const at = this.next;
      if (at >= p) {
        this.pos = p;
        break;
      }
      if (text.charCodeAt(at) === 58 /* : */) {
        if (text.charCodeAt(at + 1) === 47 && text.charCodeAt(at + 2) === 47) this.urlMark = at;
      } else {
        this.tokenStart = at + 1;
        this.urlMark = -1;
      }
      this.pos = at + 1;
    }
    return this.urlMark >= this.tokenStart;
  }
}

/** What ends a token (`isSpace`, `<`, `>`, `"`) and `:` (a URL's `://`). The spaces are exactly `isSpace`'s. */
const TOKEN_EVENTS = /[\t\n\v\f\r \u00a0\u2000-\u200a\u202f\u3000<>":]/g;

/**
 * Tries to read an address around the at-sign occupying [atStart, atEnd) (a plain `@` or an
 * obfuscated ` [at] `). Emits it through `emit`. Returns the index scanning may resume from.
 */
export function matchEmailAt(
  text: string,
  atStart: number,
  atEnd: number,
  urls: UrlTokenTracker,
  emit: (email: string) => void,
): number {
  // Local part: walk back at most LOCAL_MAX + 1 characters.
  const floor = Math.max(0, atStart - LOCAL_MAX - 1);
  let start = atStart;
  while (start > floor && isLocalChar(text.charCodeAt(start - 1))) start--;
  if (start === floor && start > 0 && isLocalChar(text.charCodeAt(start - 1))) return atEnd; // run too long
  if (atStart - start > LOCAL_MAX) return atEnd;
  while (start < atStart && text.charCodeAt(start) === 46) start++; // "...jane@" → jane
  if (start === atStart) return atEnd; // `@handle`, `/@user`
  // Dots written out in the local part: `jane [dot] doe [at] acme [dot] com` is jane.doe@, never doe@ (a
  // different, wrong address). Each step consumes characters backwards, and the part stays within LOCAL_MAX.
  let local = text.slice(start, atStart);
  for (;;) {
    const marker = dotMarkerStartBefore(text, start);
    if (marker === -1) break;
    let segmentStart = marker;
    const segmentFloor = Math.max(0, marker - LOCAL_MAX);
    while (segmentStart > segmentFloor && isLocalChar(text.charCodeAt(segmentStart - 1))) segmentStart--;
    if (segmentStart === marker) break;
    local = `${text.slice(segmentStart, marker)}.${local}`;
    if (local.length > LOCAL_MAX) return atEnd;
    start = segmentStart;
  }
  const before = start > 0 ? text.charCodeAt(start - 1) : -1;
  if (before === 64 /* @ */ || before === 47 /* / */) return atEnd;

  // Domain: labels and dots (or `[dot]` markers), at most DOMAIN_SCAN_MAX source characters.
  const limit = Math.min(text.length, atEnd + DOMAIN_SCAN_MAX);
  let p = atEnd;
  let segStart = p;
  let domain = '';
  while (p < limit) {
    const c = text.charCodeAt(p);
    if (isLabelChar(c) || c === 46) {
      p++;
      continue;
    }
    const m = p > segStart ? matchDotMarker(text, p) : -1;
    if (m === -1) break;
    domain += `${text.slice(segStart, p)}.`;
    p = m;
    segStart = p;
  }
  if (p === limit && p < text.length && (isLabelChar(text.charCodeAt(p)) || text.charCodeAt(p) === 46)) return p;
  domain += text.slice(segStart, p);
  let end = domain.length;
  while (end > 0 && domain.charCodeAt(end - 1) === 46) end--;
  domain = domain.slice(0, end).toLowerCase();

  // What follows must end the address: not `@` (a@b@c), not `:path` (git@host:org/repo), not `/path`.
  const next = p < text.length ? text.charCodeAt(p) : -1;
  const after = p + 1 < text.length ? text.charCodeAt(p + 1) : -1;
  if (next === 64) return p;
  if ((next === 58 || next === 47) && after !== -1 && !isSpace(after)) return p;

  local = local.toLowerCase();
  if (!isValidLocal(local) || !isValidEmailDomain(domain)) return p;
  if (urls.insideUrl(start)) return p;
  emit(`${local}@${domain}`);
  return p;
}
