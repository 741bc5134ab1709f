/**
 * Demo mode: the extension tried with no account and no server. The background's engine then talks to the sandbox's
 * own application running inside the worker (sandbox/embedded.ts: the same Hono app, routes and credit rules over
 * sql.js), fed by the seeded database the build ships (public/demo, docs/store.md "Demo mode"). Nothing leaves the
 * browser: `demoFetch` refuses any other address.
 *
 * Demo data never meets a real key's: the demo engine keeps its cache, contact book, jobs, ledger and queued tasks
 * under names of their own (`DEMO_STORES`), its key lives in memory only, and the real key, address and stores are
 * left as they were. Only extension pages can switch it (the router gives content scripts and demo pages no such
 * request).
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import initSqlJs from 'sql.js';
import { browser } from 'wxt/browser';
import { openEmbeddedSandbox, type EmbeddedSandbox, type EmbeddedSnapshot } from '@/sandbox/embedded';

/** Never resolvable (.invalid, RFC 6761): a demo request that escaped `demoFetch` could reach no one. */
export const DEMO_BASE_URL = 'https://demo.in-page-enrich.invalid';
/** A sandbox standard key (100,000 credits); the demo's own account in the demo's own ledger. */
export const DEMO_KEY = 'test-standard-in-page-demo';

/** The demo engine's stores: never the names a real key's engine opens. */
export const DEMO_STORES = {
  cache: 'ipe-demo-cache',
  companyWindows: 'ipe-demo-company-windows',
  bulk: 'ipe-demo-bulk',
  keptAnswers: 'ipe-demo-kept-answers',
  contacts: 'ipe-demo-contacts',
  /** The demo's ledger value (lib/credits/store.ts), beside the extension's own. */
  ledger: 'demoCreditsLedger',
  tasks: 'demo.queue.task.',
} as const;

interface DemoDb extends DBSchema {
  state: { key: 'on'; value: boolean } | { key: 'service'; value: EmbeddedSnapshot };
}

let database: Promise<IDBPDatabase<DemoDb>> | null = null;
/** In the extension origin's IndexedDB: content scripts cannot read or set it. */
function demoDb(): Promise<IDBPDatabase<DemoDb>> {
  database ??= openDB<DemoDb>('ipe-demo', 1, {
    upgrade(db) {
      db.createObjectStore('state');
    },
  });
  return database;
}

export async function demoModeOn(): Promise<boolean> {
  return ((await (await demoDb()).get('state', 'on')) as boolean | undefined) === true;
}

export async function setDemoMode(on: boolean): Promise<void> {
  await (await demoDb()).put('state', on, 'on');
}

let service: Promise<EmbeddedSandbox> | null = null;

/** The sandbox inside the worker, opened on the first demo request of a worker life (about a second). */
export function demoService(): Promise<EmbeddedSandbox> {
  service ??= (async () => {
    const [wasm, seeded, saved] = await Promise.all([
      packaged('/demo/sql-wasm.wasm'),
      packaged('/demo/sandbox.db.gz').then(gunzip),
      demoDb().then((db) => db.get('state', 'service') as Promise<EmbeddedSnapshot | undefined>),
    ]);
    const sql = await initSqlJs({ wasmBinary: wasm });
    return openEmbeddedSandbox(sql, seeded, { restore: saved });
  })();
  service.catch(() => (service = null));
  return service;
}

/**
 * The engine's fetch in demo mode: the request is answered by the sandbox's app; its accounts and ledger are stored
 * after each answer, so a stopped worker resumes with the same balance the extension's credit line shows.
 */
export async function demoFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  if (new URL(request.url).origin !== DEMO_BASE_URL) throw new TypeError('Demo mode sends nothing outside the browser.');
  const sandbox = await demoService();
  const response = await sandbox.fetch(request);
  await (await demoDb()).put('state', sandbox.snapshot(), 'service');
  return response;
}

/** The demo account's ledger, for the e2e tests (the same rows `/_sandbox/ledger` shows a server's). */
export async function demoLedger(): Promise<{ balance: number; entries: Array<{ endpoint: string; credits: number }> }> {
  const sandbox = await demoService();
  sandbox.state.accounts.resolve(DEMO_KEY);
  return { balance: sandbox.state.ledger.balance(DEMO_KEY), entries: sandbox.state.ledger.entries(DEMO_KEY) };
}

async function packaged(path: string): Promise<ArrayBuffer> {
  const response = await fetch(browser.runtime.getURL(path as '/'));
  if (!response.ok) throw new Error(`The demo data is missing from this build (${path}: ${response.status}).`);
  return response.arrayBuffer();
}

async function gunzip(bytes: ArrayBuffer): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
