import { spawnSync } from 'node:child_process';

/**
 * Runs before the suite's own setup: installs Firefox ESR the way `npm test` does (scripts/ensure-firefox.sh), or
 * stops the run with the reason. A run of this suite alone must never pass by skipping every test.
 */
export default function ensureFirefox(): void {
  const run = spawnSync('bash', ['scripts/ensure-firefox.sh'], { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (run.status === 0) return;
  const why = run.stderr.trim() || `scripts/ensure-firefox.sh exited with ${run.status ?? run.signal}`;
  throw new Error(`The Firefox suite cannot run: ${why.replace(/; the Firefox suite is skipped\.?$/, '.')}`);
}
