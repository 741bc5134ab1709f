/**
 * The contact book at scale (docs/performance.md): a book of 100,000 contacts and 1,000 lists, written as version 1
 * of the store wrote it, upgraded, then read the ways the panel reads it, in real Chromium IndexedDB
 * (tests/e2e/support/book-harness.ts). Each time is also printed as a ratio against a plain cursor read of the same
 * records store in the same run (the cost of touching every record once, whatever the machine's speed), and the old
 * read path (every record read and parsed per page) is timed once on the same book for "before". The upgrade is timed
 * with purchases kept while it derives (each purchase's time printed), and a search both as typed (the lines held
 * ready) and first after a write by another context (every line read again).
 * `--quick`: 10,000 contacts and 100 lists.
 *
 * Alone: npx tsx -e "import('./bench/book.ts').then(m=>m.run({json:false,quick:true}))"
 */
import { chromium } from '@playwright/test';
import { type BookHarness, callHarness, openBookPage } from '../tests/e2e/support/book-page';
import { chromiumPath } from '../tests/e2e/support/chromium';

/** The panel's first page of the book (components/sidepanel/contacts/BookView.tsx asks for 500 rows). */
const PAGE = 500;
/** What people type: a first name's start, a surname word, an email's domain, a company word, two words. */
const SEARCHES = ['ann', 'schmidt', 'mail12', 'group', 'son inc'];
/** People found in one 1,000-row bulk chunk of the import bench (a tenth of its rows). */
const CHUNK_FOUND = 100;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;

export async function run({ json, quick }: { json: boolean; quick: boolean }): Promise<Record<string, number>> {
  const contacts = quick ? 10_000 : 100_000;
  const lists = quick ? 100 : 1_000;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--enable-precise-memory-info', '--js-flags=--expose-gc'] });
  const { page, close } = await openBookPage(browser);
  const measure = (...args: Parameters<BookHarness['measure']>) => callHarness(page, 'measure', ...args);
  try {
    const t0 = performance.now();
    await callHarness(page, 'seedVersion1', contacts, lists, 100);
    const seedMs = performance.now() - t0;
    // Opening it upgrades it: the rows and lines are derived in batches while a purchase is kept every 250 ms.
    const upgrade = await callHarness(page, 'upgradeWhileBuying', 20, 250);
    // Warm both paths once (the first read of a store pays for opening its files), then sample.
    const cursor: number[] = [];
    const firstPage: number[] = [];
    const search: number[] = [];
    const coldSearch: number[] = [];
    const secondSearch: number[] = [];
    const ids: number[] = [];
    let heap = 0;
    for (let i = 0; i < (quick ? 3 : 5); i++) {
      cursor.push((await measure('plainCursorRead')).ms);
      const page1 = await measure('list', { limit: PAGE });
      firstPage.push(page1.ms);
      // After a write by another context the first search reads every line again (and parses only its word's); every
      // line is then made ready off its path (one sort of the book), and the searches after it test each line in that
      // order: the panel asks once per pause in typing.
      await callHarness(page, 'writtenElsewhere');
      coldSearch.push((await measure('list', { query: SEARCHES[(i + 1) % SEARCHES.length]!, limit: PAGE })).ms);
      secondSearch.push((await measure('list', { query: SEARCHES[(i + 2) % SEARCHES.length]!, limit: PAGE })).ms);
      const found = await measure('list', { query: SEARCHES[i % SEARCHES.length]!, limit: PAGE });
      search.push(found.ms);
      const all = await measure('ids', { query: 'a' });
      ids.push(Math.max(all.ms, (await measure('ids', {})).ms));
      heap = Math.max(heap, page1.heapMb, found.heapMb, all.heapMb);
    }
    // A bulk chunk's 100 people found, kept into this book: one at a time (as before) and told at once, interleaved.
    const keepOneByOne: number[] = [];
    const keepTogether: number[] = [];
    for (let i = 0; i < (quick ? 3 : 5); i++) {
      keepOneByOne.push(await callHarness(page, 'keepChunk', CHUNK_FOUND, false, 1_000_000 + 2 * i * CHUNK_FOUND));
      keepTogether.push(await callHarness(page, 'keepChunk', CHUNK_FOUND, true, 1_000_000 + (2 * i + 1) * CHUNK_FOUND));
    }
    const listsMs = (await measure('lists')).ms;
    const oldPage = (await measure('oldList', { limit: PAGE })).ms;
    const oldSearch = (await measure('oldList', { query: 'ann', limit: PAGE })).ms;
    const base = median(cursor);
    const out = {
      book_contacts: contacts,
      book_cursor_read_ms: round(base),
      book_first_page_ms: round(median(firstPage)),
      book_search_ms: round(median(search)),
      book_search_cold_ms: round(median(coldSearch)),
      book_search_second_ms: round(median(secondSearch)),
      book_all_ids_ms: round(median(ids)),
      book_lists_ms: round(listsMs),
      book_first_page_vs_cursor: round(median(firstPage) / base, 3),
      book_search_vs_cursor: round(median(search) / base, 3),
      book_search_cold_vs_cursor: round(median(coldSearch) / base, 3),
      book_all_ids_vs_cursor: round(median(ids) / base, 3),
      book_heap_mb: round(heap),
      book_upgrade_ms: round(upgrade.ms),
      book_upgrade_ms_per_1000: round(upgrade.ms / (contacts / 1000)),
      book_upgrade_progress_reports: upgrade.progress.length,
      book_keep_during_upgrade_max_ms: round(Math.max(0, ...upgrade.keepMs)),
      book_keep_during_upgrade_median_ms: round(median(upgrade.keepMs)),
      book_keep_chunk_one_by_one_ms: round(median(keepOneByOne)),
      book_keep_chunk_together_ms: round(median(keepTogether)),
      book_old_first_page_ms: round(oldPage),
      book_old_search_ms: round(oldSearch),
    };
    if (!json) {
      console.log(`${contacts.toLocaleString('en')} contacts, ${lists} lists of 100 (seeded in ${round(seedMs / 1000)} s)`);
      console.log(`plain cursor read of every record: ${out.book_cursor_read_ms} ms`);
      console.log(`first page (${PAGE} rows): ${out.book_first_page_ms} ms (old path ${out.book_old_first_page_ms} ms)`);
      console.log(`search: ${out.book_search_ms} ms; the first after a write elsewhere ${out.book_search_cold_ms} ms, the second ${out.book_search_second_ms} ms (old path ${out.book_old_search_ms} ms)`);
      console.log(`all matching ids: ${out.book_all_ids_ms} ms; lists with counts: ${out.book_lists_ms} ms`);
      console.log(`upgrade of the version-1 book (once, in batches): ${out.book_upgrade_ms} ms (${out.book_upgrade_ms_per_1000} ms per 1,000), ${out.book_upgrade_progress_reports} progress reports; purchases kept meanwhile: median ${out.book_keep_during_upgrade_median_ms} ms, longest ${out.book_keep_during_upgrade_max_ms} ms`);
      console.log(`a bulk chunk's ${CHUNK_FOUND} people kept: one at a time ${out.book_keep_chunk_one_by_one_ms} ms, told at once ${out.book_keep_chunk_together_ms} ms`);
      console.log(`heap grown by one read: ≤ ${out.book_heap_mb} MB`);
    }
    return out;
  } finally {
    await close();
    await browser.close();
  }
}
