import Papa from 'papaparse';

/*
 * Lists as text for spreadsheets. Cells from API data are hostile: a name like `=HYPERLINK("http://evil")` must not
 * become a formula when the file is opened (CSV injection), so cells starting with = + - @ tab or CR get a leading
 * apostrophe (OWASP's advice, and what papaparse's `escapeFormulae` does).
 */

export type Cell = string | number | boolean | null | undefined;
export type TableRow = Readonly<Record<string, Cell>>;

export interface Tabular {
  /** Column keys in order; the header row uses `labels[key]` when given. */
  columns: readonly string[];
  labels?: Readonly<Record<string, string>>;
  rows: readonly TableRow[];
}

const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(value: Cell): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** Prefixes a cell that a spreadsheet would run as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function matrix({ columns, labels, rows }: Tabular): string[][] {
  const header = columns.map((c) => labels?.[c] ?? c);
  return [header, ...rows.map((row) => columns.map((c) => cellText(row[c])))];
}

/** RFC 4180 CSV (CRLF, quotes doubled, fields with separators quoted) via papaparse, formula-safe. */
export function toCsv(table: Tabular): string {
  return Papa.unparse(matrix(table), { newline: '\r\n', escapeFormulae: FORMULA_START, quotes: false });
}

/**
 * Tab-separated text for pasting into a spreadsheet. Tabs and line breaks inside a cell become spaces (a paste
 * has no reliable quoting for them); a cell holding a double quote is quoted with quotes doubled, as spreadsheets
 * themselves do when copying; formulas are neutralised.
 */
export function toTsv(table: Tabular): string {
  return matrix(table)
    .map((row) => row.map(tsvCell).join('\t'))
    .join('\r\n');
}

function tsvCell(raw: string): string {
  const flat = neutraliseFormula(raw).replace(/[\t\r\n]+/g, ' ');
  return flat.includes('"') ? `"${flat.replace(/"/g, '""')}"` : flat;
}

/** Pretty JSON for a download or the clipboard. */
export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
