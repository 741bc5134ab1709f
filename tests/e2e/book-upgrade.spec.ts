// Opening a book written by an older version (lib/contacts/idb-store.ts): the upgrade only marks what is to be
// derived, and the rows and search lines are derived after it in short transactions, in real Chromium IndexedDB.
// Meanwhile the book says how far it is and keeps purchases; afterwards every page, search and "all matching ids"
// answers what the old read path (every record read and parsed) answers on the same book, purchases included.
import { chromium, type Browser } from '@playwright/test';
// The extension's test type for every test here, those with a page of their own too: one worker kind for the whole
// suite, so these join the workers already running instead of starting their own at the end (docs/testing.md).
import { expect, test } from './fixtures';
import { callHarness, harnessScript, openBookPage } from './support/book-page';
import { chromiumPath } from './support/chromium';
import { budget } from '../time-budget';

const QUERIES = ['', 'ann', 'ohn', 'muller', 'mail12', 'son group', 'upgradewood', '7'];
const SORTS = ['bought-desc', 'name', 'company', 'credits'] as const;

let browser: Browser;
test.beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath() });
});
test.afterAll(async () => {
  await browser.close();
});

test('a version-1 book is derived in batches with progress, and purchases made meanwhile are kept and found', async () => {
  test.setTimeout(300_000);
  const { page, close } = await openBookPage(browser);
  try {
    const records = 10_000;
    const { live } = await callHarness(page, 'seedVersion1', records, 10, 50, 7, 1);
    const run = await test.step('open the book while buying', () => callHarness(page, 'upgradeWhileBuying', 3, 10));
    // Progress was shown while it ran: every record (the unreadable one too), counted up, never past the total. The
    // total is the records the book holds when the update starts: every one written, or without the seeded deletions
    // once their undo window (10 s from a second before the seeding) is over, as on a machine slow to seed 10,000.
    expect(run.progress.length).toBeGreaterThan(0);
    const total = run.progress[0]!.total;
    expect([records + 1, live + 1]).toContain(total);
    for (const p of run.progress) expect(p).toMatchObject({ total });
    const done = run.progress.map((p) => p.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(Math.max(...done)).toBeLessThanOrEqual(total);
    // Done: the book says it answers at once.
    expect(await callHarness(page, 'indexing')).toBeNull();
    // The purchases made during the derivation are in the book, its searches and its count.
    expect(run.kept.length).toBeGreaterThan(0);
    const found = await callHarness(page, 'ids', { query: 'upgradewood' });
    expect([...found].sort()).toEqual([...run.kept].sort());
    expect((await callHarness(page, 'list', { limit: 1 })).total).toBe(live + run.kept.length);
    expect(await callHarness(page, 'damaged')).toBe(1);
    for (const sort of SORTS) {
      for (const query of QUERIES) {
        const q = { sort, ...(query ? { query } : {}) };
        expect(await callHarness(page, 'list', { ...q, limit: 100 }), `${sort} "${query}"`).toEqual(await callHarness(page, 'oldList', { ...q, limit: 100 }));
        expect(await callHarness(page, 'ids', q), `${sort} "${query}" ids`).toEqual(await callHarness(page, 'oldIds', q));
      }
    }
  } finally {
    await close();
  }
});

test('a version-2 book gets its search lines again in the new packing: no line of the old one is left to match', async () => {
  test.setTimeout(240_000);
  const { page, close } = await openBookPage(browser);
  try {
    const { live } = await callHarness(page, 'seedVersion2', 3_000, 5, 40, 11);
    expect((await callHarness(page, 'list', { limit: 10 })).total).toBe(live);
    for (const sort of SORTS) {
      for (const query of QUERIES) {
        const q = { sort, ...(query ? { query } : {}) };
        expect(await callHarness(page, 'list', { ...q, limit: 100 }), `${sort} "${query}"`).toEqual(await callHarness(page, 'oldList', { ...q, limit: 100 }));
        expect(await callHarness(page, 'ids', q), `${sort} "${query}" ids`).toEqual(await callHarness(page, 'oldIds', q));
      }
    }
    // A write by another context makes the next search read every line again, and it still answers the same.
    await callHarness(page, 'writtenElsewhere');
    expect(await callHarness(page, 'ids', { query: 'ann' })).toEqual(await callHarness(page, 'oldIds', { query: 'ann' }));
  } finally {
    await close();
  }
});

// The same upgrade in the real extension, as a user meets it: the History view says how far the book's update is, with
// a bar, while its first page waits, then shows the contacts, and a search answers. The version-1 book is written in
// the extension's origin before anything of the extension has opened it (a fresh profile; the worker opens the book on
// its first read), so the panel's first page is what starts the derivation.
test('the panel shows the book update with progress, then the contacts, and a search answers', async ({ openExtensionPage }) => {
  test.setTimeout(240_000);
  const records = 20_000;
  const live = await test.step(`write a version-1 book of ${records} contacts in the extension's origin`, async () => {
    const page = await openExtensionPage('options.html');
    await page.evaluate(await harnessScript());
    const seeded = await callHarness(page, 'seedVersion1', records, 20, 50, 5);
    await page.close();
    return seeded.live;
  });

  const panel = await openExtensionPage('sidepanel.html');
  const bar = panel.getByRole('progressbar', { name: 'Updating your contact book' });
  await test.step('History says the book is being updated, counting up to every record', async () => {
    await panel.getByRole('tab', { name: 'History' }).click();
    await expect(bar).toBeVisible({ timeout: budget(60_000) });
    // The bar counts the records the book holds when the update starts. The seeded deletions (deleted a second before
    // the seeding) become final 10 s later (`UNDO_MS`), before the update, when the first page is read after that: on
    // a slow machine the seeding alone takes longer. So the total is every record written, or the live ones.
    const total = Number(await bar.getAttribute('aria-valuemax'));
    expect([records, live]).toContain(total);
    await expect(bar).toHaveAttribute('aria-valuetext', new RegExp(`^Updating your contact book… [\\d,]+ of ${total.toLocaleString('en')}$`));
    await panel.screenshot({ path: 'test-results/screens/book-upgrade-panel-progress.png' });
  });

  await test.step('then the contacts, counted whole, and a search finds its people', async () => {
    const book = panel.getByTestId('contact-book');
    await expect(panel.getByTestId('book-row').first()).toBeVisible({ timeout: budget(180_000) });
    await expect(bar).toHaveCount(0);
    await expect(book).toContainText(`${live.toLocaleString('en')} contacts`);
    // The newest contact's name (the line starts with it), searched for: found, and the count is the matches'.
    const name = ((await book.getByTestId('book-row').first().locator('.sp-history__label').textContent()) ?? '').split(' · ')[0]!.trim();
    expect(name).not.toBe('');
    await book.getByRole('searchbox', { name: 'Search contacts' }).fill(name);
    await expect(book).not.toContainText(`${live.toLocaleString('en')} contacts`);
    await expect(book.getByTestId('book-row').first()).toContainText(name);
    await panel.screenshot({ path: 'test-results/screens/book-upgrade-panel-after.png' });
  });
});
