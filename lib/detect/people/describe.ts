// The name, title or company name a record shows, read from its own text: headings and strong
// text first, then link text and a photo's `alt`, then any line. The identifiers' slugs and local
// parts only break ties between candidates the page itself shows.
import { companyName, lastNameIn, matchesHints, personName, squash, titleText } from './names';
import { recordParts } from './blocks';

const SHOW_ELEMENT_AND_TEXT = 1 | 4;
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

function rankOf(node: Node, part: Element): number | null {
  let rank = 2;
  for (let p = node.parentElement; p !== null; p = p.parentElement) {
    const tag = p.localName;
    if (SKIP.has(tag) || p.hasAttribute('data-in-page-enrich')) return null;
    if (STRONG.has(tag)) rank = 0;
    else if (tag === 'a' && rank > 1) rank = 1;
    if (p === part) break;
  }
  return rank;
}

/** The record's visible lines in document order (text nodes and photo captions), bounded. */
export function linesOf(record: Element): Line[] {
  const lines: Line[] = [];
  for (const part of recordParts(record)) {
    const doc = part.ownerDocument;
    const walker = doc.createTreeWalker(part, SHOW_ELEMENT_AND_TEXT);
    for (let n = 0, node = walker.nextNode(); node !== null && n < MAX_NODES && lines.length < MAX_LINES; n++, node = walker.nextNode()) {
      if (node.nodeType === 1) {
        const el = node as Element;
        if (el.localName !== 'img') continue;
        const alt = el.getAttribute('alt');
        if (alt !== null && alt.trim() !== '' && rankOf(el, part) !== null) lines.push({ text: squash(alt.slice(0, 200)), raw: '', rank: 1 });
        continue;
      }
      const data = (node as Text).data;
      if (data.trim() === '') continue;
      const rank = rankOf(node, part);
      if (rank === null) continue;
      const prev = node.previousSibling;
      const last = lines[lines.length - 1];
      // Adjacent text nodes are one line (parsers may split text at entities: "O&#39;Kon", "Founder &amp; CEO").
      if (prev !== null && prev.nodeType === 3 && last !== undefined && last.raw.length < 400) {
        last.raw += data.slice(0, 400);
        last.text = squash(last.raw);
      } else {
        lines.push({ text: squash(data.slice(0, 400)), raw: data.slice(0, 400), rank });
      }
    }
  }
  return lines;
}

export interface PersonLabel {
  name: string | null;
  title: string | null;
}

/** "Jane Doe, Partner" / "Jane Doe – Partner": a name and a title on one line. */
function splitNameLine(text: string): [string, string | null] {
  const cut = text.search(/,\s|\s[–—|-]\s/u);
  if (cut === -1) return [text, null];
  const rest = text.slice(cut).replace(/^[,\s–—|-]+/u, '');
  return [text.slice(0, cut), rest === '' ? null : rest];
}

/** The person a record shows: best name by markup, then by the hints; the title is the next line. */
export function describePerson(lines: readonly Line[], hints: readonly string[]): PersonLabel {
  let best = -1;
  let bestName: string | null = null;
  let bestTitle: string | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    const [head, tail] = splitNameLine(line.text);
    const name = personName(head);
    if (name === null) continue;
    // A heading or strong text decides first. Below that, link text and plain text weigh the same and
    // the identifiers' hints break the tie (a directory row links the company, not the person).
    const score = Math.min(line.rank, 1) * 2 + (matchesHints(name, hints) ? 0 : 1);
    if (score < bestScore) {
      bestScore = score;
      best = i;
      bestName = name;
      bestTitle = tail === null ? null : titleText(tail);
    }
  }
  if (bestName === null) return { name: null, title: null };
  // The title is the line right after the name (a farther line is a department, a company, an
  // address), not counting the name shown again (a photo's alt, then the name as a link).
  let after = best + 1;
  while (after < lines.length && personName(splitNameLine((lines[after] as Line).text)[0]) === bestName) after++;
  const next = lines[after];
  if (bestTitle === null && next !== undefined && personName(next.text) === null) bestTitle = titleText(next.text);
  return { name: bestName, title: bestTitle };
}

/**
 * A company's name as the page shows it: the text (or logo `alt`) of the link to its site or
 * company page, else the record's strongest short label, and only when it matches the link's host
 * or slug (`Contoso` ↔ contoso.com): link text in prose ("see the URL API") names no company.
 */
export function describeCompany(anchors: readonly Element[], lines: readonly Line[], hints: readonly string[]): string | null {
  for (const a of anchors) {
    const alt = a.querySelector('img[alt]')?.getAttribute('alt') ?? '';
    for (const text of [a.textContent ?? '', alt]) {
      const label = companyName(text.slice(0, 200));
      if (label !== null && matchesHints(label, hints)) return label;
    }
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
