import { describe, expect, it } from 'vitest';
import { scanHtml } from '@/scripts/scan';
import { companyLines } from './helpers';

/** A page with its own head (where `og:site_name` and JSON-LD live), saved from `url`. */
const page = (head: string, body: string, url = 'https://www.harrowvance.com/team') =>
  scanHtml(`<!doctype html><html lang="en"><head><title>Team</title>${head}</head><body>${body}</body></html>`, url);

/** The footer of a firm's own site: its network company page and its mailbox (the page's own company, one row). */
const FOOTER = `<footer><a href="https://www.linkedin.com/company/harrow-vance">LinkedIn</a> <a href="mailto:office@harrowvance.com">office@harrowvance.com</a></footer>`;

/** A membership tool's sign-in links, as a portal shows them: each link's text says what it does. */
const SIGN_IN = `<ul class="sso"><li><a href="https://www.fabrikam.com/login">Login with Fabrikam</a></li><li><a href="https://litware.io/connect">Get connected with Litware</a></li></ul>`;

describe('company names come from the company, not from link text', () => {
  it("the page's own company is named by og:site_name, over the title", () => {
    const entities = page('<meta property="og:site_name" content="Harrow Vance LLP">', FOOTER);
    expect(companyLines(entities)).toEqual(['Harrow Vance LLP | harrowvance.com company/harrow-vance']);
  });

  it("the page's own company is named by its JSON-LD Organization", () => {
    const ld = { '@context': 'https://schema.org', '@graph': [{ '@type': 'WebPage', name: 'Team' }, { '@type': 'LegalService', name: 'x' }, { '@type': 'Organization', name: 'Harrow & Vance', url: '/' }] };
    const entities = page(`<script type="application/ld+json">${JSON.stringify(ld)}</script>`, FOOTER);
    expect(companyLines(entities)).toEqual(['Harrow & Vance | harrowvance.com company/harrow-vance']);
  });

  it("the page's own company is named by its microdata Organization", () => {
    const org = `<div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Harrow Vance Partners</span><a itemprop="url" href="https://harrowvance.com/">home</a></div>`;
    expect(companyLines(page('', org + FOOTER))).toEqual(['Harrow Vance Partners | harrowvance.com company/harrow-vance']);
  });

  it('broken JSON-LD states nothing: the domain names the company', () => {
    const entities = page('<script type="application/ld+json">{"@type": "Organization", "name": </script>', FOOTER);
    expect(companyLines(entities)).toEqual(['harrowvance.com | harrowvance.com company/harrow-vance']);
  });

  it('"Login with …" and "Get connected with …" links are shown by their domains', () => {
    const entities = page('', SIGN_IN);
    expect(companyLines(entities)).toEqual(['fabrikam.com | fabrikam.com', 'litware.io | litware.io']);
  });

  it('a linked domain takes the name an Organization on the page states for its address', () => {
    const ld = { '@context': 'https://schema.org', '@type': 'WebSite', publisher: { '@type': 'Corporation', name: 'Fabrikam, Inc.', url: 'https://fabrikam.com/' } };
    const entities = page(`<script type="application/ld+json">${JSON.stringify(ld)}</script>`, SIGN_IN);
    expect(companyLines(entities)).toEqual(['Fabrikam, Inc. | fabrikam.com', 'litware.io | litware.io']);
  });

  it('an Organization whose "name" is an address states no name', () => {
    const ld = { '@type': 'Organization', name: 'www.fabrikam.com/', url: 'https://fabrikam.com/' };
    const entities = page(`<script type="application/ld+json">${JSON.stringify(ld)}</script>`, SIGN_IN);
    expect(companyLines(entities)[0]).toBe('fabrikam.com | fabrikam.com');
  });
});

/** Two results as a search engine lists them: a title that is the result's address, and a snippet. */
const RESULTS = `<ul class="serp-list">
  <li class="serp-item"><h2><a href="https://auto.ru/bus/used/">auto.ru/bus/used/</a></h2><div>Buses for sale.</div></li>
  <li class="serp-item"><h2><a href="https://www.man-bus.ru/">man-bus.ru</a></h2><div>MAN buses.</div></li>
</ul>`;

describe('a search results page', () => {
  it('shows its results as companies when nothing says it is one (the control)', () => {
    const entities = page('', `<form action="/search"><input name="q"></form>${RESULTS}`, 'https://www.example.org/links');
    expect(companyLines(entities)).toEqual(['auto.ru | auto.ru', 'man-bus.ru | man-bus.ru']);
  });

  it('is recognised by a search box filled with its query, and its result titles are no companies', () => {
    const entities = page('', `<form role="search" action="/search/touch/"><input name="text" value="buy a bus" type="search"></form>${RESULTS}`, 'file:///tmp/serp.html');
    expect(entities.companies).toEqual([]);
    expect(entities.domains).toEqual(expect.arrayContaining(['auto.ru', 'man-bus.ru']));
  });

  it.each(['https://www.bing.com/search?q=bus', 'https://duckduckgo.com/?q=bus', 'https://www.google.co.uk/search?q=bus', 'https://yandex.ru/search/?text=bus'])(
    'is recognised by a search engine address: %s',
    (url) => {
      expect(page('', RESULTS, url).companies).toEqual([]);
    },
  );

  it("a search engine's other pages are not results pages", () => {
    expect(companyLines(page('', RESULTS, 'https://www.bing.com/maps'))).toEqual(['auto.ru | auto.ru', 'man-bus.ru | man-bus.ru']);
  });
});

describe("a person's company comes from the company, not from the link beside them", () => {
  const card = (link: string): string =>
    `<ul><li><h3>Jane Doe</h3><p>Partner</p><a href="mailto:jane.doe@contoso.com">jane.doe@contoso.com</a> ${link}</li>` +
    `<li><h3>Chen Wei</h3><p>Associate</p><a href="mailto:chen.wei@litware.io">chen.wei@litware.io</a> <a href="https://litware.io/">Website</a></li></ul>`;
  const companyOf = (head: string, link: string): string | null =>
    page(head, card(link), 'https://www.lawyers-directory.example.org/firms/contoso').people.find((p) => p.name === 'Jane Doe')?.company ?? null;

  it('a "Visit our website" link at their address\'s domain names the company by its domain, not by its text', () => {
    expect(companyOf('', '<a href="https://www.contoso.com/">Visit our website</a>')).toBe('contoso.com');
  });

  it('another domain is named by the Organization the page states for it', () => {
    const ld = { '@context': 'https://schema.org', '@type': 'Organization', name: 'Fabrikam Inc.', url: 'https://fabrikam.com/' };
    expect(companyOf(`<script type="application/ld+json">${JSON.stringify(ld)}</script>`, '<a href="https://www.fabrikam.com/">www.fabrikam.com</a>')).toBe('Fabrikam Inc.');
  });

  it('a link in a bio to a university or a paper names no employer', () => {
    expect(companyOf('', '<a href="https://www.mit.edu/research">Read the study</a>')).toBeNull();
  });
});
