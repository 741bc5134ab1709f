import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startSandbox } from '@/sandbox/server';
import { startStaticServer } from './support/static-server';

/**
 * Builds the extension once, starts one sandbox and one static page server for the whole run.
 * Workers inherit process.env, which is how the fixtures find them.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // E2E_EXTENSION_DIR reuses an existing build (e.g. `.output/chrome-mv3`); otherwise build a private copy.
  let buildDir: string | undefined;
  if (!process.env.E2E_EXTENSION_DIR || !existsSync(`${process.env.E2E_EXTENSION_DIR}/manifest.json`)) {
    buildDir = resolve(`.output/e2e-${process.pid}`);
    // A test build: the sandbox on 127.0.0.1 stays a required host (lib/build/required-hosts.ts).
    execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit', env: { ...process.env, WXT_OUT_DIR: buildDir, WXT_LOCAL_SANDBOX: 'true' } });
    process.env.E2E_EXTENSION_DIR = `${buildDir}/chrome-mv3`;
  }
  mkdirSync('test-results/screens', { recursive: true });
  const sandbox = await startSandbox({ port: 0, quiet: true });
  const pages = await startStaticServer('tests/fixtures/pages');
  process.env.E2E_SANDBOX_URL = sandbox.url;
  process.env.E2E_PAGES_URL = pages.url;
  return async () => {
    await sandbox.close();
    await new Promise((ok) => pages.server.close(ok));
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  };
}
