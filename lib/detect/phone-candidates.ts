// Phone candidates in page text and `tel:` links. The content script only finds plausible
// international numbers (`+` then 7–15 digits with the usual separators); validation and E.164
// formatting happen in `finalisePageScan` with libphonenumber-js, which is too heavy for a page.
import { isAlnum, isDigit, isSpace } from './chars';

const MIN_DIGITS = 7;
const MAX_DIGITS = 15;
/** Longest source span of a number with separators (`+44 (0) 20 7946 0958` is 20). */
const MAX_SPAN = 40;
export const MAX_CANDIDATE_LENGTH = 64;

function isPhoneSeparator(c: number): boolean {
  return (
    c === 45 /* - */ ||
    c === 46 /* . */ ||
    c === 40 /* ( */ ||
    c === 41 /* ) */ ||
    c === 47 /* / */ ||
    c === 0x2010 ||
    c === 0x2011 ||
    c === 0x2012 ||
    c === 0x2013 ||
    isSpace(c)
  );
}

/** Could the `+` at `i` start a number (not `C++`, `1+1`, `+30%`)? */
export function couldStartPhone(text: string, i: number): boolean {
  const prev = i > 0 ? text.charCodeAt(i - 1) : -1;
  if (isAlnum(prev) || prev === 43) return false;
  return isDigit(text.charCodeAt(i + 1));
}

/**
 * Pre-check for the DOM walk: a `+` followed by enough digits to be a number (`+1` votes and
 * `+30%` are not). When `openEnd`, a run reaching the end of the text may continue in the next
 * text node, so it counts. `anyBefore`: ignore the character before the `+` (in an element's
 * `textContent` it may come from another block: `<td>Jane</td><td>+1 415…</td>` → `Jane+1 415…`).
 */
export function looksLikePhoneAt(text: string, i: number, openEnd: boolean, anyBefore: boolean): boolean {
  if (anyBefore ? !isDigit(text.charCodeAt(i + 1)) : !couldStartPhone(text, i)) return false;
  const limit = Math.min(text.length, i + MAX_SPAN);
  let digits = 0;
  let p = i + 1;
  for (; p < limit; p++) {
    const c = text.charCodeAt(p);
    if (isDigit(c)) {
      if (++digits >= MIN_DIGITS) return true;
    } else if (!isPhoneSeparator(c)) {
      return false;
    }
  }
  return openEnd && p === text.length;
}

/**
 * Reads the international number starting with the `+` at `plus`; emits the raw candidate
 * (separators normalised to spaces) and returns the index to resume from.
 */
export function matchPhoneAt(text: string, plus: number, emit: (candidate: string) => void): number {
  if (!couldStartPhone(text, plus)) return plus + 1;
  const limit = Math.min(text.length, plus + MAX_SPAN);
  let digits = 0;
  let lastDigitEnd = plus + 1;
  let separators = 0;
  let p = plus + 1;
  for (; p < limit; p++) {
    const c = text.charCodeAt(p);
    if (isDigit(c)) {
      if (++digits > MAX_DIGITS) return p; // a digit run, not a number
      lastDigitEnd = p + 1;
      separators = 0;
    } else if (isPhoneSeparator(c) && ++separators <= 2) {
      continue;
    } else {
      break;
    }
  }
  // The number must end cleanly: `+14155550142abc` or a 40-character run is not a phone number.
  if (isAlnum(text.charCodeAt(lastDigitEnd))) return Math.max(p, plus + 1);
  if (digits < MIN_DIGITS) return Math.max(p, plus + 1);
  let candidate = text.slice(plus, lastDigitEnd);
  for (let i = 0; i < candidate.length; i++) {
    const c = candidate.charCodeAt(i);
    if (c > 127 || (c !== 32 && isSpace(c))) {
      // Unusual spaces and dashes (no-break space, U+2011…) become plain ones; rare, so only then.
      let plain = '';
      for (let j = 0; j < candidate.length; j++) {
        const d = candidate.charCodeAt(j);
        plain += isSpace(d) ? ' ' : d >= 0x2010 && d <= 0x2013 ? '-' : candidate[j];
      }
      candidate = plain;
      break;
    }
  }
  emit(candidate);
  return lastDigitEnd;
}

/** The number of a `tel:` href (`tel:+1-415-555-0142;ext=12` → `+1-415-555-0142`). */
export function phoneFromTelHref(href: string): string | null {
  let body = href.slice(href.indexOf(':') + 1);
  if (body.length > 4 * MAX_CANDIDATE_LENGTH) return null;
  try {
    body = decodeURIComponent(body);
  } catch {
    // A stray `%` leaves the raw number, which libphonenumber may still read.
  }
  for (const stop of [';', '?', ',']) {
    const i = body.indexOf(stop);
    if (i !== -1) body = body.slice(0, i);
  }
  body = body.trim();
  return body.length > 0 && body.length <= MAX_CANDIDATE_LENGTH ? body : null;
}
