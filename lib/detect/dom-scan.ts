// The scheduler around the DOM walk (`walk.ts`): runs it in time slices so no task takes longer
// than a frame, keeps the result up to date with a MutationObserver that queues only what changed,
// and reports progress and results to its host (the content script, or a test).
import type { RawPageScan } from './schema';
import { ScanEngine } from './walk';
/** Scans a whole document at once (CLI, tests, benchmarks): same engine, no slicing. */
export function scanDocumentSync(doc: Document, pageUrl: string): RawPageScan {
  const engine = new ScanEngine(doc, pageUrl);
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
  let emitted = '';
  let waiters: Array<(update: ScanUpdate) => void> = [];
  let observer: MutationObserver | null = null;

  const current = (): ScanUpdate => ({
    scanId,
    complete: started && !fullPassActive,
    scan: engine.toRaw(pageUrl, doc.title ?? '', doc.documentElement?.lang ?? ''),
  });

  const emit = (force: boolean): void => {
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
    fullRescanWanted = false;
    fullPassActive = true;
    passStart = now();
    passBusy = 0;
    lastProgress = passStart;
    emitted = '';
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
    stats: () => ({ ...stats }),
  };
}
