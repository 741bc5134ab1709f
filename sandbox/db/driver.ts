/**
 * The little of SQLite the sandbox uses, as one interface: prepared statements (`get`/`all`/`run`), `exec` and
 * transactions. better-sqlite3 (the Node server) has this shape already; sql.js (SQLite compiled to WebAssembly,
 * the extension's demo mode) gets it from `fromSqlJs`. Both run the same SQL text, so the sandbox's queries are
 * written once, in one dialect, and the conformance tests check both drivers (docs/store.md, "Demo mode").
 */
import type { Database as SqlJsDatabase, SqlValue } from 'sql.js';

export interface SqlStatement<P extends unknown[], R> {
  get(...params: P): R | undefined;
  all(...params: P): R[];
  run(...params: P): { changes: number };
}

export interface SqlDatabase {
  prepare<P extends unknown[] = unknown[], R = unknown>(sql: string): SqlStatement<P, R>;
  exec(sql: string): unknown;
  /** Wraps `fn` so that each call runs in one transaction: all of its writes or none. */
  transaction<F extends (...args: never[]) => unknown>(fn: F): F;
}

/** A sql.js database behind the sandbox's interface. BLOBs come back as Uint8Array (better-sqlite3: Buffer, a subclass). */
export function fromSqlJs(db: SqlJsDatabase): SqlDatabase {
  let depth = 0;
  return {
    prepare<P extends unknown[], R>(sql: string): SqlStatement<P, R> {
      const stmt = db.prepare(sql);
      const bind = (params: P) => stmt.bind(params as unknown as SqlValue[]);
      return {
        get(...params) {
          bind(params);
          try {
            return stmt.step() ? (stmt.getAsObject() as R) : undefined;
          } finally {
            stmt.reset();
          }
        },
        all(...params) {
          bind(params);
          const rows: R[] = [];
          try {
            while (stmt.step()) rows.push(stmt.getAsObject() as R);
          } finally {
            stmt.reset();
          }
          return rows;
        },
        run(...params) {
          stmt.run(params as unknown as SqlValue[]);
          return { changes: db.getRowsModified() };
        },
      };
    },
    exec(sql) {
      return db.exec(sql);
    },
    // Savepoints nest, as better-sqlite3's transactions do (a charge inside a bulk request's transaction).
    transaction<F extends (...args: never[]) => unknown>(fn: F): F {
      return ((...args: Parameters<F>) => {
        const name = `sp${depth++}`;
        db.exec(`SAVEPOINT ${name}`);
        try {
          const result = fn(...args);
          db.exec(`RELEASE ${name}`);
          return result;
        } catch (error) {
          db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
          throw error;
        } finally {
          depth--;
        }
      }) as F;
    },
  };
}
