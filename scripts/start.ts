/**
 * `npm start`: the demo on the embedded sandbox, no account and no network.
 *
 * 1. Starts the sandbox on 127.0.0.1:8787 (a free port when 8787 is taken), seeded default data.
 * 2. Builds the extension pointed at it (WXT_DEMO=true, WXT_API_BASE_URL) into .output/demo/chrome-mv3.
 * 3. Launches Debian's Chromium with the extension and walks the tour (scripts/demo/tour.ts).
 *    With a display: a real window, left open with the sandbox running until Ctrl+C.
 *    Without one: headless; a screenshot per step in demo-output/, one line per step, exit 0 only if all passed.
 *
 * `--no-server`: the same steps with no sandbox process at all. A store build (production, no sandbox address, no
 * required host) into .output/demo-no-server/, demo mode switched on from onboarding, the demo pages the package
 * ships, the demo ledger read in the worker; Chromium runs with its network shut (scripts/demo/offline.ts), so a
 * request that tried to leave the browser would fail the tour.
 *
 * Flags: --headless / --headed override the DISPLAY check; --no-server as above; --extension=<dir> walks an
 * existing build instead of building one (the e2e test passes its store build); --out=<dir> instead of demo-output/;
 * --patience=N (1–20) lets every wait of the tour, and the headless run's limit, last N times longer on a slow or
 * busy machine (scripts/demo/patience.ts; the e2e test passes its own time scale).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '../sandbox/server';
import { chromiumPath, extensionArgs } from '../tests/e2e/support/chromium';
import { inExtensionBackend, SANDBOX_DEMO_KEY, sandboxBackend } from './demo/backend';
import { findExtension } from './demo/extension';
import { offlineChromiumArgs } from './demo/offline';
import { parsePatience, patient, setPatience } from './demo/patience';
import { seconds, Tour } from './demo/steps';
import { runTour } from './demo/tour';

const PREFERRED_PORT = 8787;

/** `--name=value` from the command line, or undefined. */
function flag(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

const NO_SERVER = process.argv.includes('--no-server');
const OUT_DIR = resolve(flag('out') ?? 'demo-output');
const BUILD_ROOT = resolve(NO_SERVER ? '.output/demo-no-server' : '.output/demo');
const GIVEN_BUILD = flag('extension');
const EXTENSION_DIR = GIVEN_BUILD ? resolve(GIVEN_BUILD) : join(BUILD_ROOT, 'chrome-mv3');
try {
  setPatience(parsePatience(flag('patience')));
} catch (error) {
  console.error(`npm start: ${(error as Error).message}`);
  process.exit(2);
}
/**
 * Headless runs must end well inside 3 minutes; past this something is stuck. `--patience=N` gives a slow machine N
 * times that; `DEMO_LIMIT_S` raises it on a machine shared with other heavy work (the build alone can take two
 * minutes there), never lowers it.
 */
const HEADLESS_LIMIT_MS = Math.max(patient(170_000), Number(process.env.DEMO_LIMIT_S ?? 0) * 1000 || 0);
/** Playwright's wait for an action (a click on a button that is still disabled, say) when the tour names none. */
const ACTION_TIMEOUT_MS = patient(30_000);

function log(line: string): void {
  console.log(line);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

/** The sandbox build (`apiBaseUrl` baked in, demo affordances) or, with none, a store build as `npm run build` makes it. */
function build(apiBaseUrl: string | null): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, WXT_OUT_DIR: BUILD_ROOT };
  delete env.WXT_LOCAL_SANDBOX;
  delete env.WXT_PROVIDER_PROFILE;
  if (apiBaseUrl) Object.assign(env, { WXT_DEMO: 'true', WXT_API_BASE_URL: apiBaseUrl });
  else {
    delete env.WXT_DEMO;
    delete env.WXT_API_BASE_URL;
  }
  return new Promise((done, fail) => {
    execFile(
      'npx',
      ['wxt', 'build'],
      {
        env,
        maxBuffer: 20 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error) fail(new Error(`the extension build failed (npx wxt build):\n${stdout}${stderr}`));
        else done();
      },
    );
  });
}

function headedWanted(): boolean {
  if (process.argv.includes('--headless')) return false;
  if (process.argv.includes('--headed')) return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

async function main(): Promise<number> {
  const t0 = performance.now();
  const headed = headedWanted();
  let sandbox: RunningSandbox | undefined;
  let context: BrowserContext | undefined;
  const profile = mkdtempSync(join(tmpdir(), 'ipe-demo-profile-'));

  const cleanUp = async () => {
    await context?.close().catch(() => undefined);
    await sandbox?.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    log('\nStopping: closing Chromium and the sandbox…');
    void cleanUp().then(() => process.exit(headed ? 0 : 130));
  });

  try {
    if (NO_SERVER) {
      log('No server: demo mode inside the extension (the sandbox over SQLite in WebAssembly); Chromium runs with its network shut.');
    } else {
      const port = (await portIsFree(PREFERRED_PORT)) ? PREFERRED_PORT : 0;
      sandbox = await startSandbox({ port });
      log(
        `Sandbox: ${sandbox.url}${port === 0 ? ` (port ${PREFERRED_PORT} is busy)` : ''} · demo key ${SANDBOX_DEMO_KEY} · demo pages ${sandbox.url}/demo/`,
      );
    }

    if (GIVEN_BUILD) {
      if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) throw new Error(`--extension=${GIVEN_BUILD} has no manifest.json`);
      log(`Extension: the build in ${relative(process.cwd(), EXTENSION_DIR)} (--extension, not rebuilt)`);
    } else {
      const tb = performance.now();
      await build(sandbox?.url ?? null);
      log(
        `Extension: ${sandbox ? `built for ${sandbox.url} with the demo affordances` : 'a store build (no sandbox address, no required host)'} ` +
          `in ${seconds(performance.now() - tb)} → ${relative(process.cwd(), EXTENSION_DIR)}`,
      );
    }

    rmSync(OUT_DIR, { recursive: true, force: true });
    mkdirSync(OUT_DIR, { recursive: true });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: !headed,
      args: [...extensionArgs(EXTENSION_DIR), ...(NO_SERVER ? await offlineChromiumArgs() : [])],
      viewport: headed ? null : { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    const ext = await findExtension(context);
    log(`Chromium: ${headed ? 'window open' : 'headless'}, extension ${ext.id} loaded. The tour:`);

    const tour = new Tour(OUT_DIR, log);
    const backend = sandbox ? sandboxBackend(sandbox.url) : inExtensionBackend(ext);
    const tourRun = runTour(tour, ext, { backend, outDir: OUT_DIR });
    const result = headed
      ? await tourRun
      : await Promise.race([
          tourRun,
          new Promise<never>((_, fail) =>
            setTimeout(() => fail(new Error(`the demo took longer than ${HEADLESS_LIMIT_MS / 1000} s`)), HEADLESS_LIMIT_MS - (performance.now() - t0)).unref(),
          ),
        ]);

    const passed = tour.reports.filter((r) => r.ok).length;
    log(
      `${tour.ok ? 'Done' : 'FAILED'}: ${passed} of ${tour.reports.length} steps passed in ${seconds(performance.now() - t0)}; ` +
        `balance ${result.balance.toLocaleString('en-US')} credits. Screenshots and the CSV: ${relative(process.cwd(), OUT_DIR)}/`,
    );

    if (headed) {
      const demoHome = sandbox ? `${sandbox.url}/demo/` : `chrome-extension://${ext.id}/demo/index.html`;
      const home = await context.newPage();
      await home.goto(demoHome);
      await home.bringToFront();
      log(`The window stays open: try the side panel (toolbar button or Alt+Shift+E) on ${demoHome}. Ctrl+C quits.`);
      await new Promise<void>((done) => context?.once('close', () => done()));
      log('Chromium closed.');
    }
    return tour.ok ? 0 : 1;
  } catch (error) {
    console.error(`npm start failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await cleanUp();
  }
}

process.exit(await main());
