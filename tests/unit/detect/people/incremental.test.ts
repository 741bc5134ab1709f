// The grouper extends its last result when a page only grows (walk.ts → group.ts `extension`): whatever path an
// incremental update takes, its people and companies must be exactly what a fresh scan of the same page groups.
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { scanDocumentSync } from '@/lib/detect';
import type { RawPageScan } from '@/lib/detect/schema';
import { ScanEngine } from '@/lib/detect/walk';
import { budget } from '../../../time-budget';

const URL = 'https://www.acme.com/team';

/** A distinct name per card, letters only ("Ada Bcdson"). */
const nameOf = (i: number): string =>
  `Ada ${[i % 26, Math.floor(i / 26) % 26, Math.floor(i / 676) % 26].map((d, k) => String.fromCharCode((k === 0 ? 65 : 97) + d)).join('')}son`;

const card = (i: number, extra = ''): string =>
  `<div class="card"><h3>${nameOf(i)}</h3><p class="title">Head of Sales</p>` +
  `<p><a href="mailto:p${i}@acme.com">p${i}@acme.com</a></p><p>+1 415 555 ${String(1000 + i)}</p>` +
  `<a href="https://www.linkedin.com/in/person-${i}">LinkedIn</a> <a href="https://www.co${i}.com/">Co${i}</a>${extra}</div>`;

/**
 * A page and its scan engine after a full pass. Changes are handed to the engine as the content script's
 * MutationObserver hands them (`enqueue` of each added node): linkedom's observer does not report every kind of
 * insertion, and the grouping, not the observer, is under test here (tests/unit/detect/scanner.test.ts covers it).
 */
function setup(cards: number) {
  const { document } = parseHTML(
    // People inserted BEFORE earlier ones are checked in Chromium (tests/e2e/detect.spec.ts): linkedom 0.18 orders
    // a prepended node against a node in a later subtree wrongly (each says the other precedes it).
    `<!doctype html><html><head><title>Team</title></head><body><header><p>Press: press@acme.com</p></header>` +
      `<main id="grid">${Array.from({ length: cards }, (_, i) => card(i)).join('')}</main></body></html>`,
  );
  const doc = document as unknown as Document;
  const engine = new ScanEngine(doc, URL);
  engine.beginFullPass();
  const settle = (): RawPageScan => {
    // Small deadlines, as the content script's slices: the result build runs in several units.
    let clock = 0;
    while (!engine.run(() => clock++, clock + 4));
    return engine.toRaw(URL, '', '');
  };
  const grid = doc.getElementById('grid') as Element;
  const insert = (html: string, into: Element, where: 'end' | 'start'): void => {
    const holder = doc.createElement('div');
    // eslint-disable-next-line no-restricted-properties -- the test's own fixed markup, never page or API data
    holder.innerHTML = html;
    const nodes = Array.from(holder.childNodes);
    if (where === 'end') into.append(...nodes);
    else into.prepend(...nodes);
    for (const node of nodes) engine.enqueue(node);
  };
  const add = (html: string, where: 'end' | 'start'): void => insert(html, grid, where);
  return { doc, settle, add, insert };
}

/** The incremental result against a one-shot scan of the page as it is now. */
function expectSameAsFresh(s: ReturnType<typeof setup>): number {
  const now = s.settle();
  const fresh = scanDocumentSync(s.doc, URL);
  expect(now.people).toEqual(fresh.people);
  expect(now.companies).toEqual(fresh.companies);
  return now.people.length;
}

describe('incremental grouping gives what a fresh scan gives', () => {
  it.each([
    ['new people appended after the others', (s: ReturnType<typeof setup>) => s.add(card(100) + card(101) + card(102), 'end'), 23],
    [
      'a new card shows an earlier card’s phone (it becomes a shared office line)',
      (s: ReturnType<typeof setup>) => s.add(card(100).replace('+1 415 555 1100', '+1 415 555 1003'), 'end'),
      21,
    ],
    ['a new card links an earlier card’s company site', (s: ReturnType<typeof setup>) => s.add(card(100).replace('co100.com', 'co4.com'), 'end'), 21],
    [
      'an earlier card gains an identifier (it is described again)',
      (s: ReturnType<typeof setup>) => s.insert('<p>+1 212 555 0188</p>', s.doc.querySelector('.card') as Element, 'end'),
      20,
    ],
  ])('%s', (_name, change, people) => {
    const s = setup(20);
    expect(expectSameAsFresh(s)).toBe(20);
    change(s);
    expect(expectSameAsFresh(s)).toBe(people);
    // A second growth step extends the extended result.
    s.add(card(200), 'end');
    expect(expectSameAsFresh(s)).toBe(people + 1);
  });

  it('our own UI added into a card later is never read as the name of the person there', () => {
    const s = setup(3);
    expect(s.settle().people[0]).toMatchObject({ name: nameOf(0) });
    const first = s.doc.querySelector('.card') as Element;
    // Added on its own, as our UI would be: a heading before the card's own, so it would win if it were read.
    s.insert('<h2 data-in-page-enrich>Ada Lovelace</h2>', first, 'start');
    s.settle();
    // A new identifier in the card itself (a <div>: no line of the card like it), so the card is read again.
    s.insert('<div>+1 212 555 0188</div>', first, 'end');
    expect(s.settle().people[0]).toMatchObject({ name: nameOf(0), phones: ['+1 415 555 1000', '+1 212 555 0188'] });
    expectSameAsFresh(s);
  });

  it('past the sorting limit (records listed in the order found), appended people extend the result', () => {
    const s = setup(2100);
    expect(expectSameAsFresh(s)).toBe(2100);
    s.add(card(5000) + card(5001), 'end');
    expect(expectSameAsFresh(s)).toBe(2102);
  }, budget(120_000));
});
