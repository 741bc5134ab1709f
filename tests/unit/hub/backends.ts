/**
 * The databases the hub's tests run on: the embedded PGlite, and a real Postgres server started by
 * scripts/ensure-postgres.sh (Debian's postgresql, temp data dir). Both always run; when Postgres cannot be started
 * the Postgres tests fail saying why, never skip.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type HubDatabase } from '@/hub/db/open';
import { migrate } from '@/hub/db/migrations';
import { type HubOptions, type RunningHub, startHub } from '@/hub/server';
import { CACHE_DIR, removeOlderVersions, writeThenRename } from '@/sandbox/cache-files';
import { budget } from '../../time-budget';

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = ['pglite', 'postgres'];

export interface TestDatabases {
  /** Opens one more connection set to the same database (a second hub process's own pool; PGlite: the same one). */
  open(): Promise<HubDatabase>;
  /** Postgres: the database's address, for hub processes of their own (`DATABASE_URL`); PGlite: none (in this process). */
  url?: string;
  dispose(): Promise<void>;
}

function serverUrl(): string {
  if (process.env.HUB_TEST_POSTGRES_URL) return process.env.HUB_TEST_POSTGRES_URL;
  try {
    const out = execFileSync('bash', ['scripts/ensure-postgres.sh'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: budget(300_000) });
    return out.trim().split('\n').pop() ?? '';
  } catch (e) {
    const stderr = (e as { stderr?: string }).stderr ?? String(e);
    throw new Error(`Postgres is unavailable for the hub tests (scripts/ensure-postgres.sh failed): ${stderr}`);
  }
}

/**
 * The migrated empty database every PGlite test starts from, as a dump in .sandbox/ (beside the sandbox's seeds),
 * named for the migrations and the PGlite release it was made with. Opening PGlite runs Postgres' initdb and then the
 * migrations: ~1.7 CPU-seconds; a copy of this dump opens in ~0.4 (docs/testing.md). Made through the hub's own
 * `openPglite` and `migrate`, by whichever test process needs it first (written beside and renamed into place).
 */
let template: Promise<Blob> | undefined;
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const pgliteVersion = (JSON.parse(readFileSync(resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
    const hash = createHash('sha256').update(readFileSync(resolve('hub/db/migrations.ts'))).update(pgliteVersion).digest('hex').slice(0, 12);
    const file = join(CACHE_DIR, `hub-pglite-${hash}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const made = await openPglite();
    try {
      await migrate(made.db);
      const dump = await made.dump();
      const bytes = new Uint8Array(await dump.arrayBuffer());
      writeThenRename(file, (temp) => writeFileSync(temp, bytes));
      removeOlderVersions(file, 'hub-pglite-');
      return dump;
    } finally {
      await made.close();
    }
  })();
  return template;
}

/** A copy of the template: a migrated, empty PGlite database of its own, in memory. */
function pgliteFromTemplate(): Promise<HubDatabase> {
  return migratedTemplate().then((from) => openPglite(undefined, { from }));
}

/** A migrated, empty PGlite database of its own (in memory), opened from the template. */
export async function emptyPglite(): Promise<HubDatabase> {
  const db = await pgliteFromTemplate();
  await migrate(db.db); // nothing left to do: proves the copy is at the latest migration
  return db;
}

/**
 * A hub on an in-memory PGlite database of its own, as `startHub` opens without a database, but started from the
 * template (`startHub` migrates the database it is given, which proves the copy is at the latest migration); closing
 * the hub closes its database.
 */
export async function startTestHub(opts: Omit<HubOptions, 'database' | 'databaseUrl' | 'dataDir'> = {}): Promise<RunningHub> {
  const database = await pgliteFromTemplate();
  const hub = await startHub({ ...opts, database }).catch(async (e: unknown) => {
    await database.close();
    throw e;
  });
  let closed: Promise<void> | undefined;
  return { ...hub, close: () => (closed ??= hub.close().then(() => database.close())) };
}

export async function testDatabases(backend: Backend): Promise<TestDatabases> {
  if (backend === 'pglite') {
    const db = await emptyPglite();
    return { open: async () => db, dispose: () => db.close() };
  }
  const url = new URL(serverUrl());
  const name = `hub_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const opened: HubDatabase[] = [];
  return {
    url: dbUrl.toString(),
    open: async () => {
      const db = openPostgres(dbUrl.toString());
      await migrate(db.db);
      opened.push(db);
      return db;
    },
    dispose: async () => {
      for (const db of opened) await db.close();
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
