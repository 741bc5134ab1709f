import { describe, expect, it } from 'vitest';
import { normalisePhone, phoneFromTelHref } from '@/lib/detect';
import { entitiesOfHtml, entitiesOfText } from './helpers';

describe('international numbers in text → E.164', () => {
  it.each<[string, string, string[]]>([
    ['US with parentheses and a dash', 'Call +1 (415) 555-0142 now', ['+14155550142']],
    ['US with dots', '+1.415.555.0142', ['+14155550142']],
    ['UK with spaces', 'Office: +44 20 7946 0958', ['+442079460958']],
    ['UK with the (0) trunk prefix', '+44 (0)20 7946 0958', ['+442079460958']],
    ['Germany, short', 'Telefon: +49 30 901820', ['+4930901820']],
    ['Italy', '+39 06 1234 5678', ['+390612345678']],
    ['Nigeria mobile', 'Mobile +234 803 123 4567', ['+2348031234567']],
    ['no-break spaces', '+33\u00a01\u00a042\u00a068\u00a053\u00a000', ['+33142685300']],
    ['non-breaking hyphens', '+1\u2011415\u2011555\u20110142', ['+14155550142']],
    ['followed by an extension', '+1 415 555 0142 ext. 12', ['+14155550142']],
    ['two numbers in one line', '+1 (646) 555-0123 (US) or +44 20 7946 0958 (UK)', ['+16465550123', '+442079460958']],
    ['right after a colon', 'Tel:+4930901820', ['+4930901820']],
  ])('%s', (_why, text, expected) => {
    expect(entitiesOfText(text).phones).toEqual(expected);
  });

  it.each<[string, string]>([
    ['C++', 'We write C++ and C++17'],
    ['an addition', '1+1=2 and 12+ years'],
    ['a percentage', 'revenue up +30% (+4.8 rating)'],
    ['a vote', '+1, great post'],
    ['too short', '+12 345'],
    ['a version with build metadata', 'version 1.2.3+build.45'],
    ['a date-like number', '+2024-01-01'],
    ['a long digit run', `+${'1'.repeat(40)}`],
    ['digits glued to letters', '+14155550142abc'],
    ['a national number (no country)', '(415) 555-0142'],
    ['an invalid number', '+1 123 456 7890'],
  ])('%s: %s', (_why, text) => {
    expect(entitiesOfText(text).phones).toEqual([]);
  });

  it('joins a number split across inline elements', () => {
    expect(entitiesOfHtml('<p>+1 415 <span>555 0142</span></p>').phones).toEqual(['+14155550142']);
  });

  it('does not join numbers across table cells', () => {
    expect(entitiesOfHtml('<table><tr><td>+1 415</td><td>555 0142</td></tr></table>').phones).toEqual([]);
  });
});

describe('tel: links', () => {
  it.each<[string, string | null]>([
    // The scheme stays: a tel: link's country code is the strongest evidence for the page's national numbers.
    ['tel:+1-415-555-0142', 'tel:+1-415-555-0142'],
    ['TEL:+44%2020%207946%200958', 'tel:+44 20 7946 0958'],
    ['tel:+14155550142;ext=12', 'tel:+14155550142'],
    ['tel:', null],
  ])('%s → candidate %s', (href, expected) => {
    expect(phoneFromTelHref(href)).toBe(expected);
  });

  it.each<[string, string[]]>([
    ['<a href="tel:+1-415-555-0142">Call</a>', ['+14155550142']],
    ['<a href="tel:+390612345678">Rome</a>', ['+390612345678']],
    ['<a href="tel:0044 20 7946 0958">UK with 00</a>', ['+442079460958']],
    // National numbers have no country; guessing one would cost precision.
    ['<a href="tel:415-555-0142">national</a>', []],
  ])('%s', (html, expected) => {
    expect(entitiesOfHtml(html).phones).toEqual(expected);
  });
});

describe('normalisePhone', () => {
  it.each<[string, string | null]>([
    ['+1 (415) 555-0142', '+14155550142'],
    ['0044 20 7946 0958', '+442079460958'],
    ['415 555 0142', null],
    ['+999 1234 5678', null],
    ['', null],
    [`+${'1'.repeat(80)}`, null],
  ])('%s → %s', (raw, expected) => {
    expect(normalisePhone(raw)).toBe(expected);
  });
});

// Real pages read opening hours, dates and template placeholders as numbers: a German town hall's "Mo–Fr 08.30 -
// 12.00" became +49 830 1200, a press release's "01.11.2023 11:00" +49 111 2023 11, a shop template's
// "+44 1234 567 890" a number (docs/people.md, identifier precision on real pages).
describe('what is not a number on a real page', () => {
  const german = (body: string): string[] =>
    entitiesOfHtml(`<html lang="de"><body><p>Telefon: <a href="tel:+4923825900">02382/590</a></p>${body}</body></html>`, 'https://www.ahlen.de/kontakt').phones;

  it.each<[string, string]>([
    ['opening hours with dots', '<p>Öffnungszeiten: Mo–Fr 08.30 - 12.00 Uhr</p>'],
    ['opening hours with colons and an en dash', '<p>Sprechzeiten 09:00 – 17:30</p>'],
    ['a date before a time', '<p>Veröffentlicht am 01.11.2023 11:00 Uhr</p>'],
    ['a date before a page number', '<p>Stand: 15.03.2024 12</p>'],
  ])('%s', (_why, body) => {
    expect(german(body)).toEqual(['+4923825900']);
  });

  it('numbers written with dots in pairs are still read (the control)', () => {
    expect(german('<p>Durchwahl 02382.59.743</p>')).toEqual(['+4923825900', '+49238259743']);
    expect(entitiesOfHtml('<html lang="fr"><body><p>Tél. 01.42.68.53.00</p></body></html>', 'https://www.exemple.fr/').phones).toEqual(['+33142685300']);
  });

  it.each<[string, string]>([
    ['a UK template', 'Have any questions? +44 1234 567 890'],
    ['a German template', 'Telefon: +49 123 4567890'],
  ])('a placeholder counting up from 1: %s', (_why, text) => {
    expect(entitiesOfText(text).phones).toEqual([]);
  });

  it('a real number with a run of digits in it is read (the control)', () => {
    expect(entitiesOfText('Call +44 20 1234 5678').phones).toEqual(['+442012345678']);
  });
});
