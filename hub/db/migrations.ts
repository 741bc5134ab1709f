/**
 * Schema changes, applied in order by Kysely's Migrator (it records each in `kysely_migration` and holds an
 * advisory lock while migrating, so hub processes starting together against one Postgres migrate once).
 * Never edit a migration that has shipped: add the next one. One statement per `sql` call: PGlite runs each
 * query through the extended protocol, which takes one statement.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

const statements = (...list: ReturnType<typeof sql.raw>[]) => ({
  async up(db: Kysely<unknown>) {
    for (const statement of list) await statement.execute(db);
  },
});

const MIGRATIONS: Record<string, Migration> = {
  '0001_team_hub': statements(
    sql.raw(`create table teams (
      id text primary key, name text not null, created_at timestamptz not null default now(),
      api_key text, upstream_url text,
      rate_max integer not null default 200, rate_window_ms integer not null default 60000,
      daily_budget integer, monthly_budget integer)`),
    sql.raw(`create table members (
      id text primary key, team_id text not null references teams(id), name text not null,
      role text not null check (role in ('admin', 'member')), created_at timestamptz not null default now(),
      revoked_at timestamptz, daily_budget integer, monthly_budget integer)`),
    sql.raw(`create index members_team on members(team_id)`),
    sql.raw(`create table tokens (
      token_hash text primary key, member_id text not null references members(id),
      created_at timestamptz not null default now())`),
    sql.raw(`create table invites (
      code_hash text primary key, team_id text not null references teams(id),
      role text not null check (role in ('admin', 'member')), name text, created_by text references members(id),
      created_at timestamptz not null default now(), expires_at timestamptz not null,
      used_at timestamptz, used_by text references members(id))`),
    sql.raw(`create table book_entries (
      id text primary key, team_id text not null references teams(id),
      bought_by text not null references members(id), first_bought_at timestamptz not null,
      answer jsonb, options text not null default '', answered_at timestamptz not null,
      answered_by text not null references members(id), credits integer not null default 0)`),
    sql.raw(`create index book_entries_team on book_entries(team_id)`),
    sql.raw(`create table book_keys (
      team_id text not null references teams(id), identity text not null,
      entry_id text not null references book_entries(id), primary key (team_id, identity))`),
    sql.raw(`create table book_writes (
      team_id text not null references teams(id), member_id text not null references members(id),
      write_id text not null, entry_id text not null references book_entries(id),
      at timestamptz not null default now(), primary key (team_id, member_id, write_id))`),
    sql.raw(`create table lists (
      id text primary key, team_id text not null references teams(id), owner_id text not null references members(id),
      name text not null, shared boolean not null, created_at timestamptz not null default now())`),
    sql.raw(`create table list_items (
      list_id text not null references lists(id), entry_id text not null references book_entries(id),
      added_by text not null references members(id), added_at timestamptz not null default now(),
      primary key (list_id, entry_id))`),
    sql.raw(`create table usage (
      id text primary key, team_id text not null references teams(id), member_id text not null references members(id),
      at timestamptz not null default now(), action text not null, credits integer not null,
      status text not null check (status in ('pending', 'done', 'failed')), http_status integer)`),
    sql.raw(`create index usage_team_at on usage(team_id, at)`),
    sql.raw(`create index usage_member_at on usage(member_id, at)`),
    sql.raw(`create table rate_slots (
      id text primary key, team_id text not null references teams(id),
      sent_at timestamptz not null, done_at timestamptz)`),
    sql.raw(`create index rate_slots_team on rate_slots(team_id, sent_at)`),
    sql.raw(`create table auth_attempts (id serial primary key, client text not null, at timestamptz not null default now())`),
    sql.raw(`create index auth_attempts_client on auth_attempts(client, at)`),
    sql.raw(`create table audit (
      id serial primary key, team_id text not null references teams(id), member_id text references members(id),
      at timestamptz not null default now(), action text not null, detail jsonb not null)`),
    sql.raw(`create index audit_team on audit(team_id, id)`),
  ),
  // A request whose answer never came (timeout, a hub that stopped before settling) is neither done nor failed.
  '0002_usage_unknown': statements(
    sql.raw(`alter table usage drop constraint usage_status_check`),
    sql.raw(`alter table usage add constraint usage_status_check check (status in ('pending', 'done', 'failed', 'unknown'))`),
    sql.raw(`create index usage_team_pending on usage(team_id, at) where status = 'pending'`),
  ),
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the database to the newest schema; throws with the failing migration's error. */
export async function migrate<T>(db: Kysely<T>): Promise<void> {
  const { error, results } = await new Migrator({ db: db as unknown as Kysely<unknown>, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Hub database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
