/**
 * One query layer (Kysely, Postgres dialect) over either database the hub runs on:
 * - the embedded PGlite (Postgres compiled to WASM, one file directory, no setup): `npm run hub` out of the box;
 * - a real Postgres server through node-postgres (`DATABASE_URL`), for teams and for several hub processes.
 * Both speak the same SQL, so every query, migration and lock below is the same code.
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';
import pg from 'pg';
import type { HubSchema } from './schema';

export type HubDb = Kysely<HubSchema>;

export interface HubDatabase {
  db: HubDb;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * PGlite is one Postgres session: two transactions interleaved on it would be one transaction. The pool hands the
 * session to one user at a time (a queue), which is what a pool of size 1 does; Kysely holds it for a whole
 * transaction and returns it after each single statement.
 */
function pglitePool(pglite: PGlite): PostgresPool {
  let tail: Promise<void> = Promise.resolve();
  return {
    connect() {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => (release = resolve));
      const ready = tail.then(() => client);
      tail = tail.then(() => turn);
      const client: PostgresPoolClient = {
        query: (async (sql: string, parameters: ReadonlyArray<unknown>) => {
          const result = await pglite.query(sql, [...parameters]);
          const command = (result as { command?: string }).command ?? 'SELECT';
          return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows } as PostgresQueryResult<unknown>;
        }) as PostgresPoolClient['query'],
        release: () => release(),
      };
      return ready;
    },
    end: async () => {
      await tail;
    },
  };
}

export interface PgliteDatabase extends HubDatabase {
  kind: 'pglite';
  /** The whole database as one tarball (PGlite's data directory dump): `openPglite(…, { from })` opens a copy. */
  dump(): Promise<Blob>;
}

/**
 * Opens PGlite in `dataDir` (persistent) or in memory when absent. `from`: a `dump()` to start from instead of an
 * empty cluster (Postgres' initdb is most of an open's ~1.7 CPU-seconds; a copy opens in ~0.4).
 */
export async function openPglite(dataDir?: string, opts: { from?: Blob } = {}): Promise<PgliteDatabase> {
  const pglite = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(opts.from ? { loadDataDir: opts.from } : {}) });
  await pglite.waitReady;
  const db = new Kysely<HubSchema>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) });
  return {
    db,
    kind: 'pglite',
    dump: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** Opens a pool of connections to a Postgres server (`postgres://user:pass@host:5432/db`). */
export function openPostgres(url: string, max = 10): HubDatabase {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ends (restart, admin command) emits 'error' on the pool; unhandled, it would end
  // the hub. The pool drops that connection and opens another on the next query.
  pool.on('error', (e) => console.error(`hub: Postgres connection lost (${e.message}); reconnecting on next query`));
  const db = new Kysely<HubSchema>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}
