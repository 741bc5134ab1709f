// The grouper reads each record as soon as the full pass's walk has left it (walk.ts `leave` → group.ts `left`), so
// people reach the panel while a big page is still being read. What it finds must be exactly what grouping every
// identifier after the walk finds (`scanDocumentSync(…, false)`, the way it worked before): same people, same
// identifiers in the same order, same companies, in the same order, on the pages where reading early is hardest.
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { createPageScanner, scanDocumentSync, type ScanUpdate } from '@/lib/detect/dom-scan';
import type { RawPageScan } from '@/lib/detect/schema';
import { budget } from '../../../time-budget';

const URL = 'https://www.acme-law.com/people';

function docOf(body: string): Document {
  const { document } = parseHTML(`<!doctype html><html lang="en"><head><title>People</title></head><body>${body}</body></html>`);
  return document as unknown as Document;
}

const grouped = (scan: RawPageScan) => ({ people: scan.people, companies: scan.companies });

/** What the product groups, and what grouping after the walk groups, on a fresh parse of the same page each. */
function both(body: string) {
  return { during: grouped(scanDocumentSync(docOf(body), URL)), after: grouped(scanDocumentSync(docOf(body), URL, false)) };
}

/** A distinct capitalised name per index ("Ada Bcdson"). */
const nameOf = (i: number): string =>
  `Ada ${[i % 26, Math.floor(i / 26) % 26, Math.floor(i / 676) % 26].map((d, k) => String.fromCharCode((k === 0 ? 65 : 97) + d)).join('')}son`;

const card = (i: number): string =>
  `<div class="card"><h3>${nameOf(i)}</h3><p>Partner</p><p><a href="mailto:p${i}@acme-law.com">p${i}@acme-law.com</a></p>` +
  `<p>Tel. +1 415 555 ${String(1000 + i)}</p><a href="https://www.linkedin.com/in/person-${i}">LinkedIn</a></div>`;

const PAGES: Record<string, string> = {
  // The first card's phone has no earlier card holding one: its record is known only once the second card is read.
  'cards, phones as text': `<main>${Array.from({ length: 40 }, (_, i) => card(i)).join('')}</main>`,
  // A `<dd>` is keyed by its `<dt>`: the record starts before the identifier.
  'definition list': `<dl>${Array.from(
    { length: 12 },
    (_, i) => `<dt>${nameOf(i)}</dt><dd>Counsel</dd><dd><a href="mailto:d${i}@acme-law.com">d${i}@acme-law.com</a></dd><dd>+1 212 555 ${2000 + i}</dd>`,
  ).join('')}</dl>`,
  // Links side by side in a line of text: one person per run a name opens.
  'inline runs': `<p>${Array.from({ length: 6 }, (_, i) => `${nameOf(i)} <a href="mailto:r${i}@acme-law.com">r${i}@acme-law.com</a>, `).join('')}</p>`,
  // A staff table with a header: the row's company column; the office number on every row is nobody's own.
  'table with a shared number': `<table><tr><th>Name</th><th>Company</th><th>Email</th><th>Phone</th></tr>${Array.from(
    { length: 20 },
    (_, i) => `<tr><td>${nameOf(i)}</td><td>Acme Law</td><td><a href="mailto:t${i}@acme-law.com">t${i}@acme-law.com</a></td><td>+1 212 555 0100</td></tr>`,
  ).join('')}</table><footer>Main line +1 212 555 0100 · office@acme-law.com</footer>`,
  // One card shows an email among cards that show phones: an orphan that joins the card around it at the end.
  'the only email in a grid': `<section>${Array.from(
    { length: 10 },
    (_, i) => `<article><h4>${nameOf(i)}</h4><p>+1 303 555 ${3000 + i}</p>${i === 4 ? '<p>solo@acme-law.com</p>' : ''}</article>`,
  ).join('')}</section>`,
  // Sections whose own link's record is the section, around cards read long before the section ends: records are
  // made out of the identifiers' order, and their order in the result must not change.
  'records made out of order': ['a', 'b', 'c']
    .map(
      (s) =>
        `<section><a href="https://www.linkedin.com/company/team-${s}">Team ${s}</a>${Array.from({ length: 15 }, (_, i) => card(i + s.charCodeAt(0) * 100)).join('')}</section>`,
    )
    .join(''),
};

describe('grouping while the walk runs', () => {
  for (const [name, body] of Object.entries(PAGES)) {
    it(`${name}: the same people and companies as grouping after the walk`, () => {
      const { during, after } = both(body);
      expect(after.people.length).toBeGreaterThan(0);
      expect(during).toEqual(after);
    });
  }

  it('the first card waits for the second for its phone, and keeps it', () => {
    const { during } = both(PAGES['cards, phones as text'] as string);
    expect(during.people[0]).toMatchObject({ name: nameOf(0), emails: ['p0@acme-law.com'], phones: ['+1 415 555 1000'] });
    expect(during.people).toHaveLength(40);
  });

  it('more records than the grouper keeps: the same first 5,000, in order, with their identifiers', () => {
    // Section links are placed only when their section is left, after thousands of cards inside it: the record cap
    // must still keep the records a cap applied in the identifiers' order keeps.
    const body = ['a', 'b'].map((s, k) => `<section><a href="https://www.linkedin.com/company/team-${s}">Team ${s}</a>${Array.from({ length: 2600 }, (_, i) => `<div><b>${nameOf(i + k * 2600)}</b> <span>x${k}-${i}@acme-law.com</span></div>`).join('')}</section>`).join('');
    const { during, after } = both(body);
    expect(after.people.length).toBeGreaterThan(4900);
    expect(during).toEqual(after);
  }, budget(60_000));
});

describe('people reach the host before the full pass ends', () => {
  it('the first people of a pass are reported at once, not at the next progress tick', async () => {
    const doc = docOf(`<main>${Array.from({ length: 300 }, (_, i) => card(i)).join('')}</main>`);
    const tasks: Array<() => void> = [];
    const updates: ScanUpdate[] = [];
    let clock = 0;
    const scanner = createPageScanner({
      root: doc,
      pageUrl: URL,
      schedule: (task) => tasks.push(task),
      onUpdate: (update) => updates.push(update),
      now: () => clock++,
      sliceMs: 8,
      // No progress report during the pass but the first people's.
      progressMs: Number.POSITIVE_INFINITY,
      MutationObserver: null,
    });
    scanner.start();
    while (tasks.length > 0) (tasks.shift() as () => void)();
    await scanner.settled();
    const running = updates.filter((u) => !u.complete);
    expect(running).toHaveLength(1);
    expect((running[0] as ScanUpdate).scan.people.length).toBeGreaterThan(0);
  });

  it('a progress update carries people while the pass runs, each exactly as the final result lists them', async () => {
    const doc = docOf(`<main>${Array.from({ length: 300 }, (_, i) => card(i)).join('')}</main>`);
    const tasks: Array<() => void> = [];
    const updates: ScanUpdate[] = [];
    let clock = 0;
    const scanner = createPageScanner({
      root: doc,
      pageUrl: URL,
      schedule: (task) => tasks.push(task),
      onUpdate: (update) => updates.push(update),
      // Each call moves the clock: a slice does a few units, and every slice may report progress.
      now: () => clock++,
      sliceMs: 8,
      progressMs: 1,
      MutationObserver: null,
    });
    scanner.start();
    while (tasks.length > 0) (tasks.shift() as () => void)();
    const final = await scanner.settled();
    expect(final.complete).toBe(true);
    expect(final.scan.people).toHaveLength(300);
    expect(grouped(final.scan)).toEqual(grouped(scanDocumentSync(doc, URL, false)));
    const early = updates.find((u) => !u.complete && u.scan.people.length > 0);
    expect(early).toBeDefined();
    const earlyPeople = (early as ScanUpdate).scan.people;
    // Early means early: well before every card is read.
    expect(earlyPeople.length).toBeLessThan(300);
    for (const person of earlyPeople) expect(final.scan.people).toContainEqual(person);
    // Later updates never lose anyone an earlier one listed.
    let before = new Set<string>();
    for (const update of updates) {
      const names = new Set(update.scan.people.map((p) => p.name ?? ''));
      for (const n of before) expect(names.has(n)).toBe(true);
      before = names;
    }
  });
});
