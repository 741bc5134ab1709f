/**
 * What the book keeps beside each record so that a page of the book, a search and "every matching id" never read
 * and parse the records themselves (100,000 parsed records took 14 s per page). Two derived values per live record,
 * written in the same transaction as the record (./idb-store.ts):
 *
 * - its row: the entry the panel shows, plus one sort key per order, indexed, so the first page of any order is a
 *   cursor over an index (the 200 rows it shows, not the book);
 * - its search line: the id, the folded text a search matches (./entry.ts `searchTextOf`, the same text as before) and
 *   the sort keys, packed short, many to a string: every word of a query may appear anywhere in a name, title,
 *   company or email, as it always could, so a search reads every string (no word index could find "ohn" in "John"
 *   without storing every fragment of every word), looks in each for its longest word as one string search, and
 *   reads only the lines it occurs in.
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
  /**
   * A word every text `match` keeps holds as typed (`anchorOf`), or null: the stored lines are first searched for it
   * as one string, and only the lines it occurs in are read and tested.
   */
  anchor?: string | null;
  kind?: BookKind | undefined;
  sort: BookSort;
}

/**
 * The longest word of `query` that a matching text must hold as typed, folded; null when there is none. A word with
 * a digit is never one: a piece of a phone number also matches as its digits alone (lib/model/text-query.ts).
 */
export function anchorOf(query: string | undefined): string | null {
  const words = foldText(query ?? '').split(/\s+/).filter((w) => w.length > 0 && !/\d/.test(w));
  return words.reduce<string | null>((best, w) => (best === null || w.length > best.length ? w : best), null);
}

/** Search lines that `match` and `kind` keep, in `sort`'s order. */
export function matchingLines(lines: readonly SearchLine[], q: RowQuery): SearchLine[] {
  return sortLines(lines.filter((l) => (!q.kind || l.kind === q.kind) && (q.match === null || q.match(l.t))), q.sort);
}

/** Lines in `sort`'s order, ties by id; sorts `lines` itself. */
export function sortLines(lines: SearchLine[], sort: BookSort): SearchLine[] {
  const key = SORT_KEY[sort];
  return lines.sort((a, b) => compareSortKeys(a.s[key], b.s[key]) || byId(a.id, b.id));
}

/** Ties in an order go by record id, as an IndexedDB index orders equal keys by primary key. */
export function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Search lines are stored packed, many hundred to a string (./idb-store.ts): Chromium reads a few large values far
 * faster than many small ones (10,000 small objects took 270 ms; 12.5 MB read as 16 to 64 values took 25-33 ms, as
 * 1,024 values 392 ms, on the bench machine under load). 128 strings keep each above the 64 KB at which Chromium
 * stores a value as a file of its own once the book holds some tens of thousands. A record's line always lives in the
 * string its id hashes to; a write rewrites that string.
 */
export const SEARCH_CHUNKS = 128;
const FIELD = '\t';
const LINE = '\u001e';
const KIND_CODE: Readonly<Record<BookKind, string>> = { person: 'p', company: 'c' };
const KIND_OF_CODE: Readonly<Record<string, BookKind>> = { p: 'person', c: 'company' };

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

/**
 * A line packed, as short as its sort keys allow (every search reads every line): id, kind, last and first bought,
 * credits, the name's key, the company's key when it is not the name's, and the text last. The text cannot hold the
 * separators (a query word never holds them: they are spaces).
 */
export function packLine(line: SearchLine): string {
  const { s } = line;
  const company = s.co[0] === s.n ? '' : s.co[0];
  const keys = [String(-s.bd), String(s.ba), String(-s.cr[0]), s.n, company].map(clean);
  return [line.id, KIND_CODE[line.kind], ...keys, line.t.replaceAll(FIELD, ' ').replaceAll(LINE, ' ')].join(FIELD);
}
// A name key holding a separator (a tab typed into a name) would split the line: it is stored as a space.
const clean = (field: string) => (field.includes(FIELD) || field.includes(LINE) ? field.replaceAll(FIELD, ' ').replaceAll(LINE, ' ') : field);

/** A packed line read back; null when it is not one (a chunk written by another version). */
export function unpackLine(packed: string): SearchLine | null {
  const f = packed.split(FIELD, 8);
  const kind = KIND_OF_CODE[f[1] ?? ''];
  if (f.length < 8 || !kind) return null;
  const last = Number(f[2]);
  const n = f[5]!;
  return { id: f[0]!, kind, t: f[7]!, s: { bd: -last, ba: Number(f[3]), n, co: [f[6] || n, n], cr: [-Number(f[4]), -last] } };
}

/**
 * The lines of packed chunks that `q` keeps (kind and text), unpacked. With an anchor, only the lines it occurs in
 * are read (found by searching each chunk as one string); without, every line.
 */
export function linesOfChunks(chunks: Iterable<string>, q: Pick<RowQuery, 'match' | 'kind' | 'anchor'>): SearchLine[] {
  const out: SearchLine[] = [];
  scanChunks(chunks, q, (chunk, start, end) => {
    const line = unpackLine(chunk.slice(start, end));
    if (line) out.push(line);
  });
  return out;
}

/**
 * The ids of the lines `q` keeps, in its order: what `matchingLines` keeps, read without unpacking a line (at 100,000
 * lines, unpacking each took 0.3-0.6 s and sorting them by `compareSortKeys` 1.2-1.6 s on the bench machine). Each kept
 * line gives its id and the sort key of `q.sort` alone; orders by name sort one string per line natively.
 */
export function matchingIdsOfChunks(chunks: Iterable<string>, q: RowQuery): string[] {
  const ids: string[] = [];
  // Per line: numbers for the numeric orders, strings for the orders by name (the company's, then the name's).
  const first: number[] = [];
  const second: number[] = [];
  const names: string[] = [];
  const names2: string[] = [];
  const field = SORT_KEY[q.sort];
  scanChunks(chunks, q, (chunk, start, end, at) => {
    ids.push(chunk.slice(start, at[0]));
    const get = (i: number) => chunk.slice(at[i]! + 1, at[i + 1]);
    if (field === 'n') names.push(get(4));
    else if (field === 'co') {
      const n = get(4);
      names.push(get(5) || n);
      names2.push(n);
    } else if (field === 'cr') {
      first.push(-Number(get(3)));
      second.push(-Number(get(1)));
    } else first.push(field === 'bd' ? -Number(get(1)) : Number(get(2)));
  });
  const order = ids.map((_, i) => i);
  if (names.length) {
    // Joined by U+0000, below every other character, the keys sort as one string each, natively; a key holding it
    // would sort wrongly joined, and such a book sorts by comparing keys in turn.
    const parts = (i: number) => (field === 'co' ? [names[i]!, names2[i]!, ids[i]!] : [names[i]!, ids[i]!]);
    if (!order.some((i) => parts(i).some((p) => p.includes('\u0000')))) {
      const joined = order.map((i) => `${parts(i).join('\u0000')}\u0000${i}`).sort();
      return joined.map((j) => ids[Number(j.slice(j.lastIndexOf('\u0000') + 1))]!);
    }
    order.sort((a, b) => compareStrings(names[a]!, names[b]!) || (field === 'co' ? compareStrings(names2[a]!, names2[b]!) : 0) || byId(ids[a]!, ids[b]!));
  } else if (field === 'cr') order.sort((a, b) => first[a]! - first[b]! || second[a]! - second[b]! || byId(ids[a]!, ids[b]!));
  else order.sort((a, b) => first[a]! - first[b]! || byId(ids[a]!, ids[b]!));
  return order.map((i) => ids[i]!);
}

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Calls `kept` with the bounds of each line `q` keeps and the offsets of its first seven separators. With an anchor,
 * only the lines it occurs in are tested (each chunk searched for it as one string).
 */
function scanChunks(chunks: Iterable<string>, q: Pick<RowQuery, 'match' | 'kind' | 'anchor'>, kept: (chunk: string, start: number, end: number, at: number[]) => void): void {
  const code = q.kind ? KIND_CODE[q.kind] : null;
  const at: number[] = [];
  const test = (chunk: string, start: number, end: number) => {
    at.length = 0;
    for (let i = 0, from = start; i < 7; i++) {
      const tab = chunk.indexOf(FIELD, from);
      if (tab < 0 || tab >= end) return;
      at.push(tab);
      from = tab + 1;
    }
    if (code !== null && chunk[at[0]! + 1] !== code) return;
    if (q.match !== null && !q.match(chunk.slice(at[6]! + 1, end))) return;
    kept(chunk, start, end, at);
  };
  for (const chunk of chunks) {
    if (!chunk) continue;
    if (!q.anchor) {
      for (let start = 0; start < chunk.length; ) {
        const stop = chunk.indexOf(LINE, start);
        const end = stop < 0 ? chunk.length : stop;
        test(chunk, start, end);
        start = end + 1;
      }
      continue;
    }
    for (let hit = chunk.indexOf(q.anchor); hit >= 0; ) {
      const stop = chunk.indexOf(LINE, hit);
      const end = stop < 0 ? chunk.length : stop;
      test(chunk, chunk.lastIndexOf(LINE, hit) + 1, end);
      // The next line: a line the anchor occurs in twice is read once.
      hit = stop < 0 ? -1 : chunk.indexOf(q.anchor, end + 1);
    }
  }
}

/**
 * Every line of a book's chunks held ready for searching in each order asked: ids and texts, and per order the lines
 * in it (found by `matchingIdsOfChunks` once per order). A search then tests each text in that order and sorts
 * nothing. Built from the chunks as they are; a write makes a new one (./idb-store.ts).
 */
export function searchViewOf(chunks: readonly string[]) {
  const lines = new Map<string, { id: string; kind: string; t: string }>();
  scanChunks(chunks, { match: null }, (chunk, start, end, at) => {
    const id = chunk.slice(start, at[0]);
    lines.set(id, { id, kind: chunk[at[0]! + 1]!, t: chunk.slice(at[6]! + 1, end) });
  });
  const orders = new Map<BookSort, Array<{ id: string; kind: string; t: string }>>();
  return {
    /** Every line in `sort`'s order, sorted once. */
    ordered(sort: BookSort) {
      let ordered = orders.get(sort);
      if (!ordered) {
        ordered = matchingIdsOfChunks(chunks, { match: null, sort }).map((id) => lines.get(id)!);
        orders.set(sort, ordered);
      }
      return ordered;
    },
    /** The ids `q` keeps, in its order (as `matchingIdsOfChunks` gives them). */
    ids(q: RowQuery): string[] {
      const ordered = this.ordered(q.sort);
      const code = q.kind ? KIND_CODE[q.kind] : null;
      const out: string[] = [];
      for (const line of ordered) if ((code === null || line.kind === code) && (q.match === null || q.match(line.t))) out.push(line.id);
      return out;
    },
  };
}
export type SearchView = ReturnType<typeof searchViewOf>;
