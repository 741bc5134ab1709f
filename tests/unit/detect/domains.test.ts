import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { companyDomainOf, exclusionOf } from '@/lib/detect';
import { hasRealPublicSuffix, registrableDomain } from '@/lib/identity';
import { entitiesOfHtml } from './helpers';

/** `checkPublicSuffix(input, expected)` lines of the Public Suffix List's own test file, as they are. */
function pslVectors(): Array<[string | null, string | null]> {
  const text = readFileSync(new URL('../../../../shared/vectors/psl-tests.txt', import.meta.url), 'utf8');
  const literal = (s: string): string | null => (s === 'null' ? null : s.slice(1, -1));
  const vectors: Array<[string | null, string | null]> = [];
  for (const line of text.split('\n')) {
    const m = /^checkPublicSuffix\((null|'[^']*'), (null|'[^']*')\);/.exec(line.trim());
    if (m?.[1] !== undefined && m[2] !== undefined) vectors.push([literal(m[1]), literal(m[2])]);
  }
  return vectors;
}

describe('registrableDomain: Public Suffix List test vectors', () => {
  const vectors = pslVectors();

  it('reads the whole vector file', () => {
    expect(vectors.length).toBeGreaterThan(70);
  });

  it.each(vectors)('%s → %s', (input, expected) => {
    expect(registrableDomain(input)).toBe(expected);
  });
});

describe('registrableDomain: hosts from pages', () => {
  it.each<[string, string | null]>([
    ['www.acme.co.uk', 'acme.co.uk'],
    ['shop.fabrikam.co.uk.', 'fabrikam.co.uk'],
    ['ACME.COM', 'acme.com'],
    ['127.0.0.1', null],
    ['localhost', null],
    ['co.uk', null],
    ['a..b.com', null],
    ['', null],
  ])('%s → %s', (host, expected) => {
    expect(registrableDomain(host)).toBe(expected);
  });
});

describe('hasRealPublicSuffix', () => {
  it.each<[string, boolean]>([
    ['acme.com', true],
    ['acme.co.uk', true],
    ['acme.github.io', true],
    ['xn--85x722f.xn--fiqs8s', true],
    ['localhost', false],
    ['admin.internal', false],
    ['build.corp', false],
    ['foo.local', false],
    ['com', false],
    ['10.0.0.1', false],
  ])('%s → %s', (host, expected) => {
    expect(hasRealPublicSuffix(host)).toBe(expected);
  });
});

describe('company domains and the exclusion lists', () => {
  it.each<[string, string | null]>([
    ['gmail.com', 'freeMail'],
    ['mail.yahoo.co.uk', 'freeMail'],
    ['uk.linkedin.com', 'platforms'],
    ['twitter.com', 'platforms'],
    ['d111111abcdef8.cloudfront.net', 'cdn'],
    ['www.google-analytics.com', 'analytics'],
    ['fonts.googleapis.com', 'assets'],
    ['example.com', 'reserved'],
    ['acme.com', null],
    ['notgmail.com', null],
  ])('exclusionOf(%s) = %s', (host, expected) => {
    expect(exclusionOf(host)).toBe(expected);
  });

  it.each<[string, string | null]>([
    ['www.acme.com', 'acme.com'],
    ['blog.acme.co.uk', 'acme.co.uk'],
    ['xn--caf-dma.fr', 'xn--caf-dma.fr'],
    ['café.fr', 'xn--caf-dma.fr'],
    ['gmail.com', null],
    ['static.licdn.com', null],
    ['192.168.1.1', null],
    ['intranet.corp', null],
  ])('companyDomainOf(%s) = %s', (host, expected) => {
    expect(companyDomainOf(host)).toBe(expected);
  });

  it.each<[string, string, string | undefined, string[]]>([
    ['a link to another site', '<a href="https://shop.fabrikam.co.uk/x">F</a>', undefined, ['fabrikam.co.uk']],
    ['a work email', '<p>jane@northwind-labs.de</p>', undefined, ['northwind-labs.de']],
    ['a free-mail email is not a company', '<p>jane@gmail.com</p>', undefined, []],
    ['the page itself', '<p>hello</p>', 'https://www.northwind-labs.com/about/team', ['northwind-labs.com']],
    ['not the page when it is a platform', '<p>hello</p>', 'https://www.linkedin.com/in/jane', []],
    ['not a page on an IP address', '<p>hello</p>', 'http://127.0.0.1:8080/team.html', []],
    ['social links are platforms', '<a href="https://twitter.com/acme">t</a><a href="https://github.com/acme">g</a>', undefined, []],
    [
      'resources are not mentions',
      '<img src="https://img.acme-cdn.com/a.png"><script src="https://js.vendor.com/x.js"></script><link rel="stylesheet" href="https://css.vendor.com/x.css"><iframe src="https://embed.vendor.com"></iframe>',
      undefined,
      [],
    ],
    ['analytics and font links', '<a href="https://www.googletagmanager.com/x">x</a><a href="https://fonts.googleapis.com/css">f</a>', undefined, []],
    ['links back to the same site count once', '<a href="https://www.acme.com/a">a</a><a href="https://blog.acme.com/b">b</a>', 'https://www.acme.com/', ['acme.com']],
    ['javascript: and data: links are ignored', '<a href="javascript:void(0)">x</a><a href="data:text/html,x">y</a>', undefined, []],
    ['IPv6 and IP links are ignored', '<a href="http://[::1]:8080/">x</a><a href="http://10.1.2.3/">y</a>', undefined, []],
  ])('%s', (_why, html, url, expected) => {
    expect(entitiesOfHtml(html, url).domains).toEqual(expected);
  });
});
