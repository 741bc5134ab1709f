// Which element is one person's (or one company's) record? The smallest ancestor of an identifier
// that repeats: a sibling of the same tag also holds an identifier of the same kind. That finds
// table rows, list items, cards, articles and definition-list entries without reading class
// names, and leaves a site-wide email or a footer phone (nothing like them beside them) loose.
// Cells and a card's lines are not records: their siblings hold other kinds (the phone cell
// beside the email cell), so the walk goes on up to the row or the card.

/** Kinds of identifier, as bits, so one number per element says what its subtree holds. */
export const KIND_BIT = { email: 1, phone: 2, profile: 4, company: 8, linkHost: 16 } as const;
export type HitKind = keyof typeof KIND_BIT;

/** How far up from an identifier a record may start, and how many siblings either side are compared. */
const MAX_UP = 12;
const SIBLINGS = 6;

/**
 * Beside the kind bits, each node's number counts how many of its children hold each kind (0, 1, or
 * 2 for "two or more"), two bits per kind above the kind bits. A record needs a sibling holding the
 * same kind, so where a parent has only one such child no sibling needs looking at: most levels
 * between an identifier and its record (the link in a line, the line in a card) are passed at once.
 */
const COUNT_SHIFT = 5;

function childCountShift(bit: number): number {
  return COUNT_SHIFT + 2 * (31 - Math.clz32(bit));
}

/** Marks `el` and its ancestors (up to `root`) as holding an identifier of kind `bit`. */
export function markAncestors(masks: Map<Node, number>, el: Element, root: Element, bit: number): void {
  const shift = childCountShift(bit);
  let cur: Element = el;
  let mask = masks.get(el) ?? 0;
  for (let depth = 0; ; depth++) {
    // Marked already: everything above was marked by the same walk from a sibling.
    if ((mask & bit) !== 0) return;
    masks.set(cur, mask | bit);
    // `parentElement`: one DOM call where `parentNode` and a `nodeType` test are two (in a content script's world
    // each is a binding call, and a returned node a lookup in the world's wrapper table). Null at the top of a
    // tree, whose parent may still be a shadow root holding the records: counted there, not climbed.
    const parentElement = cur.parentElement;
    const parent = parentElement ?? cur.parentNode;
    // The parent's number is read once per level: counted here, and (when the walk goes on to it)
    // it is the next level's mask, so no second lookup.
    let above = 0;
    if (parent !== null) {
      above = masks.get(parent) ?? 0;
      if (((above >>> shift) & 3) < 2) {
        above += 1 << shift;
        masks.set(parent, above);
      }
    }
    if (cur === root || depth >= MAX_UP + 1) return;
    if (parentElement === null) return;
    cur = parentElement;
    mask = above;
  }
}

function similarSibling(el: Element, masks: ReadonlyMap<Node, number>, bit: number, backwards: boolean): boolean {
  const tag = el.localName;
  let s = backwards ? el.previousElementSibling : el.nextElementSibling;
  for (let i = 0; s !== null && i < SIBLINGS; i++) {
    if (s.localName === tag && ((masks.get(s) ?? 0) & bit) !== 0) return true;
    s = backwards ? s.previousElementSibling : s.nextElementSibling;
  }
  return false;
}

/**
 * The smallest ancestor of `el` (or `el`) with a sibling of its tag holding kind `bit`: the block that decides the
 * record of an identifier of kind `bit` found at `el` (a `<dd>`'s record is keyed by its `<dt>`: `definitionEntry`);
 * null when there is none (it belongs to nobody). Once the walk has read all of this block, later finds cannot give
 * `el` a smaller one (the levels below it are inside it), and marks only add, so it stays this block.
 * `within`: a block the walk has read to its end; null unless the answer is inside it (or is it), and the climb stops
 * as soon as it leaves it.
 */
export function repeatedAncestor(el: Element, root: Element, masks: ReadonlyMap<Node, number>, bit: number, within: Node | null = null): Element | null {
  const shift = childCountShift(bit);
  let cur: Element | null = el;
  let mask = masks.get(el) ?? 0;
  for (let depth = 0; cur !== null && cur !== root && depth < MAX_UP; depth++) {
    // As in `markAncestors`: the parent element, else (at the top of a tree) a shadow root's children are compared too.
    const parentElement: Element | null = cur.parentElement;
    const parent = parentElement ?? cur.parentNode;
    if (parent === null) return null;
    // May a sibling of `cur` hold kind `bit` (per the counts `markAncestors` keeps)? `cur` itself is
    // one of the parent's children counted unless a capped walk left it unmarked. The parent's number
    // is read once: it is also the next level's own mask.
    const above = masks.get(parent) ?? 0;
    const holding = (above >>> shift) & 3;
    const siblingsHold = holding >= 2 || (holding === 1 && (mask & bit) === 0);
    if (siblingsHold && (similarSibling(cur, masks, bit, true) || similarSibling(cur, masks, bit, false))) {
      // One native `contains`: it climbs inside the browser, no node handed to JavaScript on the way.
      return within === null || cur === within || within.contains(cur) ? cur : null;
    }
    if (cur === within) return null;
    cur = parentElement;
    mask = above;
  }
  return null;
}


/** A `<dd>` belongs to the entry its `<dt>` opens: the entry is keyed by that `<dt>`. */
export function definitionEntry(el: Element): Element {
  if (el.localName !== 'dd') return el;
  for (let s = el.previousElementSibling; s !== null; s = s.previousElementSibling) {
    if (s.localName === 'dt') return s;
  }
  return el;
}

/** The elements whose text makes up a record: a `<dt>` with its `<dd>`s, else the record itself. */
export function recordParts(record: Element): Element[] {
  if (record.localName !== 'dt') return [record];
  const parts = [record];
  for (let s = record.nextElementSibling; s !== null && s.localName !== 'dt' && parts.length < 16; s = s.nextElementSibling) {
    parts.push(s);
  }
  return parts;
}
