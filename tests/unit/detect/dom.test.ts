import { describe, expect, it } from 'vitest';
import { entitiesOfHtml, NONE } from './helpers';

const SECRET = 'hidden@acme.com +1 646 555 0123';

describe('only what a reader could see', () => {
  it.each<[string, string]>([
    ['script', `<script>var x = "${SECRET}";</script>`],
    ['style', `<style>.a::after { content: "${SECRET}"; }</style>`],
    ['noscript', `<noscript><p>${SECRET}</p></noscript>`],
    ['template', `<template><p>${SECRET}</p><a href="mailto:hidden@acme.com">x</a></template>`],
    ['textarea', `<textarea>${SECRET}</textarea>`],
    ['contenteditable', `<div contenteditable="true"><p>${SECRET}</p><a href="https://acme.com">x</a></div>`],
    ['contenteditable with an empty value', `<div contenteditable><span>${SECRET}</span></div>`],
    ['plaintext-only editable', `<div contenteditable="plaintext-only">${SECRET}</div>`],
    ['our own UI', `<div data-in-page-enrich><p>${SECRET}</p><a href="https://www.linkedin.com/in/ours">x</a></div>`],
    ['our own inline badge', `<p><span data-in-page-enrich="badge">${SECRET}</span></p>`],
    ['script inside a small block', `<div class="card"><h3>X</h3><script>"${SECRET}"</script></div>`],
  ])('skips %s', (_why, html) => {
    expect(entitiesOfHtml(`<main><p>Nothing here.</p>${html}</main>`)).toEqual(NONE);
  });

  // The regions query is sliced per subtree (docs/performance.md): a region deep in a wide list, behind single-child
  // wrappers, or in a small block between them must still keep its anchors out (anchors are read before the walk).
  it.each<[string, (region: string) => string]>([
    ['in the 150th item of a wide list', (r) => `<ul>${Array.from({ length: 200 }, (_, i) => `<li>item ${i}${i === 150 ? r : ''}</li>`).join('')}</ul>`],
    ['behind single-child wrappers', (r) => `<div><div><div><div><section>${r}</section></div></div></div></div>`],
    ['inside a small block of a narrow parent', (r) => `<div><article><h2>t</h2><p>x</p><div><p>y</p>${r}</div></article><aside>z</aside></div>`],
  ])('keeps the anchors of an excluded region %s out', (_where, wrap) => {
    const region = '<div contenteditable="true"><a href="https://www.linkedin.com/in/hidden-person">x</a><a href="mailto:hidden@acme.com">m</a></div>';
    expect(entitiesOfHtml(`<main><p>Nothing here.</p>${wrap(region)}</main>`)).toEqual(NONE);
  });

  // A block is asked once whether it holds a skipped element; only then are its text nodes' ancestors checked one by
  // one. Past 32 blocks with triggers the walk reads blocks without copying their text first: the same holds there.
  it.each<[string, string]>([
    ['a textarea', `<textarea>${SECRET}</textarea>`],
    ['a script', `<script>"${SECRET}"</script>`],
    ['an editable region', `<div contenteditable="true"><p>${SECRET}</p></div>`],
    ['a nested style', `<p><span><style>.x::after{content:"${SECRET}"}</style></span></p>`],
  ])('skips %s inside one card of a long directory', (_what, inside) => {
    const cards = Array.from({ length: 60 }, (_, i) => `<div class="card"><h3>Person ${i}</h3><p>p${i}@acme.com</p>${i === 45 ? inside : ''}</div>`);
    const found = entitiesOfHtml(`<main>${cards.join('')}</main>`);
    expect(found.emails).toHaveLength(60);
    expect(found.emails).not.toContain('hidden@acme.com');
    expect(found.phones).toEqual([]);
  });

  it('reads a region marked contenteditable="false" inside the page', () => {
    expect(entitiesOfHtml('<div contenteditable="false">jane@acme.com</div>').emails).toEqual(['jane@acme.com']);
  });

  it('does not join text across our own inline UI', () => {
    expect(entitiesOfHtml('<p>jane<span data-in-page-enrich>badge</span>@acme.com</p>').emails).toEqual([]);
  });

  it('finds entities deep in a large page (splitting wide lists)', () => {
    const rows = Array.from({ length: 200 }, (_, i) => `<li><span>Person ${i}</span> <em>p${i}@acme.com</em></li>`).join('');
    const found = entitiesOfHtml(`<div><div><section><ul>${rows}</ul></section></div></div>`);
    expect(found.emails).toHaveLength(200);
    expect(found.emails).toContain('p199@acme.com');
  });

  it('finds entities in a block with a lot of text', () => {
    const prose = '<p>' + 'Lorem ipsum dolor sit amet. '.repeat(400) + '</p>';
    const found = entitiesOfHtml(`<article>${prose}<p>Contact jane@acme.com</p>${prose}</article>`);
    expect(found.emails).toEqual(['jane@acme.com']);
  });

  it('handles an empty document and a body-less fragment', () => {
    expect(entitiesOfHtml('<!doctype html><html><head></head><body></body></html>')).toEqual(NONE);
    expect(entitiesOfHtml('jane@acme.com')).toMatchObject({ emails: ['jane@acme.com'] });
  });
});

describe('anchors in the full pass', () => {
  // Any narrowing of the anchor query (a native prefix filter was tried, docs/performance.md "Hit-first") must keep
  // every href shape `readHref` reads: a missed shape would drop its entity.
  it('reads every href shape readHref accepts, in any case and after leading whitespace', () => {
    const anchors = [
      'MAILTO:Upper@acme.com',
      ' mailto:spaced@acme.com',
      '\tmailto:tabbed@acme.com',
      '\nmailto:newline@acme.com',
      'Tel:+14155550123',
      'HTTPS://www.LinkedIn.com/in/upper-case',
      '//www.linkedin.com/in/protocol-relative',
      '\r\nhttps://globex.io/about',
      '/relative/path',
      '#fragment',
      'page.html',
      'javascript:void(0)',
    ].map((href, i) => `<a href="${href.replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;')}">link ${i}</a>`);
    const found = entitiesOfHtml(`<p>${anchors.join(' ')}</p>`, 'https://www.initech.com/team');
    expect(found.emails).toEqual(['newline@acme.com', 'spaced@acme.com', 'tabbed@acme.com', 'upper@acme.com']);
    expect(found.phones).toEqual(['+14155550123']);
    expect(found.profiles).toEqual(['https://www.linkedin.com/in/protocol-relative', 'https://www.linkedin.com/in/upper-case']);
    expect(found.domains).toEqual(['acme.com', 'globex.io', 'initech.com']);
  });
});
