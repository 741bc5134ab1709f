import type { SqlDatabase } from './driver';

/**
 * Data tables (written once by the seed, read-only afterwards). Contacts and companies are stored as JSON
 * documents (the API shape) plus the columns and key rows the lookups, similarity and prospector need.
 */
export const DATA_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS companies (
  id INTEGER PRIMARY KEY,
  domain TEXT NOT NULL UNIQUE,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  name_norm TEXT NOT NULL,
  industry TEXT NOT NULL,
  size_lower INTEGER NOT NULL,
  size_upper INTEGER NOT NULL,
  catch_all INTEGER NOT NULL DEFAULT 0,
  features TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS companies_name ON companies(name_norm);

CREATE TABLE IF NOT EXISTS contacts (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  company_id INTEGER NOT NULL REFERENCES companies(id),
  features TEXT NOT NULL,
  doc TEXT NOT NULL,
  experiences TEXT NOT NULL,
  waterfall TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS contacts_company ON contacts(company_id);

-- One row per lookup key of a contact: kind is email | phone | social | name_company | name_domain.
CREATE TABLE IF NOT EXISTS contact_keys (
  kind TEXT NOT NULL,
  value TEXT NOT NULL,
  contact_id INTEGER NOT NULL,
  status TEXT
);
CREATE INDEX IF NOT EXISTS contact_keys_lookup ON contact_keys(kind, value);
`;

/** State tables (accounts and the credit ledger), written while the sandbox runs. `{schema}` is main or temp. */
const STATE_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS {schema}.accounts (
  key TEXT PRIMARY KEY,
  plan TEXT NOT NULL,
  balance INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS {schema}.ledger (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  credits INTEGER NOT NULL,
  ref TEXT,
  balance_after INTEGER NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS {schema}.ledger_key_ref ON ledger(key, endpoint, ref, at);
`;

export function createDataSchema(db: SqlDatabase): void {
  db.exec(DATA_SCHEMA_SQL);
}

/**
 * `main` for a persistent --db file (the ledger survives restarts); `temp` over a read-only cached seed, so
 * every start has its own accounts and ledger and never writes to the shared file.
 */
export function createStateSchema(db: SqlDatabase, schema: 'main' | 'temp'): void {
  db.exec(STATE_SCHEMA_SQL.replaceAll('{schema}', schema));
}

/** Both, in one file. */
export function createSchema(db: SqlDatabase): void {
  createDataSchema(db);
  createStateSchema(db, 'main');
}
