// Phone candidates in page text and `tel:` links, for the content script: cheap, linear index walks
// (no backtracking regex, no libraries). It finds international numbers (`+…`, `00…`) and numbers in
// the national formats pages use (`(212) 555-0147`, `212-555-0147`, `089 1234560`, `0043 (0) 316/12 34 56`),
// and the label in front of each ("Fax", "F", "Telefax" → a fax). Validation, the country of national
// numbers and E.164 happen in `finalisePageScan` with the identity module's phone reader.
import { isAlnum, isAlpha, isDigit, isSpace } from './chars';

const MIN_DIGITS = 7;
const MAX_DIGITS = 15;
/** Longest source span of a number with separators (`+49 (0) 89 12 34 56 – 0` is 23). */
const MAX_SPAN = 40;
export const MAX_CANDIDATE_LENGTH = 64;
/** A separator run this long (` – `, ` / `) may end one number and start the next. */
const WIDE_RUN = 3;
/** Digits after a wide run that make a number of their own rather than a suffix (`– 0`, `- 12`). */
const OWN_NUMBER_DIGITS = 6;

/** Spaces, dots, slashes, hyphens, dashes, parentheses, and the invisible characters pages put in numbers. */
export function isPhoneSeparator(c: number): boolean {
  return (
    c === 45 /* - */ ||
    c === 46 /* . */ ||
    c === 40 /* ( */ ||
    c === 41 /* ) */ ||
    c === 47 /* / */ ||
    (c >= 0x2010 && c <= 0x2015) /* hyphens, en/em dashes */ ||
    c === 0x2212 /* minus */ ||
    (c >= 0x200b && c <= 0x200d) /* zero-width space, joiners */ ||
    c === 0x2060 /* word joiner */ ||
    c === 0xfeff ||
    c === 0xad /* soft hyphen */ ||
    isSpace(c)
  );
}

/** Where a scanner puts a number it found, by the label in front of it. */
export interface PhoneSink {
  phone: (candidate: string) => void;
  fax: (candidate: string) => void;
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
  return enoughDigitsFrom(text, i + 1, openEnd);
}

function enoughDigitsFrom(text: string, from: number, openEnd: boolean): boolean {
  const limit = Math.min(text.length, from + MAX_SPAN);
  let digits = 0;
  let p = from;
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
 * Pre-check for the DOM walk: could a national number start at `i` (a digit or `(` that does not
 * continue a word or another number)? Same contract as `looksLikePhoneAt`.
 */
export function looksLikeNationalPhoneAt(text: string, i: number, openEnd: boolean, anyBefore = false): boolean {
  if (anyBefore ? !isDigit(text.charCodeAt(i)) && !isDigit(text.charCodeAt(i + 1)) : !canStartNational(text, i)) return false;
  return enoughDigitsFrom(text, i, openEnd);
}

function canStartNational(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (!isDigit(c) && !(c === 40 && isDigit(text.charCodeAt(i + 1)))) return false;
  const prev = i > 0 ? text.charCodeAt(i - 1) : -1;
  // Not inside a word, a number, a price (`$1`, `1,5`), an id (`#12`) or an international number.
  return !(isAlnum(prev) || isPhoneSeparatorNoSpace(prev) || prev === 43 || prev === 44 || prev === 35 || prev === 36 || prev === 64 || prev === 58 && isDigit(text.charCodeAt(i - 2)));
}

function isPhoneSeparatorNoSpace(c: number): boolean {
  return c !== -1 && !isSpace(c) && isPhoneSeparator(c) && c !== 40 && c !== 41;
}

interface Reading {
  end: number;
  resume: number;
  digits: number;
  /** Digit-group lengths, for the shape test of national numbers. */
  groups: number[];
}

/**
 * Reads digits and separator runs from `from`. A wide separator run followed by a number of its
 * own ends the reading before it (`+49 89 1234560 / 089 7654321` is two numbers); a short suffix
 * after it belongs to the number (`+49 (0) 89 12 34 56 – 0`). Null when the run cannot be read
 * whole: too many digits, glued to letters, or cut by the span limit.
 */
function readDigits(text: string, from: number): Reading | null {
  const limit = Math.min(text.length, from + MAX_SPAN);
  let digits = 0;
  let end = from;
  let runStart = -1;
  let group = 0;
  const groups: number[] = [];
  let p = from;
  for (; p < limit; p++) {
    const c = text.charCodeAt(p);
    if (isDigit(c)) {
      if (runStart !== -1) {
        if (p - runStart >= WIDE_RUN && digits >= MIN_DIGITS && ownNumberFollows(text, p)) break;
        runStart = -1;
      }
      if (++digits > MAX_DIGITS + 1) return null; // a digit run, not a number
      group++;
      end = p + 1;
    } else if (isPhoneSeparator(c)) {
      if (group > 0) groups.push(group);
      group = 0;
      if (runStart === -1) runStart = p;
    } else {
      break;
    }
  }
  if (group > 0) groups.push(group);
  // Cut by the span limit while the number may go on: not readable whole.
  if (p === limit && p < text.length && (isDigit(text.charCodeAt(p)) || isPhoneSeparator(text.charCodeAt(p)))) return null;
  // `+14155550142abc`, `0891234560x`: not a number.
  if (isAlnum(text.charCodeAt(end))) return null;
  if (digits < MIN_DIGITS) return null;
  // The number ends at its last digit; a wide run that stopped the reading stays out.
  return { end, resume: Math.max(end, from + 1), digits, groups };
}

/** After a wide separator run at `p`: does a number of its own start here (`089 7654321`, not `0`)? */
function ownNumberFollows(text: string, p: number): boolean {
  let digits = 0;
  let sep = 0;
  const limit = Math.min(text.length, p + MAX_SPAN);
  for (let q = p; q < limit; q++) {
    const c = text.charCodeAt(q);
    if (isDigit(c)) {
      digits++;
      sep = 0;
      if (digits >= OWN_NUMBER_DIGITS) return true;
    } else if (isPhoneSeparator(c) && ++sep < WIDE_RUN) {
      continue;
    } else {
      break;
    }
  }
  return false;
}

/**
 * Separators made plain: unusual spaces → space, dashes → `-`, invisible characters dropped. Candidates are reported
 * this way, so a text searched for one is made plain the same way first (`plainText`).
 */
export function plainText(raw: string): string {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c > 127 || (c !== 32 && isSpace(c))) {
      let plain = '';
      for (let j = 0; j < raw.length; j++) {
        const d = raw.charCodeAt(j);
        if ((d >= 0x200b && d <= 0x200d) || d === 0x2060 || d === 0xfeff || d === 0xad) continue;
        plain += isSpace(d) ? ' ' : (d >= 0x2010 && d <= 0x2015) || d === 0x2212 ? '-' : raw[j];
      }
      return plain;
    }
  }
  return raw;
}

const FAX_LABELS: ReadonlySet<string> = new Set(['f', 'fax', 'telefax', 'téléfax', 'faks', 'fx', 'fac', 'facsimile', 'факс']);
const LABEL_LOOKBACK = 24;

/**
 * Is the number starting at `start` labelled as a fax? Looks back over `:`, `.`, spaces and dashes
 * to the word in front (`F +1 415…`, `Fax: 089…`, `Telefax 0316/…`). "M", "Mobile", "Direct", "Tel"
 * and no label at all mean a phone.
 */
export function isFaxLabelled(text: string, start: number): boolean {
  const floor = Math.max(0, start - LABEL_LOOKBACK);
  let p = start - 1;
  while (p >= floor) {
    const c = text.charCodeAt(p);
    if (isSpace(c) || c === 58 || c === 46 || c === 45 || c === 0x2013 || c === 0x2014 || c === 124 /* | */) p--;
    else break;
  }
  const wordEnd = p + 1;
  while (p >= floor && (isAlpha(text.charCodeAt(p)) || text.charCodeAt(p) > 127 && !isSpace(text.charCodeAt(p)) && !isPhoneSeparator(text.charCodeAt(p)))) p--;
  if (p >= 0 && p < floor) return false;
  const word = text.slice(p + 1, wordEnd).toLowerCase();
  if (word.length === 0 || word.length > 12) return false;
  return FAX_LABELS.has(word);
}

function emitCandidate(text: string, start: number, end: number, sink: PhoneSink): void {
  const candidate = plainText(text.slice(start, end));
  if (candidate.length > MAX_CANDIDATE_LENGTH) return;
  if (isFaxLabelled(text, start)) sink.fax(candidate);
  else sink.phone(candidate);
}

/**
 * Reads the international number starting with the `+` at `plus`; emits the raw candidate
 * (separators normalised) and returns the index to resume from.
 */
export function matchPhoneAt(text: string, plus: number, sink: PhoneSink): number {
  if (!couldStartPhone(text, plus)) return plus + 1;
  const reading = readDigits(text, plus + 1);
  if (reading === null) return skipNumberRun(text, plus + 1);
  if (reading.digits > MAX_DIGITS + 1) return reading.resume;
  emitCandidate(text, plus, reading.end, sink);
  return reading.end;
}

/** Index after the digits and separators from `p` (so a rejected run is not re-read from inside). */
function skipNumberRun(text: string, p: number): number {
  const limit = Math.min(text.length, p + 4 * MAX_SPAN);
  while (p < limit && (isDigit(text.charCodeAt(p)) || isPhoneSeparator(text.charCodeAt(p)))) p++;
  return p;
}

/**
 * The shapes of national numbers pages write: with a trunk or international prefix (`089 1234560`,
 * `0043 …`), an area code in parentheses (`(212) 555-0147`), or grouped digits (`212-555-0147`,
 * `612 34 56 78`). A bare digit run, a date (`15.01.2024`) or a small grouped amount is not; the
 * background then checks the grouping against the country's own format.
 */
function isNationalShape(text: string, start: number, groups: readonly number[], digits: number): boolean {
  const first = text.charCodeAt(start);
  if (first === 40 /* ( */) {
    const close = text.indexOf(')', start);
    return close > start + 2 && close <= start + 6; // `(212) 555-0147`, `(030) 1234567`
  }
  if (groups.length < 2) return first === 48 && digits >= 8; // `0891234560`
  // Dates: 2-2-4, 4-2-2.
  if (groups.length === 3 && digits === 8 && ((groups[0] === 2 && groups[1] === 2) || (groups[0] === 4 && groups[1] === 2))) return false;
  if (first === 48 /* 0 */) return true;
  const shape = groups.join('-');
  if (shape === '3-3-4' || shape === '1-3-3-4') return true; // North America
  // Grouped without a trunk prefix (Spain, Italy, Czechia, Poland…): 9+ digits in groups of 2–4.
  return digits >= 9 && (groups[0] ?? 0) >= 2 && groups.every((g) => g >= 2 && g <= 4);
}

/** A day and month then a four-digit year (`01.11.2023 11` from "01.11.2023 11:00"). */
const DATE_FIRST = /^(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.(?:19|20)\d\d(?!\d)/;
/** Opening hours from one time to another (`08.30 - 12.00`, `9:00–17:30`). */
const TIME_RANGE = /^(?:[01]?\d|2[0-3])[.:][0-5]\d\s*[-\u2013\u2014]\s*(?:[01]?\d|2[0-3])[.:][0-5]\d$/;

/**
 * Is a national-shaped run a date or opening hours? A town hall's "Mo–Fr 08.30 - 12.00" read as +49 830 1200, a press
 * release's "01.11.2023 11:00" as +49 111 2023 11. Numbers written with dots (`01.42.68.53.00`, `0231.12.34.56`) have no
 * four-digit year in third place and no dash between two times.
 */
function isDateOrTime(run: string): boolean {
  return DATE_FIRST.test(run) || TIME_RANGE.test(run);
}

/**
 * Reads a national-format number (or one with a `00` international prefix) starting at `start`;
 * emits it and returns the index to resume from.
 */
export function matchNationalAt(text: string, start: number, sink: PhoneSink): number {
  // A digit that cannot start a number is followed by digits that cannot either (each has a digit before it):
  // resume after the run, not at every digit of it (`9999…`, 4 KB of them in the adversarial corpus).
  if (!canStartNational(text, start)) return isDigit(text.charCodeAt(start)) ? digitRunEnd(text, start + 1) : start + 1;
  const reading = readDigits(text, start);
  if (reading === null) return skipNumberRun(text, start);
  if (reading.digits <= MAX_DIGITS && isNationalShape(text, start, reading.groups, reading.digits) && !isDateOrTime(text.slice(start, reading.end))) {
    emitCandidate(text, start, reading.end, sink);
  }
  return reading.end;
}

const PHONE_STARTS = /[0-9+(]/g;
const NOT_DIGIT = /[^0-9]/g;

/** The end of the run of digits at `from` (`from` itself when none is there). */
function digitRunEnd(text: string, from: number): number {
  if (!isDigit(text.charCodeAt(from))) return from;
  NOT_DIGIT.lastIndex = from;
  return NOT_DIGIT.test(text) ? NOT_DIGIT.lastIndex - 1 : text.length;
}

/**
 * Every phone candidate whose first character lies in [from, to), in one forward pass. Returns where the
 * next pass over the same text must start (≥ `to`, past a number read whole across `to`), so a text scanned
 * in units reads each number once.
 */
export function scanPhones(text: string, from: number, to: number, sink: PhoneSink): number {
  let i = from;
  for (;;) {
    // Where the next character is a start already (text of digits, `+` and `(`: the adversarial corpus has a start
    // at every character), no call into the pattern; elsewhere the native search skips the gap. `test`, not `exec`:
    // the pattern matches one character, so the match is at `lastIndex - 1`, and no match array is allocated.
    if (!isPhoneStart(text.charCodeAt(i))) {
      PHONE_STARTS.lastIndex = i;
      if (!PHONE_STARTS.test(text)) return text.length;
      i = PHONE_STARTS.lastIndex - 1;
    }
    if (i >= to) return i;
    const resume = text.charCodeAt(i) === 43 ? matchPhoneAt(text, i, sink) : matchNationalAt(text, i, sink);
    i = Math.max(resume, i + 1);
  }
}

/** A character `PHONE_STARTS` matches: a digit, `+` or `(`. */
function isPhoneStart(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 43 || c === 40;
}

/** The number of a `tel:` href, scheme kept (`tel:+1-415-555-0142;ext=12` → `tel:+1-415-555-0142`): the background counts a tel: link's country code as evidence. */
export function phoneFromTelHref(href: string): string | null {
  let body = href.slice(href.indexOf(':') + 1);
  if (body.length > 4 * MAX_CANDIDATE_LENGTH) return null;
  try {
    body = decodeURIComponent(body);
  } catch {
    // A stray `%` leaves the raw number, which the background's reader may still read.
  }
  for (const stop of [';', '?', ',']) {
    const i = body.indexOf(stop);
    if (i !== -1) body = body.slice(0, i);
  }
  body = body.trim();
  return body.length > 0 && body.length <= MAX_CANDIDATE_LENGTH ? `tel:${body}` : null;
}
