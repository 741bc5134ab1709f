// The DOM walk: the work of one scan as small units (anchors, blocks, text nodes, queued changes),
// fed to the pure scanners. No timers and no observer here: `dom-scan.ts` decides when each unit
// runs (time slices, MutationObserver), so this file is only about what a unit reads.
// The unit cursors stay in one file: they share one budget per unit, one resume state, the collector, the
// grouper and the region checks; split, each part would re-check where the others stopped and pass that state
// around per unit.
//
// Speed comes from not touching most text nodes: a block's `textContent` is one native call, and
// a block whose text has no trigger (`@`, `+` and digits, `[at]`, a network host) is skipped
// whole. Only blocks with triggers are walked node by node. Links come from one cheap native
// anchor query per full pass (per changed block on incremental updates), read a few at a time.
import { isEntityEdgeChar } from './chars';
import { createCollector, type ScanCollector } from './collector';
import { hrefContextFor, mayGiveEntities, readHref, type HrefContext } from './links';
import type { HitKind } from './people/blocks';
import { BLIND_DEPTH, SUBTREES_PER_UNIT, SubtreeQueue, WIDE } from './subtrees';
import { NamedHeadingReader } from './people/named';
import { readOrganisations, type OrganisationEvidence } from './organisations';
import { EVIDENCE_SELECTOR, PageEvidenceReader, NO_PAGE_EVIDENCE, type PageEvidence } from './page-evidence';
import { PeopleGrouper } from './people/group';
import type { RawPageScan } from './schema';
import { mayContainEntity, scanText, TextScan, type EntitySink } from './text-scan';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const SHOW_TEXT = 4;
/** Anchors read per unit of work (the full pass's anchor list, and the anchors handed to the grouper again). */
const ANCHORS_PER_UNIT = 16;

/** Never visible as text, or not the page's own content. */
const SKIP_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template', 'textarea']);
/** Editable regions (what the user is typing is not the page) and our own UI. */
const EXCLUDED_REGIONS = '[contenteditable]:not([contenteditable="false"]),[data-in-page-enrich]';
const SKIP_SELECTOR = `script,style,noscript,template,textarea,${EXCLUDED_REGIONS}`;
/** Evidence elements and excluded regions, asked in one native call per subtree while both are wanted. */
const EVIDENCE_OR_REGIONS = `${EVIDENCE_SELECTOR},${EXCLUDED_REGIONS}`;
/**
 * Every anchor plus any excluded region, in one native pass. A plain `a` is far cheaper for the
 * browser to match than attribute-prefix selectors; the hrefs are then sorted out in JavaScript.
 */
const ANCHORS_AND_REGIONS = `a,${EXCLUDED_REGIONS}`;
/**
 * The same, minus anchors whose href is a same-site relative reference (`/path`, `#frag`, `?q`,
 * `./x`, `../x`) — most of a page's links, and ones `readHref` drops unless the page is on a
 * network host. The browser filters them natively, so they never get a JavaScript wrapper.
 */
const OUTBOUND_ANCHORS_AND_REGIONS = `a[href]:not([href^="/"]:not([href^="//"])):not([href^="#"]):not([href^="?"]):not([href^="."]),${EXCLUDED_REGIONS}`;

/** Phrasing elements: text on both sides of them reads as one run (`li<span>@</span>acme.com`). */
const INLINE_TAGS: ReadonlySet<string> = new Set(
  'a abbr b bdi bdo cite code data del dfn em font i ins kbd mark nobr q s samp small span strong sub sup time tt u var wbr'.split(
    ' ',
  ),
);

/** Context pulled from neighbouring text nodes: enough for the longest local part / domain. */
const LEFT_CONTEXT = 72;
const RIGHT_CONTEXT = 340;
const CONTEXT_HOPS = 32;
/**
 * Stands in for context we gave up collecting (too many tiny inline pieces): a run of local-part
 * characters longer than any address, so nothing that reaches into it can pass as an entity.
 */
const UNKNOWN_CONTEXT = 'x'.repeat(RIGHT_CONTEXT);
/** Subtrees with at most this much text are walked node by node instead of split further. */
const LEAF_TEXT = 4096;
/**
 * Huge text nodes are scanned in ranges of this many characters, one range per work unit: 8 KB
 * keeps a unit of a dense text (an 8 MB node full of addresses) near 1 ms (docs/performance.md measured 12.6 ms
 * for the longest unit at this size, against 65 ms at 64 KB).
 */
const TEXT_CHUNK = 8192;
const MAX_FRAMES = 16;
/** More queued mutations than this and a full rescan is cheaper and simpler. */
const MAX_PENDING = 2000;

const NO_FINDS: ReadonlyArray<[HitKind, string]> = [];

/** One level of the depth-first walk: a cursor over `parent`'s children. */
interface Frame {
  parent: Node;
  next: Node | null;
  /** The child stepped onto last: read to its end once the next is stepped onto (or the frame ends). */
  prev: Node | null;
  depth: number;
  /** The links of this subtree were already read (by a query on an ancestor). */
  linksDone: boolean;
  restarts: number;
}

/** A block being walked text node by text node. */
interface WalkJob {
  walker: TreeWalker;
  top: Element;
}

/** A long text being scanned range by range. */
interface TextJob {
  /** The element holding the text (where its entities were found, for grouping). */
  el: Element | null;
  scan: TextScan;
  pos: number;
  end: number;
}

function isInline(el: Element): boolean {
  return INLINE_TAGS.has(el.localName) && !el.hasAttribute('data-in-page-enrich') && !el.hasAttribute('contenteditable');
}

/**
 * The text node next to `node` (before it when `backwards`) in the same inline run; null at a
 * block boundary; undefined when the run is too tangled to follow (treated as unknown text).
 */
function adjacentInlineText(node: Node, backwards: boolean): Text | null | undefined {
  let cur: Node = node;
  let steps = 0;
  while (steps++ < 256) {
    const sibling = backwards ? cur.previousSibling : cur.nextSibling;
    if (sibling === null) {
      const parent = cur.parentNode;
      if (parent === null || parent.nodeType !== ELEMENT_NODE || !isInline(parent as Element)) return null;
      cur = parent;
      continue;
    }
    cur = sibling;
    while (steps++ < 256) {
      if (cur.nodeType === TEXT_NODE) return cur as Text;
      if (cur.nodeType !== ELEMENT_NODE) break; // comment: step over it
      if (!isInline(cur as Element)) return null;
      const child = backwards ? cur.lastChild : cur.firstChild;
      if (child === null) break; // empty inline such as <wbr>
      cur = child;
    }
  }
  return undefined;
}

function collectContext(node: Text, backwards: boolean, max: number): string {
  let out = '';
  let cur: Node = node;
  for (let hops = 0; out.length < max; hops++) {
    const next = adjacentInlineText(cur, backwards);
    if (next === null) return out;
    if (next === undefined || hops === CONTEXT_HOPS) {
      // The run goes on but we stop looking: what lies beyond is unknown, never a boundary.
      return backwards ? UNKNOWN_CONTEXT.slice(0, max) + out : out + UNKNOWN_CONTEXT.slice(0, max);
    }
    const data = next.data;
    const need = max - out.length;
    if (backwards) out = (data.length > need ? data.slice(data.length - need) : data) + out;
    else out += data.length > need ? data.slice(0, need) : data;
    cur = next;
  }
  return out;
}

/** `<base href>` if any, else the page URL: what relative links resolve against. */
function baseUrlOf(doc: Document, pageUrl: string): string {
  // A browser has resolved `<base href>` already: no query over the whole document (~40 ms on a 50 MB page, in the
  // scanner's first task). Elsewhere (linkedom for the CLI, whose document has no address) ask for the element.
  if (doc.URL === pageUrl && /^https?:/.test(doc.baseURI)) return doc.baseURI;
  const base = doc.querySelector('base[href]');
  if (base !== null) {
    try {
      return new URL(base.getAttribute('href') ?? '', pageUrl).href;
    } catch {
      // An unusable <base> is ignored by browsers too.
    }
  }
  return pageUrl;
}

/**
 * The work of one scan, as small units: the page's anchors (one native query, read 32 at a time),
 * then a depth-first walk over elements where each block small enough is handled at once (its text
 * walked only if a trigger shows in its `textContent`), then queued changed nodes (links with one
 * query on the changed subtree, then text the same way). No unit touches more than one block, so
 * slices stay short even on 50 MB pages.
 */
export class ScanEngine {
  collector: ScanCollector = createCollector();
  /** Who each identifier belongs to: fed every find with the element it was read from. */
  grouper: PeopleGrouper;
  /** The element the scanners are reading now (an anchor, or a text node's parent). */
  private at: Element | null = null;
  /** What the href being read gave, so a repeated href can be replayed for grouping without reading it again. */
  private hrefFinds: Array<[HitKind, string]> | null = null;
  /** hreflangs and address parts, read once per full pass (`page-evidence.ts`). */
  private evidence: PageEvidence = NO_PAGE_EVIDENCE;
  /** Every find goes to the collector (flat lists) and, with where it was, to the grouper. */
  private readonly sink: EntitySink = {
    email: (v) => this.found('email', v),
    phone: (v) => this.found('phone', v),
    profile: (v) => this.found('profile', v),
    company: (v) => this.found('company', v),
    linkHost: (v) => this.found('linkHost', v),
    // A fax is nobody's phone: listed for the page, never given to a person.
    fax: (v) => this.collector.fax(v),
  };
  private hrefs: HrefContext;
  /** Editable regions or our UI exist in the page: only then do elements need checking for them. */
  private regionsPresent = false;
  /**
   * The full pass starts by reading the page element by element: the country evidence and tool hosts
   * (`page-evidence.ts`), the headings that name people (`people/named.ts`) and whether the page has any excluded
   * region; then it queries every anchor. One `querySelector(regions)` over a 50 MB page (685k elements) was the
   * scanner's longest task: 48–88 ms of thread CPU (docs/performance.md). So these queries are sliced per subtree
   * (`SubtreeQueue`, a few subtrees per unit of work): wrappers and wide lists are split, each block below them is
   * asked natively on its own. The three readers share one pass over the body's subtrees (`readSubtrees`): on a page
   * of 20,000 rows, three passes made 8 native calls per row, the shared one makes 4 (docs/performance.md,
   * "Hit-first scanning"). `head`: the evidence before the body; `tail`: any after it. Then one
   * `querySelectorAll('a')` (~6 ms there, the browser's tag fast path); same-site relative hrefs are dropped by
   * `readHref` in JavaScript.
   */
  private prepare: 'head' | 'body' | 'tail' | 'links' | null = null;
  /** Reads the country evidence and tool hosts in units (`page-evidence.ts`). */
  private evidenceReader: PageEvidenceReader | null = null;
  /** Reads the headings that name people (`people/named.ts`), from the shared pass. */
  private namedReader = new NamedHeadingReader();
  /** The body's subtrees still to read in the shared pass, in document order. */
  private subtrees: SubtreeQueue | null = null;
  /** Anchors still to read. */
  private links: ArrayLike<Element> | null = null;
  private linkIndex = 0;
  /**
   * The full pass's anchors from the first whose identifiers the grouper held back for its links' share
   * (`PeopleGrouper.add`), handed to it again once the walk has read the text (`handBack`).
   */
  private heldBack: { links: ArrayLike<Element>; index: number } | null = null;
  private readonly frames: Frame[] = [];
  private walkJob: WalkJob | null = null;
  private textJob: TextJob | null = null;
  /**
   * Blocks whose `textContent` was checked, and how many of them had a trigger. On a page where
   * most blocks do (a directory), copying their text first only adds work: walk them directly.
   */
  private blocksChecked = 0;
  private blocksWithTriggers = 0;
  private pending: Node[] = [];
  private pendingIndex = 0;
  /**
   * Hrefs already read since the full pass began: pages repeat links (a person's name and photo,
   * a contact in every card), and the collector keeps what they gave until the next full pass.
   */
  /** Same-origin iframes entered in this pass (bounded: a page can nest frames without end). */
  private framesEntered = 0;
  private seenHrefs = new Map<string, ReadonlyArray<[HitKind, string]>>();
  /**
   * The full pass's walk over the text, while it runs. Each node it steps onto is told to the grouper once the walk
   * has read all of it (`PeopleGrouper.left`): the records inside are whole, and are read at once. `heldAnchor`: the
   * first anchor whose identifiers
   * the grouper held back and its ancestors: they are handed again after the walk, so once the walk leaves a node
   * holding it, no record is read early any more (`heldReached`).
   */
  private walking = false;
  private walkPending = false;
  private heldAnchor: Element | null = null;
  private heldReached = false;

  /**
   * `groupDuringWalk`: the grouper reads records as the walk leaves them (the product); false groups every identifier
   * once the walk ends, as it did before, which the tests hold the product's grouping to.
   */
  constructor(
    private readonly doc: Document,
    private readonly pageUrl: string,
    private readonly groupDuringWalk = true,
  ) {
    this.hrefs = hrefContextFor(pageUrl, pageUrl);
    this.grouper = new PeopleGrouper(this.root, () => this.regionsPresent);
  }

  private found(kind: HitKind, value: string): void {
    this.collector[kind](value);
    // Read from an href while `hrefFinds` collects what the href gives.
    this.group(kind, value, this.at, this.hrefFinds !== null);
    this.hrefFinds?.push([kind, value]);
  }

  private group(kind: HitKind, value: string, el: Element | null, fromLink: boolean): void {
    if (!this.grouper.add(kind, value, el, fromLink) && this.heldBack === null && this.links !== null) {
      this.heldBack = { links: this.links, index: this.linkIndex };
    }
  }

  /** The flat lists and the people and companies grouped so far. */
  toRaw(url: string, title: string, lang = ''): RawPageScan {
    const named = this.namedReader.people;
    return {
      ...this.collector.toRaw(url, title, lang, this.evidence),
      ...this.grouper.result(),
      ...(named.length > 0 ? { named } : {}),
      ...this.organisations(),
    };
  }

  private stated: { revision: string; evidence: OrganisationEvidence } | null = null;

  /** Read again only when the scan found something new: JSON-LD is parsed, and updates ask for the raw scan often. */
  private organisations(): OrganisationEvidence {
    const revision = this.revision;
    if (this.stated?.revision !== revision) this.stated = { revision, evidence: readOrganisations(this.doc) };
    return this.stated.evidence;
  }

  /** Changes whenever `toRaw` would say something new. */
  get revision(): string {
    return `${this.collector.size}:${this.grouper.revision}`;
  }

  get root(): Element | null {
    return this.doc.body ?? this.doc.documentElement;
  }

  /**
   * True when `run` has nothing left to do. Every job `run` resumes counts, not only the queue: a changed block
   * taken from the queue can still be half read when a slice ends.
   */
  get idle(): boolean {
    return (
      this.prepare === null &&
      this.links === null &&
      this.textJob === null &&
      this.walkJob === null &&
      this.frames.length === 0 &&
      this.pendingIndex >= this.pending.length &&
      this.heldBack === null &&
      !this.grouper.busy
    );
  }

  beginFullPass(): void {
    this.collector = createCollector();
    this.frames.length = 0;
    this.walkJob = null;
    this.textJob = null;
    this.blocksChecked = 0;
    this.blocksWithTriggers = 0;
    this.prepare = null;
    this.subtrees = null;
    this.links = null;
    this.linkIndex = 0;
    this.heldBack = null;
    this.regionsPresent = false;
    this.pending = [];
    this.pendingIndex = 0;
    this.seenHrefs = new Map();
    this.framesEntered = 0;
    this.walking = false;
    this.walkPending = true;
    this.heldAnchor = null;
    this.heldReached = false;
    this.grouper = new PeopleGrouper(this.root, () => this.regionsPresent);
    this.hrefs = hrefContextFor(baseUrlOf(this.doc, this.pageUrl), this.pageUrl);
    const root = this.root;
    this.evidenceReader = new PageEvidenceReader(this.doc, root);
    this.namedReader = new NamedHeadingReader();
    // Filled in place as the reader goes: a report during the pass carries what is read so far.
    this.evidence = this.evidenceReader.evidence;
    if (root === null) return;
    // Links first: one native query for the anchors that can matter and any excluded region
    // (regions precede their anchors in document order, so each anchor knows in time). Anchors
    // in <template>/<noscript> are not parsed as elements by browsers.
    this.prepare = 'head';
    this.subtrees = new SubtreeQueue(root);
    this.pushFrame(root, 0, true);
  }

  /**
   * Could a change at `node` take away something this pass found? True when an identifier was read from the node or
   * from inside it. For a removed or edited text node, ask about its parent (text identifiers are filed under the
   * element holding the text). Identifiers the grouper has not marked yet (it marks after the walk) are not known.
   */
  holdsFinding(node: Node): boolean {
    return this.grouper.holds(node);
  }

  /**
   * The page changed (something was added, removed or edited). While the full pass walks, the grouper may have read
   * records where the change is: it groups everything again once the walk ends, as it did before it read any early.
   */
  noteChange(): void {
    if (this.walking) this.grouper.taint();
  }

  /** Queue a node that was added or changed; false when the queue is too long to be worth it. */
  enqueue(node: Node): boolean {
    if (this.pending.length - this.pendingIndex >= MAX_PENDING) return false;
    this.pending.push(node);
    return true;
  }

  /** Works until done (true) or until `now()` passes `deadline` (false). */
  run(now: () => number, deadline: number): boolean {
    for (let n = 1; ; n++) {
      if ((n & 1) === 0 && now() >= deadline) return false;
      if (this.prepare !== null) {
        const root = this.root;
        if (root === null) this.prepare = null;
        else if (this.prepare === 'head') {
          if (this.evidenceReader === null || this.evidenceReader.step()) this.prepare = 'body';
          n |= 1; // the next iteration checks the deadline first
        } else if (this.prepare === 'body') {
          if (this.readSubtrees()) this.prepare = 'tail';
          n |= 1;
        } else if (this.prepare === 'tail') {
          const evidence = this.evidenceReader;
          if (evidence?.atBody === true) evidence.resume();
          if (evidence === null || evidence.step()) {
            this.evidenceReader = null;
            this.prepare = 'links';
          }
          n |= 1;
        } else {
          this.links = root.querySelectorAll('a');
          this.prepare = null;
        }
        continue;
      }
      const links = this.links;
      if (links !== null) {
        const end = Math.min(links.length, this.linkIndex + ANCHORS_PER_UNIT);
        for (; this.linkIndex < end; this.linkIndex++) this.readAnchor(links[this.linkIndex] as Element, this.regionsPresent);
        if (this.linkIndex >= links.length) this.links = null;
        continue;
      }
      if (this.walkPending) this.startWalk();
      if (this.walking) {
        if (this.textJob === null && this.walkJob === null && this.frames.length === 0) {
          this.walking = false;
          this.grouper.endWalk();
        } else if (this.grouper.wantsTurn()) {
          this.grouper.work();
          continue;
        }
      }
      const job = this.textJob;
      if (job !== null) {
        const to = Math.min(job.end, job.pos + TEXT_CHUNK);
        this.at = job.el;
        job.scan.scanTo(to);
        job.pos = to;
        if (to >= job.end) this.textJob = null;
        continue;
      }
      const walk = this.walkJob;
      if (walk !== null) {
        this.walkSome(walk);
        continue;
      }
      const frame = this.frames[this.frames.length - 1];
      if (frame !== undefined) {
        this.step(frame);
        continue;
      }
      if (this.pendingIndex < this.pending.length) {
        this.visitChanged(this.pending[this.pendingIndex++] as Node);
        continue;
      }
      if (this.heldBack !== null) {
        this.handBack(this.heldBack);
        continue;
      }
      if (this.grouper.busy) {
        this.grouper.work();
        continue;
      }
      this.pending = [];
      this.pendingIndex = 0;
      return true;
    }
  }

  /** Every anchor is read: the walk over the text starts, and the grouper reads records as the walk leaves them. */
  private startWalk(): void {
    this.walkPending = false;
    if (this.frames.length === 0 || !this.groupDuringWalk) return;
    const held = this.heldBack;
    this.heldAnchor = held === null ? null : ((held.links[held.index] as Element | undefined) ?? null);
    this.walking = true;
    this.grouper.beginWalk();
  }

  /**
   * One unit of the shared pass over the body's subtrees: up to SUBTREES_PER_UNIT of them, each asked natively for
   * what the three readers look for (page wrappers, single-child chains and wide elements are split into their
   * children, anything else is asked whole). Each reader drops out once it has what it needs: the evidence when its
   * lists are full, the regions at the first one, the headings at their cap. True when done.
   */
  private readSubtrees(): boolean {
    const subtrees = this.subtrees;
    const named = this.namedReader;
    if (named.reading) {
      named.readEntries();
      if (named.reading) return false;
    }
    const evidence = this.evidenceReader;
    for (let i = 0; i < SUBTREES_PER_UNIT && subtrees !== null && !subtrees.done; i++) {
      const ev = evidence !== null && evidence.atBody && !evidence.full();
      const rg = !this.regionsPresent;
      if (!ev && !rg && named.done) break;
      const el = subtrees.next() as Element;
      const whole = subtrees.whole;
      if (ev || rg) {
        const selector = ev ? (rg ? EVIDENCE_OR_REGIONS : EVIDENCE_SELECTOR) : EXCLUDED_REGIONS;
        const reader = ev ? evidence : null;
        if (el.matches(selector)) this.sortOut(el, reader, rg);
        if (whole) {
          const found = el.querySelectorAll(selector);
          for (let k = 0; k < found.length; k++) this.sortOut(found[k] as Element, reader, rg);
        }
      }
      if (!named.done && named.visit(el, whole)) return false;
    }
    const reading = subtrees !== null && !subtrees.done && (!named.done || !this.regionsPresent || (evidence !== null && evidence.atBody && !evidence.full()));
    if (reading) return false;
    this.subtrees = null;
    return true;
  }

  /**
   * An element the shared pass found for the evidence (`evidence`: the reader, when it was asked for) or the regions
   * (`regions`: they were asked for).
   */
  private sortOut(el: Element, evidence: PageEvidenceReader | null, regions: boolean): void {
    // Asked for one kind only, it is that kind; asked for both, it is evidence if it matches that, a region if not.
    const isEvidence = evidence !== null && (!regions || el.matches(EVIDENCE_SELECTOR));
    if (isEvidence && !evidence.full()) evidence.take(el);
    if (regions && !this.regionsPresent && (!isEvidence || el.matches(EXCLUDED_REGIONS))) this.regionsPresent = true;
  }

  private pushFrame(parent: Node, depth: number, linksDone: boolean): void {
    this.frames.push({ parent, next: parent.firstChild, prev: null, depth, linksDone, restarts: 0 });
  }

  /** The walk has read all of `node` (a node it stepped onto): the grouper may read the records inside it. */
  private leave(node: Node): void {
    if (!this.walking || this.heldReached) return;
    // One native `contains` (it climbs from the anchor inside the browser).
    if (this.heldAnchor !== null && node.contains(this.heldAnchor)) this.heldReached = true;
    else this.grouper.left(node);
  }

  /** Visits the frame's next child. A cursor the page moved away is restarted at its level. */
  private step(frame: Frame): void {
    const node = frame.next;
    if (frame.prev !== null) {
      this.leave(frame.prev);
      frame.prev = null;
    }
    if (node === null) {
      this.frames.pop();
      return;
    }
    if (node.parentNode !== frame.parent) {
      // Removed or moved between two slices: revisit this level (duplicates are harmless).
      frame.next = ++frame.restarts > 3 ? null : frame.parent.firstChild;
      return;
    }
    frame.next = node.nextSibling;
    frame.prev = node;
    if (node.nodeType === TEXT_NODE) {
      const data = (node as Text).data;
      if (mayContainEntity(data)) this.readText(node as Text, data, null);
    } else if (node.nodeType === ELEMENT_NODE) {
      this.visitElement(node as Element, frame.depth + 1, frame.linksDone);
    }
  }

  private visitElement(el: Element, depth: number, linksDone: boolean): void {
    const tag = el.localName;
    if (SKIP_TAGS.has(tag) || (this.regionsPresent && el.matches(EXCLUDED_REGIONS))) return;
    this.enterNestedTrees(el, depth);
    const children = el.childElementCount;
    if (depth < BLIND_DEPTH || children >= WIDE || (children === 1 && el.firstChild === el.firstElementChild)) {
      // Page wrappers and long lists: split them without copying their text first.
      if (!linksDone && tag === 'a') this.readAnchor(el, false);
      this.pushFrame(el, depth, linksDone);
      return;
    }
    // A changed block (the full pass read every anchor up front): its links first…
    if (!linksDone) {
      if (tag === 'a') this.readAnchor(el, true);
      const found = el.querySelectorAll(this.hrefs.resolveRelative ? ANCHORS_AND_REGIONS : OUTBOUND_ANCHORS_AND_REGIONS);
      for (let i = 0; i < found.length; i++) {
        const a = found[i] as Element;
        if (a.localName === 'a') this.readAnchor(a, true);
        else this.regionsPresent = true;
      }
    }
    // …then its text, if its text shows a trigger at all.
    if (this.blocksChecked >= 32 && this.blocksWithTriggers * 4 > this.blocksChecked * 3) {
      this.walkJob = { walker: this.doc.createTreeWalker(el, SHOW_TEXT), top: el };
      return;
    }
    const text = el.textContent ?? '';
    this.blocksChecked++;
    // A block's text cannot join its neighbours', so triggers at its edges need their other half inside.
    if (text.length === 0 || !mayContainEntity(text, INLINE_TAGS.has(tag), true)) return;
    this.blocksWithTriggers++;
    if (text.length > LEAF_TEXT) {
      this.pushFrame(el, depth, true);
      return;
    }
    const first = el.firstChild;
    if (first !== null && first === el.lastChild && first.nodeType === TEXT_NODE) {
      // `<td>jane@acme.com</td>`: the only child is the text, no walker needed.
      this.readText(first as Text, text, null);
      return;
    }
    this.walkJob = { walker: this.doc.createTreeWalker(el, SHOW_TEXT), top: el };
  }

  /**
   * What a reader sees but `textContent` and the page's anchor query do not reach, so a page could hide addresses from
   * us there: an open shadow root, and the document of a same-origin iframe. Each is walked like a changed block
   * (its own links queried). Closed shadow roots and cross-origin frames are out of reach by design.
   */
  private enterNestedTrees(el: Element, depth: number): void {
    const shadow = (el as Element & { shadowRoot?: ShadowRoot | null }).shadowRoot;
    if (shadow !== null && shadow !== undefined) this.pushFrame(shadow, depth, false);
    if (el.localName === 'iframe' && this.framesEntered < MAX_FRAMES) {
      let body: HTMLElement | null = null;
      try {
        // Throws or gives null for a cross-origin frame.
        body = (el as HTMLIFrameElement).contentDocument?.body ?? null;
      } catch {
        body = null;
      }
      if (body !== null) {
        this.framesEntered++;
        this.pushFrame(body, depth, false);
      }
    }
  }

  /** Up to 64 text nodes of a block walk. */
  private walkSome(job: WalkJob): void {
    for (let i = 0; i < 64; i++) {
      const t = job.walker.nextNode();
      if (t === null) {
        this.walkJob = null;
        return;
      }
      const data = (t as Text).data;
      if (mayContainEntity(data)) this.readText(t as Text, data, job.top);
      if (this.textJob !== null) return; // a huge text node: scan it before walking on
    }
  }

  private readAnchor(a: Element, checkRegions: boolean): void {
    if (checkRegions && a.closest(EXCLUDED_REGIONS) !== null) return;
    const href = a.getAttribute('href');
    if (href === null || !mayGiveEntities(href, this.hrefs)) return;
    const seen = this.seenHrefs.get(href);
    if (seen !== undefined) {
      // Read before (a contact in every card): only where it appears again is new, for grouping.
      for (const [kind, value] of seen) this.group(kind, value, a, true);
      return;
    }
    const finds: Array<[HitKind, string]> = [];
    this.hrefFinds = finds;
    this.at = a;
    readHref(href, this.hrefs, this.sink);
    this.hrefFinds = null;
    this.seenHrefs.set(href, finds.length === 0 ? NO_FINDS : finds);
  }

  /**
   * Some of the anchors the grouper held back, handed again now that the walk has read the text: a page of links only
   * still groups up to the grouper's whole limit. Read as in the full pass: each href was read then, so what it gave
   * is replayed from `seenHrefs`, nothing parsed again.
   */
  private handBack(held: { links: ArrayLike<Element>; index: number }): void {
    if (!this.grouper.releaseLinks()) {
      this.heldBack = null;
      return;
    }
    const end = Math.min(held.links.length, held.index + ANCHORS_PER_UNIT);
    for (; held.index < end; held.index++) this.readAnchor(held.links[held.index] as Element, this.regionsPresent);
    if (held.index >= held.links.length) this.heldBack = null;
  }

  /** Is `node` inside a skipped element below `top` (whose own ancestors were already checked)? */
  private skippedBelow(node: Node, top: Element): boolean {
    for (let p = node.parentElement; p !== null && p !== top; p = p.parentElement) {
      if (SKIP_TAGS.has(p.localName) || (this.regionsPresent && p.matches(EXCLUDED_REGIONS))) return true;
    }
    return false;
  }

  private visitChanged(node: Node): void {
    // Only the body is the page's content (a changed <title> or <head> script is not).
    const root = this.root;
    if (root === null || !root.contains(node)) return;
    if (node.nodeType === TEXT_NODE) {
      const parent = node.parentElement;
      if (parent === null || parent.closest(SKIP_SELECTOR) !== null) return;
      const data = (node as Text).data;
      if (mayContainEntity(data)) this.readText(node as Text, data, null);
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const el = node as Element;
    if (el.closest(SKIP_SELECTOR) !== null) {
      // A region added on its own (our UI, a new editor): the blocks around it are read knowing regions exist.
      if (el.closest(EXCLUDED_REGIONS) !== null) this.regionsPresent = true;
      return;
    }
    // A big insertion is split like the page itself; a small one is handled at once.
    this.visitElement(el, BLIND_DEPTH, false);
  }

  /**
   * Scans one text node with the text of its inline neighbours around it. `checkBelow`: the
   * block root whose ancestors are known to be visible (leaf walks), or null.
   */
  private readText(node: Text, data: string, checkBelow: Element | null): void {
    if (checkBelow !== null && this.skippedBelow(node, checkBelow)) return;
    const left = isEntityEdgeChar(data.charCodeAt(0)) ? collectContext(node, true, LEFT_CONTEXT) : '';
    const right = isEntityEdgeChar(data.charCodeAt(data.length - 1)) ? collectContext(node, false, RIGHT_CONTEXT) : '';
    const text = left.length === 0 && right.length === 0 ? data : left + data + right;
    const end = left.length + data.length;
    this.at = node.parentElement;
    if (data.length <= TEXT_CHUNK) scanText(text, left.length, end, this.sink);
    else this.textJob = { el: this.at, scan: new TextScan(text, left.length, end, this.sink), pos: left.length, end };
  }
}

