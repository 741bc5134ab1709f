/**
 * Demo mode as a store user meets it: a store build (`npm run build`: production, no sandbox address, no required
 * host) in a fresh Chromium profile whose network is shut (scripts/demo/offline.ts), with no sandbox process.
 * The store build itself is support/store-build.ts (made once per run, shared with the other store specs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Worker } from '@playwright/test';
import { offlineChromiumArgs } from '../../../scripts/demo/offline';
import { chromiumPath, extensionArgs } from './chromium';
import { budget } from '../../time-budget';

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
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: budget(30_000) }));
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
