/**
 * One extension build shared by the bench's areas (content-script size, stress): `wxt build` takes 15 s of CPU and
 * up to 2 minutes on the busy 2-core machine, so it is rebuilt only when a source is newer than the built
 * worker script.
 */
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const BENCH_BUILD = resolve('.output/bench');
export const BENCH_BUILD_WITHOUT_DEMO = resolve('.output/bench-without-demo');
// sandbox/: the background bundles the sandbox's app for demo mode; bench/no-demo.ts: the comparison build's stub.
const SOURCES = ['lib', 'entrypoints', 'components', 'locales', 'public', 'sandbox', 'bench/no-demo.ts', 'wxt.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * The built Chrome extension's folder, rebuilt first when stale. `withoutDemo`: the comparison build with the demo
 * service's modules stubbed out (bench/no-demo.ts), for bench/worker-start.ts.
 */
export function ensureBuild(options: { withoutDemo?: boolean } = {}): string {
  const out = options.withoutDemo ? BENCH_BUILD_WITHOUT_DEMO : BENCH_BUILD;
  const dir = join(out, 'chrome-mv3');
  // The worker's script: in every build, the no-demo one too (which builds the worker alone).
  const builtAt = (folder: string): number => {
    const script = join(folder, 'background.js');
    return existsSync(script) ? statSync(script).mtimeMs : 0;
  };
  const newestSource = Math.max(...SOURCES.map(newestMtime));
  // The e2e suite's test build (E2E_EXTENSION_DIR, made by scripts/test-builds.sh) is the same kind of build: in CI
  // the bench runs right after the tests and takes it rather than building a second copy.
  const testBuild = process.env.E2E_EXTENSION_DIR;
  if (!options.withoutDemo && testBuild && builtAt(testBuild) >= newestSource) return resolve(testBuild);
  if (builtAt(dir) < newestSource) {
    console.log(`building the extension${options.withoutDemo ? ' without demo mode' : ''} (sources changed since the last bench build)…`);
    // Built as the e2e suite builds it (WXT_LOCAL_SANDBOX): the development build that may read 127.0.0.1 pages, which
    // the stress area serves. The store build asks for no localhost access, so its tabs would be invisible here.
    execFileSync('npx', ['wxt', 'build'], { stdio: 'ignore', env: {
        ...process.env,
        WXT_OUT_DIR: out,
        WXT_LOCAL_SANDBOX: 'true',
        BENCH_WITHOUT_DEMO: options.withoutDemo ? 'true' : 'false',
      },
    });
  }
  return dir;
}

/**
 * Modules of this repository bundled into one script that a bench page evaluates: `entry` imports them and puts
 * what the page calls on `globalThis` (the same modules the content script bundles, minified the same way).
 */
export async function pageBundle(entry: string): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'iife',
    minify: process.env.BENCH_NO_MINIFY !== '1',
    write: false,
    target: 'chrome120',
  });
  return result.outputFiles[0]?.text ?? '';
}
