import { describe, expect, it } from 'vitest';
import { bylineNames } from '@/lib/detect/people/finalise';
import { scanHtml } from '@/scripts/scan';

// An article's authors are named people: read from what the page states (schema.org credits, a byline in markup),
// never from a site's `<meta name="author">` alone, and never from the bylines of other articles listed below it.
const URL = 'https://news.example.org/2024/05/story';
const page = (head: string, body: string): string =>
  `<!doctype html><html lang="en"><head><title>Story</title>${head}</head><body>${body}</body></html>`;
const ld = (value: unknown): string => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const names = (head: string, body = '<main><h1>Story</h1><p>Text.</p></main>'): string[] =>
  (scanHtml(page(head, body), URL).namedPeople ?? []).map((p) => p.name);

describe("an article's authors", () => {
  it('a JSON-LD author Person, its credential dropped, and a reviewer by its @id in the graph', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'NewsArticle', author: { '@type': 'Person', name: 'Grant Tinsley, PhD' }, reviewedBy: { '@id': '#rev' } },
        { '@type': 'Person', '@id': '#rev', name: 'Marisa Figat' },
        { '@type': 'Organization', name: 'Example News', url: '/' },
      ],
    };
    expect(names(ld(graph))).toEqual(['Grant Tinsley', 'Marisa Figat']);
  });

  it('an organisation credited as author is no person', () => {
    expect(names(ld({ '@type': 'Article', author: { '@type': 'Organization', name: 'Redaktion Gelbe Liste' } }))).toEqual([]);
  });

  it('a byline naming two authors and their paper gives both', () => {
    expect(bylineNames('By Glen Owen And Brendan Carlin For The Mail On Sunday')).toEqual(['Glen Owen', 'Brendan Carlin']);
    expect(names(ld({ '@type': 'NewsArticle', author: 'Ein Artikel von Jane Doe' }))).toEqual(['Jane Doe']);
    expect(names(ld({ '@type': 'NewsArticle', author: 'By Jane Doe and Chen Wei' }))).toEqual(['Jane Doe', 'Chen Wei']);
  });

  it('<meta name="author"> counts on a stated article only: on any other page it names whoever built the site', () => {
    expect(names('<meta name="author" content="Bernhard Sgoda">')).toEqual([]);
    expect(names(`<meta name="author" content="Bernhard Sgoda">${ld({ '@type': 'BlogPosting', headline: 'x' })}`)).toEqual(['Bernhard Sgoda']);
  });

  it("the first rel=author byline and its co-author count, the bylines of the other articles listed below do not", () => {
    const body = `<main><h1>Story</h1><p class="byline">By <a rel="author" href="/author/jane-doe">Jane Doe</a> and <a rel="author" href="/author/chen-wei">Chen Wei</a></p><p>Text.</p></main>
      <aside><h2>More stories</h2><div><a href="/a">Other story</a><p>By <a rel="author" href="/author/ana-lima">Ana Lima</a></p></div></aside>`;
    expect(names('', body)).toEqual(['Jane Doe', 'Chen Wei']);
  });
});
