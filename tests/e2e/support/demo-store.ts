/**
 * Demo mode as a store user meets it: a store build (`npm run build`: production, no sandbox address, no required
 * host) in a fresh Chromium profile whose network is shut (scripts/demo/offline.ts), with no sandbox process.
 *
 * The build is made once per Playwright run and shared by the demo specs' workers (a lock folder: the first worker
 * builds, the others wait for its marker); E2E_STORE_EXTENSION_DIR reuses one made earlier
 * (`WXT_OUT_DIR=.output/store npx wxt build` with no WXT_* sandbox variable set).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Worker } from '@playwright/test';
import { offlineChromiumArgs } from '../../../scripts/demo/offline';
import { chromiumPath, extensionArgs } from './chromium';

const OUTPUT = resolve('.output');
const PREFIX = 'e2e-demo-store-';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The store build's chrome-mv3 folder, building it on first use in this run (up to a few minutes on two cores). */
export async function storeBuild(): Promise<string> {
  const given = process.env.E2E_STORE_EXTENSION_DIR;
  if (given && existsSync(join(given, 'manifest.json'))) return resolve(given);
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
    return join(outDir, 'chrome-mv3');
  }
  const env: NodeJS.ProcessEnv = { ...process.env, WXT_OUT_DIR: outDir };
  for (const name of ['WXT_API_BASE_URL', 'WXT_DEMO', 'WXT_LOCAL_SANDBOX', 'WXT_PROVIDER_PROFILE']) delete env[name];
  try {
    execFileSync('npx', ['wxt', 'build'], { stdio: 'pipe', env, maxBuffer: 20 * 1024 * 1024 });
  } catch (error) {
    // The other workers stop waiting and report the same failure.
    mkdirSync(outDir, { recursive: true });
    writeFileSync(failed, error instanceof Error ? error.message : String(error));
    throw error;
  }
  writeFileSync(done, new Date().toISOString());
  return join(outDir, 'chrome-mv3');
}

/** A loopback server that counts what reaches it: the proof that nothing the browser does gets out. */
export interface Tripwire {
  url: string;
  hits: () => number;
  close: () => Promise<void>;
}

export async function tripwire(): Promise<Tripwire> {
  let hits = 0;
  const server: Server = createServer((_, res) => {
    hits++;
    res.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

export interface OfflineBrowser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** Every http(s) request a page or the extension's worker started (none may succeed; the test says which were tried). */
  requests: string[];
  close: () => Promise<void>;
}

/** A fresh Chromium profile with the store build installed and the network shut. */
export async function launchOffline(extensionDir: string): Promise<OfflineBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'ipe-demo-store-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...extensionArgs(extensionDir), ...(await offlineChromiumArgs())],
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  const requests: string[] = [];
  context.on('request', (request) => {
    if (/^https?:/.test(request.url())) requests.push(request.url());
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  return {
    context,
    worker,
    extensionId: new URL(worker.url()).host,
    requests,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
