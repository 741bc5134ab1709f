// People a page names without an identifier: speakers, board members, a team grid of names and titles. Read from the
// page's headings (a speaker's or a team member's card leads with their name as a heading), a few subtrees per unit of
// work like the country evidence (page-evidence.ts), never per text node, and bounded. A heading counts only where the
// page repeats the pattern: several headings of one level that are names, and a fair share of that level's headings
// (one person's name among an article's section headings is a mention, not a list of people).
import { SUBTREES_PER_UNIT, SubtreeQueue } from '../subtrees';
import type { RawNamed } from '../schema';
import { personName, squash, titleText } from './names';

const HEADINGS = 'h2, h3, h4, h5, h6';
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

export class NamedHeadingReader {
  private readonly subtrees: SubtreeQueue;
  private read = 0;
  /** Per heading level: headings read, and the names among them in page order. */
  private readonly levels = new Map<string, { headings: number; named: RawNamed[]; cards: number }>();

  constructor(root: Element | null) {
    this.subtrees = new SubtreeQueue(root);
  }

  /** One unit of work; true when the page is read (or the cap reached). */
  step(): boolean {
    const subtrees = this.subtrees;
    for (let i = 0; i < SUBTREES_PER_UNIT && !subtrees.done && this.read < MAX_HEADINGS; i++) {
      const el = subtrees.next() as Element;
      if (el.matches(HEADINGS)) this.add(el);
      if (!subtrees.whole) continue;
      const found = el.querySelectorAll(HEADINGS);
      for (let k = 0; k < found.length && this.read < MAX_HEADINGS; k++) this.add(found[k] as Element);
    }
    return subtrees.done || this.read >= MAX_HEADINGS;
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

  /** The named people of the levels that list people, each name once. */
  get people(): RawNamed[] {
    const out: RawNamed[] = [];
    const seen = new Set<string>();
    for (const { headings, named, cards } of this.levels.values()) {
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
