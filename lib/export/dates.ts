/**
 * Dates for CRM columns, as ISO 8601 the same on every machine (audit r7). The spec types `last_updated` as
 * "relative text" and the service (and the sandbox) send "3 days ago", which `new Date()` cannot read, so
 * "Last updated" was always empty; text without a zone was read in the browser's zone, so the same file differed
 * between a user in Berlin and one in New York; 10-digit epoch seconds were read as milliseconds (1970).
 *
 * Only forms with one meaning are read, nothing through `Date.parse` (whose reading of other text is up to the
 * engine and the machine's zone): ISO dates and times (no zone = UTC), epoch seconds (10 digits) and milliseconds
 * (13 digits), and relative text counted back from the moment the answer was bought. Anything else is '': an empty
 * cell can be filled in, a wrong date in a CRM is believed.
 */

const DAY_MS = 86_400_000;

/** `2024-03-05`, `2024-03-05 10:00`, `2024-03-05T10:00:00.5Z`, `… +02:00`, `… UTC` (lower-cased before the match). */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[t ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)? ?(z|utc|gmt|[+-]\d{2}(?::?\d{2})?)?)?$/;
/** "3 days ago", "a year ago", "an hour ago", "1 months ago" (the service's own words, in English). */
const RELATIVE = /^(?:(\d{1,4})|an?|one) (second|minute|hour|day|week|month|year)s? ago$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** The UTC day of an instant: relative text says how many days, not at what time. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * An API date as ISO 8601: a timestamp (`2024-03-05T10:00:00.000Z`) when the value has a time, a day
 * (`2024-03-05`) when it has only a day or is relative text; '' when it is none of the forms above. Relative text
 * needs `relativeTo` (epoch ms of the moment the answer was bought); without it, it is ''.
 */
export function isoDate(value: string | number | null | undefined, relativeTo?: number): string {
  if (typeof value === 'number') return epoch(value);
  if (typeof value !== 'string') return '';
  const text = value.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return '';
  if (/^\d+$/.test(text)) return epoch(Number(text));
  const iso = ISO.exec(text);
  if (iso) return isoText(iso);
  return relativeTo === undefined || !Number.isFinite(relativeTo) ? '' : relative(text, relativeTo);
}

/** Epoch seconds (10 digits: 2001–2286) or milliseconds (13 digits, the same years); any other number is no date. */
function epoch(value: number): string {
  if (!Number.isSafeInteger(value) || value <= 0) return '';
  const digits = String(value).length;
  if (digits === 10) return new Date(value * 1000).toISOString();
  if (digits === 13) return new Date(value).toISOString();
  return '';
}

function isoText(match: RegExpExecArray): string {
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  // Years before 1000 are no contact's date (and Date.UTC would read 0024 as 1924).
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return '';
  if (h === undefined || mi === undefined) return `${y}-${mo}-${d}`;
  const [hour, minute, second] = [Number(h), Number(mi), Number(s ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return '';
  const ms = Number((fraction ?? '').slice(0, 3).padEnd(3, '0'));
  // No zone: UTC. The service is a server and names no zone; the reader's zone would change the file by machine.
  let offsetMinutes = 0;
  if (zone && zone[0] !== 'z' && zone !== 'utc' && zone !== 'gmt') {
    const digits = zone.slice(1).replace(':', '');
    const [oh, om] = [Number(digits.slice(0, 2)), Number(digits.slice(2) || 0)];
    if (oh > 14 || om > 59) return '';
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000).toISOString();
}

/** Relative text counted back from `from`, as a day (its precision); months and years by the calendar. */
function relative(text: string, from: number): string {
  if (text === 'today' || text === 'just now' || text === 'now') return dayOf(from);
  if (text === 'yesterday') return dayOf(from - DAY_MS);
  const match = RELATIVE.exec(text);
  if (!match) return '';
  const n = match[1] === undefined ? 1 : Number(match[1]);
  switch (match[2]) {
    case 'second':
      return dayOf(from - n * 1000);
    case 'minute':
      return dayOf(from - n * 60_000);
    case 'hour':
      return dayOf(from - n * 3_600_000);
    case 'day':
      return dayOf(from - n * DAY_MS);
    case 'week':
      return dayOf(from - n * 7 * DAY_MS);
    case 'month':
      return monthsBack(from, n);
    default:
      return monthsBack(from, 12 * n);
  }
}

/** The same day `months` back, or that month's last day when it is shorter (31 May − 3 months → 28/29 Feb). */
function monthsBack(from: number, months: number): string {
  const start = new Date(from);
  const first = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - months, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(start.getUTCDate(), daysIn(year, month)))}`;
}
