import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanDomain, parseProfileUrl, phoneKey, socialKey } from '@/sandbox/normalise';

/** The Public Suffix List's own test vectors, used as they are (`checkPublicSuffix(input, expected)` lines). */
const PSL_FILE = new URL('../../../../shared/vectors/psl-tests.txt', import.meta.url);

function parseVectors(text: string): Array<{ line: number; input: string | null; expected: string | null }> {
  const literal = (s: string) => (s === 'null' ? null : s.slice(1, -1));
  const out: Array<{ line: number; input: string | null; expected: string | null }> = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line.startsWith('checkPublicSuffix(')) return;
    const args = line.slice('checkPublicSuffix('.length, line.lastIndexOf(')'));
    const comma = args.indexOf(', ');
    out.push({ line: i + 1, input: literal(args.slice(0, comma)), expected: literal(args.slice(comma + 2)) });
  });
  return out;
}

const vectors = parseVectors(readFileSync(PSL_FILE, 'utf8'));

describe('cleanDomain against the Public Suffix List test vectors', () => {
  it('reads every vector in the file', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(75);
  });

  // Every line as it is, `city.kobe.jp` included (the shared copy now has the upstream answer: `!city.kobe.jp`
  // is an exception rule, so city.kobe.jp is itself registrable).
  it.each(vectors.map((v) => [v.line, v.input, v.expected] as const))(
    'line %i: %s → %s',
    (_line, input, expected) => {
      expect(cleanDomain(input)).toBe(expected);
    },
  );
});

describe('cleanDomain on what users paste', () => {
  it.each([
    ['https://www.acme.com/about?x=1#team', 'acme.com'],
    ['http://blog.shop.acme.co.uk/', 'acme.co.uk'],
    ['ACME.COM.', 'acme.com'],
    ['acme.com:8443/path', 'acme.com'],
    ['https://user:pw@mail.acme.io', 'acme.io'],
    ['jane@acme.com', 'acme.com'],
    ['  www.acme.com.au  ', 'acme.com.au'],
    ['localhost', null],
    ['', null],
    ['https://', null],
  ])('%s → %s', (input, expected) => {
    expect(cleanDomain(input)).toBe(expected);
  });
});

describe('profile URL normalisation', () => {
  it.each([
    ['https://www.linkedin.com/in/jane-doe-123', 'linkedin:jane-doe-123'],
    ['https://uk.linkedin.com/in/Jane-Doe-123/', 'linkedin:jane-doe-123'],
    ['linkedin.com/in/jane-doe-123?trk=people-search', 'linkedin:jane-doe-123'],
    ['http://de.linkedin.com/in/j%C3%BCrgen-m/#about', 'linkedin:jürgen-m'],
    ['https://twitter.com/JaneDoe', 'twitter:janedoe'],
    ['https://x.com/JaneDoe/status/1', 'twitter:janedoe'],
    ['https://github.com/jane-doe', 'github:jane-doe'],
    ['https://www.linkedin.com/company/acme', null],
    ['https://example.com/in/jane', null],
    ['not a url at all', null],
  ])('%s → %s', (input, expected) => {
    expect(socialKey(input)).toBe(expected);
  });

  it('recognises company profile URLs', () => {
    expect(parseProfileUrl('https://www.linkedin.com/company/acme-inc/')).toEqual({ network: 'linkedin', kind: 'company', handle: 'acme-inc' });
  });
});

describe('phone normalisation', () => {
  it.each([
    ['+1 (415) 503-1013', '+14155031013'],
    ['415.503.1013', '+14155031013'],
    ['+44 20 3269 9596', '+442032699596'],
    ['+49 (0)30 94572450', '+493094572450'],
    ['12', null],
    ['', null],
  ])('%s → %s', (input, expected) => {
    expect(phoneKey(input)).toBe(expected);
  });
});
