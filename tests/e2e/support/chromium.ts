import { existsSync } from 'node:fs';

/** Debian's Chromium (Playwright cannot download its own browsers here); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'Chromium not found. Run `bash scripts/ensure-chromium.sh` (installs Debian\'s chromium as root) or set CHROMIUM_PATH.',
    );
  }
  return found;
}

/** Flags that make headless Chromium quiet and reliable on a machine with no network but loopback. */
export const QUIET_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=DialMediaRouteProvider',
];

export function extensionArgs(extensionDir: string): string[] {
  return [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`, ...QUIET_CHROMIUM_ARGS];
}
