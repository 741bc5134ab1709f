/**
 * What the detection bench runs INSIDE the page (handed to `page.evaluate`, so each function is self-contained).
 * The page has `globalThis.__bench` from the bundle `bench/detect.ts` injects: our scanner and linkifyjs.
 *
 * - ours: the scanner exactly as the content script runs it (`createPageScanner`, each slice a
 *   `scheduler.postTask` task, 4 ms slices), timed as the sum of its own tasks (the work it puts on the page's
 *   main thread; the yields between slices are the page's time, not ours). Each task is marked (`ipe-slice`) so
 *   the Chromium trace can tell the scanner's tasks from the page's.
 * - naive: `innerText` + a common email regex + a common phone regex + every anchor's resolved href.
 * - linkify: linkifyjs (the peer library) over every text node, the way linkify-element walks a page.
 * - floor: the least any scanner must do: walk every text node and read every anchor's href.
 */

export type Method = 'ours' | 'naive' | 'linkify' | 'floor';
export const METHODS: readonly Method[] = ['ours', 'naive', 'linkify', 'floor'];
/**
 * The floor's work (every text node, every anchor's href) cut into 4 ms tasks scheduled as ours are, each marked
 * like ours: traced only, to show what the longest task of the least any scanner must do holds on the same page.
 */
export type TracedMethod = 'ours' | 'floor-sliced';
/**
 * Ours with the people grouper fed nothing (its `add` drops every identifier): the same pass minus grouping, so
 * `ours − ours-ungrouped` per page class is what grouping people costs there.
 */
export type UngroupedMethod = 'ours-ungrouped';

export interface Timing {
  /** Main-thread time of the method (ours: the sum of its tasks). */
  ms: number;
  /** Ours only: start to settled, yields included; the number of tasks and the longest (wall clock). */
  wall: number;
  tasks: number;
  longest: number;
}

interface BenchGlobal {
  createPageScanner: (o: object) => { start(): void; stop(): void; settled(): Promise<unknown> };
  scanDocumentSync: (d: Document, u: string) => { emails: string[]; truncated: boolean };
  linkifyFind: (text: string) => unknown[];
  /** Feeds the people grouper (true, the product) or nothing (false); returns a function that restores it. */
  feedGrouper: (feed: boolean) => () => void;
}

/** The common regexes of a hand-written page scanner (also used by the misses check). */
export const NAIVE_EMAIL = '[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}';
export const NAIVE_PHONE = '\\+?\\d{1,3}[\\s.-]?\\(?\\d{1,4}\\)?[\\s.-]?\\d{3,4}[\\s.-]?\\d{3,4}';

/** Runs one method once; `page.evaluate(timeMethod, [method, NAIVE_EMAIL, NAIVE_PHONE])`. */
export async function timeMethod([method, emailSource, phoneSource]: readonly [Method | TracedMethod | UngroupedMethod, string, string]): Promise<Timing> {
  const bench = (globalThis as unknown as { __bench: BenchGlobal }).__bench;
  const scheduler = (globalThis as { scheduler?: { postTask?: (cb: () => void, o: object) => Promise<void> } }).scheduler;
  const post =
    typeof scheduler?.postTask === 'function'
      ? (cb: () => void) => void scheduler.postTask?.(cb, { priority: 'user-visible' })
      : (cb: () => void) => void setTimeout(cb, 0);
  let busy = 0;
  let tasks = 0;
  let longest = 0;
  const timed = (task: () => void): void => {
    performance.mark('ipe-slice');
    const t0 = performance.now();
    task();
    const dt = performance.now() - t0;
    busy += dt;
    tasks++;
    if (dt > longest) longest = dt;
  };
  const started = performance.now();
  /**
   * The floor's work: every text node's data, then every anchor's href, 64 nodes at a time until `deadline`
   * (true when done). The floor runs it in one go; `floor-sliced` in 4 ms tasks, as ours runs.
   */
  const floorWork = (): { step: (deadline: number) => boolean; sink: () => number } => {
    let sum = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let textDone = false;
    let anchors: NodeListOf<HTMLAnchorElement> | null = null;
    let i = 0;
    const step = (deadline: number): boolean => {
      while (deadline === Number.POSITIVE_INFINITY || performance.now() < deadline) {
        if (!textDone) {
          for (let k = 0; k < 64 && !textDone; k++) {
            const n = walker.nextNode();
            if (n === null) textDone = true;
            else sum += (n as Text).data.length;
          }
        } else if (anchors === null) {
          anchors = document.querySelectorAll('a');
        } else {
          const end = Math.min(anchors.length, i + 64);
          for (; i < end; i++) sum += anchors[i]?.getAttribute('href')?.length ?? 0;
          if (i >= anchors.length) return true;
        }
      }
      return false;
    };
    return { step, sink: () => sum };
  };
  if (method === 'floor-sliced') {
    const floor = floorWork();
    await new Promise<void>((resolve) => {
      const slice = (): void => {
        if (floor.step(performance.now() + 4)) resolve();
        else post(() => timed(slice));
      };
      timed(slice);
    });
    (globalThis as unknown as { __sink: number }).__sink = floor.sink();
    return { ms: busy, wall: performance.now() - started, tasks, longest };
  }
  if (method === 'ours' || method === 'ours-ungrouped') {
    const restore = bench.feedGrouper(method === 'ours');
    let scanner: ReturnType<BenchGlobal['createPageScanner']> | null = null;
    timed(() => {
      scanner = bench.createPageScanner({
        root: document,
        pageUrl: location.href,
        schedule: (task: () => void) => post(() => timed(task)),
        onUpdate: () => undefined,
      });
      scanner.start();
    });
    await (scanner as unknown as { settled(): Promise<unknown> }).settled();
    const wall = performance.now() - started;
    (scanner as unknown as { stop(): void }).stop();
    restore();
    return { ms: busy, wall, tasks, longest };
  }
  const t0 = performance.now();
  let sink = 0;
  if (method === 'naive') {
    const text = document.body.innerText;
    sink += (text.match(new RegExp(emailSource, 'g')) ?? []).length;
    sink += (text.match(new RegExp(phoneSource, 'g')) ?? []).length;
    const anchors = document.querySelectorAll('a');
    for (let i = 0; i < anchors.length; i++) sink += (anchors[i] as HTMLAnchorElement).href.length;
  } else if (method === 'linkify') {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) sink += bench.linkifyFind((n as Text).data).length;
  } else {
    const floor = floorWork();
    floor.step(Number.POSITIVE_INFINITY);
    sink += floor.sink();
  }
  const ms = performance.now() - t0;
  (globalThis as unknown as { __sink: number }).__sink = sink;
  return { ms, wall: ms, tasks: 1, longest: ms };
}

/**
 * Emails ours reports and emails the naive scan matches (its regex over innerText, plus mailto: hrefs). `remotes`:
 * naive matches that appear ONLY as the user of a path on a host (`git@github.com:acme/x.git`, `git@host/path`), which
 * the scanner rejects on purpose (lib/detect/email.ts: what follows an address must end it), reported apart.
 */
export function emailsBoth(emailSource: string): { ours: string[]; naive: string[]; remotes: string[]; truncated: boolean } {
  const bench = (globalThis as unknown as { __bench: BenchGlobal }).__bench;
  const raw = bench.scanDocumentSync(document, location.href);
  const text = document.body.innerText;
  const naive = new Set<string>();
  const asAddress = new Set<string>();
  const asRemote = new Set<string>();
  for (const m of text.matchAll(new RegExp(emailSource, 'g'))) {
    const email = m[0].toLowerCase();
    naive.add(email);
    const end = (m.index ?? 0) + m[0].length;
    const next = text.charAt(end);
    const after = text.charAt(end + 1);
    (/[:/]/.test(next) && after !== '' && !/\s/.test(after) ? asRemote : asAddress).add(email);
  }
  for (const a of Array.from(document.querySelectorAll('a[href^="mailto:" i]'))) {
    const to = decodeURIComponent((a.getAttribute('href') ?? '').slice(7).split('?')[0] ?? '');
    for (const e of to.split(',')) {
      if (e.trim() === '') continue;
      naive.add(e.trim().toLowerCase());
      asAddress.add(e.trim().toLowerCase());
    }
  }
  const remotes = [...asRemote].filter((e) => !asAddress.has(e));
  return { ours: raw.emails, naive: [...naive].filter((e) => !remotes.includes(e)), remotes, truncated: raw.truncated };
}

/** Text and anchors of the page (for the table). */
export function pageShape(): { textMb: number; textNodes: number; anchors: number; elements: number } {
  let chars = 0;
  let textNodes = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
    chars += (n as Text).data.length;
    textNodes++;
  }
  return { textMb: chars / 1048576, textNodes, anchors: document.querySelectorAll('a').length, elements: document.getElementsByTagName('*').length };
}
