// A large contact book in the real extension: filled through the background's own book API from the worker (the
// way purchases are kept, without buying each one), History shows its first page, and the whole book exports to one
// CSV, written page by page with progress, holding every person once. 5,000 contacts: at about 3 ms a purchase kept
// on the busy two-core machine, filling takes ~15 s and the test stays within a minute (bench/book.ts times 100,000).
// Then 100,000 contacts, told to the book 5,000 at a time (each kept in one write), shown and exported whole, with the
// panel's longest task reported (not asserted: it depends on the load).
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, test } from './fixtures';
import { recordTexts } from './support/record-texts';
import { budget } from '../time-budget';

/** "Exporting: 500 of 5,000 contacts read": seen at least once, every time with the whole count, and counting up. */
function expectProgressOf(seen: string[], total: number): void {
  expect(seen.length).toBeGreaterThan(0);
  const read = seen.map((text) => {
    expect(text).toContain(`of ${total.toLocaleString('en')} contacts read`);
    return Number(/: ([\d,]+) of/.exec(text)?.[1]?.replace(/,/g, ''));
  });
  expect(read).toEqual([...read].sort((a, b) => a - b));
}

const PEOPLE = 5_000;
const COMPANIES = 50;

test('5,000 contacts: History shows the newest first, and Download exports every person with progress', async ({ openExtensionPage, serviceWorker }) => {
  test.setTimeout(150_000);
  await test.step(`fill the book with ${PEOPLE} people and ${COMPANIES} companies through the book's API`, async () => {
    const kept = await serviceWorker.evaluate(
      async ([people, companies]) => {
        type Keep = (p: { kind: 'person' | 'company'; id: string; key: string; keys: string[]; value: unknown; creditsCharged: number; fetchedAt: number }) => Promise<string>;
        const book = (globalThis as unknown as { inPageEnrich: { contactBook(): { keep: Keep } } }).inPageEnrich.contactBook();
        const t0 = Date.UTC(2026, 0, 1);
        // Kept 250 at a time (the book's own transactions order them), not one round trip after another: the same
        // writes, a fraction of the waiting.
        const person = (i: number) => {
          const email = `person${i}@large-book.example`;
          return book.keep({ kind: 'person', id: `person:lb_${i}`, key: `contact/enrich?email=${email}`, keys: [], creditsCharged: 1, fetchedAt: t0 + i * 1000, value: { _id: `lb_${i}`, full_name: `Large Person ${i}`, first_name: 'Large', last_name: `Person ${i}`, current_work_email: email, employment: { name: `Firm ${i % 97}`, job: { title: 'Buyer' } } } });
        };
        for (let from = 0; from < people; from += 250) {
          await Promise.all(Array.from({ length: Math.min(250, people - from) }, (_, j) => person(from + j)));
        }
        for (let i = 0; i < companies; i++) {
          const url = `firm${i}.large-book.example`;
          await book.keep({ kind: 'company', id: `company:lbc_${i}`, key: `company/enrich?url=${url}`, keys: [], creditsCharged: 1, fetchedAt: t0 - 1000 - i, value: { _id: `lbc_${i}`, website: `https://${url}`, overview: { name: `Firm ${i}` } } });
        }
        return people + companies;
      },
      [PEOPLE, COMPANIES] as const,
    );
    expect(kept).toBe(PEOPLE + COMPANIES);
  });

  const panel = await openExtensionPage('sidepanel.html');
  await test.step('History: the first page, newest purchase first, and the count of the whole book', async () => {
    await panel.getByRole('tab', { name: 'History' }).click();
    const book = panel.getByTestId('contact-book');
    await expect(panel.getByTestId('book-row').first()).toContainText(`Large Person ${PEOPLE - 1}`, { timeout: budget(30_000) });
    await expect(book).toContainText((PEOPLE + COMPANIES).toLocaleString('en'));
    await panel.screenshot({ path: 'test-results/screens/book-large-history.png' });
  });

  await test.step('Download: one CSV with every person once, written page by page', async () => {
    const progress = await recordTexts(panel, 'export-progress');
    const download = panel.waitForEvent('download', { timeout: budget(90_000) });
    await panel.getByTestId('contact-book').getByRole('button', { name: 'Download contacts as CSV' }).click();
    await panel.screenshot({ path: 'test-results/screens/book-large-export-progress.png' });
    const text = readFileSync(await (await download).path(), 'utf8');
    expectProgressOf(await progress(), PEOPLE + COMPANIES); // every record is read; the companies are then left out
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(PEOPLE);
    expect(new Set(parsed.data.map((r) => Object.values(r).join('|'))).size).toBe(PEOPLE);
    await expect(panel.getByText(`${COMPANIES} companies were left out: this CSV holds people only.`)).toBeVisible();
    await expect(panel.getByTestId('export-progress')).toHaveCount(0);
  });
});

test('100,000 contacts: History shows its count, and Download exports every person once; the panel\'s longest task reported', async ({ openExtensionPage, serviceWorker }, testInfo) => {
  test.setTimeout(600_000);
  const PEOPLE_100K = 100_000;
  await test.step(`fill the book with ${PEOPLE_100K.toLocaleString('en')} people through the book's API`, async () => {
    const kept = await serviceWorker.evaluate(async (people) => {
      type Keep = (p: { kind: 'person'; id: string; key: string; keys: string[]; value: unknown; creditsCharged: number; fetchedAt: number }) => Promise<string>;
      const book = (globalThis as unknown as { inPageEnrich: { contactBook(): { keep: Keep } } }).inPageEnrich.contactBook();
      const t0 = Date.UTC(2026, 0, 1);
      const person = (i: number) => {
        const email = `p${i}@huge-book.example`;
        return book.keep({ kind: 'person', id: `person:hb_${i}`, key: `contact/enrich?email=${email}`, keys: [], creditsCharged: 1, fetchedAt: t0 + i * 1000, value: { _id: `hb_${i}`, full_name: `Huge Person ${i}`, current_work_email: email, employment: { name: `Firm ${i % 997}`, job: { title: 'Buyer' } } } });
      };
      // Told 5,000 at a time: the book keeps what arrives together in one write (lib/contacts/keep.ts).
      let n = 0;
      for (let from = 0; from < people; from += 5_000) n += (await Promise.all(Array.from({ length: Math.min(5_000, people - from) }, (_, j) => person(from + j)))).length;
      return n;
    }, PEOPLE_100K);
    expect(kept).toBe(PEOPLE_100K);
  });

  const panel = await openExtensionPage('sidepanel.html');
  await panel.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
  });
  await test.step('History: the newest first and the whole count', async () => {
    await panel.getByRole('tab', { name: 'History' }).click();
    await expect(panel.getByTestId('book-row').first()).toContainText(`Huge Person ${PEOPLE_100K - 1}`, { timeout: budget(60_000) });
    await expect(panel.getByTestId('contact-book')).toContainText(PEOPLE_100K.toLocaleString('en'));
  });

  await test.step('Download: one CSV of 100,000 people, each once, with progress', async () => {
    const progress = await recordTexts(panel, 'export-progress');
    const download = panel.waitForEvent('download', { timeout: budget(400_000) });
    await panel.getByTestId('contact-book').getByRole('button', { name: 'Download contacts as CSV' }).click();
    const text = readFileSync(await (await download).path(), 'utf8');
    expectProgressOf(await progress(), PEOPLE_100K);
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(PEOPLE_100K);
    expect(new Set(parsed.data.map((r) => Object.values(r).join('|'))).size).toBe(PEOPLE_100K);
    await expect(panel.getByTestId('export-progress')).toHaveCount(0);
  });

  // A time depends on the machine's load: reported, not asserted (docs/testing.md); the goal is 200 ms.
  const longest = await panel.evaluate(() => Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks));
  testInfo.annotations.push({ type: 'longest panel task (ms)', description: String(longest) });
  console.log(`book-large 100,000: the panel's longest task was ${longest} ms (goal 200 ms on an idle machine)`);
});
