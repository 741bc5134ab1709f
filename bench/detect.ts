/**
 * Page detection benchmark in real Chromium (docs/performance.md). Not a test: it prints numbers.
 *
 * Page classes (bench/pages.ts): dense staff directory, long article/forum page, adversarial (one ≥ 8 MB text node
 * plus 1 KB paragraphs) with a normal page of the same shape, a 50 MB stress page and a 100,000-element DOM.
 * Methods (bench/in-page.ts): ours as the content script runs it (sliced, postTask, summed task time), naive
 * (innerText + email and phone regexes + hrefs), linkifyjs over every text node, and the true floor (every text
 * node + every anchor's href).
 * - Cold: each sample is the method's first run in a FRESH isolated world of a freshly loaded page (one browser
 *   context and page load per page class): a new JavaScript context with no JIT feedback and no DOM wrappers, the
 *   kind of world a content script runs in. The median of 5 samples
 *   per method (quick mode: 1). Headline ratios are cold and take the WORST page class.
 * - Warm: the median of 3 further runs on one page, the methods taking turns.
 * - Long tasks: a Chromium trace of ours on the 50 MB and the adversarial page; the scanner's own tasks in thread
 *   CPU time (bench/trace.ts), the page's own tasks reported apart. The floor's work, cut into the same 4 ms tasks,
 *   is traced too (`floor_longest_task_ms`): what the longest task of the least any scanner must do holds.
 * - Bounds: naive/floor and linkify/floor (cold, worst class) are the best scan_vs_naive and scan_vs_linkify any
 *   scanner that reads every text node and href could reach (`scan_vs_naive_bound`, `scan_vs_linkify_bound`).
 * - misses_vs_naive: on the directory and article pages, addresses the naive scan finds (its regex over innerText
 *   and mailto: hrefs, keeping those whose domain ends in a real ICANN suffix) that ours does not. A match that only
 *   ever stands before `:path` or `/path` (`git clone git@github.com:acme/x.git`) is a remote's user, which the
 *   scanner rejects by rule (lib/detect/email.ts); those are counted apart as `naive_remotes_rejected`.
 * `--quick`: smaller pages and 1 sample (the CI smoke), for development (its numbers are not the goals'); `--classes=a,b`: only
 * those page classes.
 *
 * Alone: npx tsx bench/run.ts --only detect [--quick]
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { parse as parseDomain } from 'tldts';
import { ensureBuild, pageBundle } from './build';
import { emailsBoth, METHODS, NAIVE_EMAIL, NAIVE_PHONE, pageShape, timeMethod, type Method, type Timing, type TracedMethod, type UngroupedMethod } from './in-page';
import { adversarialPage, directoryPage, hundredThousandNodePage, normalHugeNodePage, realisticPage } from './pages';
import { evaluateInFreshWorld } from './isolated-world';
import { renderedOnce, showRendered } from './render-once';
import { traced, type TaskSummary } from './trace';
import { median, round } from './stats';

const MB = 1024 * 1024;

/** The scanner and linkifyjs as one script for the page (the same modules the content script bundles). */
async function benchBundle(): Promise<string> {
  return pageBundle(
    "import { scanDocumentSync, createPageScanner } from './lib/detect/dom-scan';\nimport { PeopleGrouper } from './lib/detect/people/group';\nimport * as linkify from 'linkifyjs';\n" +
      'const add = PeopleGrouper.prototype.add;\n' +
      'const feedGrouper = (feed) => { PeopleGrouper.prototype.add = feed ? add : () => true; return () => { PeopleGrouper.prototype.add = add; }; };\n' +
      '(globalThis).__bench = { scanDocumentSync, createPageScanner, feedGrouper, linkifyFind: (t) => linkify.find(t) };',
  );
}

interface PageClass {
  key: string;
  label: string;
  html: () => string;
  /** Cold samples per method (each a fresh context and page load). */
  samples: number;
  methods: readonly Method[];
  warm: boolean;
  /** Checked for misses against naive. */
  normal: boolean;
  /** Traced for the longest task. */
  trace: boolean;
}

function pageClasses(quick: boolean): PageClass[] {
  const samples = quick ? 1 : 5;
  const all = METHODS;
  return [
    { key: 'directory', label: quick ? '0.25 MB staff directory' : '1 MB staff directory', html: () => directoryPage((quick ? 0.25 : 1) * MB, 7), samples, methods: all, warm: true, normal: true, trace: false },
    { key: 'article', label: quick ? '0.5 MB article/forum' : '5 MB article/forum', html: () => realisticPage((quick ? 0.5 : 5) * MB, 5), samples, methods: all, warm: true, normal: true, trace: false },
    {
      key: 'adversarial',
      label: quick ? 'adversarial (2 MB node + 0.5 MB)' : 'adversarial (8 MB node + 1 MB)',
      html: () => (quick ? adversarialPage(2, 0.5) : adversarialPage(8, 1)),
      samples,
      // No floor here: reading 9 MB of text in a few nodes costs ~2 ms, searching it is the whole job, so ours/floor
      // would measure text search against nothing (the issue's table leaves it out for the same reason).
      methods: ['ours', 'naive', 'linkify'],
      warm: false,
      normal: false,
      trace: true,
    },
    {
      key: 'same_shape',
      label: quick ? 'normal, same shape (2 MB node + 0.5 MB)' : 'normal, same shape (8 MB node + 1 MB)',
      html: () => (quick ? normalHugeNodePage(2, 0.5) : normalHugeNodePage(8, 1)),
      samples,
      methods: ['ours'],
      warm: false,
      normal: false,
      trace: false,
    },
    { key: 'nodes_100k', label: quick ? '10k-element DOM' : '100,000-element DOM', html: () => hundredThousandNodePage(quick ? 2000 : 19_990), samples, methods: all, warm: true, normal: false, trace: false },
    // linkify is left out here: ~1 s per MB would add a minute for a ratio the smaller pages already give.
    { key: 'stress', label: quick ? '3 MB stress page' : '50 MB stress page', html: () => realisticPage((quick ? 3 : 50) * MB, 7), samples, methods: ['ours', 'naive', 'floor'], warm: false, normal: false, trace: true },
  ];
}

interface ClassResult {
  cls: PageClass;
  shape: { textMb: number; textNodes: number; anchors: number; elements: number };
  cold: Partial<Record<Method | UngroupedMethod, number>>;
  warm: Partial<Record<Method, number>>;
  oursLongestWall: number;
  tasks?: TaskSummary;
  /** The floor's work sliced and traced as ours is (in-page.ts `floor-sliced`). */
  floorTasks?: TaskSummary;
  misses?: string[];
}


/** A real address by the naive regex's own standard, plus a domain that ends in a real (ICANN) suffix. */
function isRealAddress(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const parsed = parseDomain(domain);
  return parsed.isIcann === true && parsed.domain !== null;
}

interface SlicedTimes {
  busy: number;
  wall: number;
  slices: number;
  longestSlice: number;
  /** Median and longest of five +1 KB updates. */
  incremental: number;
  incrementalMax: number;
  incrementalFound: boolean;
}

/** The real content-script mode: sliced full pass, then 1 KB appended and the incremental update. */
async function measureSliced(page: Page): Promise<SlicedTimes> {
  return page.evaluate(async () => {
    interface Stats {
      fullPassBusyMs: number;
      fullPassWallMs: number;
      slices: number;
      lastIncrementalBusyMs: number;
    }
    interface Scanner {
      start(): void;
      stop(): void;
      settled(): Promise<{ scan: { emails: string[] } }>;
      stats(): Stats;
    }
    type Detect = { createPageScanner: (o: object) => Scanner };
    const detect = (globalThis as unknown as { __bench: Detect }).__bench;
    const channel = new MessageChannel();
    const tasks: Array<() => void> = [];
    channel.port1.onmessage = () => tasks.shift()?.();
    let longestSlice = 0;
    const schedule = (task: () => void): void => {
      tasks.push(() => {
        const t0 = performance.now();
        task();
        longestSlice = Math.max(longestSlice, performance.now() - t0);
      });
      channel.port2.postMessage(0);
    };
    const scanner = detect.createPageScanner({ root: document, pageUrl: location.href, schedule, onUpdate: () => undefined });
    scanner.start();
    await scanner.settled();
    const full = scanner.stats();
    // ~1 KB of new people cards, five times (each a different set of people), built with DOM APIs from a template
    // element; the median update is reported (one update can take a garbage collection of the full pass's garbage).
    const card = (i: number): string =>
      `<div class="card"><h3>New Person ${i}</h3><p class="title">Head of growth</p><p>new.person${i}@fresh-co.com</p><p>Phone: +1 415 555 01${10 + i}</p><a href="https://www.linkedin.com/in/new-person-${i}">LinkedIn</a></div>`;
    const updates: number[] = [];
    let after = await scanner.settled();
    for (let round = 0; round < 5; round++) {
      const block = document.createElement('section');
      block.className = 'people';
      const template = document.createElement('template');
      template.setHTMLUnsafe(`${card(round * 3 + 1)}${card(round * 3 + 2)}${card(round * 3 + 3)}`);
      block.append(template.content);
      document.querySelector('main')?.append(block);
      after = await scanner.settled();
      updates.push(scanner.stats().lastIncrementalBusyMs);
    }
    scanner.stop();
    updates.sort((x, y) => x - y);
    return {
      busy: full.fullPassBusyMs,
      wall: full.fullPassWallMs,
      slices: full.slices,
      longestSlice,
      incremental: updates[2] ?? Number.NaN,
      incrementalMax: updates[4] ?? Number.NaN,
      incrementalFound: after.scan.emails.includes('new.person1@fresh-co.com') && after.scan.emails.includes('new.person15@fresh-co.com'),
    };
  });
}


function serve(pages: Map<string, string>): Promise<Server> {
  const server = createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function contentScriptGzBytes(): number {
  const script = join(ensureBuild(), 'content-scripts', 'content.js');
  return existsSync(script) ? gzipSync(readFileSync(script)).length : Number.NaN;
}

export async function run(opts: { json: boolean; quick?: boolean }): Promise<Record<string, number>> {
  const quick = opts.quick === true;
  // `--classes=stress,directory`: only those page classes (development).
  const pickArg = process.argv.find((a) => a.startsWith('--classes='));
  const picked = pickArg?.slice('--classes='.length).split(',');
  const classes = pageClasses(quick).filter((c) => picked === undefined || picked.includes(c.key));
  const pages = new Map<string, string>();
  for (const cls of classes) pages.set(`/${cls.key}.html`, renderedOnce(cls.html()));
  const server = await serve(pages);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bundle = await benchBundle();
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results: Record<string, number> = {};
  const out: ClassResult[] = [];
  /** A fresh browser context and page with the page loaded and laid out (a page the user looks at), the bundle in. */
  const open = async (key: string): Promise<Page> => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/${key}.html`, { waitUntil: 'load', timeout: 300_000 });
    await showRendered(page);
    // tsx compiles with esbuild's keepNames, whose `__name` helper appears in functions handed to page.evaluate.
    await page.addScriptTag({ content: 'globalThis.__name = (f) => f;' });
    await page.addScriptTag({ content: bundle });
    return page;
  };
  const close = (page: Page): Promise<void> => page.context().close();
  const time = (page: Page, method: Method): Promise<Timing> => page.evaluate(timeMethod, [method, NAIVE_EMAIL, NAIVE_PHONE] as const);
  /**
   * One cold sample: `method` run once in a FRESH isolated world of the loaded page, the kind of JavaScript context a
   * content script runs in. A new world has no JIT feedback for any function and no DOM wrappers (those are per
   * world), so the run is as cold as the first one in a new tab; the page is not loaded again for it (a 50 MB page
   * takes about a minute to load and lay out here, which made the bench take 10 minutes). No garbage collection is
   * forced between samples: one costs 7–8 s on the 50 MB page (the DOM's 685k nodes are traced), and a content
   * script meets the page's garbage too; the methods take turns, so none always follows the same one.
   */
  const coldSample = async (page: Page, method: Method | TracedMethod | UngroupedMethod, collectFirst = false): Promise<Timing> => {
    try {
      // collectFirst, before the traced run: the other samples' garbage must not land in the scanner's tasks as a major GC.
      const expression = `(${timeMethod.toString()})(${JSON.stringify([method, NAIVE_EMAIL, NAIVE_PHONE])})`;
      return (await evaluateInFreshWorld(page, [bundle], expression, collectFirst)) as Timing;
    } catch (error) {
      throw new Error(`${method}: ${(error as Error).message}`);
    }
  };
  let sliced: SlicedTimes | null = null;
  /** Naive matches that are only ever a host's user before a path (`git@github.com:acme/x.git`): rejected on purpose. */
  const remotes: string[] = [];
  const started = performance.now();
  try {
    for (const cls of classes) {
      const t0 = performance.now();
      const cold: Partial<Record<Method | UngroupedMethod, number[]>> = {};
      let oursLongestWall = 0;
      const page = await open(cls.key);
      // Ours is also run with the grouper fed nothing: the difference is what grouping people costs on this class.
      const methods: ReadonlyArray<Method | UngroupedMethod> = cls.methods.includes('ours') ? [...cls.methods, 'ours-ungrouped'] : cls.methods;
      for (let s = 0; s < cls.samples; s++) {
        for (let m = 0; m < methods.length; m++) {
          // Rotate the order so a slow phase of the shared machine does not always land on one method.
          const method = methods[(s + m) % methods.length] as Method | UngroupedMethod;
          const t = await coldSample(page, method);
          (cold[method] ??= []).push(t.ms);
          if (method === 'ours') oursLongestWall = Math.max(oursLongestWall, t.longest);
        }
      }
      let tasks: TaskSummary | undefined;
      let floorTasks: TaskSummary | undefined;
      if (cls.trace) {
        tasks = (await traced(browser, page, () => coldSample(page, 'ours', true))).tasks;
        floorTasks = (await traced(browser, page, () => coldSample(page, 'floor-sliced', true))).tasks;
      }
      const shape = await page.evaluate(pageShape);
      const warm: Partial<Record<Method, number[]>> = {};
      if (cls.warm) {
        for (const method of cls.methods) await time(page, method); // warm-up
        for (let r = 0; r < 3; r++) {
          for (let k = 0; k < cls.methods.length; k++) {
            const method = cls.methods[(r + k) % cls.methods.length] as Method;
            (warm[method] ??= []).push((await time(page, method)).ms);
          }
        }
      }
      let misses: string[] | undefined;
      if (cls.normal) {
        const both = await page.evaluate(emailsBoth, NAIVE_EMAIL);
        const ours = new Set(both.ours);
        misses = both.truncated ? [] : both.naive.filter((e) => isRealAddress(e) && !ours.has(e));
        remotes.push(...both.remotes.filter((e) => !ours.has(e)));
      }
      // Last on this page: it appends people cards to it.
      if (cls.key === 'article') sliced = await measureSliced(page);
      await close(page);
      const pick = <K extends string>(r: Partial<Record<K, number[]>>): Partial<Record<K, number>> =>
        Object.fromEntries(Object.entries<number[] | undefined>(r).map(([k, v]) => [k, median(v ?? [])])) as Partial<Record<K, number>>;
      const result: ClassResult = { cls, shape, cold: pick(cold), warm: pick(warm), oursLongestWall, tasks, floorTasks, misses };
      out.push(result);
      console.log(`${cls.label}: measured in ${round((performance.now() - t0) / 1000, 1)} s`);
    }
  } finally {
    await browser.close();
    server.close();
  }

  // The table: one row per class, cold medians (warm in brackets), ratios per class.
  const fmt = (n: number | undefined): string => (n === undefined ? '–' : String(round(n, 1)));
  console.log(`\nmethod times in ms, cold median of fresh contexts (warm median in brackets); ${quick ? 'QUICK mode' : 'full mode'}`);
  const table: Record<string, Record<string, string | number>> = {};
  for (const r of out) {
    const { cold, warm } = r;
    const cell = (m: Method): string => `${fmt(cold[m])}${warm[m] !== undefined ? ` (${fmt(warm[m])})` : ''}`;
    table[r.cls.label] = {
      text_mb: round(r.shape.textMb, 1),
      elements: r.shape.elements,
      anchors: r.shape.anchors,
      samples: r.cls.samples,
      ours: cell('ours'),
      naive: cell('naive'),
      linkify: cell('linkify'),
      floor: cell('floor'),
      'naive/ours': cold.naive && cold.ours ? round(cold.naive / cold.ours) : '–',
      'ours/floor': cold.floor && cold.ours ? round(cold.ours / cold.floor) : '–',
      'linkify/ours': cold.linkify && cold.ours ? round(cold.linkify / cold.ours) : '–',
    };
  }
  console.table(table);

  /**
   * The worst page class's ratio, kept only when some class measured it (`--classes` may leave a method out).
   * Returns that class.
   */
  const worstRatio = (key: string, f: (r: ClassResult) => number | null, worst: 'min' | 'max'): ClassResult | undefined => {
    let found: { r: ClassResult; v: number } | undefined;
    for (const r of out) {
      const v = f(r);
      if (v === null || !Number.isFinite(v)) continue;
      if (found === undefined || (worst === 'min' ? v < found.v : v > found.v)) found = { r, v };
    }
    if (found !== undefined) results[key] = round(found.v);
    return found?.r;
  };
  worstRatio('scan_vs_naive', (r) => (r.cold.naive && r.cold.ours ? r.cold.naive / r.cold.ours : null), 'min');
  worstRatio('scan_vs_floor', (r) => (r.cold.floor && r.cold.ours ? r.cold.ours / r.cold.floor : null), 'max');
  worstRatio('scan_vs_linkify', (r) => (r.cold.linkify && r.cold.ours ? r.cold.linkify / r.cold.ours : null), 'min');
  worstRatio('detect_warm_scan_vs_naive', (r) => (r.warm.naive && r.warm.ours ? r.warm.naive / r.warm.ours : null), 'min');
  worstRatio('detect_warm_scan_vs_floor', (r) => (r.warm.floor && r.warm.ours ? r.warm.ours / r.warm.floor : null), 'max');
  for (const r of out) results[`detect_cold_ms_${r.cls.key}`] = round(r.cold.ours ?? Number.NaN, 1);
  // What grouping people costs per page class: the cold pass minus the same pass with the grouper fed nothing.
  for (const r of out) {
    const grouped = r.cold.ours;
    const ungrouped = r.cold['ours-ungrouped'];
    if (grouped === undefined || ungrouped === undefined) continue;
    results[`people_grouping_ms_${r.cls.key}`] = round(grouped - ungrouped, 1);
    console.log(`${r.cls.label}: people grouping ${round(grouped - ungrouped, 1)} ms of ${round(grouped, 1)} ms cold (${round(ungrouped, 1)} ms without)`);
  }
  const article = out.find((r) => r.cls.key === 'article');
  if (article?.cold.floor && article.cold.ours) results.scan_vs_floor_article = round(article.cold.ours / article.cold.floor);
  // What the ratio goals allow at best: no scanner that reads every text node and every anchor's href can take less
  // than the floor, so naive/floor and linkify/floor (same run, worst class) bound scan_vs_naive and scan_vs_linkify.
  // A bound under its goal means the goal cannot be met on that class by any such scanner, ours or another.
  for (const [goal, over] of [
    ['scan_vs_naive', 'naive'],
    ['scan_vs_linkify', 'linkify'],
  ] as const) {
    const bound = `${goal}_bound`;
    const worst = worstRatio(bound, (r) => (r.cold[over] && r.cold.floor ? r.cold[over] / r.cold.floor : null), 'min');
    if (worst !== undefined) console.log(`${goal}: at best ${results[bound]} for a scanner as fast as the floor (${over}/floor on the ${worst.cls.label})`);
  }

  const adversarial = out.find((r) => r.cls.key === 'adversarial');
  const sameShape = out.find((r) => r.cls.key === 'same_shape');
  if (adversarial?.cold.ours !== undefined && sameShape?.cold.ours !== undefined) {
    const perMb = (r: ClassResult): number => (r.cold.ours ?? 0) / r.shape.textMb;
    results.adversarial_vs_normal = round(perMb(adversarial) / perMb(sameShape));
    console.log(
      `adversarial vs normal (cold, same shape): ${round(perMb(adversarial), 1)} vs ${round(perMb(sameShape), 1)} ms per MB of text → ${results.adversarial_vs_normal}`,
    );
  }

  let longest = 0;
  let pageLongest = 0;
  let floorLongest = 0;
  for (const r of out) {
    if (r.tasks === undefined) continue;
    const t = r.tasks;
    longest = Math.max(longest, t.ourLongestCpuMs);
    pageLongest = Math.max(pageLongest, t.pageLongestCpuMs);
    console.log(
      `${r.cls.label}, traced: the scanner's ${t.ourTasks} tasks, longest ${round(t.ourLongestCpuMs, 1)} ms thread CPU (${round(t.ourLongestWallMs, 1)} ms wall); ` +
        `the page's own ${t.pageTasks} tasks meanwhile, longest ${round(t.pageLongestCpuMs, 1)} ms CPU (${round(t.pageLongestWallMs, 1)} ms wall)${t.threadTimes ? '' : ' [no thread times in the trace: wall times]'}`,
    );
    if (t.ourLongestInside !== '') console.log(`  inside the scanner's longest task (ms): ${t.ourLongestInside}`);
    const f = r.floorTasks;
    if (f !== undefined) {
      floorLongest = Math.max(floorLongest, f.ourLongestCpuMs);
      console.log(
        `  the floor's work (text nodes + hrefs) sliced the same way: ${f.ourTasks} tasks, longest ${round(f.ourLongestCpuMs, 1)} ms thread CPU` +
          (f.ourLongestInside !== '' ? `; inside it (ms): ${f.ourLongestInside}` : ''),
      );
    }
  }
  results.longest_task_ms = round(longest, 1);
  results.page_longest_task_ms = round(pageLongest, 1);
  if (out.some((r) => r.floorTasks !== undefined)) results.floor_longest_task_ms = round(floorLongest, 1);

  // Only when a normal page was checked: a run without one (--classes) must not report a 0 it never measured.
  if (out.some((r) => r.misses !== undefined)) {
    const misses = out.flatMap((r) => r.misses ?? []);
    results.misses_vs_naive = misses.length;
    console.log(`misses vs naive on the normal pages: ${misses.length}${misses.length > 0 ? ` (${misses.slice(0, 5).join(', ')}…)` : ''}`);
    const rejected = [...new Set(remotes)];
    results.naive_remotes_rejected = rejected.length;
    console.log(`naive matches that are only ever user@host:path or user@host/path (not reported, by rule): ${rejected.length}${rejected.length > 0 ? ` (${rejected.slice(0, 5).join(', ')})` : ''}`);
  }

  if (sliced !== null) {
    console.log(
      `article page, sliced: busy ${round(sliced.busy)} ms over ${sliced.slices} slices; +1 KB incremental update ${round(sliced.incremental, 3)} ms median of 5, longest ${round(sliced.incrementalMax, 3)} ms (new entities ${sliced.incrementalFound ? 'found' : 'MISSING'})`,
    );
    results.rescan_vs_full = round(sliced.incremental / sliced.busy, 4);
    results.rescan_1kb_ms = round(sliced.incremental, 3);
  }
  const gz = contentScriptGzBytes();
  console.log(`content script (gzip): ${gz} bytes`);
  results.content_script_gz_bytes = gz;
  console.log(`detect bench took ${round((performance.now() - started) / 1000, 1)} s`);
  return results;
}
