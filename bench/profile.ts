/**
 * Where a full scan pass spends its time, for development (not part of `npm run bench`): Chromium's sampling CPU
 * profiler over the pass as bench/people-grouping.ts runs it, in a fresh isolated world of a freshly loaded page (the
 * content script's world), the bundle left unminified so functions keep their names. Prints the functions with the
 * most self time and the inclusive time of the grouper's phases, averaged over the loads.
 *
 *   npx tsx bench/profile.ts [--page=article|directory|nodes] [--without] [--loads=4] [--top=40]
 *
 * `--without`: the same pass with the grouper fed nothing. Sampling every 50 µs slows the pass; compare the shares,
 * and measure a change with the bench itself.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { pageBundle } from './build';
import { articlePage, benchPage } from './people-grouping';
import { evaluateInFreshWorld } from './isolated-world';
import { hundredThousandNodePage } from './pages';
import { renderedOnce, showRendered } from './render-once';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; lineNumber: number };
  children?: number[];
}

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const pageName = option('page', 'article');
const html = pageName === 'directory' ? benchPage() : pageName === 'nodes' ? hundredThousandNodePage() : articlePage();
const withGrouping = !args.includes('--without');
const count = (name: string, fallback: string): number => {
  const n = Number(option(name, fallback));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a whole number of at least 1`);
  return n;
};
const loads = count('loads', '4');
const top = count('top', '40');
/** The grouper's phases (lib/detect/people/group.ts, blocks.ts, describe.ts), shown with their callees' time. */
const PHASES = ['markAncestors', 'place', 'repeatedAncestor', 'adopt', 'describe', 'describePerson', 'describeRow', 'describeCompany', 'splitByNames', 'rowColumns', 'buildSome'];

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(renderedOnce(html));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/page.html`;
process.env.BENCH_NO_MINIFY = '1';
const bundle = await pageBundle("import { measureOnce } from './bench/people-grouping-core';\n(globalThis).__grouping = { measureOnce };");
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (map: Map<string, number>, key: string, ms: number): void => void map.set(key, (map.get(key) ?? 0) + ms);
try {
  for (let i = 0; i < loads; i++) {
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await showRendered(page);
    // The profiler has a session of its own; the pass runs in a fresh world as the bench's samples do (the bundle's
    // evaluation in it is profiled too: a few ms).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    await cdp.send('Profiler.start');
    const expression = `globalThis.__grouping.measureOnce(document, 'https://www.acme-robotics.com/directory', () => performance.now(), ${withGrouping})`;
    const sample = (await evaluateInFreshWorld(page, [bundle], expression)) as { total_ms: number; grouping_ms: number };
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.detach();
    console.log(`load ${i + 1}: pass ${sample.total_ms.toFixed(1)} ms, grouping units ${sample.grouping_ms.toFixed(1)} ms`);
    const nodes = profile.nodes as ProfileNode[];
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    profile.samples?.forEach((id, k) => {
      const ms = (profile.timeDeltas?.[k + 1] ?? 0) / 1000;
      const leaf = byId.get(id);
      if (leaf) add(self, `${leaf.callFrame.functionName || '(anonymous)'}:${leaf.callFrame.lineNumber}`, ms);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const name = byId.get(at)?.callFrame.functionName ?? '';
        if (!seen.has(name)) add(inclusive, name, ms);
        seen.add(name);
      }
    });
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`\nself time, ms per pass (${loads} loads, ${withGrouping ? 'with' : 'without'} grouping)`);
for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(ms / loads).toFixed(2).padStart(8)}  ${name}`);
console.log('\nthe grouper, inclusive ms per pass');
for (const name of PHASES) console.log(`${((inclusive.get(name) ?? 0) / loads).toFixed(2).padStart(8)}  ${name}`);
