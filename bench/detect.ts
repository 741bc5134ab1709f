/**
 * Page detection benchmark, in real Chromium through Playwright (not a test: it prints numbers).
 *
 * - Generated realistic pages of about 1, 5 and 25 MB (articles, people cards, contact tables,
 *   link lists, comments with @mentions and "+1"s, scripts and styles).
 * - Our full scan (the content script's engine, bundled standalone with esbuild) against a naive
 *   baseline (`document.body.innerText` + a common unanchored email regex + every anchor's href)
 *   and the floor (a bare TreeWalker pass that only reads every text node).
 * - 1 MB of adversarial text vs 1 MB of normal text (and the naive baseline on it, whose regex
 *   backtracks quadratically, stopped at a time budget); an incremental rescan after adding 1 KB
 *   to the 5 MB page vs a full scan; the gzipped size of the built content script.
 * - Cold (first run on a fresh page) and warm (repeated runs) for every method; the headline
 *   `scan_vs_naive` / `scan_vs_floor` are cold — see the comment where they are set.
 *
 * Alone: npx tsx -e "import('./bench/detect.ts').then(m=>m.run({json:false}))"
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { build } from 'esbuild';

const CONTENT_SCRIPT = '.output/chrome-mv3/content-scripts/content.js';
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// Pages

/** Small deterministic PRNG (mulberry32): the same pages on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'the of and to in is for on with as our team we build software data product people company customers sales growth platform research market design engineering support service solution global partners announced quarter revenue hiring remote office launch feature release roadmap pricing security privacy integration workflow analytics'.split(
    ' ',
  );
const FIRST = 'jane john maria li ahmed sofia lucas emma noah olivia liam mia arjun chen fatima pierre'.split(' ');
const LAST = 'doe smith garcia wang khan rossi muller brown lee silva nguyen kim patel dubois novak jones'.split(' ');
const COMPANIES = 'acme-robotics globex initech umbrella-labs hooli stark-industries wayne-enterprises vandelay'.split(' ');

/**
 * A long page of a company's news-and-people site: mostly articles with prose and internal links,
 * link lists, comments full of decoys (`@mentions`, `+1`, `C++`), code samples with `react@19.0.0`
 * and `logo@2x.png`, and now and then a team grid, a contact table or a contact footer.
 */
export function realisticPage(targetBytes: number, seed: number): string {
  return generatePage(targetBytes, seed, [
    ['article', 0.5],
    ['links', 0.15],
    ['comments', 0.12],
    ['code', 0.05],
    ['cards', 0.08],
    ['table', 0.05],
    ['contact', 0.05],
  ]);
}

/** A staff directory: mostly people cards and contact tables (the dense end of real pages). */
export function directoryPage(targetBytes: number, seed: number): string {
  return generatePage(targetBytes, seed, [
    ['cards', 0.45],
    ['table', 0.35],
    ['links', 0.1],
    ['article', 0.1],
  ]);
}

type BlockKind = 'article' | 'links' | 'comments' | 'code' | 'cards' | 'table' | 'contact';

function generatePage(targetBytes: number, seed: number, mix: Array<[BlockKind, number]>): string {
  const rand = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const sentence = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const digits = (n: number): string => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
  const person = (): { first: string; last: string; company: string } => ({ first: pick(FIRST), last: pick(LAST), company: pick(COMPANIES) });
  const blocks: Record<BlockKind, (i: number) => string> = {
    article: () => {
      const paragraphs = Array.from({ length: 3 + Math.floor(rand() * 3) }, () => {
        const link = rand() < 0.7 ? `/articles/${digits(5)}` : `https://www.${pick(COMPANIES)}.com/blog/${digits(4)}`;
        const decoy = rand() < 0.2 ? ` (up +${digits(2)}% on C++ and ${digits(1)}+${digits(1)})` : '';
        return `<p>${sentence(25)} <a href="${link}">${sentence(2)}</a> ${sentence(20)}, <em>${sentence(2)}</em> (${sentence(3)}) ${sentence(12)}${decoy}.</p>`;
      });
      const { first, last } = person();
      return `<article><h2>${sentence(5)}</h2><p class="meta">By <a href="/authors/${first}-${last}">${first} ${last}</a> · ${digits(2)} min read</p>${paragraphs.join('')}</article>`;
    },
    links: (i) => {
      const items = Array.from({ length: 8 }, () => `<li><a href="/p/${digits(6)}">${sentence(3)}</a> <span class="count">${digits(2)} ${pick(WORDS)}</span></li>`);
      return `<aside><h3>${sentence(2)}</h3><ul>${items.join('')}</ul></aside><script>window.__m${i}={id:${digits(5)},v:"${digits(3)}+${digits(2)}",m:"x@y.z"};</script>`;
    },
    comments: () => {
      const items = Array.from({ length: 4 }, () => `<li class="comment"><b>@${pick(FIRST)}${digits(2)}</b> ${sentence(14)} +1, ${sentence(6)} C++ ${digits(2)}+ ${sentence(4)} <time>${digits(2)}h</time></li>`);
      return `<section class="comments"><h3>${digits(2)} comments</h3><ol>${items.join('')}</ol></section>`;
    },
    code: () =>
      `<pre><code>npm install react@19.0.${digits(1)} @types/node@20\n&lt;img src="logo@2x.png" srcset="hero@3x.webp 3x"&gt;\ngit clone git@github.com:acme/${pick(WORDS)}.git\ncurl -u admin@internal https://localhost:${digits(4)}/api</code></pre><p>${sentence(18)}</p>`,
    cards: () => {
      const cards = Array.from({ length: 4 }, () => {
        const { first, last, company } = person();
        return `<div class="card"><h3>${first} ${last}</h3><p class="title">Head of ${pick(WORDS)}</p><p><a href="mailto:${first}.${last}@${company}.com">${first}.${last}@${company}.com</a></p><p>Phone: +1 415 555 ${digits(4)}</p><a href="https://www.linkedin.com/in/${first}-${last}-${digits(4)}">LinkedIn</a> <a href="https://www.${company}.com/">${company}</a></div>`;
      });
      return `<section class="people"><h2>Our ${pick(WORDS)} team</h2>${cards.join('')}</section>`;
    },
    table: () => {
      const rows = Array.from({ length: 6 }, () => {
        const { first, last, company } = person();
        return `<tr><td>${first} ${last}</td><td>${company}</td><td>${first}@${company}.io</td><td>+44 20 7946 ${digits(4)}</td><td><a href="https://uk.linkedin.com/in/${first}${last}${digits(3)}/">profile</a></td></tr>`;
      });
      return `<table><thead><tr><th>Name</th><th>Company</th><th>Email</th><th>Phone</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
    },
    contact: () => {
      const company = pick(COMPANIES);
      return `<section class="contact"><h3>Contact</h3><address>${sentence(3)}<br>Write to info [at] ${company} [dot] com or call +44 20 7946 ${digits(4)}.</address><p><a href="https://www.linkedin.com/company/${company}/">LinkedIn</a> <a href="https://twitter.com/${company}">Twitter</a></p></section>`;
    },
  };
  const total = mix.reduce((sum, [, w]) => sum + w, 0);
  const choose = (): BlockKind => {
    let r = rand() * total;
    for (const [kind, weight] of mix) {
      r -= weight;
      if (r < 0) return kind;
    }
    return (mix[0] as [BlockKind, number])[0];
  };
  const parts: string[] = [
    '<!doctype html><html><head><meta charset="utf-8"><title>Acme Robotics — News and people</title>',
    '<style>body{font:14px/1.4 sans-serif;margin:0 auto;max-width:960px}.card{border:1px solid #ddd;padding:8px}</style>',
    '</head><body><header><nav>',
  ];
  for (let i = 0; i < 12; i++) parts.push(`<a href="/section/${i}">${sentence(1)}</a> `);
  parts.push('<a href="https://twitter.com/acme">Twitter</a> <a href="https://www.linkedin.com/company/acme-robotics/">LinkedIn</a></nav></header><main>');
  let size = parts.join('').length;
  for (let i = 0; size < targetBytes; i++) {
    const html = blocks[choose()](i);
    parts.push(html);
    size += html.length;
  }
  parts.push('</main><footer><a href="/privacy">Privacy</a> <a href="https://www.facebook.com/acme">Facebook</a> © Acme Robotics</footer></body></html>');
  return parts.join('');
}

/** The issue's adversarial corpus, rotated through paragraphs (and one long text node) to ~`targetBytes`. */
export function adversarialPage(targetBytes: number): string {
  const chunk = 4096;
  const patterns = [
    () => 'a.'.repeat(chunk / 2),
    () => 'a'.repeat(chunk),
    () => `x@${'a'.repeat(chunk - 3)}!`,
    () => 'a@'.repeat(chunk / 2),
    () => '9'.repeat(chunk),
    () => `+${'1'.repeat(chunk - 1)}`,
    () => '[at](at)'.repeat(chunk / 8),
    () => '1+'.repeat(chunk / 2),
  ];
  const parts = ['<!doctype html><html><head><title>Adversarial</title></head><body>'];
  let size = 0;
  // One quarter as a single huge text node, the rest as paragraphs.
  const big = Math.floor(targetBytes / 4);
  parts.push(`<pre>${'a@'.repeat(big / 4)}${'a.'.repeat(big / 4)}</pre>`);
  size += big;
  for (let i = 0; size < targetBytes; i++) {
    const text = (patterns[i % patterns.length] as () => string)();
    parts.push(`<p>${text}</p>`);
    size += text.length;
  }
  parts.push('</body></html>');
  return parts.join('');
}

// ---------------------------------------------------------------------------------------------------------------
// In-page measurements

/** The scanner as a standalone script for the page (the same modules the content script bundles). */
async function scannerBundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents:
        "import { scanDocumentSync, createPageScanner } from './lib/detect/dom-scan';\n(globalThis).__detect = { scanDocumentSync, createPageScanner };",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: 'chrome120',
  });
  return result.outputFiles[0]?.text ?? '';
}

interface PageTimes {
  ours: number;
  naive: number;
  floor: number;
  coldOurs: number;
  coldNaive: number;
  coldFloor: number;
  textNodes: number;
  anchors: number;
  entities: number;
}

type Method = 'ours' | 'naive' | 'floor';
const METHODS: Method[] = ['ours', 'naive', 'floor'];

/** Times one method once, inside a freshly loaded page. */
function timeInPage(method: Method): number {
  type Detect = { scanDocumentSync: (d: Document, u: string) => unknown };
  const detect = (globalThis as unknown as { __detect: Detect }).__detect;
  const methods: Record<Method, () => unknown> = {
    ours: () => detect.scanDocumentSync(document, location.href),
    // What a page scanner typically does without care: innerText (layout-aware text extraction),
    // a popular unanchored email regex, and every anchor's resolved href.
    naive: () => {
      const text = document.body.innerText;
      const emails = text.match(/[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}/g) ?? [];
      const hrefs = Array.from(document.querySelectorAll('a'), (a) => a.href);
      return emails.length + hrefs.length;
    },
    floor: () => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let chars = 0;
      for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) chars += (n as Text).data.length;
      return chars;
    },
  };
  const t0 = performance.now();
  methods[method]();
  return performance.now() - t0;
}

/**
 * Each method timed twice over:
 * - cold: its first run on a freshly loaded page, which is what a content script meets (no
 *   JIT-warm code, no DOM wrappers left by an earlier pass), the median over `coldPages` fresh
 *   pages per method (one sample is at the mercy of a shared machine);
 * - warm: the median of `runs` further runs on one page, the methods taking turns so a slow
 *   phase of the machine does not land on one of them.
 */
async function measure(open: () => Promise<Page>, runs: number, coldPages: number): Promise<PageTimes> {
  const cold: Record<Method, number[]> = { ours: [], naive: [], floor: [] };
  const warm: Record<Method, number[]> = { ours: [], naive: [], floor: [] };
  let shape = { textNodes: 0, anchors: 0, entities: 0 };
  for (let c = 0; c < coldPages; c++) {
    for (let m = 0; m < METHODS.length; m++) {
      const first = METHODS[(c + m) % METHODS.length] as Method;
      const page = await open();
      cold[first].push(await page.evaluate(timeInPage, first));
      if (first === 'ours' && c === 0) {
        for (let r = 0; r < runs; r++) {
          for (let k = 0; k < METHODS.length; k++) {
            const method = METHODS[(r + k) % METHODS.length] as Method;
            warm[method].push(await page.evaluate(timeInPage, method));
          }
        }
        shape = await page.evaluate(() => {
          type Detect = { scanDocumentSync: (d: Document, u: string) => Record<string, unknown> };
          const detect = (globalThis as unknown as { __detect: Detect }).__detect;
          const r = detect.scanDocumentSync(document, location.href);
          let textNodes = 0;
          const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          while (w.nextNode()) textNodes++;
          const entities = ['emails', 'phones', 'profiles', 'companyProfiles', 'linkHosts'].reduce((n, k) => n + (r[k] as unknown[]).length, 0);
          return { textNodes, anchors: document.querySelectorAll('a').length, entities };
        });
      }
      await page.close();
    }
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return {
    ours: median(warm.ours),
    naive: median(warm.naive),
    floor: median(warm.floor),
    coldOurs: median(cold.ours),
    coldNaive: median(cold.naive),
    coldFloor: median(cold.floor),
    ...shape,
  };
}

/** The naive baseline's email regex, exactly as `timeInPage` runs it. */
const NAIVE_EMAIL_SOURCE = '[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}';

interface NaiveBounded {
  ms: number;
  /** The regex did not finish within the budget; `ms` is then a lower bound. */
  capped: boolean;
}

/**
 * The naive baseline on a page where its regex may backtrack for minutes (`aaaa…` with no `@`
 * is quadratic for an unanchored `[…]+@`). Same three steps as `timeInPage`'s naive, on a fresh
 * page; the regex runs in a Worker (same V8, same regex engine, compiled there from scratch)
 * so it can be stopped after `budgetMs`, and a capped run reports the budget as a lower bound.
 */
async function measureNaiveBounded(page: Page, budgetMs: number): Promise<NaiveBounded> {
  return page.evaluate(
    async ([source, budget]) => {
      const t0 = performance.now();
      const text = document.body.innerText;
      const hrefs = Array.from(document.querySelectorAll('a'), (a) => a.href);
      const before = performance.now() - t0;
      const code = `onmessage = (e) => { const t = performance.now(); const n = (e.data.match(new RegExp(${JSON.stringify(source)}, 'g')) ?? []).length; postMessage([performance.now() - t, n]); };`;
      const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
      const regexMs = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), budget);
        worker.onmessage = (e: MessageEvent<[number, number]>) => {
          clearTimeout(timer);
          resolve(e.data[0]);
        };
        worker.postMessage(text);
      });
      worker.terminate();
      return { ms: before + (regexMs ?? budget), capped: regexMs === null, hrefs: hrefs.length };
    },
    [NAIVE_EMAIL_SOURCE, budgetMs] as const,
  );
}

interface SlicedTimes {
  busy: number;
  wall: number;
  slices: number;
  longestSlice: number;
  incremental: number;
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
    const detect = (globalThis as unknown as { __detect: Detect }).__detect;
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
    const block = document.createElement('section');
    block.className = 'people';
    const card = (i: number): string =>
      `<div class="card"><h3>New Person ${i}</h3><p class="title">Head of growth</p><p>new.person${i}@fresh-co.com</p><p>Phone: +1 415 555 01${10 + i}</p><a href="https://www.linkedin.com/in/new-person-${i}">LinkedIn</a></div>`;
    // ~1 KB of new content, built with DOM APIs from a template element.
    const template = document.createElement('template');
    template.setHTMLUnsafe?.(`${card(1)}${card(2)}${card(3)}`);
    if (template.content.childNodes.length === 0) {
      for (let i = 1; i <= 3; i++) {
        const div = document.createElement('div');
        div.className = 'card';
        div.textContent = `New Person ${i} Head of growth new.person${i}@fresh-co.com Phone: +1 415 555 01${10 + i}`;
        block.append(div);
      }
    } else {
      block.append(template.content);
    }
    document.querySelector('main')?.append(block);
    const after = await scanner.settled();
    const stats = scanner.stats();
    scanner.stop();
    return {
      busy: full.fullPassBusyMs,
      wall: full.fullPassWallMs,
      slices: full.slices,
      longestSlice,
      incremental: stats.lastIncrementalBusyMs,
      incrementalFound: after.scan.emails.includes('new.person1@fresh-co.com'),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------

function serve(pages: Map<string, string>): Promise<Server> {
  const server = createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function contentScriptGzBytes(): number {
  if (!existsSync(CONTENT_SCRIPT)) execFileSync('npx', ['wxt', 'build'], { stdio: 'ignore' });
  return gzipSync(readFileSync(CONTENT_SCRIPT)).length;
}

/** Longest the naive regex may run on the adversarial page before it is stopped. */
const NAIVE_BUDGET_MS = 5000;

const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;

export async function run(opts: { json: boolean }): Promise<Record<string, number>> {
  const sizes = [1, 5, 25];
  const pages = new Map<string, string>();
  for (const mb of sizes) pages.set(`/page-${mb}mb.html`, realisticPage(mb * MB, mb));
  pages.set('/adversarial-1mb.html', adversarialPage(MB));
  pages.set('/directory-5mb.html', directoryPage(5 * MB, 7));
  const server = await serve(pages);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bundle = await scannerBundle();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: Array<[string, string]> = [];
  const results: Record<string, number> = {};
  try {
    const open = async (path: string): Promise<Page> => {
      const page = await browser.newPage();
      await page.goto(`${origin}${path}`, { waitUntil: 'load', timeout: 120_000 });
      // A page the user looks at has been laid out; the naive baseline's innerText relies on it.
      await page.evaluate(() => document.body.getBoundingClientRect().height);
      // tsx compiles this file with esbuild's keepNames, whose `__name` helper then appears in the
      // functions handed to page.evaluate; give the page a no-op one.
      await page.addScriptTag({ content: 'globalThis.__name = (f) => f;' });
      await page.addScriptTag({ content: bundle });
      return page;
    };
    const perSize: Array<PageTimes & { mb: number }> = [];
    let sliced: SlicedTimes | null = null;
    for (const mb of sizes) {
      // Cold samples cost a fresh page load each: a 25 MB page gets one per method (it takes seconds to load).
      const times = await measure(() => open(`/page-${mb}mb.html`), mb >= 25 ? 3 : 7, mb >= 25 ? 1 : mb >= 5 ? 3 : 5);
      perSize.push({ ...times, mb });
      if (mb === 5) {
        const page = await open(`/page-${mb}mb.html`);
        sliced = await measureSliced(page);
        await page.close();
      }
    }
    const normal = perSize.find((p) => p.mb === 1);
    const adversarial = await measure(() => open('/adversarial-1mb.html'), 7, 5);
    const directory = await measure(() => open('/directory-5mb.html'), 5, 3);
    const naiveAdversarialPage = await open('/adversarial-1mb.html');
    const naiveAdversarial = await measureNaiveBounded(naiveAdversarialPage, NAIVE_BUDGET_MS);
    await naiveAdversarialPage.close();

    const describe = (p: PageTimes): string =>
      `cold (headline): ours ${round(p.coldOurs)} ms · naive ${round(p.coldNaive)} · floor ${round(p.coldFloor)} → naive/ours ${round(p.coldNaive / p.coldOurs)}, ours/floor ${round(p.coldOurs / p.coldFloor)}` +
      ` | warm: ours ${round(p.ours)} · naive ${round(p.naive)} · floor ${round(p.floor)} → ${round(p.naive / p.ours)}, ${round(p.ours / p.floor)}`;
    for (const p of perSize) {
      rows.push([`${p.mb} MB page (${p.textNodes} text nodes, ${p.anchors} links, ${p.entities} raw entities)`, describe(p)]);
      results[`detect_scan_ms_${p.mb}mb`] = round(p.ours);
      results[`detect_naive_ms_${p.mb}mb`] = round(p.naive);
      results[`detect_floor_ms_${p.mb}mb`] = round(p.floor);
      results[`detect_cold_scan_ms_${p.mb}mb`] = round(p.coldOurs);
    }
    rows.push([`5 MB staff directory (${directory.textNodes} text nodes, ${directory.anchors} links, ${directory.entities} raw entities)`, describe(directory)]);
    results.detect_directory_scan_vs_naive = round(directory.naive / directory.ours);
    results.detect_directory_scan_vs_floor = round(directory.ours / directory.floor);
    results.detect_cold_directory_scan_vs_naive = round(directory.coldNaive / directory.coldOurs);
    results.detect_cold_directory_scan_vs_floor = round(directory.coldOurs / directory.coldFloor);
    results.detect_cold_scan_vs_naive = round(Math.min(...perSize.map((p) => p.coldNaive / p.coldOurs)));
    results.detect_cold_scan_vs_floor = round(Math.max(...perSize.map((p) => p.coldOurs / p.coldFloor)));
    results.detect_warm_scan_vs_naive = round(Math.min(...perSize.map((p) => p.naive / p.ours)));
    results.detect_warm_scan_vs_floor = round(Math.max(...perSize.map((p) => p.ours / p.floor)));
    // Headline ratios: cold, and the worst page size, not the best. The content script runs its
    // full pass once per page, injected fresh: its code has never run there (interpreted until
    // V8 tiers it up) and no element has a JS wrapper yet. Warm runs (same page, JIT-hot code,
    // wrappers left by the previous run) flatter JavaScript-heavy methods — ours and the floor —
    // against the mostly native naive baseline, so they are reported but are not the headline.
    results.scan_vs_naive = results.detect_cold_scan_vs_naive;
    results.scan_vs_floor = results.detect_cold_scan_vs_floor;
    if (normal !== undefined) {
      rows.push([
        '1 MB adversarial vs 1 MB normal',
        `warm ${round(adversarial.ours)} ms vs ${round(normal.ours)} ms · cold ${round(adversarial.coldOurs)} ms vs ${round(normal.coldOurs)} ms`,
      ]);
      results.adversarial_vs_normal = round(adversarial.ours / normal.ours);
      results.detect_adversarial_ms_1mb = round(adversarial.ours);
      results.detect_cold_adversarial_vs_normal = round(adversarial.coldOurs / normal.coldOurs);
    }
    rows.push([
      'naive baseline on the 1 MB adversarial page',
      `${naiveAdversarial.capped ? '≥ ' : ''}${round(naiveAdversarial.ms)} ms${naiveAdversarial.capped ? ` (regex stopped at the ${NAIVE_BUDGET_MS} ms budget)` : ''} vs ours cold ${round(adversarial.coldOurs)} ms → ${naiveAdversarial.capped ? '≥ ' : ''}${round(naiveAdversarial.ms / adversarial.coldOurs)}×`,
    ]);
    // Cold against cold: the naive run is its first on a fresh page too. When capped, a lower bound.
    results.naive_adversarial_vs_ours = round(naiveAdversarial.ms / adversarial.coldOurs);
    results.detect_naive_adversarial_ms_1mb = round(naiveAdversarial.ms);
    results.detect_naive_adversarial_capped = naiveAdversarial.capped ? 1 : 0;
    if (sliced !== null) {
      // Like against like: the incremental update and the full pass are both the content-script mode (sliced, timed
      // by the scanner's own busy clock), on the same page in the same run.
      const full5 = sliced.busy;
      rows.push([
        '5 MB page, sliced (content-script mode)',
        `busy ${round(sliced.busy)} ms over ${sliced.slices} slices, wall ${round(sliced.wall)} ms, longest slice ${round(sliced.longestSlice)} ms`,
      ]);
      rows.push([
        'incremental rescan after +1 KB on the 5 MB page',
        `${round(sliced.incremental, 3)} ms vs full sliced pass ${round(full5)} ms (new entities ${sliced.incrementalFound ? 'found' : 'MISSING'})`,
      ]);
      results.rescan_vs_full = round(sliced.incremental / full5, 4);
      results.detect_sliced_busy_ms_5mb = round(sliced.busy);
      results.detect_longest_slice_ms = round(sliced.longestSlice);
    }
  } finally {
    await browser.close();
    server.close();
  }
  const gz = contentScriptGzBytes();
  rows.push(['content script (gzip)', `${gz} bytes`]);
  results.content_script_gz_bytes = gz;

  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
  if (opts.json) console.log(JSON.stringify(results));
  return results;
}
