/**
 * The databases the hub's tests run on: the embedded PGlite, and a real Postgres server started by
 * scripts/ensure-postgres.sh (Debian's postgresql, temp data dir). Both always run; when Postgres cannot be started
 * the Postgres tests fail saying why, never skip.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type HubDatabase } from '@/hub/db/open';
import { migrate } from '@/hub/db/migrations';

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
    const out = execFileSync('bash', ['scripts/ensure-postgres.sh'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
    return out.trim().split('\n').pop() ?? '';
  } catch (e) {
    const stderr = (e as { stderr?: string }).stderr ?? String(e);
    throw new Error(`Postgres is unavailable for the hub tests (scripts/ensure-postgres.sh failed): ${stderr}`);
  }
}

export async function testDatabases(backend: Backend): Promise<TestDatabases> {
  if (backend === 'pglite') {
    const db = await openPglite();
    await migrate(db.db);
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
