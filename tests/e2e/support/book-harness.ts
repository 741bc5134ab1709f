/**
 * Runs in a plain Chromium page (bundled by ./book-page.ts): the contact book's real IndexedDB store, a book written
 * the way version 1 wrote it, and the book's old read path, kept here as the reference the new one is compared with
 * (tests/e2e/book-index.spec.ts) and measured against (bench/book.ts).
 */
import { faker as fakerDe } from '@faker-js/faker/locale/de';
import { faker as fakerEn } from '@faker-js/faker/locale/en';
import { openDB } from 'idb';
import { createContactBook, type BookQuery } from '../../../lib/contacts/book';
import { compareEntries, entryOf, searchTextOf } from '../../../lib/contacts/entry';
import { CONTACTS_DB, createIdbContactBookStore } from '../../../lib/contacts/idb-store';
import { derivedOf, readStoredRecord } from '../../../lib/contacts/row';
import { type BookEntry, type BookRecord, BookRecordSchema, type SavedList } from '../../../lib/contacts/schema';
import { textQuery } from '../../../lib/model/text-query';

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);

/** A seeded book's records: people (some with German names, accents included), some companies, a few deleted. */
function seededRecords(count: number, seed: number, now: number): BookRecord[] {
  fakerEn.seed(seed);
  fakerDe.seed(seed + 1);
  const out: BookRecord[] = [];
  for (let i = 0; i < count; i++) {
    const f = i % 4 === 0 ? fakerDe : fakerEn;
    const bought = START + Math.floor(f.number.float({ min: 0, max: 300 }) * DAY);
    const base = { firstBoughtAt: bought, lastBoughtAt: bought + (i % 7 === 0 ? 3 * DAY : 0), creditsSpent: f.number.int({ min: 0, max: 5 }) };
    // A few records share a purchase time: their order is decided by their id.
    if (i % 50 === 1) base.lastBoughtAt = base.firstBoughtAt = START;
    const deleted = i % 97 === 3 ? { deletedAt: now - 1_000 } : {};
    if (i % 20 === 5) {
      const name = f.company.name();
      const domain = `${name.toLowerCase().replace(/[^a-z]+/g, '')}${i}.example`;
      const key = `company/enrich?url=${domain}`;
      out.push({ id: `company:co_${i}`, kind: 'company', key, keys: [key], value: { _id: `co_${i}`, website: `https://${domain}`, overview: { name, industry: f.commerce.department() } }, ...base, ...deleted });
      continue;
    }
    const first = f.person.firstName();
    const last = f.person.lastName();
    const company = i % 11 === 0 ? null : f.company.name();
    const email = f.internet.email({ firstName: first, lastName: last, provider: `mail${i % 300}.example` }).toLowerCase();
    const key = `contact/enrich?email=${email}`;
    out.push({
      id: `person:c_${i}`,
      kind: 'person',
      key,
      keys: [key],
      value: { _id: `c_${i}`, full_name: `${first} ${last}`, first_name: first, last_name: last, current_work_email: email, employment: company ? { name: company, job: { title: f.person.jobTitle() } } : null },
      ...base,
      ...deleted,
    });
  }
  return out;
}

/** Lists of the seeded book: each holds `size` members picked evenly through the book. */
function seededLists(count: number, size: number, records: readonly BookRecord[]): SavedList[] {
  return Array.from({ length: count }, (_, l) => ({
    id: `list_${l}`,
    name: `List ${l}`,
    createdAt: START + l,
    members: Array.from({ length: size }, (_, m) => records[(l * 7919 + m * 104_729) % records.length]!.id),
  }));
}

/** Writes a book exactly as version 1 of the store created and filled it (its stores, its one index). */
async function writeVersion1Book(records: readonly BookRecord[], lists: readonly SavedList[]): Promise<void> {
  const db = await openDB(CONTACTS_DB, 1, {
    upgrade(database) {
      database.createObjectStore('records', { keyPath: 'id' }).createIndex('keys', 'keys', { multiEntry: true });
      database.createObjectStore('events', { keyPath: 'id' }).createIndex('at', 'at');
      database.createObjectStore('lists', { keyPath: 'id' });
      database.createObjectStore('quarantine', { autoIncrement: true });
      database.createObjectStore('meta');
    },
  });
  for (let i = 0; i < records.length; i += 5_000) {
    const tx = db.transaction('records', 'readwrite');
    await Promise.all([...records.slice(i, i + 5_000).map((r) => tx.store.put(r)), tx.done]);
  }
  const tx = db.transaction('lists', 'readwrite');
  await Promise.all([...lists.map((l) => tx.store.put(l)), tx.done]);
  db.close();
}

/**
 * The book's read path before it was indexed: every record read and parsed, filtered and sorted, for each page.
 * Reads the v2 database's records store as it is (the same records the new path reads through its rows).
 */
async function oldMatching(query: Omit<BookQuery, 'offset' | 'limit'>): Promise<BookEntry[]> {
  const db = await openDB(CONTACTS_DB);
  const raws: unknown[] = await db.getAll('records');
  db.close();
  const matches = textQuery(query.query);
  const out: BookEntry[] = [];
  for (const raw of raws) {
    const parsed = BookRecordSchema.safeParse(raw);
    if (!parsed.success || parsed.data.deletedAt !== undefined) continue;
    const entry = entryOf(parsed.data);
    if (!entry) continue;
    if ((!query.kind || entry.kind === query.kind) && (matches === null || matches(searchTextOf(entry)))) out.push(entry);
  }
  return out.sort(compareEntries(query.sort ?? 'bought-desc'));
}

const book = createContactBook({ store: createIdbContactBookStore() });

async function plainCursorRead(): Promise<number> {
  const db = await openDB(CONTACTS_DB);
  let n = 0;
  let cursor = await db.transaction('records').store.openCursor();
  while (cursor) {
    n++;
    cursor = await cursor.continue();
  }
  db.close();
  return n;
}

/** A person bought now, as a purchase to keep (`n` makes each one new). */
function newPerson(n: number) {
  const value = { _id: `new_${n}`, full_name: `Quirin Upgradewood ${n}`, current_work_email: `quirin${n}@upgrade.example`, employment: { name: 'Upgrade Labs', job: { title: 'Buyer' } } };
  return { kind: 'person' as const, id: `person:new_${n}`, key: `contact/enrich?email=quirin${n}@upgrade.example`, keys: [], value, creditsCharged: 1, fetchedAt: Date.now() };
}

const harness = {
  /**
   * Writes a seeded version-1 book: `count` records, `lists` lists of `listSize` members each, and `damaged` records
   * that do not read (negative credits), as a damaged disk or an old bug could leave them.
   */
  async seedVersion1(count: number, lists: number, listSize: number, seed = 42, damaged = 0): Promise<{ live: number }> {
    const records = seededRecords(count, seed, Date.now());
    const bad = records.slice(0, damaged).map((r, i) => ({ ...r, id: `person:damaged_${i}`, creditsSpent: -5 }));
    await writeVersion1Book([...records, ...bad], seededLists(lists, listSize, records));
    return { live: records.filter((r) => r.deletedAt === undefined).length };
  },
  /**
   * Writes a seeded book as version 2 of the store left it: the version-1 stores, rows beside the records, and
   * search lines packed the way version 2 packed them (sort keys as JSON, 256 chunks), which version 3 reads no more.
   */
  async seedVersion2(count: number, lists: number, listSize: number, seed = 42): Promise<{ live: number }> {
    const out = await harness.seedVersion1(count, lists, listSize, seed);
    const db = await openDB(CONTACTS_DB, 2, {
      upgrade(database, _old, _new, tx) {
        tx.objectStore('records').createIndex('deletedAt', 'deletedAt');
        const rows = database.createObjectStore('rows', { keyPath: 'id' });
        rows.createIndex('kind', 'kind');
        for (const key of ['bd', 'ba', 'n', 'co', 'cr']) rows.createIndex(key, `s.${key}`);
        database.createObjectStore('search');
      },
    });
    const raws: unknown[] = await db.getAll('records');
    const chunks = new Map<number, string[]>();
    const tx = db.transaction(['rows', 'search'], 'readwrite');
    raws.forEach((raw, i) => {
      const read = readStoredRecord(raw);
      const derived = 'record' in read ? derivedOf(read.record, read.entry) : null;
      if (!derived) return;
      void tx.objectStore('rows').put(derived.row);
      const { line } = derived;
      chunks.set(i % 256, [...(chunks.get(i % 256) ?? []), [line.id, line.kind, JSON.stringify(line.s), line.t].join('\t')]);
    });
    for (const [at, lines] of chunks) void tx.objectStore('search').put(lines.join('\u001e'), at);
    await tx.done;
    db.close();
    return out;
  },
  list: (query: BookQuery) => book.list(query),
  ids: (query: Omit<BookQuery, 'offset' | 'limit'>) => book.matchingIds(query),
  lists: () => book.lists(),
  listEntries: (id: string) => book.listEntries(id),
  damaged: () => book.damaged(),
  indexing: () => Promise.resolve(book.indexing()),
  keep: (...args: Parameters<typeof book.keep>) => book.keep(...args),
  remove: (ids: string[]) => book.remove(ids),
  async oldList(query: BookQuery): Promise<{ total: number; entries: BookEntry[] }> {
    const all = await oldMatching(query);
    const offset = query.offset ?? 0;
    return { total: all.length, entries: all.slice(offset, offset + (query.limit ?? 200)) };
  },
  oldIds: async (query: Omit<BookQuery, 'offset' | 'limit'>) => (await oldMatching(query)).map((e) => e.id),
  /** The old path's list screen: a list's members read as records and parsed. */
  async oldListIds(id: string): Promise<string[]> {
    const db = await openDB(CONTACTS_DB);
    const list = (await db.get('lists', id)) as SavedList;
    const tx = db.transaction('records');
    const raws = await Promise.all(list.members.map((m) => tx.store.get(m) as Promise<unknown>));
    db.close();
    return raws.flatMap((raw) => {
      const parsed = BookRecordSchema.safeParse(raw);
      return parsed.success && parsed.data.deletedAt === undefined && entryOf(parsed.data) ? [parsed.data.id] : [];
    });
  },
  plainCursorRead,
  /**
   * Opens the book (the upgrade of a version-1 or -2 book) by asking for its first page, and meanwhile, every
   * `everyMs`, notes the book's indexing progress and keeps a new purchase (up to `purchases`), timing each: the
   * book must take purchases while it derives its rows, and say how far it is.
   */
  async upgradeWhileBuying(purchases: number, everyMs = 100): Promise<{ ms: number; progress: Array<{ done: number; total: number }>; keepMs: number[]; kept: string[] }> {
    const t0 = performance.now();
    let settled = false;
    const first = book.list({ limit: 500 }).finally(() => (settled = true));
    const progress: Array<{ done: number; total: number }> = [];
    const keepMs: number[] = [];
    const kept: string[] = [];
    while (!settled) {
      await new Promise((ok) => setTimeout(ok, everyMs));
      const now = book.indexing();
      if (!now) continue;
      progress.push(now);
      if (kept.length < purchases && now.done > 0) {
        const t = performance.now();
        kept.push(await book.keep(newPerson(kept.length)));
        keepMs.push(performance.now() - t);
      }
    }
    await first;
    return { ms: performance.now() - t0, progress, keepMs, kept };
  },
  /**
   * A bulk chunk's people kept: `count` new people with two alias keys each, told to the book one after another (as a
   * chunk's answers were) or all at once (as they are now: one read by id, one by key, one write). Milliseconds.
   */
  async keepChunk(count: number, together: boolean, from: number): Promise<number> {
    const people = Array.from({ length: count }, (_, i) => {
      const p = newPerson(from + i);
      return { ...p, keys: [`contact/enrich?phone=%2B1415555${from + i}`, `contact/enrich?social_profile=linkedin.com%2Fin%2Fquirin${from + i}`] };
    });
    const t = performance.now();
    if (together) await Promise.all(people.map((p) => book.keep(p)));
    else for (const p of people) await book.keep(p);
    return performance.now() - t;
  },
  /** A write to the search lines by another context (raises their generation): the next search reads them all again. */
  async writtenElsewhere(): Promise<void> {
    const db = await openDB(CONTACTS_DB);
    const tx = db.transaction('search', 'readwrite');
    await tx.store.put(Number((await tx.store.get(-1)) ?? 0) + 1, -1);
    await tx.done;
    db.close();
  },
};

/** Milliseconds the harness's `name` takes, and how much the JS heap grew meanwhile (after a collection first). */
async function measure(name: keyof typeof harness, ...args: unknown[]): Promise<{ ms: number; heapMb: number }> {
  const heap = () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
  (globalThis as unknown as { gc?: () => void }).gc?.();
  const before = heap();
  const t0 = performance.now();
  await (harness[name] as (...a: unknown[]) => Promise<unknown>)(...args);
  const ms = performance.now() - t0;
  return { ms, heapMb: Math.max(0, heap() - before) / 1_048_576 };
}

const exposed = { ...harness, measure };
(globalThis as unknown as { bookHarness: typeof exposed }).bookHarness = exposed;
export type BookHarness = typeof exposed;
