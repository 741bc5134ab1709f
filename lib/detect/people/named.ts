// People a page names without an identifier: speakers, board members, a team grid of names and titles. Read from the
// page's headings (a speaker's or a team member's card leads with their name as a heading), a few subtrees per unit of
// work like the country evidence (page-evidence.ts), never per text node, and bounded. A heading counts only where the
// page repeats the pattern: several headings of one level that are names, and a fair share of that level's headings
// (one person's name among an article's section headings is a mention, not a list of people).
import type { RawNamed } from '../schema';
import { isNotNameWord } from '../../identity/name';
import { personName, squash, titleText } from './names';

const HEADINGS = 'h2, h3, h4, h5, h6';
/** The same tags, tested on an element's own name (no selector call for each subtree of the page). */
const HEADING_TAGS: ReadonlySet<string> = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);
/** Navigation, footers and our own UI name nobody. */
const NOT_CONTENT = 'nav, footer, [data-in-page-enrich]';
/** Headings read at most, and named people kept (the schema caps the message the same way). */
const MAX_HEADINGS = 2000;
export const MAX_NAMED = 500;
/** A heading's or a title line's text read at most. */
const MAX_TEXT = 200;
/** Of a level's headings, at least this share are names for that level to be a list of people. */
const MIN_SHARE = 1 / 3;
/** Children of a person's card at most (a photo, the name, a title, a few links): an article's body has more. */
const SMALL_CARD = 8;
const HEADING = /^H[1-6]$/i;
/** Levels above a name a card's photo may sit. */
const CARD_LEVELS = 2;

/** A heading that reads as a name ("Dre Nadia Lessard, Ph.D" → its part before the comma), and the line after it. */
function readHeading(el: Element): RawNamed | null {
  const text = squash((el.textContent ?? '').slice(0, MAX_TEXT));
  const comma = text.indexOf(', ');
  const name = personName(comma === -1 ? text : text.slice(0, comma), true);
  if (name === null) return null;
  const next = el.nextElementSibling;
  // The line after the name, or a heading one level down ("<h3>Igor Laborie</h3><h4>Choloepusophile</h4>").
  const title = next === null || (HEADING.test(next.tagName) && next.tagName <= el.tagName) ? null : titleText((next.textContent ?? '').slice(0, MAX_TEXT));
  return { name, title };
}

/**
 * Does a named heading stand as a card or a list entry: a short line after it (the person's title), the next entry's
 * heading right after it, or a small block with a photo around it? An article's Title Case section heading
 * ("Two-Factor Authentication") is followed by a paragraph in a long body, and is none of these.
 */
function cardLike(el: Element, named: RawNamed): boolean {
  if (named.title !== null) return true;
  const next = el.nextElementSibling;
  if (next === null || next.tagName === el.tagName || (next.textContent ?? '').trim() === '') return true;
  // The photo sits beside the name's block or one level up ("<div><div><img></div><div><h4>…").
  let block = el.parentElement;
  for (let up = 0; block !== null && up < CARD_LEVELS && block.childElementCount <= SMALL_CARD; up++, block = block.parentElement) {
    if (photoWithin(block)) return true;
  }
  return false;
}

/**
 * A photo among a small block's children or grandchildren. Looked for by hand, a bounded number of elements: a query
 * on a block whose few children hold a large subtree would read all of it, once per heading.
 */
function photoWithin(block: Element): boolean {
  for (let c = block.firstElementChild; c !== null; c = c.nextElementSibling) {
    if (isPhoto(c)) return true;
    let n = 0;
    for (let g = c.firstElementChild; g !== null && n < SMALL_CARD; g = g.nextElementSibling, n++) if (isPhoto(g)) return true;
  }
  return false;
}

const isPhoto = (el: Element): boolean => el.localName === 'img' || el.localName === 'picture';

/** Elements that stand as one entry of a list of people: "<p>Hongtao Wu, PhD 2022</p>", a speaker's `<li>` or `<span>`. */
const ENTRIES = 'p, li, a, span';
const ENTRY_TAGS: ReadonlySet<string> = new Set(['p', 'li', 'a', 'span']);
/** Entries read at most, and text nodes looked at for an entry's first words. */
const MAX_ENTRIES = 20000;
const LEAD_NODES = 12;
const ENTRIES_PER_UNIT = 400;
/** Entries of one list at least that are names: two names side by side are a mention ("Jane Doe, Chen Wei"). */
const MIN_LIST = 3;
const PAREN = /\s*\(([^)]{0,120})\)/gu;

/** The first two lines an entry shows: its first text nodes with letters (an image's `alt` is no text). */
function leadLines(entry: Element): [string, string] {
  const walker = entry.ownerDocument.createTreeWalker(entry, 4 /* NodeFilter.SHOW_TEXT */);
  const lines: string[] = [];
  for (let n = 0, node = walker.nextNode(); node !== null && n < LEAD_NODES && lines.length < 2; n++, node = walker.nextNode()) {
    const text = squash((node.nodeValue ?? '').slice(0, MAX_TEXT));
    if (text !== '') lines.push(text);
  }
  return [lines[0] ?? '', lines[1] ?? ''];
}

/**
 * An entry that leads with a name, and whether it reads as a person's (what follows the name holds a role, a year or
 * a lower-case word, or the entry shows a photo): "Yuanfeng (Rick) Han, PhD 2022", "Matej Balog (research scientist
 * at DeepMind)", a speaker's photo and name. A list of places ("San Francisco, California") has names, not people.
 */
function readEntry(entry: Element): { named: RawNamed; person: boolean } | null {
  const [lead, next] = leadLines(entry);
  const notes: string[] = [];
  // A nickname or a role in brackets is no part of the name.
  const bare = lead.replace(PAREN, (_m, inner: string) => (notes.push(inner), '')).trim();
  const comma = bare.search(/,\s|\s[–—|]\s/u);
  const name = personName(comma === -1 ? bare : bare.slice(0, comma), true);
  // A short code beside capitalised words ("Toulouse JUG", "Duchess FR", "Ruster Ausbruch DAC") names a group or a
  // product; a surname in capitals stands beside a first name in capitals too ("Jean DUPONT" passes: four letters).
  if (name === null || (/\b\p{Lu}{2,3}\b/u.test(name) && /\p{Ll}/u.test(name))) return null;
  const after = squash((entry.textContent ?? '').slice(0, MAX_TEXT)).slice(lead.length);
  const rest = [...notes, comma === -1 ? '' : bare.slice(comma + 2), after].join(' ');
  const person = /\d|(?:^|\s)\p{Ll}/u.test(rest) || rest.split(/[^\p{L}]+/u).some((w) => w !== '' && isNotNameWord(w.toLowerCase())) || photoWithin(entry) || entry.querySelector('[style*="background-image"]') !== null;
  // The title: the part after the name's comma (a year after it off: "PhD 2022"), else a role in brackets, else the
  // next line.
  const role = comma === -1 ? (notes[notes.length - 1] ?? next) : (bare.slice(comma + 2).split(', ')[0] as string).replace(/\s*\d{4}$/, '');
  const title = titleText(role.split(' (')[0] as string);
  return { named: { name, title: title !== null && /\p{L}/u.test(title) ? title : null }, person };
}

/**
 * Reads the page's headings and list entries from the subtrees the scan hands it in document order (`visit`, the
 * scan's one shared pass over the page's subtrees, walk.ts), a bounded number of entries per unit of work.
 */
export class NamedHeadingReader {
  private read = 0;
  /** Per heading level: headings read, and the names among them in page order. */
  private readonly levels = new Map<string, { headings: number; named: RawNamed[]; cards: number }>();
  /** Per parent of list entries: its entries of one tag read, the names they lead with and how many read as people's. */
  private readonly lists = new Map<Element, { tag: string; headings: number; named: RawNamed[]; cards: number }>();
  private entries = 0;

  /** A subtree's list entries still to read, a bounded number per unit of work (a subtree can hold thousands). */
  private pending: ArrayLike<Element> = [];
  private pendingAt = 0;

  /** The heading cap is reached: no more subtrees are wanted (entries already queued are still read). */
  get done(): boolean {
    return this.read >= MAX_HEADINGS;
  }

  /** Entries queued by `visit` wait to be read (`readEntries`) before the next subtree. */
  get reading(): boolean {
    return this.pendingAt < this.pending.length;
  }

  /** Up to a unit's worth of the queued entries. */
  readEntries(): void {
    for (let n = 0; this.pendingAt < this.pending.length && n < ENTRIES_PER_UNIT; n++) this.addEntry(this.pending[this.pendingAt++] as Element);
  }

  /**
   * One subtree (`SubtreeQueue.next`): the element itself, and with `whole` everything below it. True when it queued
   * entries, to be read before the next subtree.
   */
  visit(el: Element, whole: boolean): boolean {
    const tag = el.localName;
    if (HEADING_TAGS.has(tag)) this.add(el);
    if (ENTRY_TAGS.has(tag)) this.addEntry(el);
    if (!whole) return false;
    const found = el.querySelectorAll(HEADINGS);
    for (let k = 0; k < found.length && this.read < MAX_HEADINGS; k++) this.add(found[k] as Element);
    if (this.entries >= MAX_ENTRIES) return false;
    this.pending = el.querySelectorAll(ENTRIES);
    this.pendingAt = 0;
    return this.reading;
  }

  private add(el: Element): void {
    if (el.closest(NOT_CONTENT) !== null) return;
    this.read++;
    // Headings of one level and one class are one kind of thing: a grid's names beside its news teasers' titles
    // (`h3.author-avatar__title` among `h3.basic-teaser__title`) are a list of people of their own.
    const tag = `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`;
    let level = this.levels.get(tag);
    if (level === undefined) this.levels.set(tag, (level = { headings: 0, named: [], cards: 0 }));
    level.headings++;
    const named = readHeading(el);
    if (named === null) return;
    level.named.push(named);
    if (cardLike(el, named)) level.cards++;
  }

  /** An entry of a list: a child, among siblings of its tag, of a parent with a few children. */
  private addEntry(el: Element): void {
    if (this.entries >= MAX_ENTRIES) return;
    const parent = el.parentElement;
    if (parent === null || parent.childElementCount < MIN_LIST || el.closest(NOT_CONTENT) !== null) return;
    this.entries++;
    let list = this.lists.get(parent);
    if (list === undefined) this.lists.set(parent, (list = { tag: el.localName, headings: 0, named: [], cards: 0 }));
    if (list.tag !== el.localName) return;
    const entry = readEntry(el);
    if (entry === null) {
      if ((el.textContent ?? '').trim() !== '') list.headings++; // a spacer (`<p><br></p>`) is no entry
      return;
    }
    list.headings++;
    list.named.push(entry.named);
    if (entry.person) list.cards++;
  }

  /**
   * The named people of the heading levels that list people, and of the lists whose entries are mostly people's
   * names (half of the entries at least, three or more, most of them reading as people's), each name once.
   */
  get people(): RawNamed[] {
    const out: RawNamed[] = [];
    const seen = new Set<string>();
    // A list of people names each once (a long one may slip once): names repeated are products or one person's posts.
    const lists = [...this.lists.values()].filter(
      (l) => l.named.length >= MIN_LIST && l.named.length * 2 >= l.headings && new Set(l.named.map((n) => n.name)).size >= l.named.length * 0.9,
    );
    for (const { headings, named, cards } of [...this.levels.values(), ...lists]) {
      if (named.length < 2 || named.length < headings * MIN_SHARE || cards * 2 < named.length) continue;
      for (const n of named) {
        const key = n.name.toLowerCase();
        if (seen.has(key) || out.length >= MAX_NAMED) continue;
        seen.add(key);
        out.push(n);
      }
    }
    return out;
  }
}
