/**
 * Reads a CSV or TSV file, or pasted text, in chunks (a file is decoded as a stream; a string is split the same way),
 * so a 100,000-row file never sits in memory as rows: each chunk is handed on (to IndexedDB) and dropped.
 * The delimiter is detected (comma, semicolon, tab); a file's encoding too (UTF-8, UTF-16, Windows-1252), and the file
 * is decoded as one stream (./text-stream.ts: a character cut by a read boundary stays whole); a BOM is removed; blank
 * lines are skipped. Pasted text takes the same path (as a Blob), so it is read in the same pieces.
 *
 * Every step is linear in the file, whatever its shape (bench/import-shapes.ts: a long quoted row, whitespace-heavy
 * cells, many separators, an unclosed quote). A file over MAX_IMPORT_BYTES is refused before any of it is read.
 */
import Papa from 'papaparse';
import { t } from '../i18n/t';
import { sniffEncoding } from './encoding';
import { decodedTextStream } from './text-stream';

/** Characters parsed per piece of the file (one task of the panel). */
const PIECE_CHARS = 64 * 1024;
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
/**
 * The largest file read: 100 MB. A real 100,000-row export with 30 columns is 20–60 MB. The bound is the panel's
 * memory when a file is crafted: papaparse holds an unfinished row whole (./text-stream.ts), so a file that is one
 * quoted row is held as one string, two bytes a character (200 MB at this size), and a browser's longest string is about
 * 512 M characters (V8) to 1 G (Firefox). The import's file picker says the limit (import_file_hint).
 */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

/** A file (or pasted text) over MAX_IMPORT_BYTES: refused at once, with its size and the limit in the message. */
export class ImportTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(t('import_error_too_large', (bytes / 1_048_576).toFixed(1), String(MAX_IMPORT_BYTES / 1_048_576)));
    this.name = 'ImportTooLargeError';
  }
}

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
  // Pasted text goes the same way as a file (papaparse's own string reader has the same re-parse of a long row).
  const blob = typeof source === 'string' ? new Blob([source]) : source;
  if (blob.size > MAX_IMPORT_BYTES) throw new ImportTooLargeError(blob.size);
  // A file is read in its own encoding (./encoding.ts); pasted text is UTF-8 once in a Blob.
  // Pieces of 64 K characters after the first: each is parsed in one task of the panel, and 256 K pieces held it
  // 150–350 ms on a busy machine (a 100,000-row file, PerformanceObserver 'longtask'; tests/e2e/import-scale.spec.ts).
  // The first stays 256 K: papaparse guesses the delimiter from it, and a file whose first rows are long needs them whole.
  const text = decodedTextStream(blob, typeof source === 'string' ? 'utf-8' : await sniffEncoding(blob), PIECE_CHARS, 256 * 1024);
  return new Promise((resolve, reject) => {
    let rows = 0;
    let delimiter = ',';
    const errors: string[] = [];
    let aborted = false;
    let failed = false;
    // Chunks are handed on one at a time: the parser pauses until the previous chunk is stored.
    let chain: Promise<void> = Promise.resolve();

    // Papaparse takes any object shaped like a Node readable stream (`text`), or a string.
    Papa.parse<unknown[]>(text as unknown as File, {
      header: false,
      skipEmptyLines: true,
      delimitersToGuess: [',', ';', '\t', '|'],
      chunkSize: 256 * 1024,
      chunk(results, parser) {
        if (failed || aborted) return;
        delimiter = results.meta.delimiter || delimiter;
        const bytes = text.bytesRead;
        // The row papaparse could not finish in this piece is parsed again with the next: make that one at least as
        // long, so a long row costs a bounded number of parses (./text-stream.ts). `cursor` counts characters from
        // the start of the text; the unfinished row is what was handed over after it.
        text.atLeast(text.charsEmitted - results.meta.cursor);
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
        text.hold();
        chain = chain
          .then(async () => {
            for (const batch of batches) if (batch.length) await handlers.onRows(batch);
            handlers.onProgress?.({ rows: seen, bytes });
            if (handlers.signal?.aborted) {
              aborted = true;
              text.cancel();
              parser.abort();
            } else {
              parser.resume();
              text.release();
            }
          })
          .catch((error: unknown) => {
            failed = true;
            text.cancel();
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
        text.cancel();
        reject(error);
      },
    });
  });
}
