/**
 * The stores that moved from a record per row to blocks of rows (lib/storage/row-blocks.ts) keep what version 1
 * stored: an import's rows written the old way come back in the export of its job, in their order with their cells,
 * and an upload staged the old way is previewed, deduplicated against and started as it was. Version 1 is written
 * here with IndexedDB itself, as the old code wrote it (its object stores, keys and values).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { entryKeys } from '@/lib/engine/bulk-dedupe';
import type { BulkEntry } from '@/lib/model/lookup';
import { expect, test, uniqueKey } from './fixtures';
import { send } from './support/reliability';
import { budget } from '../time-budget';

/** Runs in an extension page: creates `name` at version 1 with `stores` and fills them. */
async function writeVersion1(page: Page, name: string, stores: Array<{ name: string; keyPath: string | string[]; index?: { name: string; keyPath: string | string[] }; values: unknown[] }>): Promise<void> {
  await page.evaluate(
    async ([dbName, defs]) => {
      await new Promise<void>((ok, ko) => {
        const gone = indexedDB.deleteDatabase(dbName);
        gone.onsuccess = () => ok();
        gone.onerror = () => ko(gone.error);
      });
      const db = await new Promise<IDBDatabase>((ok, ko) => {
        const req = indexedDB.open(dbName, 1);
        req.onupgradeneeded = () => {
          for (const def of defs) {
            const store = req.result.createObjectStore(def.name, { keyPath: def.keyPath });
            if (def.index) store.createIndex(def.index.name, def.index.keyPath);
          }
        };
        req.onsuccess = () => ok(req.result);
        req.onerror = () => ko(req.error);
      });
      const tx = db.transaction(defs.map((d) => d.name), 'readwrite');
      for (const def of defs) for (const value of def.values) tx.objectStore(def.name).put(value);
      await new Promise<void>((ok, ko) => {
        tx.oncomplete = () => ok();
        tx.onerror = () => ko(tx.error);
      });
      db.close();
    },
    [name, stores] as const,
  );
}

test('an import stored by version 1 (a record per row) exports every row of its job after the upgrade', async ({ openExtensionPage, configure }) => {
  test.setTimeout(120_000);
  const key = uniqueKey('test-standard-import-upgrade');
  await configure({ apiKey: key });
  const options = await openExtensionPage('options.html');
  // A finished job of three people the sandbox does not know (free), which the old import's rows point at.
  const entries = [0, 1, 2].map((i) => ({ field_type: 'email', value: `nobody${i}@upgrade-import.example` }));
  const started = await send<{ id: string }>(options, 'bulk/start', { entries });
  if (!started.ok) throw new Error(started.error.message);
  const jobId = started.data.id;
  await expect.poll(async () => {
    const job = await send<{ status: string }>(options, 'bulk/get', { jobId });
    return job.ok ? job.data.status : 'unreadable';
  }, { timeout: budget(60_000) }).toBe('done');

  // 1,201 rows (a header and 1,200 people) cross two edges of the 500-row blocks.
  const importId = 'import-from-version-1';
  const rows = [
    { importId, index: 0, cells: ['Name', 'Email', 'Notes'], bulkIndex: null },
    ...Array.from({ length: 1_200 }, (_, i) => ({ importId, index: i + 1, cells: [`Person ${i}`, i < 3 ? entries[i]!.value : '', `note, "${i}"`], bulkIndex: i < 3 ? i : null, ...(i < 3 ? {} : { skipped: 'No email, phone or profile' }) })),
  ];
  const meta = { id: importId, name: 'old.csv', createdAt: Date.now(), headers: ['Name', 'Email', 'Notes'], mapping: ['full_name', 'email', 'ignore'], rows: rows.length, preamble: 0, jobId, hasHeader: true };
  await writeVersion1(options, 'ipe-imports', [
    { name: 'imports', keyPath: 'id', index: { name: 'jobId', keyPath: 'jobId' }, values: [meta] },
    // Written in a shuffled order: the store's key orders them, as it did.
    { name: 'rows', keyPath: ['importId', 'index'], values: [...rows].reverse() },
  ]);

  const panel = await openExtensionPage('sidepanel.html');
  await panel.getByRole('tab', { name: 'History' }).click();
  await panel.getByRole('tab', { name: 'Import' }).click();
  await expect(panel.getByTestId('import-job-status')).toHaveText('Finished.', { timeout: budget(30_000) });
  const download = panel.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download' }).click();
  const parsed = Papa.parse<string[]>(readFileSync(await (await download).path(), 'utf8'), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...body] = parsed.data;
  expect(header!.slice(0, 3)).toEqual(['Name', 'Email', 'Notes']);
  expect(body).toHaveLength(1_200);
  expect(body.map((r) => r.slice(0, 3))).toEqual(rows.slice(1).map((r) => r.cells));
});

test('an upload staged by version 1 (a record per entry) is previewed, deduplicated against and started after the upgrade', async ({ openExtensionPage, configure }) => {
  test.setTimeout(120_000);
  await configure({ apiKey: uniqueKey('test-standard-staging-upgrade') });
  const options = await openExtensionPage('options.html');
  const stagedId = 'staged-by-version-1';
  const count = 1_100;
  const staged = Array.from({ length: count }, (_, index) => {
    const entry: BulkEntry = { field_type: 'email', value: `nobody${index}@upgrade-staging.example` };
    return { stagedId, index, key: entryKeys(entry, []).key, field_type: entry.field_type, value: entry.value };
  });
  const now = Date.now();
  const meta = { id: stagedId, createdAt: now, touchedAt: now, count, duplicates: 0, requiredFields: [], priced: { cached: 0, saved: 0, team: 0 } };
  // The worker may have the database open: deleting it makes that connection close (lib/storage/idb.ts) first.
  await writeVersion1(options, 'ipe-staging', [
    { name: 'uploads', keyPath: 'id', values: [meta] },
    { name: 'entries', keyPath: ['stagedId', 'index'], index: { name: 'byKey', keyPath: ['stagedId', 'key'] }, values: staged },
  ]);

  const preview = await send<{ unique: number; duplicates: number }>(options, 'bulk/stage-preview', { stagedId, recount: true });
  expect(preview.ok && preview.data).toMatchObject({ unique: count, duplicates: 0 });
  // One entry already staged (by version 1), one new: the old one is found by its key and not stored twice.
  const appended = await send<{ staged: number; duplicates: number }>(options, 'bulk/stage-append', {
    stagedId,
    entries: [{ field_type: 'email', value: 'NOBODY7@upgrade-staging.example' }, { field_type: 'email', value: 'somebody-new@upgrade-staging.example' }],
  });
  expect(appended.ok && appended.data).toMatchObject({ staged: count + 1, duplicates: 1 });
  const started = await send<{ id: string; total: number }>(options, 'bulk/start', { stagedId });
  expect(started.ok && started.data.total).toBe(count + 1);
});
