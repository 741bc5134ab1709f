// A document cut into subtrees small enough to ask natively, one at a time, in document order. One selector
// query over a whole 50 MB page (685k elements) takes ~40 ms (docs/performance.md); asked per subtree, a few subtrees
// per unit of work, no unit holds the main thread long. Used by the excluded-regions check (walk.ts) and the country
// evidence (page-evidence.ts).

/** Elements this wide, and the top levels of the page, are split into their children rather than asked whole. */
export const WIDE = 32;
export const BLIND_DEPTH = 2;
/** Subtrees asked per unit of work by each sliced query. */
export const SUBTREES_PER_UNIT = 32;

export class SubtreeQueue {
  private readonly queue: Element[] = [];
  private readonly depths: number[] = [];
  /**
   * Set by `next`: the element's whole subtree is to be asked (`querySelector*` on it). When false, its children
   * were queued instead (a wrapper, a single-child chain, a wide list) or it has none: ask the element alone.
   */
  whole = false;

  /**
   * `stopAt`: an element handed back like any other but never split or asked whole (its subtree is read elsewhere: the
   * evidence reader stops at the body, which the scan's shared pass reads).
   */
  constructor(
    top: Element | null,
    private readonly stopAt: Element | null = null,
  ) {
    if (top !== null) {
      this.queue.push(top);
      this.depths.push(0);
    }
  }

  get done(): boolean {
    return this.queue.length === 0;
  }

  /** The next subtree in document order (depth-first), or null when none is left. */
  next(): Element | null {
    const el = this.queue.pop();
    if (el === undefined) return null;
    const depth = this.depths.pop() as number;
    this.whole = false;
    if (el === this.stopAt) return el;
    const children = el.childElementCount;
    if (children === 0) return el;
    if (depth < BLIND_DEPTH || children === 1 || children >= WIDE) {
      for (let c = el.lastElementChild; c !== null; c = c.previousElementSibling) {
        this.queue.push(c);
        this.depths.push(depth + 1);
      }
    } else {
      this.whole = true;
    }
    return el;
  }
}
