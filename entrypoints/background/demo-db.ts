/**
 * Demo mode's own small database (extension origin: content scripts cannot read or set it): whether demo mode is on
 * (the background reads it at every start) and the demo service's accounts and ledger (written by the service after
 * each answer, so a restarted service resumes with the balance the extension's credit line shows). Imported by the
 * background and by the demo service (entrypoints/offscreen/demo-service.ts).
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { EmbeddedSnapshot } from '@/sandbox/embedded';

interface DemoDb extends DBSchema {
  state: { key: 'on'; value: boolean } | { key: 'service'; value: EmbeddedSnapshot };
}

let database: Promise<IDBPDatabase<DemoDb>> | null = null;
function demoDb(): Promise<IDBPDatabase<DemoDb>> {
  database ??= openDB<DemoDb>('ipe-demo', 1, {
    upgrade(db) {
      db.createObjectStore('state');
    },
  });
  return database;
}

export async function demoModeOn(): Promise<boolean> {
  return ((await (await demoDb()).get('state', 'on')) as boolean | undefined) === true;
}

export async function setDemoMode(on: boolean): Promise<void> {
  await (await demoDb()).put('state', on, 'on');
}

export async function savedDemoService(): Promise<EmbeddedSnapshot | undefined> {
  return (await demoDb()).get('state', 'service') as Promise<EmbeddedSnapshot | undefined>;
}

export async function saveDemoService(snapshot: EmbeddedSnapshot): Promise<void> {
  await (await demoDb()).put('state', snapshot, 'service');
}
