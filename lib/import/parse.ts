/**
 * Reads a CSV or TSV file, or pasted text, in chunks (a file is decoded as a stream; a string is split the same way),
 * so a 100,000-row file never sits in memory as rows: each chunk is handed on (to IndexedDB) and dropped.
 * The delimiter is detected (comma, semicolon, tab); a file's encoding too (UTF-8, UTF-16, Windows-1252), and the file
 * is decoded as one stream (./text-stream.ts: a character cut by a read boundary stays whole); a BOM is removed; blank
 * lines are skipped.
 */
import Papa from 'papaparse';
import { t } from '../i18n/t';
import { sniffEncoding } from './encoding';
import { decodedTextStream } from './text-stream';

/** Rows per chunk handed to `onRows`. */
export const PARSE_CHUNK_ROWS = 1_000;
/**
 * A cell longer than this is cut, and said so (a hostile file cannot make the stored rows megabytes wide). Excel's own
 * limit: no spreadsheet the user exported from holds a longer cell, so a real file is never cut (a LinkedIn "About" is
 * 2,600 characters; the limit was 2,000 and cut them silently).
 */
export const MAX_CELL_CHARS = 32_767;
/** Columns beyond this are dropped, and said so. */
export const MAX_COLUMNS = 500;
/** Lines named on the mapping screen, at most. */
const MAX_REPORTED = 5;

export interface ParseProgress {
  rows: number;
  /** Bytes read so far, when the source is a file. */
  bytes: number;
}

export interface ParseHandlers {
  /** Called with every chunk of rows, in order; the parser waits for the promise (back-pressure). */
  onRows: (rows: string[][]) => Promise<void>;
  onProgress?: (progress: ParseProgress) => void;
  signal?: AbortSignal;
}

export interface ParseResult {
  rows: number;
  delimiter: string;
  /** Malformed lines papaparse reported (unclosed quotes, …) and cells or columns cut, first few only. */
  errors: string[];
  aborted: boolean;
}

/** A row's cells as text, cut to the limits; `cut` says what was cut so the user is told. */
function cleanRow(row: unknown[]): { cells: string[]; cut: 'columns' | 'cell' | null } {
  let cut: 'columns' | 'cell' | null = row.length > MAX_COLUMNS ? 'columns' : null;
  const cells = row.slice(0, MAX_COLUMNS).map((c) => {
    const text = (typeof c === 'string' ? c : String(c ?? '')).replace(/^\uFEFF/, '');
    if (text.length <= MAX_CELL_CHARS) return text;
    cut ??= 'cell';
    return text.slice(0, MAX_CELL_CHARS);
  });
  return { cells, cut };
}

const isBlank = (row: string[]) => row.every((c) => c.trim() === '');

export async function parseDelimited(source: File | Blob | string, handlers: ParseHandlers): Promise<ParseResult> {
  // A file is read in its own encoding (./encoding.ts); pasted text is already text.
  const text = typeof source === 'string' ? undefined : decodedTextStream(source, await sniffEncoding(source));
  return new Promise((resolve, reject) => {
    let rows = 0;
    let delimiter = ',';
    const errors: string[] = [];
    let aborted = false;
    let failed = false;
    // Chunks are handed on one at a time: the parser pauses until the previous chunk is stored.
    let chain: Promise<void> = Promise.resolve();

    // Papaparse takes any object shaped like a Node readable stream (`text`), or a string.
    Papa.parse<unknown[]>((text ?? source) as unknown as File, {
      header: false,
      skipEmptyLines: true,
      delimitersToGuess: [',', ';', '\t', '|'],
      chunkSize: 256 * 1024,
      chunk(results, parser) {
        if (failed || aborted) return;
        delimiter = results.meta.delimiter || delimiter;
        const bytes = text ? text.bytesRead : results.meta.cursor;
        // Papaparse numbers an error's row within its chunk: the rows before it make it the file's row.
        const before = rows;
        for (const e of results.errors.slice(0, Math.max(0, MAX_REPORTED - errors.length))) errors.push(t('import_parse_row_error', before + (e.row ?? 0) + 1, e.message));
        const batches: string[][][] = [[]];
        for (const raw of results.data) {
          const { cells: row, cut } = cleanRow(raw);
          if (isBlank(row)) continue;
          if (cut && errors.length < MAX_REPORTED) {
            errors.push(t('import_parse_row_error', rows + 1, cut === 'columns' ? t('import_cut_columns', raw.length, MAX_COLUMNS) : t('import_cut_cell', MAX_CELL_CHARS.toLocaleString('en-US'))));
          }
          let last = batches[batches.length - 1] ?? [];
          if (last.length >= PARSE_CHUNK_ROWS) batches.push((last = []));
          last.push(row);
          rows++;
        }
        const seen = rows;
        parser.pause();
        text?.hold();
        chain = chain
          .then(async () => {
            for (const batch of batches) if (batch.length) await handlers.onRows(batch);
            handlers.onProgress?.({ rows: seen, bytes });
            if (handlers.signal?.aborted) {
              aborted = true;
              text?.cancel();
              parser.abort();
            } else {
              parser.resume();
              text?.release();
            }
          })
          .catch((error: unknown) => {
            failed = true;
            text?.cancel();
            parser.abort();
            reject(error instanceof Error ? error : new Error(String(error)));
          });
      },
      complete() {
        void chain.then(() => {
          if (!failed) resolve({ rows, delimiter, errors, aborted });
        });
      },
      error(error: Error) {
        failed = true;
        text?.cancel();
        reject(error);
      },
    });
  });
}
