// Company domains of the hosts a page links to: an organisation the page mentions, or a tool it uses.
// Tools come from the page itself (the hosts it loads scripts, frames and style sheets from) and the project's own
// short list with a reason per category (lib/detect/data/exclusions.json); private suffixes keep hosted sites apart.
import { describe, expect, it } from 'vitest';
import exclusions from '@/lib/detect/data/exclusions.json' with { type: 'json' };
import { companyDomainOf, embeddedToolDomains, toolCategoryOf } from '@/lib/detect/domains';
import { registrableDomain, websiteDomain } from '@/lib/identity';

describe('companyDomainOf: organisations the page mentions', () => {
  it.each<[string, string, string]>([
    ['a company site', 'www.acme.com', 'acme.com'],
    ['a UK company', 'shop.fabrikam.co.uk', 'fabrikam.co.uk'],
    ['a German Mittelstand firm', 'www.mueller-maschinenbau.de', 'mueller-maschinenbau.de'],
    ['a Czech company', 'www.skoda-auto.cz', 'skoda-auto.cz'],
    ['a Japanese company', 'www.toyota.co.jp', 'toyota.co.jp'],
    ['an Australian company', 'careers.woolworths.com.au', 'woolworths.com.au'],
    ['a university', 'www.cs.ox.ac.uk', 'ox.ac.uk'],
    ['a startup on .io', 'app.linear.io', 'linear.io'],
    ['a law firm', 'www.bakermckenzie.com', 'bakermckenzie.com'],
    ['a city', 'www.city.kobe.jp', 'city.kobe.jp'],
    ['an app on Azure stays itself', 'acme.azurewebsites.net', 'acme.azurewebsites.net'],
    ['an app on Heroku stays itself', 'acme-crm.herokuapp.com', 'acme-crm.herokuapp.com'],
    ['an IDN', 'www.bücher.de', 'xn--bcher-kva.de'],
    ['Microsoft is an organisation, not a tool', 'www.microsoft.com', 'microsoft.com'],
    ['a bank', 'www.ing.de', 'ing.de'],
  ])('%s: %s → %s', (_why, host, expected) => {
    expect(companyDomainOf(host)).toBe(expected);
  });
});

describe('companyDomainOf: tools the page uses', () => {
  it.each<[string, string]>([
    ['chat widget', 'widget.intercom.io'],
    ['chat widget', 'embed.tawk.to'],
    ['support widget', 'acme.zendesk.com'],
    ['comment widget', 'acme.disqus.com'],
    ['consent banner', 'consent.cookiebot.com'],
    ['consent banner', 'cdn.cookielaw.org'],
    ['share tool', 's7.addthis.com'],
    ['share tool', 'platform-api.sharethis.com'],
    ['share link', 'static.addtoany.com'],
    ['newsletter tool', 'acme.us1.list-manage.com'],
    ['newsletter link', 'mailchi.mp'],
    ['CRM redirect link', 'd2v8tf04.na1.hubspotlinks.com'],
    ['analytics', 'www.google-analytics.com'],
    ['ticket shop', 'www.eventbrite.de'],
    ['ticket shop', 'ti.to'],
    ['sign-in page', 'login.microsoftonline.com'],
    ['sign-in page', 'accounts.google.com'],
    ['calendar booking', 'calendly.com'],
    ['link shortener', 'bit.ly'],
    ['link shortener', 'buff.ly'],
    ['link shortener', 'lnkd.in'],
    ['review platform', 'de.trustpilot.com'],
    ['review platform', 'www.kununu.com'],
    ['review platform', 'www.g2.com'],
    ['audio platform', 'soundcloud.com'],
    ['audio platform', 'open.spotify.com'],
    ['video player', 'player.vimeo.com'],
    ['hosted blog (the blogger, not a company)', 'jane.typepad.com'],
    ['hosted blog', 'acme.wordpress.com'],
    ['hosted blog', 'jane.blogspot.com'],
    ['hosted newsletter', 'jane.substack.com'],
    ['search engine, .com', 'www.google.com'],
    ['search engine, Germany', 'www.google.de'],
    ['search engine, Japan', 'www.google.co.jp'],
    ['search engine, Czechia', 'search.seznam.cz'],
    ['search engine, Russia', 'yandex.ru'],
    ['search engine, Bing', 'www.bing.com'],
    ['social network', 'twitter.com'],
    ['CDN', 'd1234.cloudfront.net'],
    ['free mail', 'gmail.com'],
    ['documentation domain', 'example.com'],
  ])('%s: %s', (_why, host) => {
    expect(companyDomainOf(host)).toBeNull();
  });

  it.each<[string, string]>([
    ['widget.intercom.io', 'chat'],
    ['consent.cookiebot.com', 'consent'],
    ['bit.ly', 'shorteners'],
    ['www.google.fr', 'searchEngine'],
  ])('says why %s is a tool: %s', (host, category) => {
    expect(toolCategoryOf(host)).toBe(category);
  });
});

describe('registrable domains: private suffixes keep hosted sites apart', () => {
  it.each<[string, string | null]>([
    ['acme.azurewebsites.net', 'acme.azurewebsites.net'],
    ['x.typepad.com', 'x.typepad.com'],
    ['www.typepad.com', 'typepad.com'],
    ['jane.github.io', 'jane.github.io'],
    ['shop.acme.myshopify.com', 'acme.myshopify.com'],
    ['blog.acme.co.uk', 'acme.co.uk'],
    ['acme.wordpress.com', 'acme.wordpress.com'],
    ['typepad.com', 'typepad.com'],
  ])('%s → %s', (host, expected) => {
    expect(registrableDomain(host)).toBe(expected);
  });

  it.each<[string, string | null]>([
    ['https://www.Acme.co.uk/about', 'acme.co.uk'],
    ['acme.com/jobs?x=1', 'acme.com'],
    ['//acme.io', 'acme.io'],
    ['www.acme.com:8080', 'acme.com'],
    ['javascript:alert(1)', null],
    ['mailto:jane@acme.com', null],
    ['https://user:pw@acme.com/', null],
    ['Jane.Doe', null],
    ['10.0.0.1', null],
  ])('websiteDomain(%s) → %s', (text, expected) => {
    expect(websiteDomain(text)).toBe(expected);
  });
});

describe('the hand-kept list', () => {
  it('gives every category a reason and lists each host once', () => {
    const { $comment: _c, reasons, ...categories } = exclusions;
    expect(Object.keys(reasons).sort()).toEqual(Object.keys(categories).sort());
    for (const reason of Object.values(reasons)) expect(reason.length).toBeGreaterThan(20);
    const hosts = Object.values(categories).flat();
    expect(new Set(hosts).size).toBe(hosts.length);
  });
});

describe('embeddedToolDomains: the tools a page loads', () => {
  it('are the registrable domains of its embeds, its own domain and hosted sites kept apart', () => {
    const tools = embeddedToolDomains(
      ['widget.intercom.io', 'static.acme.com', 'cdn.chatvendor.net', 'acme.azurewebsites.net', '10.0.0.1', 'localhost'],
      'www.acme.com',
    );
    expect([...tools].sort()).toEqual(['acme.azurewebsites.net', 'chatvendor.net', 'intercom.io']);
  });

  it('are none without a page host to compare with when the page loads nothing', () => {
    expect(embeddedToolDomains([], null).size).toBe(0);
  });
});
