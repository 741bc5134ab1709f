// What leaves the page leaves the result (audit e4/e8/e14): a removed row, a row reused for another person, an
// explicit rescan. The observer is a hand-driven fake so each test hands the scanner exactly the records Chromium
// gives (linkedom's observer reports no text edits and names the observed root as every childList target).
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { createPageScanner, type ScanUpdate } from '@/lib/detect';

const URL = 'https://www.acme.com/team';
const card = (name: string, email: string): string =>
  `<li class="c"><h3>${name}</h3><p>Engineer</p><a href="mailto:${email}">${email}</a></li>`;
const PAGE = `<!doctype html><html><head><title>Team</title></head><body><main><ul id="l">${[
  card('Alice Archer', 'alice@acme-a.com'),
  card('Bob Baker', 'bob@acme-a.com'),
  card('Carol Cole', 'carol@acme-a.com'),
].join('')}</ul></main></body></html>`;

type Fire = (records: Array<Partial<MutationRecord>>) => void;

function setup(gapMs = 2000) {
  const { document } = parseHTML(PAGE);
  const doc = document as unknown as Document;
  const tasks: Array<() => void> = [];
  const timers: Array<{ task: () => void; at: number }> = [];
  let clock = 0;
  let fire: Fire = () => undefined;
  class FakeObserver {
    constructor(callback: (records: MutationRecord[]) => void) {
      fire = (records) =>
        callback(records.map((r) => ({ addedNodes: [], removedNodes: [], ...r }) as unknown as MutationRecord));
    }
    observe(): void {}
    disconnect(): void {}
    takeRecords(): MutationRecord[] {
      return [];
    }
  }
  const updates: ScanUpdate[] = [];
  const scanner = createPageScanner({
    root: doc,
    pageUrl: URL,
    schedule: (task) => tasks.push(task),
    later: (task, ms) => timers.push({ task, at: clock + ms }),
    onUpdate: (u) => updates.push(u),
    now: () => clock,
    repassGapMs: gapMs,
    MutationObserver: FakeObserver as unknown as typeof MutationObserver,
  });
  const drain = (): void => {
    for (let task = tasks.shift(); task !== undefined; task = tasks.shift()) task();
  };
  /** Moves the clock on and runs the timers due. */
  const advance = (ms: number): void => {
    clock += ms;
    for (const t of timers.splice(0).filter((x) => x.at <= clock || (timers.push(x), false))) t.task();
    drain();
  };
  const people = (): string[] =>
    scanner.current().scan.people.map((p) => `${p.name ?? '?'}<${[...p.emails, ...p.phones, ...p.profiles].join(',')}>`);
  const rows = (): Element[] => Array.from(doc.querySelectorAll('#l > li'));
  return { doc, scanner, updates, drain, advance, people, rows, fire: (r: Array<Partial<MutationRecord>>) => fire(r) };
}

describe('changes that take away what the scan found', () => {
  it('a removed row is no longer reported, as a person or as an identifier', () => {
    const s = setup();
    s.scanner.start();
    s.drain();
    s.advance(5000);
    expect(s.people()).toEqual(['Alice Archer<alice@acme-a.com>', 'Bob Baker<bob@acme-a.com>', 'Carol Cole<carol@acme-a.com>']);
    const bob = s.rows()[1] as Element;
    const list = bob.parentNode as Node;
    bob.remove();
    s.fire([{ type: 'childList', target: list, removedNodes: [bob] as unknown as NodeList }]);
    s.drain();
    expect(s.people()).toEqual(['Alice Archer<alice@acme-a.com>', 'Carol Cole<carol@acme-a.com>']);
    expect(s.scanner.current().scan.emails).not.toContain('bob@acme-a.com');
    expect(s.scanner.stats().fullPasses).toBe(2);
  });

  it('a row reused for another person is described from what it shows now, at once; the flat lists after the gap', () => {
    const s = setup();
    s.scanner.start();
    s.drain();
    s.advance(5000);
    // A removal first: the full pass it starts begins the gap.
    const carol = s.rows()[2] as Element;
    carol.remove();
    s.fire([{ type: 'childList', target: s.doc.getElementById('l') as Node, removedNodes: [carol] as unknown as NodeList }]);
    s.drain();
    // Alice's row now shows Dora (keyed list diffing, virtual scrolling): text edited in place, href changed.
    const row = s.rows()[0] as Element;
    const h3 = row.querySelector('h3') as Element;
    const a = row.querySelector('a') as Element;
    (h3.firstChild as Text).data = 'Dora Dunn';
    a.setAttribute('href', 'mailto:dora@delta-d.com');
    (a.firstChild as Text).data = 'dora@delta-d.com';
    s.fire([
      { type: 'characterData', target: h3.firstChild as Node },
      { type: 'attributes', target: a, attributeName: 'href' },
      { type: 'characterData', target: a.firstChild as Node },
    ]);
    s.drain();
    expect(s.people()).toEqual(['Dora Dunn<dora@delta-d.com>', 'Bob Baker<bob@acme-a.com>']);
    expect(s.scanner.stats().fullPasses).toBe(2);
    s.advance(2000);
    expect(s.scanner.stats().fullPasses).toBe(3);
    expect(s.scanner.current().scan.emails.toSorted()).toEqual(['bob@acme-a.com', 'dora@delta-d.com']);
    expect(s.people()).toEqual(['Dora Dunn<dora@delta-d.com>', 'Bob Baker<bob@acme-a.com>']);
  });

  it('a name edited in place renames the person without a full pass', () => {
    const s = setup();
    s.scanner.start();
    s.drain();
    const h3 = (s.rows()[0] as Element).querySelector('h3') as Element;
    (h3.firstChild as Text).data = 'Alice Smith';
    s.fire([{ type: 'characterData', target: h3.firstChild as Node }]);
    s.drain();
    expect(s.people()[0]).toBe('Alice Smith<alice@acme-a.com>');
    expect(s.scanner.stats().fullPasses).toBe(1);
  });

  it('text that ticks inside a card ("3 min ago") keeps the people: their identifiers are not added again at each tick', () => {
    const s = setup();
    s.scanner.start();
    s.drain();
    const p = (s.rows()[0] as Element).querySelector('p') as Element;
    const before = s.scanner.stats();
    // Before (review): each tick re-walked the card and added its email to the grouper again; at its 20,000-identifier
    // cap every person was dropped. 25,000 ticks pass that cap.
    for (let i = 0; i < 25_000; i++) {
      (p.firstChild as Text).data = `Engineer · ${i} min ago`;
      s.fire([{ type: 'characterData', target: p.firstChild as Node }]);
      s.drain();
    }
    expect(s.people()).toEqual(['Alice Archer<alice@acme-a.com>', 'Bob Baker<bob@acme-a.com>', 'Carol Cole<carol@acme-a.com>']);
    expect(s.scanner.stats().fullPasses).toBe(before.fullPasses);
  });

  it('a page that keeps re-rendering a found widget gets at most one full pass per gap', () => {
    const s = setup(2000);
    s.scanner.start();
    s.drain();
    s.advance(5000);
    for (let i = 0; i < 20; i++) {
      const row = s.rows()[0] as Element;
      const copy = row.cloneNode(true) as Element;
      row.replaceWith(copy);
      s.fire([{ type: 'childList', target: s.doc.getElementById('l') as Node, removedNodes: [row] as unknown as NodeList, addedNodes: [copy] as unknown as NodeList }]);
      s.advance(100);
    }
    // The first removal's pass at once, then one when the 2 s gap has passed.
    expect(s.scanner.stats().fullPasses).toBe(3);
    expect(s.people()).toEqual(['Alice Archer<alice@acme-a.com>', 'Bob Baker<bob@acme-a.com>', 'Carol Cole<carol@acme-a.com>']);
  });

  it('a later full pass reports the result before it until it is done', () => {
    const s = setup();
    s.scanner.start();
    s.drain();
    const before = s.scanner.current();
    const rescan = s.scanner.rescan();
    expect(s.scanner.current()).toEqual(before);
    s.drain();
    return rescan.then((after) => {
      expect(after.complete).toBe(true);
      expect(after.scan.emails).toHaveLength(3);
      expect(s.updates.every((u) => u.complete || u === s.updates[0] || u.scan.emails.length > 0)).toBe(true);
    });
  });

  it('an explicit rescan reads the page again (it sees what changed without a record)', async () => {
    const s = setup();
    s.scanner.start();
    s.drain();
    const p = s.doc.createElement('p');
    p.textContent = 'late@acme-a.com';
    s.doc.querySelector('main')?.append(p); // no record fired
    const rescan = s.scanner.rescan();
    s.drain();
    const { scan } = await rescan;
    expect(scan.emails).toContain('late@acme-a.com');
    expect(s.scanner.stats().fullPasses).toBe(2);
  });

  it('stop() answers whoever waits instead of leaving them hanging', async () => {
    const s = setup();
    s.scanner.start();
    const waiting = s.scanner.settled();
    s.scanner.stop();
    await expect(waiting).resolves.toMatchObject({ scanId: s.scanner.scanId });
  });
});
