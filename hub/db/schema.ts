/**
 * The hub's tables as Kysely sees them (one source for every query; the SQL that creates them is in
 * migrations.ts). Ids are text (random UUIDs made by the hub) and counts are `integer`, so the embedded PGlite and
 * node-postgres return the same JavaScript types (node-postgres returns `bigint` as a string, PGlite as a number).
 */
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface TeamsTable {
  id: string;
  name: string;
  created_at: CreatedAt;
  /** Proxy mode: the team's enrichment API key, used only by the hub and never returned by any route. */
  api_key: string | null;
  upstream_url: string | null;
  rate_max: Generated<number>;
  rate_window_ms: Generated<number>;
  daily_budget: number | null;
  monthly_budget: number | null;
}

export interface MembersTable {
  id: string;
  team_id: string;
  name: string;
  role: 'admin' | 'member';
  created_at: CreatedAt;
  revoked_at: Timestamp | null;
  daily_budget: number | null;
  monthly_budget: number | null;
}

export interface TokensTable {
  /** SHA-256 (hex) of the bearer token; the token itself is shown once and never stored. */
  token_hash: string;
  member_id: string;
  created_at: CreatedAt;
}

export interface InvitesTable {
  code_hash: string;
  team_id: string;
  role: 'admin' | 'member';
  name: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  used_by: string | null;
}

export interface BookEntriesTable {
  id: string;
  team_id: string;
  /** The first member who bought this person, and when (kept by every later write: docs/hub.md, conflict rule). */
  bought_by: string;
  first_bought_at: Timestamp;
  /** The newest answer written, its time and writer. */
  answer: Json | null;
  options: string;
  answered_at: Timestamp;
  answered_by: string;
  credits: Generated<number>;
}

export interface BookKeysTable {
  team_id: string;
  identity: string;
  entry_id: string;
}

export interface BookWritesTable {
  team_id: string;
  member_id: string;
  write_id: string;
  entry_id: string;
  at: CreatedAt;
}

export interface ListsTable {
  id: string;
  team_id: string;
  owner_id: string;
  name: string;
  shared: boolean;
  created_at: CreatedAt;
}

export interface ListItemsTable {
  list_id: string;
  entry_id: string;
  added_by: string;
  added_at: CreatedAt;
}

export interface UsageTable {
  id: string;
  team_id: string;
  member_id: string;
  at: CreatedAt;
  action: string;
  /**
   * While the request is in flight: its most possible cost (reserved against budgets); after: the charge. `unknown`
   * (no answer came, or the hub stopped before settling) keeps the most possible cost: the service may have charged.
   */
  credits: number;
  status: 'pending' | 'done' | 'failed' | 'unknown';
  http_status: number | null;
}

export interface RateSlotsTable {
  id: string;
  team_id: string;
  sent_at: Timestamp;
  /** When the answer came back; null while in flight (an in-flight request always counts against the limit). */
  done_at: Timestamp | null;
}

export interface AuthAttemptsTable {
  id: Generated<number>;
  client: string;
  at: CreatedAt;
}

export interface AuditTable {
  id: Generated<number>;
  team_id: string;
  member_id: string | null;
  at: CreatedAt;
  action: string;
  detail: Json;
}

export interface HubSchema {
  teams: TeamsTable;
  members: MembersTable;
  tokens: TokensTable;
  invites: InvitesTable;
  book_entries: BookEntriesTable;
  book_keys: BookKeysTable;
  book_writes: BookWritesTable;
  lists: ListsTable;
  list_items: ListItemsTable;
  usage: UsageTable;
  rate_slots: RateSlotsTable;
  auth_attempts: AuthAttemptsTable;
  audit: AuditTable;
}
