import { describe, expect, it } from 'vitest';
import { hrefContextFor, mayGiveEntities, readHref } from '@/lib/detect/links';
import type { EntitySink } from '@/lib/detect/text-scan';

const ON_A_COMPANY_SITE = hrefContextFor('https://www.acme.com/team/', 'https://www.acme.com/team/');
const ON_THE_NETWORK = hrefContextFor('https://www.linkedin.com/company/acme/people/', 'https://www.linkedin.com/company/acme/people/');

/** Everything `readHref` gives for one href, as `kind:value`. */
function finds(href: string, context = ON_A_COMPANY_SITE): string[] {
  const out: string[] = [];
  const push = (kind: string) => (value: string) => out.push(`${kind}:${value}`);
  const sink: EntitySink = { email: push('email'), phone: push('phone'), fax: push('fax'), profile: push('profile'), company: push('company'), linkHost: push('host') };
  readHref(href, context, sink);
  return out;
}

// Hrefs as pages write them: relative forms of every kind, schemes in any case, leading whitespace, profiles.
const HREFS = [
  '/articles/12345',
  '#top',
  '?page=2',
  './team.html',
  '../index.html',
  'team.html',
  'members/jane-doe',
  'tel-aviv-office.html',
  'mailbox.html',
  'in/jane-doe',
  '/in/jane-doe',
  'javascript:void(0)',
  'data:text/html,x',
  'ftp://files.acme.com/x',
  'mailto:jane@contoso.com',
  'MAILTO:Jane@Contoso.com?subject=Hi',
  'tel:+1-212-555-0142',
  'TEL:+442079460000',
  'https://www.contoso.com/about',
  'HTTPS://WWW.CONTOSO.COM/',
  'http://northwind.co.uk',
  '//cdn.fabrikam.com/logo.png',
  '//www.linkedin.com/in/jane-doe',
  'https://www.linkedin.com/in/jane-doe/',
  '  https://www.contoso.com/ ',
  '\nmailto:jane@contoso.com',
  'https://www.acme.com/own-page',
  '',
];

describe('mayGiveEntities: relative links are dropped before the scan hashes them', () => {
  it.each<[string, boolean]>([
    ['/articles/12345', false],
    ['#top', false],
    ['?page=2', false],
    ['./team.html', false],
    ['team.html', false],
    ['home.html', false],
    ['mailbox.html', false],
    ['/in/jane-doe', false],
    ['javascript:void(0)', false],
    ['mailto:jane@contoso.com', true],
    ['TEL:+442079460000', true],
    ['https://www.contoso.com/about', true],
    ['//cdn.fabrikam.com/logo.png', true],
    [' https://www.contoso.com/', true],
  ])('on a company site: %s → %s', (href, expected) => {
    expect(mayGiveEntities(href, ON_A_COMPANY_SITE)).toBe(expected);
  });

  it("keeps every href on a network's own pages, where /in/<slug> is a profile", () => {
    for (const href of HREFS) expect(mayGiveEntities(href, ON_THE_NETWORK)).toBe(true);
    expect(finds('/in/jane-doe', ON_THE_NETWORK)).toEqual(['profile:https://www.linkedin.com/in/jane-doe']);
  });

  it.each(HREFS.map((href) => [href]))('never drops what readHref would find: %j', (href) => {
    for (const context of [ON_A_COMPANY_SITE, ON_THE_NETWORK]) {
      if (!mayGiveEntities(href, context)) expect(finds(href, context)).toEqual([]);
    }
  });

  it('still reads what matters', () => {
    expect(finds('MAILTO:Jane@Contoso.com?subject=Hi')).toEqual(['email:jane@contoso.com']);
    expect(finds('//www.linkedin.com/in/jane-doe')).toEqual(['profile:https://www.linkedin.com/in/jane-doe']);
    expect(finds('  https://www.contoso.com/ ')).toEqual(['host:www.contoso.com']);
  });
});
