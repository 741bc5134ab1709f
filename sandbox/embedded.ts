/**
 * The sandbox without a server: the same Hono app (`buildApp`), the same routes, ledger, credit and rate-limit rules,
 * over SQLite compiled to WebAssembly (sql.js) instead of better-sqlite3. The extension's demo mode answers its API
 * calls with `fetch` below (entrypoints/offscreen/demo-service.ts, outside the background worker: docs/store.md);
 * the conformance tests run against it in Node too (`startSandbox({ driver: 'sql.js' })`). No Node API is used here.
 *
 * The seeded data is opened from the bytes of a database file the build seeded (docs/store.md, "Demo mode"); the
 * accounts and the ledger are the only things that change, and `snapshot`/`restore` carry them across a restart of
 * the service's host (the database itself lives in memory).
 */
import type { SqlJsStatic } from 'sql.js';
import { buildApp } from './app';
import { fromSqlJs } from './db/driver';
import { createStateSchema } from './db/schema';
import { resolveOptions, type SandboxOptions } from './options';
import { createState, type SandboxState } from './state';

export interface EmbeddedSnapshot {
  accounts: Array<{ key: string; plan: string; balance: number; created_at: number }>;
  ledger: Array<{ id: number; key: string; endpoint: string; credits: number; ref: string | null; balance_after: number; at: number }>;
}

export interface EmbeddedSandbox {
  fetch(request: Request): Promise<Response>;
  state: SandboxState;
  /** The accounts and ledger as plain rows, to store and `restore` later. */
  snapshot(): EmbeddedSnapshot;
  close(): void;
}

export function openEmbeddedSandbox(
  sql: SqlJsStatic,
  seeded: Uint8Array,
  options: { restore?: EmbeddedSnapshot | undefined; sandbox?: SandboxOptions } = {},
): EmbeddedSandbox {
  // A copy: sql.js keeps the array it is given as the in-memory file and writes into it, so the caller's bytes would
  // no longer be the seeded database for a second open.
  const raw = new sql.Database(new Uint8Array(seeded)); // copies (a Node Buffer's slice() would not)
  const db = fromSqlJs(raw);
  createStateSchema(db, 'main');
  if (options.restore) restore(db, options.restore);
  // Restored before the state is built: the accounts' templates are inserted only where a key is absent.
  const state = createState(db, resolveOptions({ quiet: true, ...options.sandbox }));
  const app = buildApp(state);
  return {
    fetch: async (request) => app.fetch(request),
    state,
    snapshot: () => ({
      accounts: db.prepare<[], EmbeddedSnapshot['accounts'][number]>('SELECT key, plan, balance, created_at FROM accounts ORDER BY key').all(),
      ledger: db.prepare<[], EmbeddedSnapshot['ledger'][number]>('SELECT id, key, endpoint, credits, ref, balance_after, at FROM ledger ORDER BY id').all(),
    }),
    close: () => raw.close(),
  };
}

function restore(db: ReturnType<typeof fromSqlJs>, saved: EmbeddedSnapshot): void {
  const account = db.prepare('INSERT OR REPLACE INTO accounts (key, plan, balance, created_at) VALUES (?, ?, ?, ?)');
  const entry = db.prepare('INSERT OR REPLACE INTO ledger (id, key, endpoint, credits, ref, balance_after, at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const a of saved.accounts) account.run(a.key, a.plan, a.balance, a.created_at);
    for (const e of saved.ledger) entry.run(e.id, e.key, e.endpoint, e.credits, e.ref, e.balance_after, e.at);
  })();
}
