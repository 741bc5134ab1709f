// The contact book's indexed read path (lib/contacts/row.ts, idb-store.ts) in real Chromium IndexedDB, on a book
// written the way version 1 wrote it: the upgrade keeps every record, and every page, search, "all matching ids" and
// list screen answers exactly what the old path (read and parse every record, filter, sort) answered on that book.
import { chromium, type Browser, type Page } from '@playwright/test';
// The extension's test type (this file uses none of its fixtures): one worker kind for the whole suite, so this file
// joins the workers already running instead of starting its own at the end (docs/testing.md).
import { expect, test } from './fixtures';
import { type BookHarness, callHarness, openBookPage } from './support/book-page';
import { chromiumPath } from './support/chromium';

const RECORDS = 3_000;
const LISTS = 20;
const LIST_SIZE = 60;

test.describe.configure({ mode: 'serial' });

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let live = 0;

const call = <K extends keyof BookHarness>(name: K, ...args: Parameters<BookHarness[K]>) => callHarness(page, name, ...args);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  browser = await chromium.launch({ executablePath: chromiumPath() });
  ({ page, close } = await openBookPage(browser));
  ({ live } = await call('seedVersion1', RECORDS, LISTS, LIST_SIZE, 42, 1));
});

test.afterAll(async () => {
  await close();
  await browser.close();
});

test('the upgrade keeps every live record of a version-1 book and sets the unreadable one aside', async () => {
  const first = await call('list', { limit: 10 });
  expect(first.total).toBe(live);
  expect(await call('damaged')).toBe(1);
  expect(await call('ids', {})).toHaveLength(live);
});

const SORTS = ['bought-desc', 'bought-asc', 'name', 'company', 'credits'] as const;
// Words as people type them: a name's start, a whole word, a fragment inside a word, an email domain, an accent
// typed or not, two words in any order, a company word, a number.
const QUERIES = ['', 'a', 'ann', 'müller', 'muller', 'schm', 'ohn', 'mail12', 'mail12.example', 'inc', 'gmbh', 'son group', 'manager senior', 'z', '7', 'nobody-has-this'];

test('every page and search answers as the old read path did, in every order', async () => {
  test.setTimeout(240_000);
  for (const sort of SORTS) {
    for (const query of QUERIES) {
      const q = { sort, ...(query ? { query } : {}), limit: 120 };
      const [now, before] = [await call('list', q), await call('oldList', q)];
      expect(now.total, `${sort} "${query}" total`).toBe(before.total);
      expect(now.entries, `${sort} "${query}" first page`).toEqual(before.entries);
    }
  }
});

test('later pages, one kind, and "all matching ids" answer as before', async () => {
  test.setTimeout(180_000);
  for (const sort of SORTS) {
    for (const q of [{ offset: 240, limit: 120 }, { kind: 'company' as const, limit: 50, offset: 10 }, { kind: 'person' as const, query: 'er', offset: 30, limit: 60 }]) {
      expect(await call('list', { sort, ...q }), `${sort} ${JSON.stringify(q)}`).toEqual(await call('oldList', { sort, ...q }));
    }
    for (const query of ['', 'an', 'mail3']) {
      expect(await call('ids', { sort, query }), `${sort} "${query}" ids`).toEqual(await call('oldIds', { sort, query }));
    }
  }
});

test('each list shows and counts the same live members as before', async () => {
  const lists = await call('lists');
  expect(lists).toHaveLength(LISTS);
  for (const list of lists) {
    const before = await call('oldListIds', list.id);
    const now = await call('listEntries', list.id);
    expect(now.entries.map((e) => e.id)).toEqual(before);
    expect(list.count).toBe(before.length);
  }
});

test('a purchase and a deletion after the upgrade show at once in pages, searches and counts', async () => {
  const value = { _id: 'new_1', full_name: 'Zoë Quintana-Ortiz', current_work_email: 'zoe@quintana.example', employment: { name: 'Quintana Labs', job: { title: 'Founder' } } };
  const id = await call('keep', { kind: 'person', id: 'person:new_1', key: 'contact/enrich?email=zoe@quintana.example', keys: [], value, creditsCharged: 3, fetchedAt: Date.UTC(2030, 0, 1) });
  const first = await call('list', { limit: 1 });
  expect(first.entries[0]).toMatchObject({ id, name: 'Zoë Quintana-Ortiz' });
  expect(first.total).toBe(live + 1);
  expect((await call('list', { query: 'zoe quint' })).entries.map((e) => e.id)).toEqual([id]);
  await call('remove', [id]);
  expect((await call('list', { query: 'zoe quint' })).total).toBe(0);
  expect((await call('list', {})).total).toBe(live);
  expect(await call('list', { sort: 'credits', limit: 50 })).toEqual(await call('oldList', { sort: 'credits', limit: 50 }));
});
