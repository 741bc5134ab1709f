/**
 * The store package (`npm run zip`: production mode, no sandbox address, no required host), made once per Playwright
 * run and shared by every spec that needs it: demo mode as a store user meets it, onboarding in production, the
 * store zip unpacked. One `wxt zip` gives both the folder and the zip, so the three no longer build three times.
 *
 * The first worker that asks builds (a lock folder), the others wait for its marker. `npm test` builds it before the
 * suites start (scripts/test-builds.sh) and passes E2E_STORE_EXTENSION_DIR and E2E_STORE_ZIP, so no spec waits on it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const OUTPUT = resolve('.output');
const PREFIX = 'e2e-store-';

/** Variables that would make a test build out of a store build: a store build is made without them. */
export const SANDBOX_BUILD_VARIABLES = ['WXT_API_BASE_URL', 'WXT_DEMO', 'WXT_LOCAL_SANDBOX', 'WXT_PROVIDER_PROFILE'];

export interface StorePackage {
  /** The unpacked chrome-mv3 folder. */
  dir: string;
  /** The *-chrome.zip a store receives. */
  zip: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function packageIn(outDir: string): StorePackage {
  const name = readdirSync(outDir).find((f) => f.endsWith('-chrome.zip'));
  if (!name) throw new Error(`no *-chrome.zip in ${outDir}: \`wxt zip\` made the folder but not the package`);
  return { dir: join(outDir, 'chrome-mv3'), zip: join(outDir, name) };
}

/** The store package, building it on first use in this run (up to a few minutes on two cores). */
export async function storePackage(): Promise<StorePackage> {
  const givenDir = process.env.E2E_STORE_EXTENSION_DIR;
  const givenZip = process.env.E2E_STORE_ZIP;
  if (givenDir && givenZip && existsSync(join(givenDir, 'manifest.json')) && existsSync(givenZip)) {
    return { dir: resolve(givenDir), zip: resolve(givenZip) };
  }
  // Playwright's workers are children of the runner: its pid names this run's build.
  const run = process.ppid;
  mkdirSync(OUTPUT, { recursive: true });
  for (const name of readdirSync(OUTPUT)) {
    const pid = Number(name.slice(PREFIX.length).replace(/\.lock$/, ''));
    if (name.startsWith(PREFIX) && pid !== run && !alive(pid)) rmSync(join(OUTPUT, name), { recursive: true, force: true });
  }
  const outDir = join(OUTPUT, `${PREFIX}${run}`);
  const done = join(outDir, 'built');
  const failed = join(outDir, 'failed');
  try {
    mkdirSync(`${outDir}.lock`);
  } catch {
    // Another worker of this run is building it.
    const deadline = Date.now() + 600_000;
    while (!existsSync(done)) {
      if (existsSync(failed)) throw new Error(`the store build in ${outDir} failed: ${readFileSync(failed, 'utf8')}`);
      if (Date.now() > deadline) throw new Error(`the store build in ${outDir} did not finish within 10 minutes`);
      await new Promise((ok) => setTimeout(ok, 500));
    }
    return packageIn(outDir);
  }
  const env: NodeJS.ProcessEnv = { ...process.env, WXT_OUT_DIR: outDir };
  for (const name of SANDBOX_BUILD_VARIABLES) delete env[name];
  try {
    execFileSync('npx', ['wxt', 'zip'], { stdio: 'pipe', env, maxBuffer: 20 * 1024 * 1024 });
  } catch (error) {
    // The other workers stop waiting and report the same failure.
    mkdirSync(outDir, { recursive: true });
    writeFileSync(failed, error instanceof Error ? error.message : String(error));
    throw error;
  }
  writeFileSync(done, new Date().toISOString());
  return packageIn(outDir);
}

/** The store build's chrome-mv3 folder (see storePackage). */
export async function storeBuild(): Promise<string> {
  return (await storePackage()).dir;
}
