import type { WireSpelling } from '../lib/api/wire-names';

/** Options of one sandbox instance; every field has a default so tests pass only what they vary. */
export interface SandboxOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind. Loopback only: the sandbox is a local test peer, never a public service. */
  host?: string;
  /** SQLite file to use (created and seeded when absent, reused when present). Without it a cached seed is copied to a temp file. */
  dbPath?: string;
  seed?: number;
  companies?: number;
  contacts?: number;
  /** At most `max` API requests per key in any `windowMs` window. */
  rateLimit?: { max: number; windowMs: number };
  /** Added latency of `realtime=true` / `fetch_realtime=true` (the real service adds 10-30 s). */
  realtimeDelayMs?: number;
  /** Seed hostile strings (script tags, javascript: URLs, huge values) into some records. */
  hostile?: boolean;
  /** No console output. */
  quiet?: boolean;
  /**
   * How answers spell the fields named after the professional network: `real` (the default) as the real service does
   * (`linkedin_url`, …), `spec` as the spec document writes them (`pnet_url`, …). See lib/api/wire-names.ts.
   */
  wireNames?: WireSpelling;
  /**
   * The SQLite driver under the same queries (sandbox/db/driver.ts): `better-sqlite3` (native, the server's default) or
   * `sql.js` (WebAssembly, what the extension's demo mode runs; the conformance tests run both).
   */
  driver?: SandboxDriver;
}

export type SandboxDriver = 'better-sqlite3' | 'sql.js';

export type ResolvedOptions = Required<Omit<SandboxOptions, 'dbPath'>> & { dbPath: string | undefined };

export const DEFAULT_OPTIONS = {
  port: 0,
  host: '127.0.0.1',
  seed: 42,
  companies: 2000,
  contacts: 10000,
  rateLimit: { max: 200, windowMs: 60_000 },
  realtimeDelayMs: 300,
  hostile: false,
  quiet: false,
  wireNames: 'real',
  driver: 'better-sqlite3',
} as const;

export function resolveOptions(opts: SandboxOptions = {}): ResolvedOptions {
  const host = opts.host ?? DEFAULT_OPTIONS.host;
  if (!isLoopback(host)) throw new Error(`The sandbox binds only to loopback addresses, not ${host}`);
  return {
    port: opts.port ?? DEFAULT_OPTIONS.port,
    host,
    dbPath: opts.dbPath,
    seed: opts.seed ?? DEFAULT_OPTIONS.seed,
    companies: opts.companies ?? DEFAULT_OPTIONS.companies,
    contacts: opts.contacts ?? DEFAULT_OPTIONS.contacts,
    rateLimit: opts.rateLimit ?? { ...DEFAULT_OPTIONS.rateLimit },
    realtimeDelayMs: opts.realtimeDelayMs ?? DEFAULT_OPTIONS.realtimeDelayMs,
    hostile: opts.hostile ?? DEFAULT_OPTIONS.hostile,
    quiet: opts.quiet ?? DEFAULT_OPTIONS.quiet,
    wireNames: opts.wireNames ?? DEFAULT_OPTIONS.wireNames,
    driver: opts.driver ?? DEFAULT_OPTIONS.driver,
  };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}
