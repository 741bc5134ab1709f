import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { startSandbox } from '../../sandbox/server';
import { startStaticServer } from './support/static-server';

/**
 * Builds the extension once, starts one sandbox and one static page server for the whole run.
 * Workers inherit process.env, which is how the fixtures find them.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD || !existsSync('.output/chrome-mv3/manifest.json')) {
    execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
  }
  mkdirSync('test-results/screens', { recursive: true });
  const sandbox = await startSandbox({ port: 0, quiet: true });
  const pages = await startStaticServer('tests/fixtures/pages');
  process.env.E2E_SANDBOX_URL = sandbox.url;
  process.env.E2E_PAGES_URL = pages.url;
  return async () => {
    await sandbox.close();
    await new Promise((ok) => pages.server.close(ok));
  };
}
