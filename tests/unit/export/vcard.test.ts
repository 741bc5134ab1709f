import { describe, expect, it } from 'vitest';
import { escapeText, fileNameFor, foldLine, paramToken, toVCard, toVCards } from '@/lib/export';
import { contact } from './contact';

const now = new Date('2026-01-02T03:04:05.678Z');
const unfold = (card: string) => card.replace(/\r\n /g, '');
const lines = (card: string) => unfold(card).split('\r\n').filter(Boolean);

describe('escapeText', () => {
  it.each([
    ['comma', 'Acme, Inc.', 'Acme\\, Inc.'],
    ['semicolon', 'R&D; Labs', 'R&D\\; Labs'],
    ['backslash first', 'C:\\path', 'C:\\\\path'],
    ['LF', 'a\nb', 'a\\nb'],
    ['CRLF is one break', 'a\r\nb', 'a\\nb'],
    ['lone CR', 'a\rb', 'a\\nb'],
    ['other control characters dropped', 'a\u0000b\u0007c\u007f', 'abc'],
    ['tab becomes a space', 'a\tb', 'a b'],
    ['colon needs no escape in a value', 'Note: hi', 'Note: hi'],
    ['everything at once', 'x\\,;\ny', 'x\\\\\\,\\;\\ny'],
  ])('%s', (_why, input, expected) => {
    expect(escapeText(input)).toBe(expected);
  });
});

describe('foldLine', () => {
  it.each([
    ['short line untouched', 'FN:Ada', ['FN:Ada']],
    ['exactly 75 octets untouched', `NOTE:${'a'.repeat(70)}`, [`NOTE:${'a'.repeat(70)}`]],
  ])('%s', (_why, input, expected) => {
    expect(foldLine(input).split('\r\n')).toEqual(expected);
  });

  it.each([
    ['ASCII', 'x'],
    ['two-byte characters', 'é'],
    ['three-byte characters', '李'],
    ['four-byte emoji (surrogate pairs)', '🚀'],
  ])('folds at 75 octets without splitting a character: %s', (_why, char) => {
    const line = `NOTE:${char.repeat(200)}`;
    const folded = foldLine(line);
    const encoder = new TextEncoder();
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const [i, p] of physical.entries()) {
      expect(encoder.encode(p).length).toBeLessThanOrEqual(75);
      if (i > 0) expect(p.startsWith(' ')).toBe(true);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });
});

describe('paramToken', () => {
  it.each([
    ['LinkedIn', 'linkedin'],
    ['x";TYPE=evil:', 'x-type-evil'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(paramToken(input)).toBe(expected);
  });
});

describe('toVCard', () => {
  it.each([
    ['3.0', ['VERSION:3.0', 'EMAIL;TYPE=INTERNET,WORK,PREF:ada@engines.example', 'EMAIL;TYPE=INTERNET,HOME:ada@home.example', 'TEL;TYPE=CELL:+14155550142', 'X-SOCIALPROFILE;TYPE=pnet:https://www.linkedin.com/in/ada', 'ADR;TYPE=WORK:;;;London;England;;United Kingdom']],
    ['4.0', ['VERSION:4.0', 'KIND:individual', 'EMAIL;TYPE=work;PREF=1:ada@engines.example', 'EMAIL;TYPE=home:ada@home.example', 'TEL;VALUE=uri;TYPE=cell:tel:+14155550142', 'SOCIALPROFILE;SERVICE-TYPE=pnet:https://www.linkedin.com/in/ada', 'ADR;TYPE=work:;;;London;England;;United Kingdom']],
  ] as const)('version %s has its own syntax', (version, expected) => {
    const card = toVCard(contact(), { version, now });
    const got = lines(card);
    expect(got[0]).toBe('BEGIN:VCARD');
    expect(got.at(-1)).toBe('END:VCARD');
    for (const line of expected) expect(got).toContain(line);
    expect(got).toContain('FN:Ada Lovelace');
    expect(got).toContain('N:Lovelace;Ada;;;');
    expect(got).toContain('ORG:Analytical Engines Ltd');
    expect(got).toContain('TITLE:Analyst');
    expect(got).toContain('REV:20260102T030405Z');
    expect(card.endsWith('\r\n')).toBe(true);
    expect(card.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('escapes hostile names so they cannot add properties', () => {
    const card = toVCard(contact({ full_name: 'Eve\r\nEMAIL:evil@x.example', last_name: 'Doe;Smith', first_name: 'A,B' }), { version: '4.0', now });
    const got = lines(card);
    expect(got).toContain('FN:Eve\\nEMAIL:evil@x.example');
    expect(got).toContain('N:Doe\\;Smith;A\\,B;;;');
    expect(got.filter((l) => l.startsWith('EMAIL')).every((l) => !l.includes('evil'))).toBe(true);
  });

  it.each([
    ['javascript URL', 'javascript:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['not a URL', 'www linkedin com'],
  ])('writes no link for a %s', (_why, url) => {
    const card = toVCard(contact({ social_profiles: [{ network: 'pnet', url }], profile_pic_url: url }), { version: '3.0', now });
    expect(card).not.toContain(url);
    expect(card).not.toContain('PHOTO');
    expect(card).not.toContain('SOCIALPROFILE');
  });

  it('reduces a hostile network name to a token', () => {
    const card = toVCard(contact({ social_profiles: [{ network: 'x";TYPE=evil:', url: 'https://x.example/p' }] }), { version: '4.0', now });
    expect(lines(card)).toContain('SOCIALPROFILE;SERVICE-TYPE=x-type-evil:https://x.example/p');
  });

  it('folds long lines and stays parseable after unfolding', () => {
    const card = toVCard(contact({ headline: 'Engineer — ' + 'naïve résumé '.repeat(20) }), { version: '4.0', now });
    for (const physical of card.split('\r\n')) expect(new TextEncoder().encode(physical).length).toBeLessThanOrEqual(75);
    expect(lines(card).find((l) => l.startsWith('NOTE:'))).toBe(`NOTE:Engineer — ${'naïve résumé '.repeat(20)}`);
  });

  it('uses an email as the name when there is none, and skips duplicate emails', () => {
    const card = toVCard(
      contact({ full_name: null, first_name: null, last_name: null, personal_emails: ['ada@engines.example'] }),
      { version: '3.0', now },
    );
    const got = lines(card);
    expect(got).toContain('FN:ada@engines.example');
    expect(got.filter((l) => l.startsWith('EMAIL'))).toHaveLength(1);
  });

  it('puts several cards in one file', () => {
    const file = toVCards([contact(), contact({ full_name: 'Grace Hopper' })], { version: '3.0', now });
    expect(file.match(/BEGIN:VCARD/g)).toHaveLength(2);
    expect(file.match(/END:VCARD\r\n/g)).toHaveLength(2);
  });
});

describe('fileNameFor', () => {
  it.each([
    ['Ada Lovelace', 'vcf', 'Ada Lovelace.vcf'],
    ['a/b\\c:d*e?"f<g>h|i', 'csv', 'a b c d e f g h i.csv'],
    ['', 'json', 'export.json'],
  ])('%j', (base, ext, expected) => {
    expect(fileNameFor(base, ext)).toBe(expected);
  });
});
