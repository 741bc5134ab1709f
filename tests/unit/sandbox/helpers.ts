import Database from 'better-sqlite3';
import type { SqlDatabase } from '@/sandbox/db/driver';
import { fromBetterSqlite3 } from '@/sandbox/db/open';
import { createSchema } from '@/sandbox/db/schema';
import { seedDatabase, type SeedParams } from '@/sandbox/seed';

/** A fresh account per test: `test-standard-<unique>` starts with 100,000 credits and its own rate-limit bucket. */
let counter = 0;
export function freshKey(kind: 'standard' | 'enterprise' | 'empty' = 'standard'): string {
  counter += 1;
  return `test-${kind}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

export async function call(
  base: string,
  path: string,
  init: { key?: string | undefined; method?: string; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; text: string; json: () => unknown }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key !== undefined) headers['X-API-Key'] = init.key;
  const res = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, ...(init.body === undefined ? {} : { body: init.body }) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as unknown };
}

export function qs(params: Record<string, string | number | boolean>): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}

/** A small seeded in-memory database for unit tests of the pieces behind the routes. */
export function seededMemoryDb(params: Partial<SeedParams> = {}): SqlDatabase {
  const db = fromBetterSqlite3(new Database(':memory:'));
  createSchema(db);
  seedDatabase(db, { seed: 7, companies: 600, contacts: 400, hostile: false, ...params });
  return db;
}

export interface SamplesBody {
  emails: string[];
  phones: string[];
  socialProfiles: string[];
  names: Array<{ first_name: string; last_name: string; company_name: string; company_domain: string }>;
  companies: Array<{ website: string; name: string }>;
  catchAllDomains: string[];
}

export async function samples(base: string): Promise<SamplesBody> {
  return (await call(base, '/_sandbox/samples')).json() as SamplesBody;
}
