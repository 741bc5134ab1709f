// Phone numbers as identities: the one phone reader of the extension (page scan finalising, the
// right-click classifier, the lookup box, cache keys). libphonenumber-js with its small metadata; it
// runs in the background, the CLI and extension pages, never in the content script.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

export type { CountryCode } from 'libphonenumber-js/min';

/** Longest text read as one number, separators and a `tel:` scheme included. */
export const MAX_PHONE_TEXT = 64;
const MIN_DIGITS = 7;
const MAX_DIGITS = 15;

/** Invisible characters pages put inside numbers (zero-width space/joiners, word joiner, BOM, soft hyphen). */
const isInvisible = (c: number): boolean => (c >= 0x200b && c <= 0x200d) || c === 0x2060 || c === 0xfeff || c === 0xad;
/** Hyphens and dashes of every width, and the minus sign. */
const isDash = (c: number): boolean => (c >= 0x2010 && c <= 0x2015) || c === 0x2212 || c === 0xfe63 || c === 0xff0d;
/** Unicode spaces: no-break, narrow no-break, figure, thin… */
const isUnicodeSpace = (c: number): boolean => c === 0xa0 || c === 0x202f || (c >= 0x2000 && c <= 0x200a) || c === 0x3000;

/**
 * The number's characters with every separator made plain (`-` or space) and invisible characters
 * removed; null when anything else is in it (letters, `#`, `*`, a second `+`): such a text is not
 * one number, and reading part of it could give a different, still valid number.
 */
function plainPhoneText(raw: string): string | null {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (isInvisible(c)) continue;
    if (c >= 48 && c <= 57) out += raw[i];
    else if (c === 43 /* + */) {
      if (out.trim().length !== 0) return null;
      out += '+';
    } else if (c === 32 || c === 9 || c === 10 || c === 13 || isUnicodeSpace(c)) out += ' ';
    else if (c === 45 || isDash(c)) out += '-';
    else if (c === 46 || c === 47 || c === 40 || c === 41) out += raw[i];
    else return null;
  }
  return out.trim();
}

/** `tel:+1-415-555-0142;ext=12` → `+1-415-555-0142` (percent-decoded); other text unchanged. */
function stripTelScheme(raw: string): string {
  if (!/^tel:/i.test(raw)) return raw;
  let body = raw.slice(4);
  try {
    body = decodeURIComponent(body);
  } catch {
    // A stray `%`: keep the raw text, the character check below decides.
  }
  const stop = body.search(/[;?,]/);
  return stop === -1 ? body : body.slice(0, stop);
}

/**
 * Countries whose numbers are of many lengths, so almost any digit run is a valid national number there, and whose
 * people always write the trunk `0` before a national number. Without that `0` a text there is a date, an invoice or
 * ISBN number, not a phone (`2024-05-01`, `3-16-148410-0` read as Berlin and Bremen numbers). Countries of fixed
 * lengths refuse such texts by their length already; India and the NANP countries write no trunk digit.
 */
const TRUNK_ZERO_REQUIRED: ReadonlySet<string> = new Set(['DE', 'AT']);

/** Dates as people write them (`2024-05-01`, `01.05.2024`, `1/5/24`): never read as a national number. */
const DATE_SHAPE = /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./](?:\d{4}|\d{2}))$/;

export interface PhoneReading {
  /** E.164: `+14155550142`. */
  e164: string;
  /** The country the number belongs to, when the metadata can tell (`US`, `DE`). */
  country: CountryCode | null;
  /** True when the text carried its own country code (`+…`, `00…`, `tel:+…`). */
  international: boolean;
  /** The number as its country writes it (`(212) 555-0147`, `089 1234560`). */
  national: string;
}

/**
 * Reads one phone number written in any common format: international (`+49 (0) 89 12 34 56 – 0`,
 * `0049 89 1234560`) or, given the country, national (`(212) 555-0147`, `1-212-555-0147`,
 * `089 1234560`). Every separator run (spaces, dots, slashes, hyphens, dashes, no-break and
 * zero-width spaces, a `(0)` trunk prefix) is accepted. The whole text must be one valid number:
 * anything else is null, never a shorter or different number.
 */
export function readPhone(raw: string, country?: CountryCode | null): PhoneReading | null {
  if (raw.length > MAX_PHONE_TEXT * 2) return null;
  const plain = plainPhoneText(stripTelScheme(raw.trim()));
  if (plain === null || plain.length === 0 || plain.length > MAX_PHONE_TEXT) return null;
  let text = plain;
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  const international = text.startsWith('+');
  let digits = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) digits++;
  if (digits < MIN_DIGITS || digits > MAX_DIGITS + 1 /* a `(0)` trunk digit */) return null;
  if (!international && (country === null || country === undefined)) return null;
  if (!international && (DATE_SHAPE.test(text) || (TRUNK_ZERO_REQUIRED.has(country as string) && !text.replace(/^\(/, '').startsWith('0')))) return null;
  const number = international ? parsePhoneNumberFromString(text) : parsePhoneNumberFromString(text, country ?? undefined);
  if (number?.isValid() !== true) return null;
  return { e164: number.number, country: number.country ?? null, international, national: number.formatNational() };
}

/** E.164 of a number in any common format (see `readPhone`), or null. */
export function normalisePhone(raw: string, country?: CountryCode | null): string | null {
  return readPhone(raw, country)?.e164 ?? null;
}

/** `+14155550142` → `+1 415 555 0142`, for people to read; the input unchanged when it is not a number. */
export function formatPhone(e164: string): string {
  const number = e164.length <= MAX_PHONE_TEXT ? parsePhoneNumberFromString(e164) : undefined;
  return number?.formatInternational() ?? e164;
}

/**
 * A number's national digits, as a person in its country types them (`030123456` for `+4930123456`), for search only
 * (the E.164 text already holds the international digits); empty when it cannot be read.
 */
export function nationalDigits(e164: string): string {
  return (readPhone(e164)?.national ?? '').replace(/\D/g, '');
}
