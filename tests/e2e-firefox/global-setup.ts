import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSandbox } from '@/sandbox/server';
import { startStaticServer } from '@/tests/e2e/support/static-server';
import { firefoxPath } from './support/firefox';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The unpacked Firefox build under test (`firefox-mv2`); empty when Firefox is missing. */
    firefoxBuildDir: string;
    /** The `npm run zip:firefox` package of that same build. */
    firefoxZip: string;
    sandboxUrl: string;
    pagesUrl: string;
    /** Why the suite is skipped (no Firefox on this machine); empty when it runs. */
    skipReason: string;
  }
}

/**
 * Builds the Firefox extension (and its store zip) once into a private folder, starts one sandbox and one static
 * page server. Without Firefox, builds nothing and tells the tests why they skip.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const empty = { firefoxBuildDir: '', firefoxZip: '', sandboxUrl: '', pagesUrl: '' };
  if (!firefoxPath()) {
    const reason = 'Firefox not found: run `sudo bash scripts/ensure-firefox.sh` (Debian: apt-get install firefox-esr) or set FIREFOX_PATH.';
    console.warn(`\n[firefox e2e] SKIPPED: ${reason}\n`);
    for (const [k, v] of Object.entries({ ...empty, skipReason: reason })) project.provide(k as 'skipReason', v);
    return async () => undefined;
  }
  let outDir: string | undefined;
  let buildDir = process.env.E2E_FIREFOX_EXTENSION_DIR ?? '';
  let zip = process.env.E2E_FIREFOX_ZIP ?? '';
  if (!buildDir || !zip) {
    outDir = resolve(`.output/e2e-firefox-${process.pid}`);
    // A test build: the sandbox on 127.0.0.1 stays a required host (lib/build/required-hosts.ts).
    const env = { ...process.env, WXT_OUT_DIR: outDir, WXT_LOCAL_SANDBOX: 'true' };
    // `wxt zip` builds first, so one command gives both the folder and the package a store would get.
    execFileSync('npx', ['wxt', 'zip', '-b', 'firefox'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    buildDir = `${outDir}/firefox-mv2`;
    const name = readdirSync(outDir).find((f) => f.endsWith('-firefox.zip'));
    if (!name) throw new Error(`wxt zip -b firefox made no *-firefox.zip in ${outDir}`);
    zip = `${outDir}/${name}`;
  }
  const sandbox = await startSandbox({ port: 0, quiet: true });
  const pages = await startStaticServer('tests/fixtures/pages');
  project.provide('firefoxBuildDir', buildDir);
  project.provide('firefoxZip', zip);
  project.provide('sandboxUrl', sandbox.url);
  project.provide('pagesUrl', pages.url);
  project.provide('skipReason', '');
  return async () => {
    await sandbox.close();
    await new Promise((ok) => pages.server.close(ok));
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  };
}
