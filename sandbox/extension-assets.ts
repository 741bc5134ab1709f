/**
 * What demo mode needs in the extension package, made at build time (wxt.config.ts) from the sandbox itself:
 * - `demo/sandbox.db.gz`: the seeded database (`DEMO_SEED`), gzipped; the demo service opens it with sql.js
 *   (entrypoints/offscreen/demo-service.ts);
 * - `demo/sql-wasm.wasm`: SQLite compiled to WebAssembly (sql.js, MIT);
 * - `demo/*.html`: every demo page the sandbox serves under /demo/, found by following the links of its index
 *   (so a page added to sandbox/demo-pages and linked there comes along), rendered from the same seeded data the
 *   demo service answers from, each with the demo banner and the extension's own scanner (extension pages cannot be
 *   scripted by `scripting.executeScript`, so the page carries it).
 * Sizes and the budget: docs/store.md, "Demo mode".
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from './app';
import { writeThenRename } from './cache-files';
import { cachedSeedFile, openEphemeralDb } from './db/open';
import { resolveOptions } from './options';
import type { SeedParams } from './seed';
import { createState } from './state';

/** Small enough to ship (docs/store.md), large enough for a 300-row directory, a full team page and lookalikes. */
export const DEMO_SEED: SeedParams = { seed: 42, companies: 200, contacts: 800, hostile: false };

/** The banner every demo page opens with: nobody mistakes the made-up people for real ones. */
const BANNER =
  '<div role="note" data-demo-banner style="background:#fff4d6;border-bottom:1px solid #e0c36a;padding:8px 16px;font:14px system-ui,sans-serif;color:#5a4500">' +
  '<strong>Demo page.</strong> Made-up people and companies from the extension’s demo data: nothing on it is real, and nothing you do here leaves your browser.</div>';

export interface PackagedFile {
  relativeDest: string;
  absoluteSrc: string;
}

/** Writes the demo assets under `workDir` and returns them as WXT public files. */
export async function buildDemoAssets(workDir: string): Promise<PackagedFile[]> {
  mkdirSync(join(workDir, 'demo'), { recursive: true });
  const files: PackagedFile[] = [];
  const put = (relativeDest: string, contents: string | Uint8Array) => {
    const absoluteSrc = join(workDir, relativeDest);
    // The test builds run two at a time over the same work folder: a build copying a file another build had just
    // truncated to rewrite would package half of it.
    writeThenRename(absoluteSrc, (temp) => writeFileSync(temp, contents));
    files.push({ relativeDest, absoluteSrc });
  };

  put('demo/sandbox.db.gz', gzipSync(readFileSync(cachedSeedFile(DEMO_SEED)), { level: 9 }));
  const require = createRequire(import.meta.url);
  files.push({ relativeDest: 'demo/sql-wasm.wasm', absoluteSrc: require.resolve('sql.js/dist/sql-wasm-browser.wasm') });

  const opened = openEphemeralDb(DEMO_SEED);
  try {
    const app = buildApp(createState(opened.db, resolveOptions({ quiet: true, ...DEMO_SEED })));
    const queue = ['/demo/'];
    const seen = new Set(queue);
    while (queue.length > 0) {
      const path = queue.shift() as string;
      const response = await app.request(path);
      if (!response.ok) throw new Error(`Demo page ${path} answered ${response.status}`);
      const html = await response.text();
      for (const [, link] of html.matchAll(/href="(\/demo\/[^"#?]*)"/g)) {
        if (link && !seen.has(link)) {
          seen.add(link);
          queue.push(link);
        }
      }
      put(`demo/${pageFile(path)}`, packagePage(html));
    }
  } finally {
    opened.close();
  }
  return files;
}

/**
 * `/demo/` → index.html, `/demo/team` → team.html, `/demo/profile/jane-doe` → profile/jane-doe.html: a profile keeps
 * its `/profile/<handle>` path, which is how the side panel knows a page is about one person (profileOfPage).
 */
export function pageFile(path: string): string {
  const name = path
    .replace(/^\/demo\/?/, '')
    .replace(/\/+$/, '')
    .split('/')
    .map((part) => part.replace(/[^a-z0-9-]+/gi, '-'))
    .join('/');
  return `${name || 'index'}.html`;
}

function packagePage(html: string): string {
  return html
    .replace(/href="(\/demo\/[^"#?]*)"/g, (_, link: string) => `href="/demo/${pageFile(link)}"`)
    .replace(/<body([^>]*)>/, `<body$1>\n${BANNER}`)
    .replace('</body>', '<script src="/content-scripts/content.js"></script>\n</body>');
}
