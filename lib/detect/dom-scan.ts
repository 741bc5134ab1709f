// The scheduler around the DOM walk (`walk.ts`): runs it in time slices so no task takes longer
// than a frame, keeps the result up to date with a MutationObserver that queues only what changed,
// and reports progress and results to its host (the content script, or a test).
import type { RawPageScan } from './schema';
import { ScanEngine } from './walk';
/**
 * Scans a whole document at once (CLI, tests, benchmarks): same engine, no slicing. `groupDuringWalk` false: people
 * are grouped once the walk ends (the reference the tests compare the product's grouping with).
 */
export function scanDocumentSync(doc: Document, pageUrl: string, groupDuringWalk = true): RawPageScan {
  const engine = new ScanEngine(doc, pageUrl, groupDuringWalk);
  engine.beginFullPass();
  engine.run(() => 0, Number.POSITIVE_INFINITY);
  return engine.toRaw(pageUrl, doc.title ?? '', doc.documentElement?.lang ?? '');
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
  /** Runs a task after `ms` (the content script's `ctx.setTimeout`); defaults to `setTimeout`. */
  later?: (task: () => void, ms: number) => void;
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
  /**
   * Least time (ms, on `now`'s clock) from the end of one full pass to a new one that removals start (a widget that
   * re-renders all the time must not keep the scanner busy); at least 10× the last pass's busy time.
   */
  repassGapMs?: number;
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
  /** A new full pass (the panel's Rescan), unless the first one is still running; resolves with its result. */
  rescan(): Promise<ScanUpdate>;
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
  const repassGapMs = options.repassGapMs ?? 2000;
  const now = options.now ?? (() => performance.now());
  const Observer =
    options.MutationObserver === undefined
      ? (doc.defaultView?.MutationObserver ?? globalThis.MutationObserver ?? null)
      : options.MutationObserver;
  let host: ScannerHost = { schedule: options.schedule, onUpdate: options.onUpdate, ...(options.later ? { later: options.later } : {}) };
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
  let emitted = '';
  let peopleReported = false;
  let waiters: Array<(update: ScanUpdate) => void> = [];
  let observer: MutationObserver | null = null;
  /** While a later full pass runs, the result before it is reported (a rescan must not show a half-read page). */
  let shown: ScanUpdate | null = null;
  /** When removals last started a full pass; the next one they ask for waits for the gap after it (`requestRepass`). */
  let lastRepassAt = Number.NEGATIVE_INFINITY;
  let repassTimer = false;
  let repassAfterPass = false;

  const fresh = (): ScanUpdate => ({
    scanId,
    complete: started && !fullPassActive,
    scan: engine.toRaw(pageUrl, doc.title ?? '', doc.documentElement?.lang ?? ''),
  });
  const current = (): ScanUpdate => (fullPassActive && shown !== null ? shown : fresh());

  const emit = (force: boolean): void => {
    // A later full pass reports nothing until it is done (its progress would drop what it has not read yet).
    if (!force && fullPassActive && shown !== null) return;
    if (!force && engine.revision === emitted) return;
    emitted = engine.revision;
    host.onUpdate(current());
  };

  const idle = (): boolean => !fullPassActive && !fullRescanWanted && engine.idle;

  const wake = (): void => {
    if (scheduled || stopped) return;
    scheduled = true;
    host.schedule(slice);
  };

  const beginFullPass = (): void => {
    if (!fullPassActive && stats.fullPasses > 0) shown = fresh();
    fullRescanWanted = false;
    fullPassActive = true;
    passStart = now();
    passBusy = 0;
    lastProgress = passStart;
    emitted = '';
    peopleReported = false;
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
      // The first people of a pass (the grouper reads records as the walk leaves them) are reported at once.
      const firstPeople = !peopleReported && engine.grouper.result().people.length > 0;
      if (firstPeople) peopleReported = true;
      if (fullPassActive && (firstPeople || t1 - lastProgress >= progressMs)) {
        lastProgress = t1;
        emit(false);
      }
      wake();
      return;
    }
    if (fullPassActive) {
      fullPassActive = false;
      shown = null;
      stats.fullPasses++;
      stats.fullPassBusyMs = passBusy;
      stats.fullPassWallMs = t1 - passStart;
      emit(true);
      if (repassAfterPass) {
        repassAfterPass = false;
        requestRepass();
      }
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

  /**
   * Something the scan found was removed or changed: a new full pass (the flat lists only ever add), at once or when
   * the gap since the last pass removals started has passed (`repassGapMs`, at least 10× the last pass's busy time),
   * so a page that re-renders all the time costs at most one pass per gap. One asked for during a full pass follows it.
   */
  function requestRepass(): void {
    if (stopped || repassTimer || fullRescanWanted) return;
    if (fullPassActive) {
      repassAfterPass = true;
      return;
    }
    const t = now();
    const wait = lastRepassAt + Math.max(repassGapMs, 10 * stats.fullPassBusyMs) - t;
    if (wait <= 0) {
      lastRepassAt = t;
      fullRescanWanted = true;
      wake();
      return;
    }
    repassTimer = true;
    (host.later ?? ((task, ms) => void setTimeout(task, ms)))(() => {
      repassTimer = false;
      requestRepass();
    }, wait);
  }

  /**
   * A change at `node` that may take away what the scan found: the records around it are read again from what they
   * show now (at once, incrementally), and a full pass follows (`requestRepass`) for the flat lists.
   */
  const lost = (node: Node | null): void => {
    if (node === null) return;
    const reread = engine.grouper.changed(node);
    if (reread !== null && reread.isConnected && !engine.enqueue(reread)) fullRescanWanted = true;
    requestRepass();
  };

  const onMutations = (records: MutationRecord[]): void => {
    if (stopped) return;
    const t0 = now();
    if (records.length > 0) engine.noteChange();
    for (const record of records) {
      const target = record.target;
      if (record.type === 'childList') {
        for (const node of Array.from(record.addedNodes)) {
          if (!engine.enqueue(node)) fullRescanWanted = true;
        }
        // One map lookup per removed node: did an identifier come from it (or, for text, from its parent in the
        // page's content: text outside the body is never read)?
        // Indexed, not Array.from: most records remove nothing, and this runs for every record the page makes.
        const removed = record.removedNodes;
        for (let i = 0; i < removed.length; i++) {
          const node = removed[i] as Node;
          const type = node.nodeType;
          const found = type === 1 ? engine.holdsFinding(node) : type === 3 && engine.holdsFinding(target) && engine.root?.contains(target) === true;
          if (found) {
            lost(target);
            break;
          }
        }
        continue;
      }
      if (!engine.enqueue(target)) fullRescanWanted = true;
      const holder = record.type === 'characterData' ? target.parentNode : target;
      if (holder !== null && engine.holdsFinding(holder)) lost(holder);
      else if (record.type === 'characterData' && holder !== null) {
        // Text without an identifier (a name, "3 min ago") changed inside a record: describe that record again from
        // the page as it is now. Its identifiers did not change, so it is not walked again: a re-walk would add them
        // to the grouper a second time at every tick, until its identifier cap dropped every person (review).
        engine.grouper.changed(holder, 4, false);
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
      // Whoever waits (a rescan the background asked for) gets what there is rather than its 30 s timeout.
      const resolved = waiters;
      waiters = [];
      for (const resolve of resolved) resolve(current());
    },
    rebind(next) {
      host = next;
      // The old host may have dropped the task it was holding (its context was invalidated), and its timer too: a
      // repass it was waiting for is asked again, or removals would never start one (`requestRepass` waits on it).
      scheduled = false;
      if (repassTimer) {
        repassTimer = false;
        requestRepass();
      }
      if (!idle()) wake();
    },
    current,
    settled() {
      if (stopped) return Promise.resolve(current());
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
    rescan() {
      if (stopped) return Promise.resolve(current());
      if (observer !== null) {
        const records = observer.takeRecords();
        if (records.length > 0) onMutations(records);
      }
      if (started && !fullPassActive) fullRescanWanted = true;
      return new Promise((resolve) => {
        waiters.push(resolve);
        wake();
      });
    },
    stats: () => ({ ...stats }),
  };
}
