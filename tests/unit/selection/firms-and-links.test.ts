// A firm's whole name after "at", the legacy /pub/ profile links and Sales Navigator links: what the lookup box and the
// right-click understand, and what they refuse with a reason (one parser: lib/selection/query.ts).
import { describe, expect, it } from 'vitest';
import type { SelectionMeaning } from '@/lib/messaging/protocol';
import { notUnderstoodReason, parseQuery } from '@/lib/selection/query';
import { t } from '@/lib/i18n/t';

const US = { defaultCountry: 'US' as const };
const p = (first_name: string, last_name: string, company: { company_name: string } | { company_domain: string }): SelectionMeaning => ({
  kind: 'person',
  first_name,
  last_name,
  ...company,
});

describe('the company after "at" across commas', () => {
  it.each<[string, string, SelectionMeaning | null]>([
    ['partners joined by "and" stay one firm', 'Jane Doe at Acme, Nolan and Hackett', p('Jane', 'Doe', { company_name: 'Acme, Nolan and Hackett' })],
    ['partners joined by "&" stay one firm', 'Jane Doe at Skadden, Arps, Slate, Meagher & Flom', p('Jane', 'Doe', { company_name: 'Skadden, Arps, Slate, Meagher & Flom' })],
    ['a firm ending in its legal form', 'Jane Doe at Baker, Botts LLP', p('Jane', 'Doe', { company_name: 'Baker, Botts LLP' })],
    ['a German firm with "und"', 'Hans Müller at Gleiss, Lutz und Partner', p('Hans', 'Müller', { company_name: 'Gleiss, Lutz und Partner' })],
    ['a legal form after the comma', 'Jane Doe at Acme, Inc.', p('Jane', 'Doe', { company_name: 'Acme, Inc' })],
    ['a place after the comma is not the company', 'Jane Doe at Acme, London', p('Jane', 'Doe', { company_name: 'Acme' })],
    ['a place after a website is not the company', 'Jane Doe at acme.com, Berlin', p('Jane', 'Doe', { company_domain: 'acme.com' })],
    ['a website stays complete even before "and"', 'Jane Doe at acme.com, Berlin and Munich', p('Jane', 'Doe', { company_domain: 'acme.com' })],
    ['a dash separates a part, not a firm', 'Jane Doe at Acme – Sales and Marketing', p('Jane', 'Doe', { company_name: 'Acme' })],
    ['"and" inside one segment stays', 'Jane Doe at Nolan and Hackett', p('Jane', 'Doe', { company_name: 'Nolan and Hackett' })],
    ['"@" before a firm', 'Jane Doe @ Acme, Nolan & Hackett', p('Jane', 'Doe', { company_name: 'Acme, Nolan & Hackett' })],
    ['not a person before "at"', 'the team at Acme, Nolan and Hackett', null],
    ['a title before "at" (a speaker’s line)', 'Jane Doe, Head of Sales at Acme, Nolan and Hackett', p('Jane', 'Doe', { company_name: 'Acme, Nolan and Hackett' })],
    ['a title before "at", a place after the comma', 'Jane Doe, CTO at Acme, London', p('Jane', 'Doe', { company_name: 'Acme' })],
  ])('%s: %s', (_why, input, expected) => {
    expect(parseQuery(input, US)).toEqual(expected === null ? [] : [expected]);
  });
});

describe('legacy /pub/ profile links', () => {
  it.each<[string, string]>([
    ['https://www.linkedin.com/pub/jane-doe/12/345/678', 'https://www.linkedin.com/pub/jane-doe/12/345/678'],
    ['http://de.linkedin.com/pub/Jane-Doe/1A/B2C/3d4/', 'https://www.linkedin.com/pub/jane-doe/1a/b2c/3d4'],
    ['linkedin.com/pub/jane-doe/12/345/678?trk=x#top', 'https://www.linkedin.com/pub/jane-doe/12/345/678'],
  ])('%s is the profile it names', (input, url) => {
    expect(parseQuery(input, US)).toEqual([{ kind: 'profile', url }]);
  });

  it.each([
    ['a directory page', 'https://www.linkedin.com/pub/dir/jane/doe/123'],
    ['too few id parts', 'https://www.linkedin.com/pub/jane-doe/12/345'],
    ['an id part that is not hex', 'https://www.linkedin.com/pub/jane-doe/12/xyz/678'],
    ['an id part too long', 'https://www.linkedin.com/pub/jane-doe/12/3456/678'],
    ['more after the id', 'https://www.linkedin.com/pub/jane-doe/12/345/678/extra'],
  ])('%s is no profile: %s', (_why, input) => {
    expect(parseQuery(input, US)).toEqual([]);
  });
});

describe('Sales Navigator links', () => {
  const links = [
    'https://www.linkedin.com/sales/lead/ACwAAAbCdEf123,NAME_SEARCH,xYz9',
    'https://www.linkedin.com/sales/people/ACwAAAbCdEf123,name,abcd',
    'linkedin.com/sales/profile/123456789,abc,NAME_SEARCH',
  ];

  it.each(links)('%s is not looked up, and the box says why', (link) => {
    expect(parseQuery(link, US)).toEqual([]);
    expect(notUnderstoodReason(link)).toBe(t('sidepanel_lookup_sales_navigator'));
    expect(t('sidepanel_lookup_sales_navigator')).toMatch(/Sales Navigator.*not a public profile.*public profile link.*email/s);
  });

  it('other unreadable text keeps the general hint', () => {
    expect(notUnderstoodReason('hello world')).toBe(t('sidepanel_lookup_not_understood'));
    expect(notUnderstoodReason('https://www.linkedin.com/sales/search/people')).toBe(t('sidepanel_lookup_not_understood'));
    expect(notUnderstoodReason('https://example.com/sales/lead/123')).toBe(t('sidepanel_lookup_not_understood'));
  });
});
