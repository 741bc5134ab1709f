// The DOM adapter: walks a document (a real one in the content script, linkedom in the CLI) and
// feeds visible text and links to the pure scanners. Runs in time slices and keeps itself up to
// date with a MutationObserver that rescans only what changed.
//
// Speed comes from not touching most text nodes: an element's `textContent` is one native call,
// and a subtree whose text has no trigger (`@`, `+` before a digit, `[at]`, a network host) is
// skipped whole. Only subtrees with triggers are walked node by node.
import { isEntityEdgeChar } from './chars';
import { createCollector, type ScanCollector } from './collector';
import { ALL_LINKS_SELECTOR, LINK_SELECTOR, hostOfAbsoluteUrl, linkSelectorFor, readHref } from './links';
import { isNetworkHost } from './networks';
import type { RawPageScan } from './schema';
import { mayContainEntity, scanText } from './text-scan';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const SHOW_TEXT = 4;

/** Never visible as text, or not the page's own content. */
const SKIP_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template', 'textarea']);
/** Editable regions (what the user is typing is not the page) and our own UI. */
const EXCLUDED_REGIONS = '[contenteditable]:not([contenteditable="false"]),[data-in-page-enrich]';
const SKIP_SELECTOR = `script,style,noscript,template,textarea,${EXCLUDED_REGIONS}`;

/** Phrasing elements: text on both sides of them reads as one run (`li<span>@</span>acme.com`). */
const INLINE_TAGS: ReadonlySet<string> = new Set(
  'a abbr b bdi bdo cite code data del dfn em font i ins kbd mark nobr q s samp small span strong sub sup time tt u var wbr'.split(
    ' ',
  ),
);

/** Context pulled from neighbouring text nodes: enough for the longest local part / domain. */
const LEFT_CONTEXT = 72;
const RIGHT_CONTEXT = 340;
const CONTEXT_HOPS = 8;
/** Subtrees with at most this much text are walked node by node instead of split further. */
const LEAF_TEXT = 4096;
/** Elements with this many element children are split without looking at their text first. */
const WIDE = 32;
/** More queued mutations than this and a full rescan is cheaper and simpler. */
const MAX_PENDING = 2000;

interface Frame {
  nodes: ArrayLike<Node>;
  i: number;
}

interface LinkBatch {
  list: ArrayLike<Element>;
  i: number;
  checkRegions: boolean;
}

function isInline(el: Element): boolean {
  return INLINE_TAGS.has(el.localName) && !el.hasAttribute('data-in-page-enrich') && !el.hasAttribute('contenteditable');
}

/** The text node before `node` in the same inline run, or null at a block boundary. */
function adjacentInlineText(node: Node, backwards: boolean): Text | null {
  let cur: Node = node;
  for (let steps = 0; steps < 64; steps++) {
    const sibling = backwards ? cur.previousSibling : cur.nextSibling;
    if (sibling === null) {
      const parent = cur.parentNode;
      if (parent === null || parent.nodeType !== ELEMENT_NODE || !isInline(parent as Element)) return null;
      cur = parent;
      continue;
    }
    cur = sibling;
    for (;;) {
      if (cur.nodeType === TEXT_NODE) return cur as Text;
      if (cur.nodeType !== ELEMENT_NODE) break; // comment: step over it
      if (!isInline(cur as Element)) return null;
      const child = backwards ? cur.lastChild : cur.firstChild;
      if (child === null) break; // empty inline such as <wbr>
      cur = child;
    }
  }
  return null;
}

function collectContext(node: Text, backwards: boolean, max: number): string {
  let out = '';
  let cur: Node = node;
  for (let hops = 0; hops < CONTEXT_HOPS && out.length < max; hops++) {
    const next = adjacentInlineText(cur, backwards);
    if (next === null) break;
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

/** The work of one scan: a queue of link batches, a text DFS stack and changed nodes. */
class ScanEngine {
  collector: ScanCollector = createCollector();
  private base: string;
  private linkSelector: string;
  /** Whether the page has editable regions or our UI at all: if not, no element needs checking. */
  private regionsPresent = false;
  private readonly linkBatches: LinkBatch[] = [];
  private readonly frames: Frame[] = [];
  private pending: Node[] = [];
  private pendingIndex = 0;

  constructor(
    private readonly doc: Document,
    private readonly pageUrl: string,
  ) {
    this.base = pageUrl;
    this.linkSelector = LINK_SELECTOR;
  }

  get root(): Element | null {
    return this.doc.body ?? this.doc.documentElement;
  }

  get pendingCount(): number {
    return this.pending.length - this.pendingIndex;
  }

  beginFullPass(): void {
    this.collector = createCollector();
    this.linkBatches.length = 0;
    this.frames.length = 0;
    this.pending = [];
    this.pendingIndex = 0;
    this.base = baseUrlOf(this.doc, this.pageUrl);
    const baseHost = hostOfAbsoluteUrl(this.base);
    // On a network's own pages relative links (`/in/jane`) are profiles, so read them all.
    this.linkSelector = baseHost !== null && isNetworkHost(baseHost) ? ALL_LINKS_SELECTOR : linkSelectorFor(this.pageUrl);
    const root = this.root;
    if (root === null) return;
    // One native pass finds the anchors and any excluded region (editable, our UI); the regions
    // come before their anchors in document order, so the batch knows them in time. (Anchors in
    // <template>/<noscript> are not parsed as elements by browsers.)
    this.regionsPresent = false;
    this.linkBatches.push({ list: root.querySelectorAll(`${this.linkSelector},${EXCLUDED_REGIONS}`), i: 0, checkRegions: false });
    this.frames.push({ nodes: Array.from(root.childNodes), i: 0 });
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
      if ((n & 15) === 0 && now() >= deadline) return false;
      const batch = this.linkBatches[0];
      if (batch !== undefined) {
        // Anchors are cheap: take a handful per deadline check.
        const end = Math.min(batch.list.length, batch.i + 16);
        for (; batch.i < end; batch.i++) this.readAnchor(batch.list[batch.i] as Element, batch.checkRegions);
        if (batch.i >= batch.list.length) this.linkBatches.shift();
        continue;
      }
      const frame = this.frames[this.frames.length - 1];
      if (frame !== undefined) {
        if (frame.i >= frame.nodes.length) this.frames.pop();
        else this.visit(frame.nodes[frame.i++] as Node);
        continue;
      }
      if (this.pendingIndex < this.pending.length) {
        this.visitChanged(this.pending[this.pendingIndex++] as Node);
        continue;
      }
      this.pending = [];
      this.pendingIndex = 0;
      return true;
    }
  }

  private readAnchor(a: Element, checkRegions: boolean): void {
    if (a.localName !== 'a') {
      this.regionsPresent = true; // an excluded region from the combined query
      return;
    }
    if ((checkRegions || this.regionsPresent) && a.closest(EXCLUDED_REGIONS) !== null) return;
    const href = a.getAttribute('href');
    if (href !== null) readHref(href, this.base, this.collector);
  }

  private visit(node: Node): void {
    if (node.nodeType === TEXT_NODE) {
      const data = (node as Text).data;
      if (mayContainEntity(data)) this.readText(node as Text, data, null);
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const el = node as Element;
    if (SKIP_TAGS.has(el.localName)) return;
    if (this.regionsPresent && el.matches(EXCLUDED_REGIONS)) return;
    if (el.childElementCount >= WIDE) {
      // A page wrapper or a long list: its text would be copied only to learn that it has triggers.
      this.frames.push({ nodes: Array.from(el.childNodes), i: 0 });
      return;
    }
    this.visitElementText(el);
  }

  private visitElementText(el: Element): void {
    const text = el.textContent ?? '';
    // A block's text cannot join its neighbours', so triggers at its edges need their other half inside.
    if (text.length === 0 || !mayContainEntity(text, INLINE_TAGS.has(el.localName), true)) return;
    if (text.length > LEAF_TEXT) {
      this.frames.push({ nodes: Array.from(el.childNodes), i: 0 });
      return;
    }
    const first = el.firstChild;
    if (first !== null && first === el.lastChild && first.nodeType === TEXT_NODE) {
      // `<td>jane@acme.com</td>`: the only child is the text, no walker needed.
      this.readText(first as Text, text, null);
      return;
    }
    const walker = this.doc.createTreeWalker(el, SHOW_TEXT);
    for (let t = walker.nextNode(); t !== null; t = walker.nextNode()) {
      const data = (t as Text).data;
      if (mayContainEntity(data)) this.readText(t as Text, data, el);
    }
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
      const data = (node as Text).data;
      const parent = node.parentElement;
      if (parent === null || parent.closest(SKIP_SELECTOR) !== null) return;
      if (mayContainEntity(data)) this.readText(node as Text, data, null);
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const el = node as Element;
    if (el.closest(SKIP_SELECTOR) !== null) return;
    if (!this.regionsPresent && el.querySelector(EXCLUDED_REGIONS) !== null) this.regionsPresent = true;
    if (el.matches(this.linkSelector)) this.readAnchor(el, true);
    const anchors = el.querySelectorAll(this.linkSelector);
    if (anchors.length > 0) this.linkBatches.push({ list: anchors, i: 0, checkRegions: true });
    this.visitElementText(el);
  }

  /** `checkBelow`: the subtree root whose ancestors are known to be visible (leaf walks), or null. */
  private readText(node: Text, data: string, checkBelow: Element | null): void {
    if (checkBelow !== null && this.skippedBelow(node, checkBelow)) return;
    const left = isEntityEdgeChar(data.charCodeAt(0)) ? collectContext(node, true, LEFT_CONTEXT) : '';
    const right = isEntityEdgeChar(data.charCodeAt(data.length - 1)) ? collectContext(node, false, RIGHT_CONTEXT) : '';
    if (left.length === 0 && right.length === 0) scanText(data, 0, data.length, this.collector);
    else scanText(left + data + right, left.length, left.length + data.length, this.collector);
  }
}

/** Scans a whole document at once (CLI, tests, benchmarks): same engine, no slicing. */
export function scanDocumentSync(doc: Document, pageUrl: string): RawPageScan {
  const engine = new ScanEngine(doc, pageUrl);
  engine.beginFullPass();
  engine.run(() => 0, Number.POSITIVE_INFINITY);
  return engine.collector.toRaw(pageUrl, doc.title ?? '');
}

export interface ScanUpdate {
  scanId: string;
  /** False while the first full pass is still running. */
  complete: boolean;
  scan: RawPageScan;
}

export interface ScanStats {
  fullPasses: number;
  /** Time spent working in the last full pass (sum of slices), and its wall-clock span. */
  fullPassBusyMs: number;
  fullPassWallMs: number;
  slices: number;
  incrementalPasses: number;
  /** Time spent on the last incremental update, from the mutation records to the result. */
  lastIncrementalBusyMs: number;
}

export interface ScannerHost {
  /** Runs a task later, yielding to the page in between (setTimeout, scheduler.postTask…). */
  schedule: (task: () => void) => void;
  onUpdate: (update: ScanUpdate) => void;
}

export interface PageScannerOptions extends ScannerHost {
  root: Document;
  pageUrl: string;
  scanId?: string;
  /** Work per slice before yielding. */
  sliceMs?: number;
  /** Minimum gap between progress updates during the first pass. */
  progressMs?: number;
  now?: () => number;
  /** Defaults to the document's window's; null disables incremental updates. */
  MutationObserver?: typeof MutationObserver | null;
}

export interface PageScanner {
  readonly scanId: string;
  readonly pageUrl: string;
  start(): void;
  stop(): void;
  /** Hand the running scanner to a new host (a re-injected content script takes over). */
  rebind(host: ScannerHost): void;
  current(): ScanUpdate;
  /** Resolves once the full pass and every queued change are processed. */
  settled(): Promise<ScanUpdate>;
  stats(): ScanStats;
}

function randomId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createPageScanner(options: PageScannerOptions): PageScanner {
  const { root: doc, pageUrl } = options;
  const scanId = options.scanId ?? randomId();
  const sliceMs = options.sliceMs ?? 4;
  const progressMs = options.progressMs ?? 250;
  const now = options.now ?? (() => performance.now());
  const Observer =
    options.MutationObserver === undefined
      ? (doc.defaultView?.MutationObserver ?? globalThis.MutationObserver ?? null)
      : options.MutationObserver;
  let host: ScannerHost = { schedule: options.schedule, onUpdate: options.onUpdate };
  const engine = new ScanEngine(doc, pageUrl);
  const stats: ScanStats = {
    fullPasses: 0,
    fullPassBusyMs: 0,
    fullPassWallMs: 0,
    slices: 0,
    incrementalPasses: 0,
    lastIncrementalBusyMs: 0,
  };
  let started = false;
  let stopped = false;
  let scheduled = false;
  let fullPassActive = false;
  let fullRescanWanted = false;
  let passStart = 0;
  let passBusy = 0;
  let incrementalBusy = 0;
  let lastProgress = 0;
  let emittedSize = -1;
  let waiters: Array<(update: ScanUpdate) => void> = [];
  let observer: MutationObserver | null = null;

  const current = (): ScanUpdate => ({
    scanId,
    complete: started && !fullPassActive,
    scan: engine.collector.toRaw(pageUrl, doc.title ?? ''),
  });

  const emit = (force: boolean): void => {
    if (!force && engine.collector.size === emittedSize) return;
    emittedSize = engine.collector.size;
    host.onUpdate(current());
  };

  const idle = (): boolean => !fullPassActive && !fullRescanWanted && engine.pendingCount === 0;

  const wake = (): void => {
    if (scheduled || stopped) return;
    scheduled = true;
    host.schedule(slice);
  };

  const beginFullPass = (): void => {
    fullRescanWanted = false;
    fullPassActive = true;
    passStart = now();
    passBusy = 0;
    lastProgress = passStart;
    emittedSize = -1;
    engine.beginFullPass();
  };

  function slice(): void {
    scheduled = false;
    if (stopped) return;
    const t0 = now();
    if (fullRescanWanted) beginFullPass();
    const done = engine.run(now, t0 + sliceMs);
    const t1 = now();
    stats.slices++;
    if (fullPassActive) passBusy += t1 - t0;
    else incrementalBusy += t1 - t0;
    if (!done) {
      if (fullPassActive && t1 - lastProgress >= progressMs) {
        lastProgress = t1;
        emit(false);
      }
      wake();
      return;
    }
    if (fullPassActive) {
      fullPassActive = false;
      stats.fullPasses++;
      stats.fullPassBusyMs = passBusy;
      stats.fullPassWallMs = t1 - passStart;
      emit(true);
    } else {
      stats.incrementalPasses++;
      stats.lastIncrementalBusyMs = incrementalBusy;
      incrementalBusy = 0;
      emit(false);
    }
    const resolved = waiters;
    waiters = [];
    for (const resolve of resolved) resolve(current());
  }

  const onMutations = (records: MutationRecord[]): void => {
    if (stopped) return;
    const t0 = now();
    for (const record of records) {
      if (record.type === 'childList') {
        for (const node of Array.from(record.addedNodes)) {
          if (!engine.enqueue(node)) fullRescanWanted = true;
        }
      } else if (!engine.enqueue(record.target)) {
        fullRescanWanted = true;
      }
    }
    if (!fullPassActive) incrementalBusy += now() - t0;
    wake();
  };

  return {
    scanId,
    pageUrl,
    start() {
      if (started || stopped) return;
      started = true;
      if (Observer !== null && doc.documentElement !== null) {
        observer = new Observer(onMutations);
        observer.observe(doc.documentElement, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
          attributeFilter: ['href'],
        });
      }
      beginFullPass();
      wake();
    },
    stop() {
      stopped = true;
      observer?.disconnect();
      observer = null;
      waiters = [];
    },
    rebind(next) {
      host = next;
      // The old host may have dropped the task it was holding (its context was invalidated).
      scheduled = false;
      if (!idle()) wake();
    },
    current,
    settled() {
      if (observer !== null) {
        const records = observer.takeRecords();
        if (records.length > 0) onMutations(records);
      }
      if (started && idle()) return Promise.resolve(current());
      return new Promise((resolve) => {
        waiters.push(resolve);
        wake();
      });
    },
    stats: () => ({ ...stats }),
  };
}
