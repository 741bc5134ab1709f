/**
 * Demo mode's own small database (extension origin: content scripts cannot read or set it): whether demo mode is on
 * (the background reads it at every start) and the demo service's accounts and ledger (written by the service after
 * each answer, so a restarted service resumes with the balance the extension's credit line shows). Imported by the
 * background and by the demo service (entrypoints/offscreen/demo-service.ts).
 */
import type { DBSchema } from 'idb';
import { databaseOpener } from '@/lib/storage/idb';
import type { EmbeddedSnapshot } from '@/sandbox/embedded';

interface DemoDb extends DBSchema {
  state: { key: 'on'; value: boolean } | { key: 'service'; value: EmbeddedSnapshot };
}

/** Through the project's one opener (reused, reopened after a loss, named in its error): lib/storage/idb.ts. */
const demoDb = databaseOpener<DemoDb>({
  name: 'ipe-demo',
  version: 1,
  upgrade(db) {
    db.createObjectStore('state');
  },
});

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
