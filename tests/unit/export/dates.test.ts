import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmRow, isoDate } from '@/lib/export';
import { contact } from './contact';

// Bought late in the UTC day: in Berlin it is already the 21st, in Los Angeles still the afternoon of the 20th. A
// date that depended on the machine's zone differs between the two runs below.
const boughtAt = Date.UTC(2026, 10, 20, 23, 30);

/** Audit r7: relative text (the spec's and the sandbox's form) came out '', zone-less text in the local zone, seconds as ms. */
const TABLE: Array<[why: string, value: string | number | null, iso: string]> = [
  // Relative text, as the service and the sandbox send it, counted back from the purchase (a day: its precision).
  ['today (the sandbox after a realtime lookup)', 'today', '2026-11-20'],
  ['yesterday', 'yesterday', '2026-11-19'],
  ['one day (the sandbox: "1 day ago")', '1 day ago', '2026-11-19'],
  ['days', '12 days ago', '2026-11-08'],
  ['any case and spacing', '  3 Days  Ago ', '2026-11-17'],
  ['weeks', '3 weeks ago', '2026-10-30'],
  ['one month', '1 month ago', '2026-10-20'],
  ['months, by the calendar', '2 months ago', '2026-09-20'],
  ['"a year ago"', 'a year ago', '2025-11-20'],
  ['"an hour ago" is still that day', 'an hour ago', '2026-11-20'],
  // Dates and times: no zone means UTC, never the machine's zone.
  ['a day stays a day', '2024-03-05', '2024-03-05'],
  ['date and time without a zone is UTC', '2024-03-05 10:00:00', '2024-03-05T10:00:00.000Z'],
  ['ISO without a zone is UTC', '2024-03-05T10:00:00', '2024-03-05T10:00:00.000Z'],
  ['minutes only', '2024-03-05T10:00', '2024-03-05T10:00:00.000Z'],
  ['UTC', '2024-03-05T10:00:00Z', '2024-03-05T10:00:00.000Z'],
  ['an offset is honoured', '2024-03-05T12:00:00+02:00', '2024-03-05T10:00:00.000Z'],
  ['a negative offset without a colon', '2024-03-05T05:00:00-0500', '2024-03-05T10:00:00.000Z'],
  ['microseconds are cut to milliseconds', '2024-03-05T10:00:00.123456Z', '2024-03-05T10:00:00.123Z'],
  ['"UTC" spelled out', '2024-03-05 10:00:00 UTC', '2024-03-05T10:00:00.000Z'],
  // Epoch numbers: 10 digits are seconds, 13 milliseconds.
  ['epoch seconds as text', '1709632800', '2024-03-05T10:00:00.000Z'],
  ['epoch seconds as a number', 1_709_632_800, '2024-03-05T10:00:00.000Z'],
  ['epoch ms as text', '1709632800000', '2024-03-05T10:00:00.000Z'],
  ['epoch ms as a number', 1_700_000_000_000, '2023-11-14T22:13:20.000Z'],
  // Unreadable: empty, never a wrong date.
  ['month and year in words', 'March 2024', ''],
  ['no such day', '2024-02-30', ''],
  ['no such month', '2024-13-01', ''],
  ['no such hour', '2024-03-05T24:00:00Z', ''],
  ['a number that is neither seconds nor ms', '12345', ''],
  ['the future is not "ago"', 'in 3 days', ''],
  ['words', 'recently', ''],
  ['empty', '', ''],
  ['null', null, ''],
];

describe.each(['Europe/Berlin', 'America/Los_Angeles'])('last updated as ISO 8601 with TZ=%s', (zone) => {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });

  it('the zone is in effect (else this run proves nothing)', () => {
    expect(new Date(boughtAt).getDate()).toBe(zone === 'Europe/Berlin' ? 21 : 20);
  });

  it.each(TABLE)('%s: %j → %j', (_why, value, iso) => {
    expect(isoDate(value, boughtAt)).toBe(iso);
  });

  it.each(TABLE.filter(([, value]) => typeof value === 'string'))('the CRM column: %s', (_why, value, iso) => {
    expect(crmRow(contact({ last_updated: value }), boughtAt).last_updated).toBe(iso);
  });
});

describe('relative text needs the moment it was said', () => {
  it.each([
    ['31 May − 3 months is the end of February (leap year)', '3 months ago', Date.UTC(2024, 4, 31, 12), '2024-02-29'],
    ['29 Feb − 1 year is 28 Feb', '1 year ago', Date.UTC(2024, 1, 29, 12), '2023-02-28'],
    ['across the new year', '2 months ago', Date.UTC(2026, 0, 15, 12), '2025-11-15'],
  ])('%s', (_why, text, from, iso) => {
    expect(isoDate(text, from)).toBe(iso);
  });

  it('without that moment it is not a date', () => {
    expect(isoDate('3 days ago')).toBe('');
  });

  it('an export that does not know when the answer was bought leaves relative text empty (a wrong day is worse)', () => {
    expect(crmRow(contact({ last_updated: '3 days ago' })).last_updated).toBe('');
    // The purchase's moment, when known, gives the day.
    expect(crmRow(contact({ last_updated: '3 days ago' }), boughtAt).last_updated).toBe('2026-11-17');
  });
});
