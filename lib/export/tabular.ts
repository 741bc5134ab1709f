import Papa from 'papaparse';

/*
 * Lists as text for spreadsheets. Cells from API data are hostile: a name like `=HYPERLINK("http://evil")` must not
 * become a formula when the file is opened (CSV injection), so cells starting with = @ tab CR or LF, and cells
 * starting with + or - that are more than a number, get a leading apostrophe (OWASP's advice).
 *
 * A phone number is left as it is (docs/exports.md, "Formulas and phones"): `+44 20 7946 0958` cannot call a function
 * or reach another cell, and an apostrophe would end up inside the phone property of every CRM that imports the file
 * (HubSpot, Salesforce and Pipedrive store cells as text; only spreadsheets evaluate them). docs/exports.md lists what
 * each tool does.
 */

export type Cell = string | number | boolean | null | undefined;
export type TableRow = Readonly<Record<string, Cell>>;

export interface Tabular {
  /** Column keys in order; the header row uses `labels[key]` when given. */
  columns: readonly string[];
  labels?: Readonly<Record<string, string>>;
  rows: readonly TableRow[];
}

/** Always a formula (or a way to hide one after a line break) in Excel, Sheets or LibreOffice. */
const ALWAYS_FORMULA = /^[=@\t\r\n]/;
const SIGNED = /^[+-]/;
/** A sign, then only digits, spaces, dots, dashes, slashes and brackets. */
const SIGNED_NUMBER_CHARS = /^[+-][\d\s().\-/]*$/;
const DIGIT = /\d/;

/**
 * A phone or a plain signed number: a sign, then digits with spaces, dots, dashes, slashes and brackets, nothing
 * else, and at least one digit. Two linear checks: the one pattern `^[+-][…]*\d[…]*$` tried every split of the
 * cell around its digit before failing, quadratic in the cell's length (a 40,000-character `+111…1x` took 0.7 s).
 */
function isPhoneOrNumber(text: string): boolean {
  return SIGNED_NUMBER_CHARS.test(text) && DIGIT.test(text);
}

function cellText(value: Cell): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** True when a spreadsheet could run the cell as a formula (a phone or a signed number cannot). */
export function isFormulaRisk(text: string): boolean {
  if (ALWAYS_FORMULA.test(text)) return true;
  return SIGNED.test(text) && !isPhoneOrNumber(text);
}

/** Prefixes a cell that a spreadsheet would run as a formula. */
export function neutraliseFormula(text: string): string {
  return isFormulaRisk(text) ? `'${text}` : text;
}

function matrix({ columns, labels, rows }: Tabular): string[][] {
  const header = columns.map((c) => labels?.[c] ?? c);
  return [header, ...rows.map((row) => columns.map((c) => cellText(row[c])))];
}

export interface CsvOptions {
  /** Start with a UTF-8 byte order mark: Excel on Windows then reads "Zoë" as UTF-8, not as "ZoÃ«". */
  bom?: boolean;
  /** Start with the header row (default). False for the later pages of a file written page by page. */
  header?: boolean;
}

/** RFC 4180 CSV (CRLF, quotes doubled, fields with separators or line breaks quoted) via papaparse, formula-safe. */
export function toCsv(table: Tabular, options: CsvOptions = {}): string {
  const safe = matrix(table)
    .map((row, i) => (i === 0 ? row : row.map(neutraliseFormula)))
    .slice(options.header === false ? 1 : 0);
  // A neutralised cell is always quoted, so the apostrophe and the text stay one field whatever the reader.
  const neutralised = (value: unknown) => typeof value === 'string' && value.startsWith("'") && isFormulaRisk(value.slice(1));
  const csv = Papa.unparse(safe, { newline: '\r\n', escapeFormulae: false, quotes: neutralised });
  return (options.bom ? '\uFEFF' : '') + csv;
}

/**
 * Rows of CSV without a header, for files written in pieces (an import's export streams 1,000 rows at a time).
 * Every cell is neutralised, the user's own headers included: a file the user imported is as hostile as API data.
 */
export function csvLines(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const neutralised = (value: unknown) => typeof value === 'string' && value.startsWith("'") && isFormulaRisk(value.slice(1));
  return `${Papa.unparse(rows.map((r) => r.map(neutraliseFormula)), { newline: '\r\n', escapeFormulae: false, quotes: neutralised })}\r\n`;
}

/**
 * Tab-separated text for pasting into a spreadsheet. Tabs and line breaks inside a cell become spaces (a paste
 * has no reliable quoting for them); a cell holding a double quote is quoted with quotes doubled, as spreadsheets
 * themselves do when copying; formulas are neutralised, and phones are marked as text (`spreadsheetText`).
 */
export function toTsv(table: Tabular): string {
  return matrix(table)
    .map((row) => row.map(tsvCell).join('\t'))
    .join('\r\n');
}

/**
 * A cell as a spreadsheet should keep it. A paste goes to a spreadsheet only, never to a CRM, and Sheets and Excel
 * read a pasted `+447700900123` as the number 447700900123, and the `+` is gone (audit r11; docs/exports.md,
 * "Formulas and phones"). So a cell starting with `+` gets the leading apostrophe a
 * spreadsheet itself uses for "this is text", as docs/exports.md tells Excel users to set phone columns to Text:
 * the spreadsheet hides it and keeps the `+`. The CSV path leaves phones bare because its presets are for CRMs,
 * which would store the apostrophe inside the phone. Negative numbers (`-42.5`) stay numbers.
 */
function spreadsheetText(raw: string): string {
  return isFormulaRisk(raw) || raw.startsWith('+') ? `'${raw}` : raw;
}

function tsvCell(raw: string): string {
  const flat = spreadsheetText(raw).replace(/[\t\r\n]+/g, ' ');
  return flat.includes('"') ? `"${flat.replace(/"/g, '""')}"` : flat;
}

/** Pretty JSON for a download or the clipboard. */
export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
