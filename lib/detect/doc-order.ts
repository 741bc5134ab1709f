// "Has the walk read all of this element?": asked by the grouper during the walk, so it can read a record as soon as
// the walk has left it (people reach the panel while the page is still being read). A browser answers with one native
// `compareDocumentPosition`; linkedom (the CLI and the unit tests) answers that call by comparing depths, which is
// wrong for most pairs, so there the answer is worked out from the two nodes' ancestors.

const DISCONNECTED = 1;
const PRECEDING = 2;
const CONTAINS = 8;

/** Is `node` after all of `el` in the same tree (after its end, not inside it)? */
export type EndsBefore = (el: Node, node: Node) => boolean;

/**
 * Asked of `node` about `el`, not the other way: where the two part under one parent, Blink walks the siblings after
 * the argument's side looking for the receiver's, so this costs the distance from `el` to `node` (the walk's place is
 * just after the record asked about), where the other way walks to the end of the list (20,000 rows of a table).
 */
const native: EndsBefore = (el, node) => (node.compareDocumentPosition(el) & (DISCONNECTED | PRECEDING | CONTAINS)) === PRECEDING;

/** The same answer from the ancestor chains (linear in depth, and in the width of the level where they part). */
const byAncestors: EndsBefore = (el, node) => {
  const up: Node[] = [];
  for (let n: Node | null = el; n !== null; n = n.parentNode) up.push(n);
  const other: Node[] = [];
  for (let n: Node | null = node; n !== null; n = n.parentNode) other.push(n);
  let i = up.length - 1;
  let j = other.length - 1;
  if (up[i] !== other[j]) return false;
  while (i >= 0 && j >= 0 && up[i] === other[j]) {
    i--;
    j--;
  }
  // One is the other's ancestor (or the same node): `node` is not after the end of `el`.
  if (i < 0 || j < 0) return false;
  const target = other[j] as Node;
  for (let s = (up[i] as Node).nextSibling; s !== null; s = s.nextSibling) if (s === target) return true;
  return false;
};

/** The test to use in `doc`: native where the DOM orders a nested pair right (a browser), else by ancestors. */
export function endsBeforeFor(doc: Document): EndsBefore {
  try {
    const scratch = doc.implementation.createHTMLDocument('');
    const body = scratch.body;
    const first = body.appendChild(scratch.createElement('p'));
    const deep = first.appendChild(scratch.createElement('b'));
    const later = body.appendChild(scratch.createElement('i'));
    return native(deep, later) && !native(later, deep) && !native(first, deep) && native(first, later) ? native : byAncestors;
  } catch {
    return byAncestors;
  }
}
