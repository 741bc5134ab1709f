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

  it('a heading one level down under the name is its title line', () => {
    const member = (name: string, title: string): string => `<li><div class="photo" style="background-image:url(/p.jpg)"></div><div class="label"><h3>${name}</h3><h4>${title}</h4></div></li>`;
    const html = `<main><h2>Team</h2><ul>${member('Igor Laborie', 'Choloepusophile')}${member('Julien Renaux', 'Web Developer')}</ul></main>`;
    expect(scanHtml(page(html), URL).namedPeople).toEqual([
      { name: 'Igor Laborie', title: 'Choloepusophile' },
      { name: 'Julien Renaux', title: 'Web Developer' },
    ]);
  });

  it("authors' avatars among many news teasers of the same level are a list of people of their own (by the headings' class)", () => {
    const teaser = (title: string): string => `<article><img src="/t.jpg" alt=""><h3 class="teaser__title">${title}</h3><p>A summary of the post.</p></article>`;
    const avatar = (name: string): string => `<article class="author"><img src="/a.jpg" alt="${name}"><h3 class="author__title">${name}</h3></article>`;
    // One teaser title reads like a name by its shape; the others are headlines. By level alone the two names are 2 of
    // 9 headings, too few to be a list.
    const titles = ['Starkes Leitbild', 'Why grid costs rise', 'The hydrogen dilemma', 'Coal exit: a timeline', 'Solar auctions in 2024', 'Heat pumps abroad', 'Notes on market design'];
    const html = `<main>${titles.map(teaser).join('')}${avatar('Nino Jordan')}${avatar('Laima Eicke')}</main>`;
    expect(scanHtml(page(html), URL).namedPeople?.map((p) => p.name)).toEqual(['Nino Jordan', 'Laima Eicke']);
  });

  describe('lists whose entries lead with names', () => {
    it("a lab's alumni lines: the name before the comma, a nickname in brackets dropped", () => {
      const html = `<main><h4>Alumni</h4><p>Yuanfeng (Rick) Han, PhD 2022</p><p>Hongtao Wu, PhD 2022</p><p>Ting Da, Visiting Student, 2018</p><p>Karen Poblete Rodriguez, 2020</p></main>`;
      expect(scanHtml(page(html), URL).namedPeople).toEqual([
        { name: 'Yuanfeng Han', title: 'PhD' },
        { name: 'Hongtao Wu', title: 'PhD' },
        { name: 'Ting Da', title: 'Visiting Student' },
        { name: 'Karen Poblete Rodriguez', title: null },
      ]);
    });

    it('links to homepages with the role in brackets, and a grid of photos with names', () => {
      const alumni = `<p><a href="https://a.example/">Tameem Adel (University Lecturer at Liverpool)</a><br><a href="https://b.example/">Matej Balog (research scientist at DeepMind)</a><br><a href="https://c.example/">Manon Kok (Assistant Professor at TU Delft)</a><br></p>`;
      const grid = ['Teri Radichel', 'Lin Clark', 'Sarah Drasner'].map((n) => `<span class="cell"><a href="/speakers/x"><img src="/p.jpg" alt="${n}"><p>${n}</p></a></span>`).join('');
      const names = scanHtml(page(`<main>${alumni}<div>${grid}</div></main>`), URL).namedPeople?.map((p) => `${p.name} | ${p.title ?? ''}`);
      expect(names).toEqual([
        'Tameem Adel | University Lecturer at Liverpool',
        'Matej Balog | research scientist at DeepMind',
        'Manon Kok | Assistant Professor at TU Delft',
        'Teri Radichel | ',
        'Lin Clark | ',
        'Sarah Drasner | ',
      ]);
    });

    it('lists of places, of groups and of products name nobody', () => {
      const offices = '<ul><li>San Francisco, California</li><li>New York, New York</li><li>Los Angeles, California</li></ul>';
      const groups = '<ul><li><img src="/l.png" alt="">Toulouse JUG</li><li><img src="/l.png" alt="">Duchess FR</li><li><img src="/l.png" alt="">Python Toulouse</li><li><img src="/l.png" alt="">Rust Toulouse</li></ul>';
      const wines = '<ul><li>Ruster Ausbruch, Weingut Feiler, 2017</li><li>Ruster Ausbruch, Weingut Giefing, 2015</li><li>Ruster Ausbruch, Kraft aus Rust, 2016</li></ul>';
      expect(scanHtml(page(`<main>${offices}${groups}${wines}</main>`), URL).namedPeople).toBeUndefined();
    });
  });
});
