/**
 * What the book keeps beside each record so that a page of the book, a search and "every matching id" never read
 * and parse the records themselves (100,000 parsed records took 14 s per page). Two derived values per live record,
 * written in the same transaction as the record (./idb-store.ts):
 *
 * - its row: the entry the panel shows, plus one sort key per order, indexed, so the first page of any order is a
 *   cursor over an index (the 200 rows it shows, not the book);
 * - its search line: the id, the folded text a search matches (./entry.ts `searchTextOf`, the same text as before) and
 *   the sort keys, small enough to read whole for a search: every word of a query may appear anywhere in a name,
 *   title, company or email, as it always could, so a search reads every line (no word index could find "ohn" in
 *   "John" without storing every fragment of every word).
 *
 * A deleted record (while its deletion can be undone) and an unreadable one have neither.
 */
import { z } from 'zod';
import { entryOf, searchTextOf } from './entry';
import { foldText } from '../model/text-query';
import { type BookEntry, type BookKind, type BookRecord, BookRecordSchema, type BookSort } from './schema';

/** One sort key per order, compared as IndexedDB compares keys (numbers, then strings by code unit, arrays in turn). */
export interface SortKeys {
  bd: number;
  ba: number;
  n: string;
  co: [string, string];
  cr: [number, number];
}
export type SortKeyName = keyof SortKeys;

/** Which key (and index of the `rows` store) each order reads. Ascending in every case; ties go by record id. */
export const SORT_KEY: Readonly<Record<BookSort, SortKeyName>> = { 'bought-desc': 'bd', 'bought-asc': 'ba', name: 'n', company: 'co', credits: 'cr' };

export interface BookRow {
  id: string;
  kind: BookKind;
  entry: BookEntry;
  s: SortKeys;
}

export interface SearchLine {
  id: string;
  kind: BookKind;
  /** Folded name, title, company and handle. */
  t: string;
  s: SortKeys;
}

/**
 * ASCII spaces, punctuation and symbols in the order the Unicode collation (CLDR root, what Intl.Collator uses) puts
 * them: all before digits, digits before letters, and "-" before "," ("Bailey-Carroll" before "Bailey, Bradtke"),
 * which code-unit order would reverse.
 */
const COLLATION_PUNCTUATION = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
const PUNCTUATION_KEY = new Map([...COLLATION_PUNCTUATION].map((c, i) => [c, String.fromCharCode(1 + i)]));

/**
 * A name as its sort key, ordered as the panel's collator orders names (./entry.ts `compareEntries`): folded (case and
 * accents never matter), punctuation ranked as the collator ranks it, and every run of digits padded, so "Team 9"
 * sorts before "Team 10".
 */
function nameKey(name: string): string {
  return foldText(name)
    .replace(/\s/g, ' ')
    .replace(/[ -/:-@[-`{-~]/g, (c) => PUNCTUATION_KEY.get(c) ?? c)
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(16, '0'));
}

export function sortKeysOf(entry: BookEntry): SortKeys {
  const name = nameKey(entry.name);
  return {
    bd: -entry.lastBoughtAt,
    ba: entry.firstBoughtAt,
    n: name,
    co: [entry.company ? nameKey(entry.company) : name, name],
    cr: [-entry.creditsSpent, -entry.lastBoughtAt],
  };
}

/** Compares two sort keys as IndexedDB orders them (so a sorted search agrees with a cursor over the index). */
export function compareSortKeys(a: SortKeys[SortKeyName], b: SortKeys[SortKeyName]): number {
  if (Array.isArray(a) && Array.isArray(b)) return compareSortKeys(a[0], b[0]) || compareSortKeys(a[1], b[1]);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** How a stored value reads: a record and its row, or why it cannot be shown (it is then set aside). */
export type StoredRead = { record: BookRecord; entry: BookEntry } | { reason: string };

export function readStoredRecord(raw: unknown): StoredRead {
  const result = BookRecordSchema.safeParse(raw);
  if (!result.success) return { reason: z.prettifyError(result.error) };
  const entry = entryOf(result.data);
  if (!entry) return { reason: `The stored ${result.data.kind} does not read as one.` };
  return { record: result.data, entry };
}

/** The row and search line of a live record; null for a deleted one. */
export function derivedOf(record: BookRecord, entry: BookEntry): { row: BookRow; line: SearchLine } | null {
  if (record.deletedAt !== undefined) return null;
  const s = sortKeysOf(entry);
  return { row: { id: record.id, kind: record.kind, entry, s }, line: { id: record.id, kind: record.kind, t: searchTextOf(entry), s } };
}

/** What a page, a search or "every matching id" asks of the book's rows. */
export interface RowQuery {
  /** Tests a record's folded search text (lib/model/text-query.ts); null: every record. */
  match: ((folded: string) => boolean) | null;
  kind?: BookKind | undefined;
  sort: BookSort;
}

/** Search lines that `match` and `kind` keep, in `sort`'s order. */
export function matchingLines(lines: readonly SearchLine[], q: RowQuery): SearchLine[] {
  const key = SORT_KEY[q.sort];
  return lines
    .filter((l) => (!q.kind || l.kind === q.kind) && (q.match === null || q.match(l.t)))
    .sort((a, b) => compareSortKeys(a.s[key], b.s[key]) || byId(a.id, b.id));
}

/** Ties in an order go by record id, as an IndexedDB index orders equal keys by primary key. */
export function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Search lines are stored packed, a few hundred to a string in a 100,000-contact book (./idb-store.ts): reading
 * 10,000 small objects out of IndexedDB took 270 ms on the bench machine, a cost per value read; 256 strings read
 * in a fraction of that. A record's line always lives in the string its id hashes to; a write rewrites that string.
 */
export const SEARCH_CHUNKS = 256;
const FIELD = '\t';
const LINE = '\u001e';

export function searchChunkOf(id: string): number {
  // FNV-1a: stable across contexts and versions (a line must be found where it was written).
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % SEARCH_CHUNKS;
}

/** One chunk's lines by id, as packed strings. */
export function unpackChunk(chunk: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!chunk) return out;
  for (const packed of chunk.split(LINE)) out.set(packed.slice(0, packed.indexOf(FIELD)), packed);
  return out;
}

export function packChunk(lines: Map<string, string>): string {
  return [...lines.values()].join(LINE);
}

/** A line packed: id, kind, sort keys, text. The text cannot hold the separators (a query word never holds them: they are spaces). */
export function packLine(line: SearchLine): string {
  return [line.id, line.kind, JSON.stringify(line.s), line.t.replaceAll(FIELD, ' ').replaceAll(LINE, ' ')].join(FIELD);
}

/** The lines of packed chunks that `q` keeps (kind and text), unpacked; their sort keys read only for those. */
export function linesOfChunks(chunks: readonly string[], q: Pick<RowQuery, 'match' | 'kind'>): SearchLine[] {
  const out: SearchLine[] = [];
  for (const chunk of chunks) {
    if (!chunk) continue;
    for (const packed of chunk.split(LINE)) {
      const [id = '', kind = '', s = '', t = ''] = packed.split(FIELD, 4);
      if ((q.kind && kind !== q.kind) || (q.match !== null && !q.match(t))) continue;
      out.push({ id, kind: kind as BookKind, t, s: JSON.parse(s) as SortKeys });
    }
  }
  return out;
}
