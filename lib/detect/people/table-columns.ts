// What a table row's cells are, from the table's header row: a staff table headed "Name | Company | Email" shows
// the company in its second cell, not a job title, and "Name | Department | Position" shows the title in its third.
// The header words are the import's (lib/model/header-words.ts), in several languages.
import { personHeaderKind } from '../../model/header-words';

/** Column positions (colspans counted), -1 when the header has no such column. Shared by tables with one header. */
export interface TableColumns {
  readonly name: number;
  /** "Vorname | Nachname": the name is the two cells together. */
  readonly first: number;
  readonly last: number;
  readonly title: number;
  readonly company: number;
}

const MAX_HEADER_CELLS = 40;
const MAX_HEADER_TEXT = 80;

const isCell = (el: Element): boolean => el.localName === 'td' || el.localName === 'th';

function span(cell: Element): number {
  const n = Number.parseInt(cell.getAttribute('colspan') ?? '1', 10);
  return Number.isFinite(n) && n >= 1 && n <= 1000 ? n : 1;
}

/** The header row: the last row of the `thead`, else a first row made of `th` cells only. */
function headerRow(table: Element): Element | null {
  let first: Element | null = null;
  for (let section = table.firstElementChild; section !== null; section = section.nextElementSibling) {
    const tag = section.localName;
    if (tag === 'thead') {
      const last = section.lastElementChild;
      if (last !== null && last.localName === 'tr') return last;
    } else if (first === null && (tag === 'tbody' || tag === 'tr')) {
      first = tag === 'tr' ? section : section.firstElementChild;
    }
  }
  if (first === null || first.localName !== 'tr' || first.firstElementChild === null) return null;
  for (let cell: Element | null = first.firstElementChild; cell !== null; cell = cell.nextElementSibling) if (cell.localName !== 'th') return null;
  return first;
}

/**
 * Header rows read so far, by their markup, and the columns each names. A page's tables often repeat one header (a
 * table per department or office): each is then read with one DOM call instead of several per cell, and its words
 * are not normalised again (in a content script's world each call on a node not met before makes its wrapper).
 * Bounded: a page with this many different headers is no directory.
 */
const knownHeaders = new Map<string, TableColumns | null>();
const MAX_KNOWN_HEADERS = 64;
/** A header row's markup longer than this is not remembered (a real header row is a few hundred characters). */
const MAX_HEADER_MARKUP = 4096;

/**
 * The columns a table's header names, or null when it names none of a name, title, company or department column
 * (an unlabelled table, or one headed only "Email | Phone"): the row is then read as any other record is.
 */
export function readTableColumns(table: Element): TableColumns | null {
  const header = headerRow(table);
  if (header === null) return null;
  // eslint-disable-next-line no-restricted-properties -- read, never assigned: the header's markup is only a cache key
  const markup = header.innerHTML;
  if (markup.length > MAX_HEADER_MARKUP) return headerColumns(header);
  let columns = knownHeaders.get(markup);
  if (columns === undefined) {
    columns = headerColumns(header);
    if (knownHeaders.size >= MAX_KNOWN_HEADERS) knownHeaders.clear();
    knownHeaders.set(markup, columns);
  }
  return columns;
}

function headerColumns(header: Element): TableColumns | null {
  const columns: { -readonly [K in keyof TableColumns]: number } = { name: -1, first: -1, last: -1, title: -1, company: -1 };
  let labelled = false;
  let at = 0;
  let cells = 0;
  for (let cell = header.firstElementChild; cell !== null && cells < MAX_HEADER_CELLS; cell = cell.nextElementSibling, cells++) {
    if (!isCell(cell)) continue;
    const kind = personHeaderKind((cell.textContent ?? '').slice(0, MAX_HEADER_TEXT));
    if (kind === 'full_name' && columns.name === -1) columns.name = at;
    else if (kind === 'first_name' && columns.first === -1) columns.first = at;
    else if (kind === 'last_name' && columns.last === -1) columns.last = at;
    else if (kind === 'job_title' && columns.title === -1) columns.title = at;
    else if (kind === 'company' && columns.company === -1) columns.company = at;
    if (kind !== null) labelled = true;
    at += span(cell);
  }
  return labelled ? columns : null;
}

/** The cells of `row` under the header's columns, found in one pass over the row (colspans counted). */
export interface RowCells {
  name: Element | null;
  first: Element | null;
  last: Element | null;
  title: Element | null;
  company: Element | null;
}

export function rowCells(row: Element, columns: TableColumns): RowCells {
  const cells: RowCells = { name: null, first: null, last: null, title: null, company: null };
  const end = Math.max(columns.name, columns.first, columns.last, columns.title, columns.company);
  let at = 0;
  for (let cell = row.firstElementChild; cell !== null && at <= end; cell = cell.nextElementSibling) {
    if (!isCell(cell)) continue;
    const next = at + span(cell);
    if (columns.name >= at && columns.name < next) cells.name = cell;
    if (columns.first >= at && columns.first < next) cells.first = cell;
    if (columns.last >= at && columns.last < next) cells.last = cell;
    if (columns.title >= at && columns.title < next) cells.title = cell;
    if (columns.company >= at && columns.company < next) cells.company = cell;
    at = next;
  }
  return cells;
}

/**
 * The header's columns for a table row record, read once per row group (`cache`, keyed by the row's `tbody`, or
 * its table): null for a record that is not a table row, or whose table's header names none of them.
 */
export function rowColumns(record: Element, cache: Map<Element, TableColumns | null>): TableColumns | null {
  if (record.localName !== 'tr') return null;
  const group = record.parentElement;
  if (group === null) return null;
  let columns = cache.get(group);
  if (columns === undefined) {
    const table = group.localName === 'table' ? group : group.parentElement;
    columns = table !== null && table.localName === 'table' ? readTableColumns(table) : null;
    cache.set(group, columns);
  }
  return columns;
}
