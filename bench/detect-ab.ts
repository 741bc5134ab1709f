/**
 * A/B of the scanner against an earlier commit, in Chromium (development, not part of `npm run bench`):
 * `npx tsx bench/detect-ab.ts [--base=HEAD] [--page=directory|article|nodes|stress] [--pairs=6] [--quick]`.
 *
 * The base commit's `lib/` is exported next to the working tree's and both are bundled as the bench bundles the
 * scanner. One page is loaded and laid out once; each pair runs both scanners, in turn going first, each in a FRESH
 * isolated world (the content script's kind of world) under a Chromium trace. Per run: thread CPU of the scanner's own
 * tasks (`ourCpuMs`, docs/performance.md "Hit-first"), its busy and wall time when the first update holding people
 * came (updates every 250 ms, as the content script gets them) and when it settled, and a hash of what it found
 * (people, companies, flat lists), which must be equal on both sides.
 *
 * `--corpus=DIR`: instead, every `.html` page of DIR (`../shared/corpus/realworld/pages`) once per side, in fresh
 * isolated worlds of one load, only comparing what each side finds: the scanner's browser paths (native queries,
 * Blink's parser) checked on real pages, which the unit tests read through linkedom. The pages' own scripts are off
 * (a page that changes itself would differ between the two scans) and requests to other hosts are answered empty;
 * the sliced scanner's tasks run back to back in one evaluation.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Page } from '@playwright/test';
import { directoryPage, hundredThousandNodePage, realisticPage } from './pages';
import { evaluateInFreshWorld } from './isolated-world';
import { renderedOnce, showRendered } from './render-once';
import { traced } from './trace';
import { median, round } from './stats';

const MB = 1024 * 1024;
const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

async function bundleFrom(dir: string): Promise<string> {
  const result = await build({
    stdin: {
      contents: "import { createPageScanner } from './lib/detect/dom-scan';\n(globalThis).__ab = { createPageScanner };",
      resolveDir: dir,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    target: 'chrome120',
    alias: { '@': dir },
    nodePaths: [resolve('node_modules')],
  });
  return result.outputFiles[0]?.text ?? '';
}

/** The base commit's `lib/`, exported once per commit (its own tree, the working tree's node_modules). */
function exportBase(rev: string): string {
  const commit = execSync(`git rev-parse ${rev}`).toString().trim();
  const dir = join('/tmp', `ipe-ab-${commit.slice(0, 12)}`);
  if (!existsSync(join(dir, 'lib'))) {
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${commit} lib | tar -x -C ${dir}`);
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  }
  return dir;
}

interface Run {
  cpuMs: number;
  busyMs: number;
  wallMs: number;
  firstPeopleBusyMs: number;
  firstPeopleWallMs: number;
  people: number;
  hash: string;
}

/** Runs in the page's fresh world: the sliced scanner as the content script runs it, with its updates watched. */
function scanInPage(): Promise<Omit<Run, 'cpuMs'>> {
  const ab = (globalThis as unknown as { __ab: { createPageScanner: (o: object) => { start(): void; stop(): void; settled(): Promise<{ scan: Record<string, unknown[]> }> } } }).__ab;
  const scheduler = (globalThis as { scheduler?: { postTask?: (cb: () => void, o: object) => Promise<void> } }).scheduler;
  const post = (cb: () => void): void => void scheduler?.postTask?.(cb, { priority: 'user-visible' });
  let busy = 0;
  let firstBusy = Number.NaN;
  let firstWall = Number.NaN;
  const started = performance.now();
  const timed = (task: () => void): void => {
    performance.mark('ipe-slice');
    const t0 = performance.now();
    task();
    busy += performance.now() - t0;
  };
  let scanner: ReturnType<typeof ab.createPageScanner> | null = null;
  timed(() => {
    scanner = ab.createPageScanner({
      root: document,
      pageUrl: location.href,
      schedule: (task: () => void) => post(() => timed(task)),
      onUpdate: (update: { scan: { people: unknown[] } }) => {
        if (Number.isNaN(firstBusy) && update.scan.people.length > 0) {
          firstBusy = busy;
          firstWall = performance.now() - started;
        }
      },
      MutationObserver: null,
    });
    scanner.start();
  });
  const s = scanner as unknown as ReturnType<typeof ab.createPageScanner>;
  return s.settled().then((update) => {
    const wall = performance.now() - started;
    s.stop();
    const { people, companies, emails, phones, profiles } = update.scan;
    const text = JSON.stringify([people, companies, emails, phones, profiles]);
    let h = 5381;
    for (let i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
    return { busyMs: busy, wallMs: wall, firstPeopleBusyMs: firstBusy, firstPeopleWallMs: firstWall, people: people?.length ?? 0, hash: `${h.toString(16)}:${text.length}` };
  });
}

/** Each page of `dir` scanned by both sides; prints the pages whose finds differ and exits non-zero if any does. */
async function corpus(dir: string, bundles: Record<'A' | 'B', string>): Promise<void> {
  // `--from=NAME`: the pages from NAME on (a run resumed).
  const from = arg('from') ?? '';
  const files = readdirSync(dir).filter((f) => f.endsWith('.html') && f >= from).sort();
  let current = { path: '', bytes: Buffer.alloc(0) };
  // The bytes as stored, with no charset: a page declares its own in its markup, which the browser honours. Any other
  // path is not found (a page's relative frame must not load the page again inside itself).
  const server = createServer((req, res) => {
    if (req.url !== current.path) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(current.bytes);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.fulfill({ status: 204, body: '' })));
  const differ: string[] = [];
  for (const file of files) {
    current = { path: `/${file}`, bytes: readFileSync(join(dir, file)) };
    const page = await context.newPage();
    try {
      await page.goto(`${origin}/${file}`, { waitUntil: 'load', timeout: 60_000 });
      const hashes: Record<string, string> = {};
      for (const side of ['A', 'B'] as const) hashes[side] = (await evaluateInFreshWorld(page, [bundles[side]], `(${scanInPageNow.toString()})()`)) as string;
      const same = hashes.A === hashes.B;
      if (!same) differ.push(file);
      console.log(`${same ? 'same  ' : 'DIFFER'} ${file} ${hashes.A}${same ? '' : ` ${hashes.B}`}`);
    } finally {
      await page.close();
    }
  }
  console.log(differ.length === 0 ? `finds identical on all ${files.length} pages` : `FINDS DIFFER on ${differ.length} of ${files.length} pages: ${differ.join(' ')}`);
  await browser.close();
  server.close();
  if (differ.length > 0) process.exitCode = 1;
}

/** Runs in the page's fresh world with the page's scripts off (no task would ever run): the slices back to back. */
function scanInPageNow(): string {
  const ab = (globalThis as unknown as { __ab: { createPageScanner: (o: object) => { start(): void; current(): { scan: Record<string, unknown[]> } } } }).__ab;
  const tasks: Array<() => void> = [];
  const scanner = ab.createPageScanner({ root: document, pageUrl: location.href, schedule: (task: () => void) => tasks.push(task), onUpdate: () => undefined, MutationObserver: null });
  scanner.start();
  for (let task = tasks.shift(); task !== undefined; task = tasks.shift()) task();
  const { people, companies, emails, phones, profiles } = scanner.current().scan;
  const text = JSON.stringify([people, companies, emails, phones, profiles]);
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
  return `${h.toString(16)}:${text.length}`;
}

async function main(): Promise<void> {
  const corpusDir = arg('corpus');
  if (corpusDir !== undefined) {
    const base = exportBase(arg('base') ?? 'HEAD');
    await corpus(corpusDir, { A: await bundleFrom(base), B: await bundleFrom(process.cwd()) });
    return;
  }
  const quick = process.argv.includes('--quick');
  const pageKey = arg('page') ?? 'directory';
  const pairs = Number(arg('pairs') ?? 6);
  const base = exportBase(arg('base') ?? 'HEAD');
  const html =
    pageKey === 'article'
      ? realisticPage((quick ? 0.5 : 5) * MB, 5)
      : pageKey === 'nodes'
        ? hundredThousandNodePage(quick ? 3990 : 19_990)
        : directoryPage((quick ? 0.25 : 1) * MB, 7);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(renderedOnce(html));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const bundles = { A: await bundleFrom(base), B: await bundleFrom(process.cwd()) };
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const page: Page = await (await browser.newContext()).newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { waitUntil: 'load', timeout: 300_000 });
  await showRendered(page);
  const runs: Record<'A' | 'B', Run[]> = { A: [], B: [] };
  for (let i = 0; i < pairs; i++) {
    for (const side of (i % 2 === 0 ? ['A', 'B'] : ['B', 'A']) as Array<'A' | 'B'>) {
      const { result, tasks } = await traced(browser, page, () => evaluateInFreshWorld(page, [bundles[side]], `(${scanInPage.toString()})()`) as Promise<Omit<Run, 'cpuMs'>>);
      const r = { ...result, cpuMs: tasks.ourCpuMs };
      runs[side].push(r);
      console.log(
        `${side} cpu ${round(r.cpuMs, 1)} ms  busy ${round(r.busyMs, 1)}  wall ${round(r.wallMs, 0)}  first people busy ${round(r.firstPeopleBusyMs, 1)} wall ${round(r.firstPeopleWallMs, 0)}  people ${r.people}  ${r.hash}`,
      );
    }
  }
  const med = (side: 'A' | 'B', key: keyof Run): number => round(median(runs[side].map((r) => r[key] as number)), 1);
  for (const side of ['A', 'B'] as const) {
    console.log(
      `${side === 'A' ? `base ${arg('base') ?? 'HEAD'}` : 'working tree'}: median cpu ${med(side, 'cpuMs')} ms, busy ${med(side, 'busyMs')}, wall ${med(side, 'wallMs')}, first people busy ${med(side, 'firstPeopleBusyMs')} / wall ${med(side, 'firstPeopleWallMs')}`,
    );
  }
  const hashes = new Set([...runs.A, ...runs.B].map((r) => r.hash));
  console.log(hashes.size === 1 ? 'finds identical on every run' : `FINDS DIFFER: ${[...hashes].join(' ')}`);
  await browser.close();
  server.close();
}

void main();
