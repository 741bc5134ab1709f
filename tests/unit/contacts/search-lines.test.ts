/**
 * The book's search lines as IndexedDB stores them (lib/contacts/row.ts): packed short, read back with the same sort
 * keys, and searched by an anchor word first. A search through the packed chunks must keep exactly the lines, in
 * exactly the order, that testing every line's text keeps (`matchingLines`, what the memory store answers).
 */
import { describe, expect, it } from 'vitest';
import { entryOf } from '@/lib/contacts/entry';
import { anchorOf, derivedOf, linesOfChunks, matchingIdsOfChunks, matchingLines, packChunk, packLine, type SearchLine, searchChunkOf, SEARCH_CHUNKS, searchViewOf, sortLines, unpackChunk, unpackLine } from '@/lib/contacts/row';
import { BOOK_SORTS, type BookRecord, type BookSort } from '@/lib/contacts/schema';
import { textQuery } from '@/lib/model/text-query';

const people: Array<[name: string, company: string | null, email: string, title: string]> = [
  ['Anna Schmidt', 'Schmidt GmbH', 'anna@mail12.example', 'Senior Manager'],
  ['Johann Müller', 'Müller & Söhne', 'jm@mail3.example', 'Founder'],
  ['Zoë Quintana-Ortiz', null, 'zoe@quintana.example', ''],
  ['Team 9', 'Acme\tInc', '+12125550100', 'Desk'],
  ['Team 10', 'Acme Inc', 'team10@acme.example', 'Desk'],
  ['Bailey-Carroll', 'Bailey, Bradtke', 'bc@mail12.example', 'Annual Planner'],
  ['Hannah Annan', 'Annan Group', 'ha@annan.example', 'Manager'],
];
// A name holding U+0000 (what the native sort joins keys with) sorts as its keys compare, in a book of its own.
const withNul: typeof people = [...people, ['Ann\u0000a Zed', 'Ann\u0000 Co', 'nul@mail12.example', 'Manager']];

function record(i: number, book = people): BookRecord {
  const [name, company, email, title] = book[i % book.length]!;
  const bought = Date.UTC(2025, 0, 1 + (i % 5));
  return {
    id: `person:p${i}`,
    kind: 'person',
    key: `contact/enrich?email=${email}`,
    keys: [],
    value: { _id: `p${i}`, full_name: name, current_work_email: email, employment: company ? { name: company, job: { title } } : null },
    firstBoughtAt: bought - (i % 3),
    lastBoughtAt: bought,
    creditsSpent: i % 4,
  };
}

const company = (i: number): BookRecord => ({
  id: `company:c${i}`,
  kind: 'company',
  key: `company/enrich?url=annan${i}.example`,
  keys: [],
  value: { _id: `c${i}`, website: `https://annan${i}.example`, overview: { name: `Annan Holdings ${i}`, industry: 'Shipping' } },
  firstBoughtAt: Date.UTC(2025, 1, i),
  lastBoughtAt: Date.UTC(2025, 1, i),
  creditsSpent: 1,
});

const linesOf = (book = people): SearchLine[] =>
  [...Array.from({ length: 60 }, (_, i) => record(i, book)), company(1), company(2)].map((r) => {
    const entry = entryOf(r);
    if (!entry) throw new Error(`fixture ${r.id} does not read`);
    return derivedOf(r, entry)!.line;
  });
const lines = linesOf();

/** The lines packed into their chunks, as the store writes them. */
function chunks(book = people): string[] {
  const byChunk = new Map<number, Map<string, string>>();
  for (const line of linesOf(book)) {
    const at = searchChunkOf(line.id);
    byChunk.set(at, (byChunk.get(at) ?? new Map<string, string>()).set(line.id, packLine(line)));
  }
  return [...byChunk.values()].map(packChunk);
}

describe('search lines, packed', () => {
  it('read back as the line written: id, kind, text and every sort key', () => {
    for (const line of lines) expect(unpackLine(packLine(line)), line.id).toEqual({ ...line, t: line.t.replaceAll('\t', ' ') });
  });

  it('a chunk keeps each line by its id; a line that is not one reads as null', () => {
    const packed = packChunk(new Map(lines.slice(0, 3).map((l) => [l.id, packLine(l)])));
    expect([...unpackChunk(packed).keys()]).toEqual(lines.slice(0, 3).map((l) => l.id));
    expect(unpackLine('person:x\tperson\t{"bd":1}\tanna')).toBeNull();
    expect(searchChunkOf('person:p1')).toBeLessThan(SEARCH_CHUNKS);
  });

  it('the anchor is the longest word without a digit; none for a query of numbers or spaces', () => {
    expect(anchorOf('son  Group')).toBe('group');
    expect(anchorOf('Müller jm')).toBe('muller');
    expect(anchorOf('(212) 555-0100')).toBeNull();
    expect(anchorOf('mail12 ann')).toBe('ann');
    expect(anchorOf('   ')).toBeNull();
    expect(anchorOf(undefined)).toBeNull();
  });

  const queries = ['', 'a', 'ann', 'annan', 'müller', 'muller', 'ohn', 'mail12', 'son group', 'manager senior', 'inc acme', '(212) 555-0100', '+1212', 'team 1', 'nobody', 'desk 9'];
  const orders: readonly BookSort[] = BOOK_SORTS;
  it.each(queries.flatMap((q) => [[q, people], [q, withNul]] as const))('"%s" keeps, in every order and kind, what testing every line keeps', (query, book) => {
    const packed = chunks(book);
    const view = searchViewOf(packed);
    for (const sort of orders) {
      for (const kind of [undefined, 'person', 'company'] as const) {
        const q = { match: textQuery(query), anchor: anchorOf(query), kind, sort };
        const expected = matchingLines(linesOf(book), q).map((l) => l.id);
        expect(sortLines(linesOfChunks(packed, q), sort).map((l) => l.id), `${sort} ${kind ?? 'all'} lines`).toEqual(expected);
        expect(matchingIdsOfChunks(packed, q), `${sort} ${kind ?? 'all'} ids`).toEqual(expected);
        expect(view.ids(q), `${sort} ${kind ?? 'all'} held ready`).toEqual(expected);
      }
    }
    // The fixtures hold ties in every order (same names, companies, times, credits): their order is the ids'.
    if (query === 'ann') expect(matchingLines(linesOf(book), { match: textQuery(query), sort: 'name' }).length).toBeGreaterThan(10);
  });
});
