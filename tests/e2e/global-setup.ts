import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Builds the extension once for the whole run. Each worker starts its own sandbox and page server (fixtures.ts);
 * workers inherit process.env, which is how the fixtures find the build.
 */
export default function globalSetup(): () => void {
  // E2E_EXTENSION_DIR reuses an existing build (e.g. `.output/chrome-mv3`); otherwise build a private copy.
  let buildDir: string | undefined;
  if (!process.env.E2E_EXTENSION_DIR || !existsSync(`${process.env.E2E_EXTENSION_DIR}/manifest.json`)) {
    buildDir = resolve(`.output/e2e-${process.pid}`);
    // A test build: the sandbox on 127.0.0.1 stays a required host (lib/build/required-hosts.ts).
    execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit', env: { ...process.env, WXT_OUT_DIR: buildDir, WXT_LOCAL_SANDBOX: 'true' } });
    process.env.E2E_EXTENSION_DIR = `${buildDir}/chrome-mv3`;
  }
  mkdirSync('test-results/screens', { recursive: true });
  return () => {
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  };
}
