import type Database from 'better-sqlite3';

export interface SeedParams {
  seed: number;
  companies: number;
  contacts: number;
  hostile: boolean;
}

export function seedDatabase(db: Database.Database, params: SeedParams): void {
  db.prepare('INSERT INTO meta (name, value) VALUES (?, ?)').run('seed', JSON.stringify(params));
}
