/**
 * Import benchmark: 100,000 CSV rows through the path a file takes, as far as Node allows:
 * papaparse streams the file from disk in chunks (back-pressure), the row planner turns rows into bulk entries
 * (duplicates, skipped rows), the panel's append batches (lib/import/stage.ts) go into a staged upload
 * (lib/engine/bulk-staging.ts: validation, dedupe by cache key, one write per append), and the staged preview
 * counts cached keys and prices the job page by page (the same estimate as every bulk preview).
 *
 * Node has no IndexedDB and fake-indexeddb is not a dependency: the staged entries go to an on-disk SQLite store
 * (better-sqlite3, a dev dependency) behind the same StagingStore interface, so the heap holds what the extension's
 * code holds, not the store. The panel's copy of the user's rows (ipe-imports) is a counting sink. Not measured
 * here: the job's creation (bulk.startPaged writes 1,000 rows per transaction; unit-tested for its batches).
 * Reports rows per second end to end and the peak heap above the start, sampled at every chunk and page.
 *
 * Then the preview once more, with a contact book of BOOK people bought before (some of them in the file): the book is
 * asked for every entry the cache does not answer (lib/engine/saved-contacts.ts). `csv_import_preview_book_ratio` is
 * that preview's time over the same preview without a book, in the same run.
 *
 * Run alone: npx tsx bench/run.ts --only import   (or: node --expose-gc --import tsx bench/run.ts --only import)
 */
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { appendBatches, createRowPlanner, detectColumns, parseDelimited } from '../lib/import';
import { createMemoryCacheStore } from '../lib/cache/store';
import { createMemoryLedgerStore } from '../lib/credits/ledger';
import { createMemoryKeyStore } from '../lib/keystore';
import { createBulkStaging, StagedEntrySchema, StagedMetaSchema, type StagedEntry, type StagedMeta, type StagingStore } from '../lib/engine/bulk-staging';
import { createMemoryBulkStore } from '../lib/engine/bulk-store';
import { createEngine } from '../lib/engine/engine';
import { createMemoryLimiter, DEFAULT_LIMITER_CONFIG } from '../lib/queue/limiter';
import { createMemoryTaskStore } from '../lib/queue/task-store';
import { DEFAULT_SETTINGS } from '../lib/settings/schema';
import { bulkEntryKey } from '../lib/cache/keys';
import { createContactBook, createMemoryContactBookStore, openBookIndex, recordPaidAnswer, savedContactsFrom } from '../lib/contacts';
import type { BulkEntry } from '../lib/messaging/protocol';
import { measureImportShapes } from './import-shapes';
import { measureImportJob } from './import-job';

/** Rows in the file: 100,000 (the goal's), 20,000 with `--quick` (a smoke). */
let ROWS = 100_000;
/** People in the contact book for the second preview: the file's first BOOK / 2 entries and as many others. */
const BOOK = 5_000;

/** A book of BOOK people, filed as the engine files a bulk purchase (the entry's key; the answer's id). */
async function bookOf(entries: readonly BulkEntry[]) {
  const book = createContactBook({ store: createMemoryContactBookStore() });
  const at = Date.now() - 40 * 86_400_000;
  for (let i = 0; i < BOOK; i++) {
    const entry: BulkEntry = (i < BOOK / 2 ? entries[i] : undefined) ?? { field_type: 'email', value: `bought${i}@elsewhere${i % 50}.com` };
    await recordPaidAnswer(book, { endpoint: 'contact/enrich', key: bulkEntryKey(entry), aliases: [], found: true, value: { _id: `p${i}`, full_name: `Bought ${i}` }, creditsCharged: 1, fetchedAt: at });
  }
  return book;
}

function csv(): string {
  const lines = ['First Name,Last Name,E-mail,Telefon,LinkedIn,Company Name,Notes'];
  for (let i = 0; i < ROWS; i++) {
    const kind = i % 4;
    lines.push(
      [
        `First${i}`,
        `Last${i}`,
        kind === 0 || kind === 3 ? `person${i % 90_000}@company${i % 500}.com` : '',
        kind === 1 ? `+44 20 7946 0${String(i % 1000).padStart(3, '0')}` : '',
        kind === 2 ? `https://www.linkedin.com/in/person-${i}` : '',
        `"Company ${i % 500}, Inc."`,
        `note ${i}`,
      ].join(','),
    );
  }
  return lines.join('\n');
}

/** The StagingStore contract on SQLite on disk (IndexedDB's stand-in in Node). */
function sqliteStagingStore(file: string): StagingStore & { close: () => void } {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE uploads (id TEXT PRIMARY KEY, json TEXT NOT NULL);
    CREATE TABLE entries (staged_id TEXT NOT NULL, idx INTEGER NOT NULL, key TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (staged_id, idx));
    CREATE UNIQUE INDEX by_key ON entries (staged_id, key);`);
  const putMeta = db.prepare('INSERT OR REPLACE INTO uploads (id, json) VALUES (?, ?)');
  const getMeta = db.prepare<[string], { json: string }>('SELECT json FROM uploads WHERE id = ?');
  const allMeta = db.prepare<[], { json: string }>('SELECT json FROM uploads');
  const hasKey = db.prepare<[string, string], { k: number }>('SELECT 1 AS k FROM entries WHERE staged_id = ? AND key = ?');
  const putEntry = db.prepare('INSERT OR REPLACE INTO entries (staged_id, idx, key, json) VALUES (?, ?, ?, ?)');
  const range = db.prepare<[string, number, number], { json: string }>('SELECT json FROM entries WHERE staged_id = ? AND idx >= ? AND idx < ? ORDER BY idx');
  const removeEntries = db.prepare('DELETE FROM entries WHERE staged_id = ?');
  const removeMeta = db.prepare('DELETE FROM uploads WHERE id = ?');
  const readMeta = (json: string | undefined): StagedMeta | null => {
    const parsed = StagedMetaSchema.safeParse(json === undefined ? undefined : JSON.parse(json));
    return parsed.success ? parsed.data : null;
  };
  const write = db.transaction((list: readonly StagedEntry[], meta: StagedMeta) => {
    for (const e of list) putEntry.run(e.stagedId, e.index, e.key, JSON.stringify(e));
    putMeta.run(meta.id, JSON.stringify(meta));
  });
  return {
    putMeta: (meta) => Promise.resolve(void putMeta.run(meta.id, JSON.stringify(meta))),
    meta: (id) => Promise.resolve(readMeta(getMeta.get(id)?.json)),
    listMeta: () => Promise.resolve(allMeta.all().map((r) => readMeta(r.json)).filter((m): m is StagedMeta => m !== null)),
    knownKeys: (id, keys) => Promise.resolve(new Set(keys.filter((k) => hasKey.get(id, k) !== undefined))),
    putEntries: (list, meta) => Promise.resolve(write(list, meta)),
    entries: (id, from, to) => Promise.resolve(range.all(id, from, to).flatMap((r) => {
      const parsed = StagedEntrySchema.safeParse(JSON.parse(r.json));
      return parsed.success ? [parsed.data] : [];
    })),
    remove: (id) => Promise.resolve(void db.transaction(() => {
      removeEntries.run(id);
      removeMeta.run(id);
    })()),
    close: () => db.close(),
  };
}

export async function run({ json, quick }: { json: boolean; quick: boolean }): Promise<Record<string, number>> {
  ROWS = quick ? 20_000 : 100_000;
  const dir = mkdtempSync(join(tmpdir(), 'ipe-import-bench-'));
  const file = join(dir, 'rows.csv');
  writeFileSync(file, csv());
  const store = sqliteStagingStore(join(dir, 'staging.sqlite'));
  const staging = createBulkStaging({ store });
  // The background's cache and ledger for the preview (empty: every key is a paid lookup). No request is sent.
  const engine = createEngine({
    limiter: createMemoryLimiter(DEFAULT_LIMITER_CONFIG),
    taskStore: createMemoryTaskStore(),
    cacheStore: createMemoryCacheStore(),
    bulkStore: createMemoryBulkStore(),
    ledgerStore: createMemoryLedgerStore(),
    keystore: createMemoryKeyStore('bench'),
    settings: () => Promise.resolve({ ...DEFAULT_SETTINGS, apiBaseUrl: 'http://127.0.0.1:9' }),
  });
  global.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  // With --expose-gc (npm run bench passes it) each sample first collects garbage, so the peak is what the import
  // keeps alive, not how lazily V8 collected; the time those collections take is left out of rows per second.
  let gcMs = 0;
  const sample = () => {
    if (global.gc) {
      const t0 = performance.now();
      global.gc();
      gcMs += performance.now() - t0;
    }
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  let header: string[] | null = null;
  let mapping: ReturnType<typeof detectColumns> | null = null;
  const planner = createRowPlanner();
  let stored = 0;
  let appends = 0;
  const started = performance.now();
  const { stagedId } = await staging.open();
  // A Blob backed by the file on disk, as a File is in the browser: read as a stream, sniffed and decoded the same way.
  await parseDelimited(await openAsBlob(file), {
    onRows: async (rows) => {
      for (const row of rows) {
        if (!header) {
          header = row;
          continue;
        }
        mapping ??= detectColumns(header, [row]);
        planner.add(row, mapping.map((g) => g.kind));
      }
      stored += rows.length; // the panel's IndexedDB write of the user's rows
      for (const batch of appendBatches(planner.take())) {
        await staging.append(stagedId, batch);
        appends++;
      }
      sample();
    },
  });
  const previewStarted = performance.now();
  const preview = await staging.preview(stagedId, { cache: engine.cache, ledger: engine.ledger });
  const previewMs = performance.now() - previewStarted;
  sample();
  const seconds = (performance.now() - started - gcMs) / 1000;
  // The same preview, asking a contact book too (outside the rows-per-second and memory figures above).
  const firsts: BulkEntry[] = [];
  for await (const page of staging.pages(stagedId)) {
    firsts.push(...page.slice(0, BOOK / 2 - firsts.length));
    if (firsts.length >= BOOK / 2) break;
  }
  const book = await bookOf(firsts);
  const bookStarted = performance.now();
  // Counted again entry by entry (`recount`): the first preview's counts are kept with the upload.
  const withBook = await staging.preview(stagedId, { cache: engine.cache, ledger: engine.ledger, saved: savedContactsFrom(() => openBookIndex(book)) }, { recount: true });
  const withBookMs = performance.now() - bookStarted;
  // What stays reachable at the end (with --expose-gc): the planner's key map; the peak above also counts garbage.
  global.gc?.();
  const retainedMb = Math.round(((process.memoryUsage().heapUsed - base) / 1_048_576) * 10) / 10;
  await staging.discard(stagedId);
  store.close();
  rmSync(dir, { recursive: true, force: true });
  const results = {
    csv_import_rows_per_s: Math.round(ROWS / seconds),
    csv_import_peak_mb: Math.round(((peak - base) / 1_048_576) * 10) / 10,
    csv_import_preview_book_ratio: Math.round((withBookMs / previewMs) * 100) / 100,
  };
  if (!json) {
    console.log(`rows read         ${stored - 1}`);
    console.log(`entries staged    ${preview.unique} in ${appends} appends (${planner.summary.duplicates} duplicate rows, ${planner.summary.skipped} skipped)`);
    console.log(`preview           ${preview.estimate.credits} credits at most, ${preview.cached} cached`);
    console.log(`rows per second   ${results.csv_import_rows_per_s} (parse, plan, stage, preview)`);
    console.log(`preview ms        ${Math.round(previewMs)} without a book; ${Math.round(withBookMs)} with ${BOOK} people bought before (${withBook.saved} of them in the file): ${results.csv_import_preview_book_ratio}×`);
    console.log(`peak heap (MB)    ${results.csv_import_peak_mb} above the start`);
    if (global.gc) console.log(`retained (MB)     ${retainedMb} after a full GC at the end`);
  }
  return { ...results, ...(await measureImportJob({ json, quick })), ...(await measureImportShapes({ json, quick })) };
}
