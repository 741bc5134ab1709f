/**
 * The user's own rows, kept in IndexedDB (`ipe-imports`) under the bulk job's id, so the export can give them back
 * in their order with their columns. Rows are written and read in pages: a 100,000-row file never sits in memory.
 * Opened by the side panel (extension origin, like the background's stores); nothing here is sent anywhere.
 *
 * Version 2 keeps the rows in blocks of consecutive rows (../storage/row-blocks.ts): they are only ever written and
 * read by range, and one record per row made a 100,000-row file's rows cost seconds of IndexedDB each time they were
 * written (read from the file, then again with their bulk positions). The upgrade moves version 1's rows into blocks.
 */
import type { DBSchema } from 'idb';
import { databaseOpener } from '../storage/idb';
import { idbBlockReader, idbBlocks, moveRowsIntoBlocks, type NumberedRow, ownerBlocks, putRowsInBlocks, readRowsInBlocks } from '../storage/row-blocks';
import { z } from 'zod';
import { COLUMN_KINDS } from './columns';
import { MAX_CELL_CHARS, MAX_COLUMNS } from './parse';
import { t } from '../i18n/t';

export const ImportMetaSchema = z.strictObject({
  id: z.string().max(100),
  name: z.string().max(300),
  createdAt: z.number(),
  // The parser's own limits: a header it kept is never refused here.
  headers: z.array(z.string().max(MAX_CELL_CHARS)).max(MAX_COLUMNS),
  mapping: z.array(z.enum(COLUMN_KINDS)).max(MAX_COLUMNS),
  rows: z.number().int().nonnegative(),
  /** Lines before the table (a LinkedIn export's notes): neither header nor data (`preambleRows`). */
  preamble: z.number().int().min(0).max(10).optional(),
  /** The bulk job started from it; null until started. */
  jobId: z.string().max(100).nullable(),
  /** Whether the first row was the header (the export names its columns by it), kept for a panel opened later. */
  hasHeader: z.boolean().optional(),
  /** The user left its job's screen ("New import"): the Import tab no longer opens on it. */
  dismissed: z.boolean().optional(),
});
export type ImportMeta = z.infer<typeof ImportMetaSchema>;

export const ImportRowSchema = z.strictObject({
  importId: z.string(),
  index: z.number().int().nonnegative(),
  cells: z.array(z.string()),
  /** Position of the row's entry in the bulk job, or null when the row is not sent. */
  bulkIndex: z.number().int().nonnegative().nullable(),
  skipped: z.string().optional(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

interface ImportsDb extends DBSchema {
  imports: { key: string; value: ImportMeta; indexes: { jobId: string } };
  /** An import's rows BLOCK_ROWS at a time, keyed [importId, block]. */
  blocks: { key: [string, number]; value: unknown[] };
}

export const IMPORTS_DB = 'ipe-imports';
/** 1: a record per row in `rows`. 2: rows in `blocks`. */
export const IMPORTS_DB_VERSION = 2;

export function createImportStore() {
  const open = databaseOpener<ImportsDb>({
    name: IMPORTS_DB,
    version: IMPORTS_DB_VERSION,
    async upgrade(database, oldVersion, transaction) {
      if (oldVersion < 1) database.createObjectStore('imports', { keyPath: 'id' }).createIndex('jobId', 'jobId');
      if (oldVersion < 2) {
        database.createObjectStore('blocks');
        if (oldVersion >= 1) await moveRowsIntoBlocks(transaction, 'rows', 'blocks');
      }
    },
  });

  return {
    async putMeta(meta: ImportMeta) {
      await (await open()).put('imports', meta);
    },
    async meta(id: string): Promise<ImportMeta | null> {
      const parsed = ImportMetaSchema.safeParse(await (await open()).get('imports', id));
      return parsed.success ? parsed.data : null;
    },
    async metaOfJob(jobId: string): Promise<ImportMeta | null> {
      const parsed = ImportMetaSchema.safeParse(await (await open()).getFromIndex('imports', 'jobId', jobId));
      return parsed.success ? parsed.data : null;
    },
    /**
     * The newest import whose job the user has not left: the Import tab opens on it again after the panel or the
     * browser was closed while it ran (the job itself runs in the background and resumes on its own).
     */
    async latestJob(): Promise<ImportMeta | null> {
      let latest: ImportMeta | null = null;
      for (const raw of await (await open()).getAll('imports')) {
        const parsed = ImportMetaSchema.safeParse(raw);
        if (!parsed.success || parsed.data.jobId === null || parsed.data.dismissed) continue;
        if (!latest || parsed.data.createdAt > latest.createdAt) latest = parsed.data;
      }
      return latest;
    },
    /** Rows of one import (any indexes), in one transaction. */
    async putRows(rows: readonly ImportRow[]) {
      const importId = rows[0]?.importId;
      if (importId === undefined) return;
      if (rows.some((r) => r.importId !== importId)) throw new Error('putRows: rows of one import at a time');
      const tx = (await open()).transaction('blocks', 'readwrite');
      await Promise.all([putRowsInBlocks(idbBlocks(tx.store), importId, rows), tx.done]);
    },
    /** Rows `from` ≤ index < `to`, in order; a row that does not parse reads as an empty row (never a crash). */
    async rows(importId: string, from: number, to: number): Promise<ImportRow[]> {
      const raw = await readRowsInBlocks(idbBlockReader((await open()).transaction('blocks').store), importId, from, to);
      return raw.map((r) => {
        const parsed = ImportRowSchema.safeParse(r);
        if (parsed.success && parsed.data.importId === importId) return parsed.data;
        // A block only gives back rows that carry their index (../storage/row-blocks.ts): the rest of it is unreadable.
        return { importId, index: (r as NumberedRow).index, cells: [], bulkIndex: null, skipped: t('import_row_unreadable') };
      });
    },
    async remove(importId: string) {
      const tx = (await open()).transaction(['blocks', 'imports'], 'readwrite');
      await Promise.all([tx.objectStore('blocks').delete(ownerBlocks(importId)), tx.objectStore('imports').delete(importId), tx.done]);
    },
  };
}

export type ImportStore = ReturnType<typeof createImportStore>;
