/**
 * The daily budget across a worker stop, in real Chromium against the sandbox's ledger. A bulk chunk's request runs
 * on in the offscreen document while the service worker is stopped; the credits held for it are kept in the ledger's
 * record, so the next worker's budget check and the header's "left" count them until the answer is booked.
 * Before, the new worker said "10 left", allowed four lookups, and the day ended at 12 charged against a cap of 10.
 */
import type { Page, Worker } from '@playwright/test';
import { expect, testInOwnBrowser as test } from './fixtures';
import { injectFault, ledgerOf, samplesOf, send } from './support/reliability';
import { budget } from '../time-budget';

interface Summary {
  today: number;
  budgetLeft: number | null;
}

async function readyAt(worker: Worker): Promise<number> {
  return worker.evaluate(async () => ((await chrome.storage.session.get('backgroundReady')).backgroundReady as { at: number } | undefined)?.at ?? 0);
}

async function summaryOf(panel: Page): Promise<Summary | null> {
  const reply = await send<Summary>(panel, 'credits/summary', {}).catch(() => null);
  return reply && reply.ok ? reply.data : null;
}

test('budget 10, an 8-row chunk in flight when the worker stops: the new worker says 2 left, allows 2 lookups of 4, and the sandbox charges 10', async ({
  context,
  sandbox,
  serviceWorker,
  openExtensionPage,
  configure,
}) => {
  test.setTimeout(120_000);
  const key = `test-standard-budget-restart-${Date.now()}`;
  await configure({ apiKey: key, settings: { dailyBudget: 10 } });
  const { emails } = await samplesOf(sandbox.url);
  const charged = async () => (await ledgerOf(sandbox.url, key)).entries.reduce((n, e) => n + e.credits, 0);
  const panel = await openExtensionPage('sidepanel.html');
  const header = panel.getByTestId('credits-stat');
  let jobId = '';
  const job = async () => {
    const reply = await send<{ status: string; inFlight?: number; creditsCharged: number; enriched: number }>(panel, 'bulk/get', { jobId }).catch(() => null);
    return reply && reply.ok ? reply.data : null;
  };

  await test.step('8 known people in one bulk chunk, held at the sandbox: the header says 2 left', async () => {
    await injectFault(sandbox.url, { mode: 'slow', count: 1, delayMs: 20_000, paths: ['/v1/bulk-enrich'] });
    const started = await send<{ id: string }>(panel, 'bulk/start', { entries: emails.slice(0, 8).map((value) => ({ field_type: 'email', value })) });
    expect(started.ok).toBe(true);
    jobId = (started as { data: { id: string } }).data.id;
    await expect.poll(async () => (await job())?.inFlight ?? 0).toBe(8);
    await expect(header).toContainText('2 left');
    expect(await summaryOf(panel)).toMatchObject({ today: 0, budgetLeft: 2 });
  });

  const before = await readyAt(serviceWorker);
  await test.step('stop the worker; the new one still counts the 8 in the air', async () => {
    await panel.waitForTimeout(500); // the only sleep: lets the request reach the sandbox
    const cdp = await context.newCDPSession(panel);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await expect.poll(async () => (await summaryOf(panel)) !== null, { timeout: budget(30_000) }).toBe(true);
    const restarted = context.serviceWorkers().at(-1)!;
    await expect.poll(() => readyAt(restarted).catch(() => 0), { timeout: budget(30_000) }).toBeGreaterThan(before);
    expect(await summaryOf(panel)).toMatchObject({ today: 0, budgetLeft: 2 });
    // The chunk is still held at the sandbox: nothing charged yet, its hold still counted.
    expect((await job())?.status).not.toBe('done');
    await panel.reload();
    await expect(header).toContainText('2 left');
  });

  await test.step('four 1-credit lookups: two pass, two are refused over budget', async () => {
    const outcomes: string[] = [];
    for (const email of emails.slice(8, 12)) {
      const reply = await send(panel, 'contact/enrich', { lookup: { email } });
      outcomes.push(reply.ok ? 'ok' : reply.error.kind);
    }
    expect(outcomes).toEqual(['ok', 'ok', 'budget_exceeded', 'budget_exceeded']);
    await expect(header).toContainText('0 left');
  });

  await test.step('the chunk settles from its kept answer: 10 charged, 10 booked, 0 left', async () => {
    await expect.poll(async () => (await job())?.status, { timeout: budget(60_000), intervals: [500] }).toBe('done');
    expect(await job()).toMatchObject({ enriched: 8, creditsCharged: 8 });
    expect(await charged()).toBe(10);
    await expect.poll(async () => (await summaryOf(panel))?.today).toBe(10);
    expect(await summaryOf(panel)).toMatchObject({ today: 10, budgetLeft: 0 });
    await expect(header).toContainText('0 left');
  });
});
