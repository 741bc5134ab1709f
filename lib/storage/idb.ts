/**
 * The one way the extension opens its IndexedDB databases (the book, the cache, bulk jobs, imports, the key…). Each
 * store names its database, version and upgrade here; this module decides what every one of them needs alike:
 *
 * - opened once per context and reused (each open is a round trip, and a second connection would block upgrades);
 * - a failed or closed connection is forgotten, so the next call opens again instead of failing forever (the
 *   browser closes a connection when the profile's storage is cleared, or under storage pressure);
 * - a newer version opened elsewhere (the panel after an update, while an old worker still runs) makes this
 *   connection close, instead of blocking that upgrade until the browser restarts;
 * - a failure says which database and what to do, instead of IndexedDB's bare "UnknownError".
 */
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb';

export interface DatabaseSpec<DB extends DBSchema | unknown> {
  name: string;
  version: number;
  /** Runs in the version-change transaction: every step from `oldVersion` up, so an existing database keeps its data. */
  upgrade(database: IDBPDatabase<DB>, oldVersion: number, transaction: IDBPTransaction<DB, StoreNames<DB>[], 'versionchange'>): void | Promise<void>;
}

/** A database that could not be opened: names it and says what the user can do. */
export class DatabaseOpenError extends Error {
  constructor(
    readonly database: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    super(`The extension could not open its local database "${database}" (${reason}). Close other windows of the extension and try again; if the browser is low on disk space, free some.`, { cause });
    this.name = 'DatabaseOpenError';
  }
}

/** A function that gives the open database, opening it on first use and again after it was lost. */
export function databaseOpener<DB extends DBSchema | unknown>(spec: DatabaseSpec<DB>): () => Promise<IDBPDatabase<DB>> {
  let current: Promise<IDBPDatabase<DB>> | null = null;
  const forget = () => {
    current = null;
  };
  return () =>
    // Started in a promise: where IndexedDB is missing or refuses at once, `indexedDB.open` throws rather than rejects.
    (current ??= Promise.resolve().then(() => openDB<DB>(spec.name, spec.version, {
      upgrade: (database, oldVersion, _newVersion, transaction) => spec.upgrade(database, oldVersion, transaction),
      blocking() {
        // Another context opens a newer version: let it upgrade; this context opens the new version on its next call.
        void current?.then((database) => database.close());
        forget();
      },
      terminated: forget,
    })).catch((error: unknown) => {
      forget();
      throw new DatabaseOpenError(spec.name, error);
    }));
}
