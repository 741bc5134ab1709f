import type Database from 'better-sqlite3';
import { Accounts } from './accounts';
import type { ResolvedOptions } from './options';

/** Everything the routes share for one running sandbox. */
export interface SandboxState {
  db: Database.Database;
  options: ResolvedOptions;
  accounts: Accounts;
}

export function createState(db: Database.Database, options: ResolvedOptions): SandboxState {
  return { db, options, accounts: new Accounts(db) };
}
