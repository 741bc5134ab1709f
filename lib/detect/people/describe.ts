// The name, title or company name a record shows, read from its own text: headings and strong
// text first, then link text and a photo's `alt`, then any line. The identifiers' slugs and local
// parts only break ties between candidates the page itself shows.
import { columnName, companyName, lastNameIn, matchesHints, personName, squash, titleText, type Hints } from './names';
import { recordParts } from './blocks';
import { rowCells, type TableColumns } from './table-columns';

const MAX_NODES = 300;
const MAX_LINES = 40;
const SKIP: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template', 'textarea', 'button', 'svg']);
const STRONG: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'dt', 'th', 'caption', 'figcaption', 'legend', 'summary']);

/** One line of a record's text, and how strongly its markup says "this is the name" (0 strongest). */
interface Line {
  text: string;
  /** The text as read, for joining split text nodes (`text` is it squashed). */
  raw: string;
  rank: number;
}

/** Any character `trim` keeps (`\s` is exactly what it strips). */
const NOT_BLANK = /\S/;
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** How strongly an element's own tag says "name" for the text below it, given its parent's rank. */
function rankBelow(tag: string, rank: number): number {
  if (STRONG.has(tag)) return 0;
  return tag === 'a' && rank > 1 ? 1 : rank;
}

/**
 * A record's visible lines in document order (text nodes and photo captions), read on demand: a
 * person's card usually shows its name first, and the rest of the card need not be read once the
 * name and the line after it are known. A text node ranks 0 under heading or strong markup (up to
 * the part, the part included), else 1 under a link, else 2; text under a skipped element or our own
 * UI is no line. The walk is top-down, carrying each level's rank and skip state, so no text node
 * looks its ancestors up again. Like a TreeWalker over elements and text nodes, it visits at most
 * MAX_NODES nodes per part (those inside skipped elements included; an element holding only text counts
 * as one, its text read whole) and keeps at most MAX_LINES lines.
 *
 * `ownUi`: whether the page may hold our own UI (`data-in-page-enrich`) at all. The scan knows (it looks for such
 * regions); when it found none, no element is asked, one DOM call per element saved.
 */
export class LineReader {
  readonly lines: Line[] = [];
  private readonly parts: Element[];
  private partIndex = -1;
  private part: Element | null = null;
  private node: Node | null = null;
  private n = 0;
  /** Per open level: its rank times two, plus one when it is skipped (one stack, not two). */
  private levels: number[] = [];
  /**
   * Is the node to visit next preceded by a text node (its `previousSibling`)? Known from the walk itself, without
   * asking the DOM: true only right after a text node's next sibling is taken.
   */
  private afterText = false;
  /**
   * May the last line still grow: it was read from a text node, and no element has been visited since. Only then does
   * a text node continue it (with `afterText`), so a line read whole from an element is final at once.
   */
  private lastOpen = false;

  constructor(
    readonly record: Element,
    private readonly ownUi = true,
  ) {
    this.parts = recordParts(record);
    this.nextPart();
  }

  private isOwnUi(el: Element): boolean {
    return this.ownUi && el.hasAttribute('data-in-page-enrich');
  }

  private nextPart(): void {
    const part = this.parts[++this.partIndex] ?? null;
    this.part = part;
    this.n = 0;
    if (part === null) {
      this.node = null;
      return;
    }
    const tag = part.localName;
    const level = rankBelow(tag, 2) * 2 + (SKIP.has(tag) || this.isOwnUi(part) ? 1 : 0);
    this.levels = [level];
    this.afterText = false;
    this.lastOpen = false;
    if ((tag === 'td' || tag === 'th') && part.childElementCount === 0) {
      // A table cell holding text only (a row's name, title or company cell, read by `describeRow`): one line, read
      // as a leaf element's is below, without a wrapper for its text node.
      this.node = null;
      if ((level & 1) === 0) this.text(part.textContent ?? '', false, level >> 1);
      return;
    }
    this.node = part.firstChild;
  }

  /**
   * Is line `i` there and final? Only the last line can grow, and only while it is open (`lastOpen`); any other line
   * is final as soon as it is read. So a card's name and title lines are known without reading the line after them
   * (in a content script's world, the elements after them are wrappers made and DOM calls asked for nothing).
   */
  has(i: number): boolean {
    while ((this.lines.length <= i || (this.lines.length === i + 1 && this.lastOpen)) && this.part !== null) this.step();
    return i < this.lines.length;
  }

  /** Every line. */
  all(): Line[] {
    while (this.part !== null) this.step();
    return this.lines;
  }

  /** Visits one node (or ends the current part). */
  private step(): void {
    const lines = this.lines;
    const node = this.node;
    if (node === null || this.n >= MAX_NODES || lines.length >= MAX_LINES) {
      if (lines.length >= MAX_LINES) this.partIndex = this.parts.length;
      this.nextPart();
      return;
    }
    const levels = this.levels;
    const level = levels[levels.length - 1] as number;
    const skipped = (level & 1) === 1;
    const type = node.nodeType;
    let child: Node | null = null;
    if (type === ELEMENT_NODE) {
      this.n++;
      // No text node that follows an element continues the line before it.
      this.lastOpen = false;
      const el = node as Element;
      const tag = el.localName;
      if (tag === 'img' && !skipped) {
        const alt = el.getAttribute('alt');
        if (alt !== null && alt.trim() !== '') lines.push({ text: squash(alt.slice(0, 200)), raw: '', rank: 1 });
      }
      const skip = skipped || SKIP.has(tag) || this.isOwnUi(el);
      if (el.childElementCount === 0) {
        // `<td>Jane Doe</td>`, `<h3>…</h3>`: most elements of a card hold text only. Their `textContent` is the line
        // their text nodes would make, read without asking for the nodes: in a content script's world every node a
        // DOM call returns is looked up in (or added to) that world's wrapper table, the most of this reader's time.
        if (!skip) this.text(el.textContent ?? '', false, rankBelow(tag, level >> 1));
      } else {
        child = el.firstChild;
        levels.push(rankBelow(tag, level >> 1) * 2 + (skip ? 1 : 0));
      }
    } else if (type === TEXT_NODE) {
      this.n++;
      if (!skipped && this.text((node as Text).data, this.afterText && this.lastOpen, level >> 1)) this.lastOpen = true;
    }
    if (child !== null) {
      this.node = child;
      this.afterText = false;
      return;
    }
    // Next in document order: the next sibling, else the next sibling of the nearest ancestor below the part.
    let next: Node | null = node.nextSibling;
    let afterText = type === TEXT_NODE;
    let up: Node | null = node;
    while (next === null) {
      up = up.parentNode;
      if (up === null || up === this.part) break;
      levels.pop();
      next = up.nextSibling;
      afterText = false;
    }
    this.node = next;
    this.afterText = afterText;
  }

  /** Visible text: a new line, or more of the last one when it continues a text node (`continues`). False when blank. */
  private text(data: string, continues: boolean, rank: number): boolean {
    // A test, not `data.trim() !== ''`: no copy of every text node just to see it is not blank.
    if (!NOT_BLANK.test(data)) return false;
    const lines = this.lines;
    const last = lines[lines.length - 1];
    const head = data.length > 400 ? data.slice(0, 400) : data;
    // Adjacent text nodes are one line (parsers may split text at entities: "O&#39;Kon", "Founder &amp; CEO"); a line
    // read from an element is not continued by the text after it, as in a browser, whose parser never splits text.
    if (continues && last !== undefined && last.raw.length < 400) {
      last.raw += head;
      last.text = squash(last.raw);
    } else {
      lines.push({ text: squash(head), raw: head, rank });
    }
    return true;
  }
}

/** The record's visible lines in document order (text nodes and photo captions), bounded. */
export function linesOf(record: Element, ownUi = true): Line[] {
  return new LineReader(record, ownUi).all();
}

export interface PersonLabel {
  name: string | null;
  title: string | null;
}

/** What ends the name on a line that holds a name and a title: "Jane Doe, Partner", "Jane Doe – Partner". */
const NAME_SEPARATORS = [', ', ' – ', ' — ', ' | ', ' - '];

/**
 * Where a line's name part ends: at its first ", " or spaced dash or bar, else -1. Lines are squashed (their only
 * whitespace is single spaces), so a few native searches do what a pattern would, on every line a record shows.
 */
function nameEnd(text: string): number {
  let cut = -1;
  for (const separator of NAME_SEPARATORS) {
    const at = text.indexOf(separator);
    if (at !== -1 && (cut === -1 || at < cut)) cut = at;
  }
  return cut;
}

/** The rest of a line after its name part ("Partner"), or null. */
function afterName(text: string, cut: number): string | null {
  const rest = text.slice(cut).replace(/^[,\s–—|-]+/u, '');
  return rest === '' ? null : rest;
}

/** The person a record shows: best name by markup, then by the hints; the title is the next line. */
export function describePerson(reader: LineReader, hints: Hints): PersonLabel {
  const lines = reader.lines;
  let best = -1;
  let bestName: string | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  // Each line's name (its part before a ", " or " – "), read once and only when asked: the title search below
  // reads names again, and a line that cannot beat the best so far is never read as one.
  const names: Array<string | null | undefined> = [];
  const nameAt = (i: number): string | null => {
    let name = names[i];
    if (name === undefined) {
      const text = (lines[i] as Line).text;
      const cut = nameEnd(text);
      name = personName(cut === -1 ? text : text.slice(0, cut), true) ?? nameAfterRole(text, hints, reader.record);
      names[i] = name;
    }
    return name;
  };
  // A heading or strong name the identifiers' hints confirm (score 0) cannot be beaten: stop reading there.
  for (let i = 0; bestScore > 0 && reader.has(i); i++) {
    const line = lines[i] as Line;
    // A heading or strong text decides first. Below that, link text and plain text weigh the same and
    // the identifiers' hints break the tie (a directory row links the company, not the person).
    const markup = Math.min(line.rank, 1) * 2;
    if (markup >= bestScore) continue;
    const name = nameAt(i);
    if (name === null) continue;
    const score = markup + (matchesHints(name, hints) ? 0 : 1);
    if (score < bestScore) {
      bestScore = score;
      best = i;
      bestName = name;
    }
  }
  if (bestName === null) return { name: null, title: null };
  const bestText = (lines[best] as Line).text;
  // "Obmann: OSR Markus Fuchs": the role before the colon is the title.
  const role = bestText.startsWith(bestName) ? null : roleBefore(bestText);
  if (role !== null) return { name: bestName, title: titleText(role) };
  const cut = nameEnd(bestText);
  const tail = cut === -1 ? null : afterName(bestText, cut);
  let bestTitle = tail === null ? null : titleText(tail);
  // The title is the line right after the name (a farther line is a department, a company, an
  // address), not counting the name shown again (a photo's alt, then the name as a link).
  let after = best + 1;
  while (reader.has(after) && nameAt(after) === bestName) after++;
  const next = reader.has(after) ? lines[after] : undefined;
  // A line that is a name is no title. `nameAt` read that line's name part already; the whole line is that part
  // when it has no separator (most title lines), and then it is not read again.
  if (bestTitle === null && next !== undefined && (nameEnd(next.text) === -1 ? nameAt(after) : personName(next.text, true)) === null) {
    bestTitle = titleText(next.text);
  }
  return { name: bestName, title: bestTitle };
}

/** Longest role label before a name ("Geschäftsführer: ", "Pressekontakt: "). */
const MAX_ROLE = 40;

/** The role before a line's ": " ("Obmann" in "Obmann: OSR Markus Fuchs"), or null. */
function roleBefore(text: string): string | null {
  const at = text.indexOf(': ');
  return at < 2 || at > MAX_ROLE ? null : text.slice(0, at);
}

/** Roles of an editorial team: a site's "Editor: …, Reporter: …" box lists its staff, not contacts (docs/people.md). */
const EDITORIAL_ROLES = /^(?:editor|editors|reporter|redakteur|redakteurin|chefredakteur|chefredakteurin|redaktion|rédacteur|rédactrice|redactor|redactora|journalist|journalistin|photographer|fotograf|fotografin)$/i;

/**
 * The name after a role label ("Obmann: OSR Markus Fuchs" beside `markus.fuchs@…`, "Geschäftsführer: Max Mustermann"
 * beside `max.mustermann@…`): an imprint's or a widget's way of naming its people. Only when the record's own address
 * or profile names the same person: a deputy named beside the office's mailbox ("Stellvertretung: Ernst Bauer",
 * `office@…`) does not own the office's line. Null when the line reads otherwise ("Tel: +43 …").
 */
function nameAfterRole(text: string, hints: Hints, record: Element): string | null {
  const role = roleBefore(text);
  if (role === null || EDITORIAL_ROLES.test(role.trim())) return null;
  const rest = text.slice(role.length + 2);
  const cut = nameEnd(rest);
  const name = personName(cut === -1 ? rest : rest.slice(0, cut), true);
  if (name === null || !matchesHints(name, hints)) return null;
  // A masthead lists its publisher beside its editors ("Editor: …", "General Manager & Advertising: …"): the whole box
  // is the site's staff. Read only for a name found this way, from the block around the record.
  const box = (record.parentElement?.textContent ?? '').slice(0, 2000);
  return EDITORIAL_LABEL.test(box) ? null : name;
}

/** An editorial role as a label in a block's text ("Editor: Katy Grimes", "Redaktion: …"). */
const EDITORIAL_LABEL = /(?:^|[^\p{L}])(?:editor|reporter|redakteur|redakteurin|chefredakteur|chefredakteurin|redaktion|rédacteur|rédactrice|redactor|redactora)\s*:/iu;

/** The first line of a cell's text, or null. */
function firstLine(cell: Element | null, ownUi: boolean): string | null {
  if (cell === null) return null;
  const reader = new LineReader(cell, ownUi);
  return reader.has(0) ? (reader.lines[0] as Line).text : null;
}

/**
 * A table row whose header names its columns (`TableColumns`): the name from the name column, or the first and last
 * name columns, else from the row as any record; the title only from a title column, or from the name cell's own next
 * line ("Jane Doe<br>Partner"), never from the next cell (under "Company" or "Department" it is not a title); the
 * company from a company column.
 */
export function describeRow(row: Element, columns: TableColumns, hints: Hints, ownUi: boolean): PersonLabel & { company: string | null } {
  const cells = rowCells(row, columns);
  let label: PersonLabel = cells.name === null ? { name: null, title: null } : describePerson(new LineReader(cells.name, ownUi), hints);
  if (label.name === null && cells.name !== null) {
    // The header says this cell is the name: a name written without capitals (氏名: 佐藤 健二) is still one.
    const line = firstLine(cells.name, ownUi);
    label = { name: line === null ? null : columnName(line), title: null };
  }
  if (label.name === null && cells.first !== null && cells.last !== null) {
    const first = firstLine(cells.first, ownUi);
    const last = firstLine(cells.last, ownUi);
    label = { name: first !== null && last !== null ? (personName(`${first} ${last}`, true) ?? columnName(`${first} ${last}`)) : null, title: null };
  }
  if (label.name === null) label = { name: describePerson(new LineReader(row, ownUi), hints).name, title: null };
  const titleLine = firstLine(cells.title, ownUi);
  const companyLine = firstLine(cells.company, ownUi);
  return {
    name: label.name,
    title: columns.title === -1 ? label.title : titleLine === null ? null : titleText(titleLine),
    company: companyLine === null ? null : companyName(companyLine),
  };
}

/**
 * A company's name as the page shows it: the text (or logo `alt`) of the link to its site or
 * company page, else the record's strongest short label, and only when it matches the link's host
 * or slug (`Contoso` ↔ contoso.com): link text in prose ("see the URL API") names no company.
 */
export function describeCompany(anchors: readonly Element[], lines: readonly Line[], hints: Hints): string | null {
  for (const a of anchors) {
    const text = companyName((a.textContent ?? '').slice(0, 200));
    if (text !== null && matchesHints(text, hints)) return text;
    // A logo's alt, looked for only when the link has elements inside (most links hold just text).
    const alt = a.firstElementChild === null ? '' : (a.querySelector('img[alt]')?.getAttribute('alt') ?? '');
    const label = companyName(alt.slice(0, 200));
    if (label !== null && matchesHints(label, hints)) return label;
  }
  let name: string | null = null;
  let rank = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    if (line.rank >= rank) continue;
    const label = companyName(line.text);
    if (label !== null && matchesHints(label, hints)) {
      name = label;
      rank = line.rank;
    }
  }
  return name;
}

/** The name that leads a run of inline text before an identifier ("… or John Roe <a>…</a>"). */
export function nameBefore(node: Node, maxSteps = 12): { start: Node; name: string } | null {
  let cur: Node | null = node;
  for (let i = 0; cur !== null && i < maxSteps; i++, cur = cur.previousSibling) {
    const text = cur.nodeType === 3 ? (cur as Text).data : cur.nodeType === 1 ? (cur.textContent ?? '') : '';
    const name = text.length > 0 ? lastNameIn(text.slice(-512)) : null;
    if (name !== null) return { start: cur, name };
  }
  return null;
}

/** Headings a staff page of sections puts before each person's paragraphs. */
const HEADING = /^H[1-6]$/i;

/**
 * The name in the heading just before a record that shows none ("<h4>Jane Doe</h4><img><p>… jane@…</p>"), looking back
 * a few siblings only: the first heading met decides, a name or not ("<h3>Explorer</h3>" names nobody).
 */
export function headingNameBefore(el: Element, maxSteps = 4): string | null {
  let cur = el.previousElementSibling;
  for (let i = 0; cur !== null && i < maxSteps; i++, cur = cur.previousElementSibling) {
    if (HEADING.test(cur.tagName)) return repeatsBeside(cur) ? personName((cur.textContent ?? '').slice(0, 200)) : null;
  }
  return null;
}

/** Siblings looked at for a heading's twin: sections of people follow one another. */
const TWIN_STEPS = 32;

/**
 * Does another heading of the same level stand beside this one (the next person's section)? A card's single heading
 * does not: its nameless lines (a second phone) are the card's, and the card adopts them.
 */
function repeatsBeside(heading: Element): boolean {
  let before = heading.previousElementSibling;
  let after = heading.nextElementSibling;
  for (let i = 0; i < TWIN_STEPS && (before !== null || after !== null); i++) {
    if (before?.tagName === heading.tagName || after?.tagName === heading.tagName) return true;
    before = before?.previousElementSibling ?? null;
    after = after?.nextElementSibling ?? null;
  }
  return false;
}
