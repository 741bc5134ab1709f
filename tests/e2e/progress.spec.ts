import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '@/sandbox/server';
import { expect, test } from './fixtures';
import { startStaticServer } from './support/static-server';
import { apiRequests, enrichSelection, injectFault, ledgerOf, openPanelFor, samplesOf } from './support/reliability';
import { budget } from '../time-budget';

// Truthful progress: the sandbox's own rate limit is used up for real, so the next lookup meets a 429 with
// a Retry-After. The header counts the pause down every second from the queue's state, the Contact view explains
// why it waits (not a bare "Looking up…") and offers Cancel, the lookup then completes by itself, and the sandbox
// ledger shows exactly the price the button promised; a cancelled waiting lookup is never sent again nor charged.
// The rate limiter belongs to one sandbox, so this file starts its own with a small window.

let own: RunningSandbox;
const WINDOW_MS = 25_000;

test.beforeAll(async () => {
  own = await startSandbox({ port: 0, quiet: true, rateLimit: { max: 3, windowMs: WINDOW_MS } });
});
test.afterAll(async () => {
  await own?.close();
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const contactView = (panel: Page): Locator => panel.getByRole('tabpanel', { name: 'Contact' });

/** Uses up the key's window with free requests (no parameters → 400, counted before validation) until a 429. */
async function exhaustRateLimit(key: string): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`${own.url}/v1/enrich`, { headers: { 'X-API-Key': key } });
    if (res.status === 429) return;
  }
  throw new Error('the sandbox rate limit was not reached');
}

/** The seconds in the header's "Paused · 12 s". */
async function pausedSeconds(panel: Page): Promise<number> {
  const text = (await panel.getByTestId('queue-stat').textContent()) ?? '';
  const match = /Paused · (\d+) s/.exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

async function enrichRequests(key: string, email: string) {
  return (await apiRequests(own.url, key)).filter((r) => r.path === '/v1/enrich' && r.query.email === email);
}

test('a 429 pause: the header counts down, the waiting view says why and can cancel, the lookup completes at the promised price', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
  shot,
}) => {
  // Two pauses of up to 25 s each, plus set-up and the answers, on a busy machine.
  test.setTimeout(3 * WINDOW_MS + 60_000);
  const key = `test-standard-progress-${unique()}`;
  await configure({ baseUrl: own.url, apiKey: key });
  const samples = await samplesOf(own.url);
  const [waited, cancelled] = samples.emails;
  const { panel, tabId } = await openPanelFor(context, serviceWorker, openExtensionPage, `${own.url}/demo/blog`);
  const view = contactView(panel);
  let promised = '';

  await test.step('the priced button says what the lookup will cost', async () => {
    await enrichSelection(serviceWorker, tabId, waited!);
    await expect(view.getByTestId('contact-confirm')).toContainText(waited!);
    // The label reads "Enrich · …" until the background has priced the lookup: wait for a price, then read it.
    const button = view.getByRole('button', { name: /^Enrich · .*\bcredits?\b/ });
    await expect(button).toBeVisible();
    promised = (await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '';
    expect(promised).toMatch(/1 credit/);
    await exhaustRateLimit(key);
    await button.click();
  });

  await test.step('the header counts the 429 pause down, without a new event', async () => {
    await expect(panel.getByTestId('queue-stat')).toContainText(/Paused · \d+ s/, { timeout: budget(15_000) });
    const first = await pausedSeconds(panel);
    expect(first).toBeGreaterThan(1);
    await expect.poll(() => pausedSeconds(panel), { timeout: budget(5_000) }).toBeLessThan(first);
  });

  await test.step('the view that waits explains the pause and offers to cancel', async () => {
    const waiting = view.getByTestId('lookup-waiting');
    await expect(waiting).toContainText(/Paused by the service’s rate limit · resumes in \d+ s/);
    await expect(waiting).toContainText('nothing is charged');
    await expect(waiting.getByRole('button', { name: 'Cancel lookup' })).toBeVisible();
    await shot(panel, 'progress-429-waiting');
  });

  await test.step('the lookup completes by itself and the ledger equals the promised price', async () => {
    await expect(view.getByTestId('contact-profile')).toBeVisible({ timeout: WINDOW_MS + 15_000 });
    await expect(panel.getByTestId('queue-stat')).toContainText('Idle');
    const statuses = (await enrichRequests(key, waited!)).map((r) => r.status);
    expect(statuses[0]).toBe(429);
    expect(statuses.at(-1)).toBe(200);
    const charged = (await ledgerOf(own.url, key)).entries.filter((e) => e.endpoint === 'enrich' && e.credits > 0);
    expect(charged.map((e) => e.credits)).toEqual([1]);
  });

  await test.step('a lookup cancelled while it waits is never sent again and costs nothing', async () => {
    await enrichSelection(serviceWorker, tabId, cancelled!);
    await expect(view.getByTestId('contact-confirm')).toContainText(cancelled!);
    await exhaustRateLimit(key);
    await view.getByRole('button', { name: /^Enrich · / }).click();
    const waiting = view.getByTestId('lookup-waiting');
    await expect(waiting).toContainText(/resumes in \d+ s/, { timeout: budget(15_000) });
    await waiting.getByRole('button', { name: 'Cancel lookup' }).click();
    await expect(waiting).toBeHidden();
    await expect(view.getByTestId('contact-profile')).toBeHidden();
    await shot(panel, 'progress-429-cancelled');
    // Past the pause: had the retry gone out, the sandbox would have logged it.
    await expect(panel.getByTestId('queue-stat')).toContainText('Idle', { timeout: WINDOW_MS + 5_000 });
    await panel.waitForTimeout(1000);
    expect((await enrichRequests(key, cancelled!)).map((r) => r.status)).toEqual([429]);
    const charged = (await ledgerOf(own.url, key)).entries.filter((e) => e.endpoint === 'enrich' && e.credits > 0);
    expect(charged).toHaveLength(1);
  });
});

test('a lookup already sent: "Stop waiting" goes back to the price, the answer is kept and charged once, opening it is free', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
  shot,
}) => {
  // One slow answer (8 s) plus set-up on a busy machine.
  test.setTimeout(90_000);
  const key = `test-standard-progress-stop-${unique()}`;
  await configure({ baseUrl: own.url, apiKey: key });
  const email = (await samplesOf(own.url)).emails[5]!;
  const { panel, tabId } = await openPanelFor(context, serviceWorker, openExtensionPage, `${own.url}/demo/blog`);
  const view = contactView(panel);
  const charged = async () => (await ledgerOf(own.url, key)).entries.filter((e) => e.endpoint === 'enrich' && e.credits > 0).length;

  await test.step('a slow answer: the view offers to stop waiting, and says the request cannot be called back', async () => {
    await enrichSelection(serviceWorker, tabId, email);
    await expect(view.getByTestId('contact-confirm')).toContainText(email);
    await injectFault(own.url, { mode: 'slow', count: 1, delayMs: 8000, paths: ['/v1/enrich'] });
    await view.getByRole('button', { name: /^Enrich · 1 credit/ }).click();
    const stop = view.getByTestId('lookup-stop-waiting');
    await expect(stop).toContainText('cannot be called back', { timeout: budget(15_000) });
    await shot(panel, 'progress-stop-waiting');
    await stop.getByRole('button', { name: 'Stop waiting' }).click();
    await expect(view.getByTestId('contact-loading')).toBeHidden();
    await expect(view.getByTestId('contact-confirm')).toBeVisible();
  });

  await test.step('the answer arrives anyway: charged once, and the contact opens free with no second request', async () => {
    await expect.poll(charged, { timeout: budget(20_000) }).toBe(1);
    // Once cached, the view either opens the answer by itself or offers it free: never a paid Enrich again.
    const profile = view.getByTestId('contact-profile');
    const free = view.getByRole('button', { name: /^Enrich · .*free/ });
    await expect(profile.or(free)).toBeVisible({ timeout: budget(15_000) });
    if (!(await profile.isVisible())) await free.click();
    await expect(profile).toBeVisible({ timeout: budget(15_000) });
    expect((await enrichRequests(key, email)).map((r) => r.status)).toEqual([200]);
    expect(await charged()).toBe(1);
  });
});

test('a bulk chunk in flight: the card names it and counts its time up every second, then ends equal to the ledger', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
}) => {
  // One slow chunk (8 s) plus set-up on a busy machine.
  test.setTimeout(120_000);
  const key = `test-standard-progress-bulk-${unique()}`;
  await configure({ baseUrl: own.url, apiKey: key });
  const samples = await samplesOf(own.url);
  const emails = [...samples.emails.slice(0, 10), ...Array.from({ length: 20 }, (_, i) => `x.nobody${i}@nowhere${i % 3}.com`)];
  const dir = mkdtempSync(join(tmpdir(), 'ipe-progress-'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Members</title></head><body><ul>${emails
      .map((e) => `<li><a href="mailto:${e}">${e}</a></li>`)
      .join('')}</ul></body></html>`,
  );
  const pages = await startStaticServer(dir);
  try {
    const { panel } = await openPanelFor(context, serviceWorker, openExtensionPage, `${pages.url}/`);
    const page = panel.getByRole('tabpanel', { name: 'Page' });
    const live = page.getByTestId('bulk-live');
    const elapsed = async () => Number(/waiting for an answer \((\d+) s\)/.exec((await live.textContent()) ?? '')?.[1] ?? Number.NaN);

    await test.step('start a 30-entry job whose chunk the service answers slowly', async () => {
      const table = page.getByRole('table', { name: 'Emails found on this page' });
      await expect(table).toBeVisible({ timeout: budget(30_000) });
      await injectFault(own.url, { mode: 'slow', count: 1, delayMs: 8000, paths: ['/v1/bulk-enrich'] });
      await table.getByRole('checkbox', { name: /^Select all/ }).check();
      await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: /^Enrich 30 selected/ }).click();
    });

    await test.step('the chunk in flight is named with its time out, which counts up between events', async () => {
      await expect(live).toContainText(/30 of 30 sent · 30 waiting for an answer \(\d+ s\)/, { timeout: budget(15_000) });
      // No answer measured yet for a chunk: no invented "about 1 s left".
      await expect(live).toContainText('time left known after the first answer');
      const first = await elapsed();
      await expect.poll(elapsed, { timeout: budget(5_000) }).toBeGreaterThan(first);
    });

    await test.step('the finished card says what the ledger charged', async () => {
      await expect(page.getByRole('heading', { name: 'Bulk enrichment finished' })).toBeVisible({ timeout: budget(60_000) });
      const charged = (await ledgerOf(own.url, key)).entries.filter((e) => e.endpoint === 'bulk-enrich').reduce((n, e) => n + e.credits, 0);
      expect(charged).toBeGreaterThan(0);
      await expect(page.getByRole('progressbar', { name: 'Bulk enrichment progress' })).toHaveAttribute('aria-valuetext', new RegExp(`· ${charged} credits? charged`));
    });
  } finally {
    pages.server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
