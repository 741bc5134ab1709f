import { describe, expect, it } from 'vitest';
import { scanHtml } from '@/scripts/scan';

// People a page names without an identifier (people/named.ts): a speakers grid gives them, an article's Title Case
// section headings and a lone name in a heading do not.
const URL = 'https://www.devconf.example.org/speakers';
const page = (body: string): string => `<!doctype html><html lang="en"><head><title>Speakers</title></head><body>${body}</body></html>`;
const card = (name: string, title: string): string =>
  `<div class="speaker"><div class="photo"><img src="/p.jpg" alt=""></div><div class="info"><h3>${name}</h3><p>${title}</p></div></div>`;

describe('people named without an identifier', () => {
  it('reads a speakers grid: each name once, with the line under it as the title', () => {
    const html = `<main><h1>Speakers</h1>${card('Jane Doe', 'CTO, Northwind')}${card('Chen Wei', 'Staff Engineer')}${card('Jane Doe', 'CTO, Northwind')}</main>`;
    expect(scanHtml(page(html), URL).namedPeople).toEqual([
      { name: 'Jane Doe', title: 'CTO, Northwind' },
      { name: 'Chen Wei', title: 'Staff Engineer' },
    ]);
  });

  it('leaves out a name a card with an identifier shows already', () => {
    const html = `<main>${card('Jane Doe', 'CTO')}${card('Chen Wei', 'Engineer')}
      <div class="speaker"><h3>Chen Wei</h3><a href="mailto:chen.wei@northwind-labs.com">Email</a></div>
      <div class="speaker"><h3>Ana Lima</h3><a href="mailto:ana.lima@northwind-labs.com">Email</a></div></main>`;
    const found = scanHtml(page(html), URL);
    expect(found.people.map((p) => p.name)).toEqual(['Chen Wei', 'Ana Lima']);
    expect(found.namedPeople).toEqual([{ name: 'Jane Doe', title: 'CTO' }]);
  });

  it('an article with Title Case section headings names nobody', () => {
    const para = '<p>' + 'Long paragraph text about the subject at hand, which goes on. '.repeat(6) + '</p>';
    const html = `<article><h1>Coinbase vs Coinbase Pro</h1><h3>Coinbase Pro</h3>${para}<h3>Whitelisting Crypto Addresses</h3>${para}<h3>Mobile Wallet Options</h3>${para}<h3>Fee Structure Compared</h3>${para}</article>`;
    expect(scanHtml(page(html), URL).namedPeople).toBeUndefined();
  });

  it('one name in a heading is a mention, not a list; headings in navigation and footers are skipped', () => {
    const html = `<main><h2>Jane Doe</h2><p>Jane founded the company.</p></main><footer>${card('Chen Wei', 'CTO')}${card('Ana Lima', 'CEO')}</footer>`;
    expect(scanHtml(page(html), URL).namedPeople).toBeUndefined();
  });
});
