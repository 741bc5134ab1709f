import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE_DIR, removeOlderVersions, writeThenRename } from '../cache-files';
import { seedDatabase, type SeedParams } from '../seed';
import type { SqlDatabase } from './driver';
import { createDataSchema, createSchema, createStateSchema } from './schema';

export interface OpenedDb {
  db: SqlDatabase;
  close(): void;
}

/**
 * better-sqlite3 behind the sandbox's interface. Its typings' `prepare` returns a conditional type (named or
 * positional parameters) that TypeScript cannot match to the interface's, though every call the sandbox makes is
 * positional and the runtime shape is exactly the interface's: the view is typed, not wrapped, so the server's
 * bulk lookups pay nothing for it.
 */
export function fromBetterSqlite3(db: Database.Database): SqlDatabase {
  return db as unknown as SqlDatabase;
}

const SANDBOX_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Opens the user's database file, seeding it when it does not exist yet; a second start reuses it. */
export function openPersistentDb(path: string, params: SeedParams, onSeed?: (params: SeedParams) => void): OpenedDb {
  if (!existsSync(path)) {
    onSeed?.(params);
    buildSeededFile(path, params);
  }
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  readFast(db);
  createSchema(fromBetterSqlite3(db));
  return { db: fromBetterSqlite3(db), close: () => db.close() };
}

/**
 * Opens the cached seeded database for these parameters read-only, with this start's accounts and ledger in
 * TEMP tables. The cache file is keyed by the seed parameters and a hash of the seeding code, so a changed
 * generator reseeds instead of serving stale data; nothing is copied, so starts are fast even over 100,000
 * companies, and runs never share mutable state.
 */
export function openEphemeralDb(params: SeedParams, onSeed?: (params: SeedParams) => void): OpenedDb {
  const db = new Database(cachedSeedFile(params, onSeed), { readonly: true });
  readFast(db);
  createStateSchema(fromBetterSqlite3(db), 'temp');
  return { db: fromBetterSqlite3(db), close: () => db.close() };
}

/**
 * Reads through a memory map instead of SQLite's default 2 MB page cache and a read() call per page: bulk lookups
 * over a 100,000-company file (about 540 MB) were spending their time copying pages in. The map is the OS page
 * cache itself, shared with every other sandbox reading the same cached seed.
 */
function readFast(db: Database.Database): void {
  db.pragma('mmap_size = 2147483648'); // SQLite lowers it to its compiled maximum where that is smaller
}

export function cachedSeedFile(params: SeedParams, onSeed?: (params: SeedParams) => void): string {
  const prefix = `seed-${params.seed}-c${params.companies}-p${params.contacts}${params.hostile ? '-hostile' : ''}-`;
  const file = join(CACHE_DIR, `${prefix}${seedCodeHash()}.db`);
  if (existsSync(file)) return file;
  onSeed?.(params);
  buildSeededFile(file, params);
  removeOlderVersions(file, prefix);
  return file;
}

/** Seeds into a temp file and renames it into place, so a concurrent start never sees a half-seeded file. */
function buildSeededFile(path: string, params: SeedParams): void {
  writeThenRename(path, (temp) => {
    const db = new Database(temp);
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    try {
      createDataSchema(fromBetterSqlite3(db));
      seedDatabase(fromBetterSqlite3(db), params);
      db.exec('ANALYZE');
    } finally {
      db.close();
    }
  });
}

let codeHash: string | undefined;
function seedCodeHash(): string {
  if (codeHash) return codeHash;
  const hash = createHash('sha256');
  const files = [join(SANDBOX_DIR, 'db', 'schema.ts'), ...listTs(join(SANDBOX_DIR, 'seed'))];
  for (const file of files) hash.update(file.slice(SANDBOX_DIR.length)).update(readFileSync(file));
  codeHash = hash.digest('hex').slice(0, 10);
  return codeHash;
}

function listTs(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => join(dir, name));
}
