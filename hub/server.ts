/** Starts a hub: opens (or is given) its database, migrates it, and serves HTTP(S). */
import { serve } from '@hono/node-server';
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { buildHubApp } from './app';
import { BulkBatches } from './bulk-batches';
import { migrate } from './db/migrations';
import { openPglite, openPostgres, type HubDatabase } from './db/open';
import { sealerFor } from './key-sealer';
import { sealStoredKeys } from './teams';

export interface HubOptions {
  port?: number;
  host?: string;
  /** A database opened by the caller (shared by several hubs in tests); else DATABASE_URL / PGlite in dataDir. */
  database?: HubDatabase;
  databaseUrl?: string;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string;
  allowHttp?: boolean;
  trustProxy?: boolean;
  tls?: { certFile: string; keyFile: string };
  /**
   * Longest a proxied request waits for a place under the team key's rate limit before the hub answers 429 with
   * Retry-After (default 10 s): shorter than the extension's 20 s wait for an answer, so a member's request is never
   * sent after their client gave up on it; the extension's queue pauses for the Retry-After and asks again.
   */
  maxQueueMs?: number;
  /** Longest the hub waits for the enrichment service's answer before it says the outcome is unknown (default 60 s). */
  upstreamTimeoutMs?: number;
  /**
   * How long a bulk enrich request waits at least for teammates' bulk requests to leave with it as one upstream
   * request (default 200 ms; it also gathers while waiting for a place under the rate limit). docs/hub.md.
   */
  bulkBatchWindowMs?: number;
  /** Seals the team's API key at rest (base64 of 32 bytes; default HUB_KEY_SECRET, see hub/key-sealer.ts). */
  keySecret?: string;
  fetch?: typeof fetch;
}

export interface RunningHub {
  url: string;
  port: number;
  database: HubDatabase;
  close(): Promise<void>;
}

export async function openHubDatabase(opts: Pick<HubOptions, 'databaseUrl' | 'dataDir'>): Promise<HubDatabase> {
  const database = opts.databaseUrl ? openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir);
  await migrate(database.db);
  return database;
}

export async function startHub(opts: HubOptions = {}): Promise<RunningHub> {
  const ownsDatabase = !opts.database;
  const database = opts.database ?? (await openHubDatabase(opts));
  if (!ownsDatabase) await migrate(database.db);
  const sealer = sealerFor({ keySecret: opts.keySecret, dataDir: ownsDatabase && !opts.databaseUrl ? opts.dataDir : undefined, databaseUrl: opts.databaseUrl });
  // Keys stored before they were sealed are sealed now, so a dump taken after this start holds none in the clear.
  if (sealer.canSeal) await sealStoredKeys(database.db, sealer);
  const host = opts.host ?? '127.0.0.1';
  const app = buildHubApp(database.db, {
    allowHttp: opts.allowHttp ?? false,
    trustProxy: opts.trustProxy ?? false,
    maxQueueMs: opts.maxQueueMs ?? 10_000,
    upstreamTimeoutMs: opts.upstreamTimeoutMs ?? 60_000,
    bulkBatches: new BulkBatches(opts.bulkBatchWindowMs ?? 200),
    sealer,
    fetch: opts.fetch ?? fetch,
  });
  const tls = opts.tls ? { key: readFileSync(opts.tls.keyFile), cert: readFileSync(opts.tls.certFile) } : null;
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: opts.port ?? 8788, hostname: host, ...(tls ? { createServer: createHttpsServer, serverOptions: tls } : {}) },
      (info: AddressInfo) => resolve({ server, port: info.port }),
    );
    server.once('error', reject);
  });
  // Keep idle connections longer than clients do (undici: 4 s; Node's server default: 5 s), so the hub never closes a
  // socket at the moment a client reuses it: on a slow, busy machine the two timers cross, and the client gets
  // ECONNRESET (the hub bench's smoke run did, as the sandbox's bench had; sandbox/server.ts does the same). close()
  // ends every connection anyway.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 65_000;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let closed: Promise<void> | undefined;
  return {
    url: `${tls ? 'https' : 'http'}://${shownHost}:${port}`,
    port,
    database,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }).then(() => (ownsDatabase ? database.close() : undefined))),
  };
}
