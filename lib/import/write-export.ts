/**
 * Writes an import's export in pieces: the user's rows, 1,000 at a time from IndexedDB, joined to the bulk job's
 * rows fetched by page. Only a few pages of the job are held at once (duplicates point back at earlier pages,
 * which are fetched again if they were dropped), so memory stays bounded whatever the file's size.
 */
import { csvLines } from '../export/tabular';
import type { BulkRow } from '../model/state';
import { importExportHeader, importExportRow } from './export';
import type { ImportMeta, ImportStore } from './store';

const PAGE = 1_000;
const PAGES_KEPT = 4;

export async function writeImportExport(options: {
  meta: ImportMeta;
  store: Pick<ImportStore, 'rows'>;
  /** bulk/rows of the job: offset/limit paging. */
  bulkRows: (offset: number, limit: number) => Promise<BulkRow[]>;
  /** Whether the file's first row was its header. */
  hasHeader: boolean;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}): Promise<string[]> {
  const { meta, hasHeader } = options;
  const width = meta.headers.length;
  const parts: string[] = [csvLines([importExportHeader(hasHeader ? meta.headers : meta.headers.map((_, i) => `Column ${i + 1}`))])];
  const pages = new Map<number, BulkRow[]>();
  const page = async (n: number): Promise<BulkRow[]> => {
    const hit = pages.get(n);
    if (hit) return hit;
    const rows = await options.bulkRows(n * PAGE, PAGE);
    pages.set(n, rows);
    if (pages.size > PAGES_KEPT) pages.delete(pages.keys().next().value as number);
    return rows;
  };
  const start = (meta.preamble ?? 0) + (hasHeader ? 1 : 0);
  for (let from = start; from < meta.rows; from += PAGE) {
    if (options.signal?.aborted) throw new DOMException('Export cancelled', 'AbortError');
    const rows = await options.store.rows(meta.id, from, Math.min(meta.rows, from + PAGE));
    const out: string[][] = [];
    for (const row of rows) {
      const bulk = row.bulkIndex === null ? null : ((await page(Math.floor(row.bulkIndex / PAGE)))[row.bulkIndex % PAGE] ?? null);
      out.push(importExportRow(row, width, bulk));
    }
    parts.push(csvLines(out));
    options.onProgress?.(Math.min(meta.rows, from + PAGE) - start, meta.rows - start);
  }
  return parts;
}
