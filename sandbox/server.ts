import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { readFileSync } from 'node:fs';
import initSqlJs from 'sql.js';
import { cachedSeedFile, openEphemeralDb, openPersistentDb } from './db/open';
import { openEmbeddedSandbox } from './embedded';
import { resolveOptions, type SandboxOptions } from './options';
import { createState, type SandboxState } from './state';

export type { SandboxOptions } from './options';

export interface RunningSandbox {
  url: string;
  port: number;
  /** The running sandbox's data and models, for in-process benchmarks (bench/sandbox.ts) and tests. */
  state: SandboxState;
  close(): Promise<void>;
}

/** Starts a sandbox of the enrichment API on loopback over a real SQLite database. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  // SANDBOX_DRIVER=sql.js runs a test suite against the WebAssembly driver (vitest.sqljs.config.ts).
  const options = resolveOptions({ ...opts, driver: opts.driver ?? (process.env.SANDBOX_DRIVER === 'sql.js' ? 'sql.js' : undefined) });
  const params = { seed: options.seed, companies: options.companies, contacts: options.contacts, hostile: options.hostile };
  const onSeed = options.quiet
    ? undefined
    : () => console.log(`Seeding ${params.companies} companies and ${params.contacts} contacts (seed ${params.seed}${params.hostile ? ', hostile' : ''}); later starts reuse it…`);
  let state: SandboxState;
  let fetch: (request: Request) => Response | Promise<Response>;
  let closeDb: () => void;
  if (options.driver === 'sql.js') {
    if (options.dbPath) throw new Error('The sql.js driver runs in memory over the cached seed: drop --db');
    // The same bytes the extension's demo mode opens: a seeded file, read whole into WebAssembly memory.
    const embedded = openEmbeddedSandbox(await initSqlJs(), readFileSync(cachedSeedFile(params, onSeed)), { sandbox: options });
    ({ state, fetch } = embedded);
    closeDb = () => embedded.close();
  } else {
    const opened = options.dbPath ? openPersistentDb(options.dbPath, params, onSeed) : openEphemeralDb(params, onSeed);
    state = createState(opened.db, options);
    fetch = buildApp(state).fetch;
    closeDb = () => opened.close();
  }

  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve, reject) => {
    const server = serve({ fetch, port: options.port, hostname: options.host }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    );
    server.once('error', reject);
  });
  // Keep idle connections longer than clients do (undici: 4 s), so the server never closes a socket at the moment
  // a client reuses it (ECONNRESET in the bench on a busy machine); close() ends them all anyway.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 65_000;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${host}:${port}`;

  let closed: Promise<void> | undefined;
  return {
    url,
    port,
    state,
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => {
          closeDb();
          resolve();
        });
      });
      return closed;
    },
  };
}
