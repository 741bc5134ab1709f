import { describe, expect, it } from 'vitest';
import { companyPageKey, domainKey, domainName, nameInTitle, titleParts } from '@/lib/identity';
import { scanHtml } from '@/scripts/scan';
import { companyLines } from './helpers';

/** A page with its own title: the footer's company page and the addresses on it, as sites write them. */
const page = (title: string, body: string, url = 'https://www.example-host.net/people') =>
  scanHtml(`<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`, url);

/** What `finaliseCompanies` asks of a company page and a domain: are their keys the same letters? */
const companyPageNamesDomain = (page: string, domain: string): boolean => {
  const key = domainKey(domain);
  return key !== null && companyPageKey(page) === key;
};

/** The name `finaliseCompanies` gives the company of `domain`: the title part that starts with its letters. */
const titleNameOf = (title: string, domain: string): string | null => {
  const key = domainKey(domain);
  return key === null ? null : nameInTitle(titleParts(title), key);
};

describe('a company page and a domain that name the same company are one company', () => {
  it.each<[string, string, string, boolean]>([
    ['slug with a dash, domain without', 'https://www.linkedin.com/company/harrow-vance', 'harrowvance.com', true],
    ['the same words', 'https://www.linkedin.com/company/northwind-labs', 'northwind-labs.de', true],
    ['a country suffix of two parts', 'https://www.linkedin.com/company/fabrikam', 'fabrikam.co.uk', true],
    ['digits count', 'https://www.linkedin.com/company/3m', '3m.com', true],
    ['case and dots', 'https://www.linkedin.com/company/acme.robotics', 'AcmeRobotics.com', true],
    ['a longer slug is another name', 'https://www.linkedin.com/company/acme-robotics', 'acme.com', false],
    ['a shorter slug is another name', 'https://www.linkedin.com/company/acme', 'acme-robotics.com', false],
    ['another company', 'https://www.linkedin.com/company/contoso', 'fabrikam.com', false],
    ['a bare suffix names nothing', 'https://www.linkedin.com/company/co', 'co.uk', false],
  ])('%s: %s ↔ %s → %s', (_why, page, domain, expected) => {
    expect(companyPageNamesDomain(page, domain)).toBe(expected);
  });

  it.each<[string, string | null]>([
    ['harrowvance.com', 'harrowvance'],
    ['www.fabrikam.co.uk', 'fabrikam'],
    ['acme.github.io', 'acme'],
    ['co.uk', null],
    ['127.0.0.1', null],
  ])('domainName(%s) → %s', (domain, expected) => {
    expect(domainName(domain)).toBe(expected);
  });

  it.each<[string, string, string | null]>([
    ['Our People | Harrow & Vance LLP', 'harrowvance.com', 'Harrow & Vance LLP'],
    ['Team — Lumenloop', 'lumenloop.io', 'Lumenloop'],
    ['Lumenloop: Team', 'lumenloop.io', 'Lumenloop'],
    ['Speakers — DataFlow Summit 2026', 'dataflowsummit.io', 'DataFlow Summit 2026'],
    ['Search results: "northwind" | People', 'northwind-labs.com', null],
    ['Our team', 'contoso.com', null],
  ])('titleNameOf(%j, %s) → %j', (title, domain, expected) => {
    expect(titleNameOf(title, domain)).toBe(expected);
  });
});

describe('the company rows of a page', () => {
  const footer = (company: string, email: string) =>
    `<footer><a href="https://www.linkedin.com/company/${company}/">LinkedIn</a> <a href="mailto:${email}">${email}</a></footer>`;

  it("one row, named by the title, for the footer's LinkedIn page and the site's email domain", () => {
    const entities = page('Our People | Harrow &amp; Vance LLP', footer('harrow-vance', 'intake@harrowvance.com'));
    expect(companyLines(entities)).toEqual(['Harrow & Vance LLP | harrowvance.com company/harrow-vance']);
  });

  it('every domain of that name joins the row; an unrelated page and domain stay loose', () => {
    const entities = page(
      'Our team — Northwind Labs',
      `${footer('northwind-labs', 'press@northwind-labs.com')}<p>Germany: <a href="mailto:info@northwind-labs.de">info@northwind-labs.de</a></p>` +
        footer('tailspin-toys', 'hello@wingtip.com'),
    );
    expect(companyLines(entities)).toEqual(['Northwind Labs | northwind-labs.com northwind-labs.de company/northwind-labs']);
    expect(entities.companyProfiles).toContain('https://www.linkedin.com/company/tailspin-toys');
    expect(entities.domains).toContain('wingtip.com');
  });

  it('two pages of one name: the domain joins the first, the second stays loose', () => {
    const entities = page('Acme Labs', `${footer('acme-labs', 'hi@acmelabs.com')}<p><a href="https://www.linkedin.com/company/acmelabs">Acme</a></p>`);
    expect(companyLines(entities)).toEqual(['Acme Labs | acmelabs.com company/acme-labs']);
    expect(entities.companyProfiles).toContain('https://www.linkedin.com/company/acmelabs');
  });

  it("a company card's own page and domain are not taken again", () => {
    const cards = ['contoso', 'fabrikam']
      .map((c) => `<li><a href="https://www.${c}.com/">${c[0]?.toUpperCase()}${c.slice(1)}</a> <a href="https://www.linkedin.com/company/${c}">page</a></li>`)
      .join('');
    const entities = page('Partners', `<ul>${cards}</ul>`);
    expect(companyLines(entities)).toEqual(['contoso.com | contoso.com company/contoso', 'fabrikam.com | fabrikam.com company/fabrikam']);
  });

  it('a row named by its domain when neither the page nor its title states a name', () => {
    const entities = page('Contact', footer('lumenloop', 'hello@lumenloop.io'));
    expect(companyLines(entities)).toEqual(['lumenloop.io | lumenloop.io company/lumenloop']);
    expect(entities.companies[0]?.id).toBe('lumenloop.io');
  });
});
