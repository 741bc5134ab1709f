import type { PagePerson } from '@/lib/detect/schema';
import { expect, test } from './fixtures';
import { send, tabIdOf } from './support/reliability';

// Demo mode, as a stranger tries the extension before any account: onboarding → "Try it with demo data" → the demo
// team page (an extension page, no server, no site permission) → the people on it → an enrichment answered by the
// sandbox inside the worker (sql.js), charged in the demo ledger exactly as the credit line says. Leaving demo mode
// leaves none of it where a real key looks. This test uses no sandbox server at all (no `sandbox` fixture).

interface DemoLedger {
  balance: number;
  entries: Array<{ endpoint: string; credits: number }>;
}

test('demo mode: onboarding → demo team page → people → an enrichment the demo ledger agrees with; leaving it leaves nothing for a real key', async ({
  context,
  serviceWorker,
  openExtensionPage,
  extensionId,
  shot,
}) => {
  // Budget: demo database opens in the worker (~5 s under load), scan 20 s, one lookup, UI checks; slack for a busy box.
  test.setTimeout(180_000);
  const onboarding = await openExtensionPage('onboarding.html');
  const demoLedger = () =>
    serviceWorker.evaluate(() => (globalThis as unknown as { inPageEnrich: { demoLedger(): Promise<DemoLedger> } }).inPageEnrich.demoLedger());

  await test.step('onboarding switches demo mode on and says so on every surface', async () => {
    await onboarding.getByTestId('demo-start').click();
    await expect(onboarding.getByTestId('demo-banner')).toBeVisible({ timeout: 20_000 });
    await expect(onboarding.getByTestId('demo-open-team')).toBeVisible();
    expect(await send(onboarding, 'demo/state', {})).toEqual({ ok: true, data: { on: true } });
    await shot(onboarding, 'demo-onboarding');
  });

  const teamUrl = `chrome-extension://${extensionId}/demo/team.html`;
  const [team] = await Promise.all([context.waitForEvent('page', { predicate: (p) => p.url() === teamUrl }), onboarding.getByTestId('demo-open-team').click()]);
  await team.waitForLoadState();
  await expect(team.locator('[data-demo-banner]')).toBeVisible();
  const tabId = await tabIdOf(serviceWorker, teamUrl);
  expect(tabId).toBeGreaterThan(-1);

  const panel = await openExtensionPage(`sidepanel.html?tabId=${tabId}`);
  await expect(panel.getByTestId('demo-banner')).toBeVisible();

  const people = await test.step('the scanner on the demo page reports its people', async () => {
    const cards = await team.locator('article.card').count();
    expect(cards).toBeGreaterThan(1);
    let found: PagePerson[] = [];
    await expect
      .poll(
        async () => {
          const reply = await send<{ complete: boolean; entities: { people: PagePerson[] } } | null>(panel, 'page/get', { tabId, scan: true });
          if (!reply.ok || !reply.data?.complete) return 0;
          found = reply.data.entities.people;
          return found.length;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(cards);
    return found;
  });

  await test.step('an enrichment is answered in the browser and the credits agree with the demo ledger', async () => {
    const before = await demoLedger();
    const email = (await team.locator('a[href^="mailto:"]:not([href^="mailto:press@"])').first().getAttribute('href'))?.slice('mailto:'.length);
    expect(email, `a person's email on the team page (${people.length} people)`).toBeTruthy();
    const reply = await send<{ status: string }>(panel, 'contact/enrich', { lookup: { email } });
    expect(reply.ok, JSON.stringify(reply)).toBe(true);
    const after = await demoLedger();
    const charged = after.entries.slice(before.entries.length).reduce((n, e) => n + e.credits, 0);
    expect(charged).toBeGreaterThan(0);
    expect(after.balance).toBe(before.balance - charged);
    const summary = await send<{ today: number }>(panel, 'credits/summary', {});
    expect(summary).toMatchObject({ ok: true, data: { today: after.entries.reduce((n, e) => n + e.credits, 0) } });
    const history = await send<unknown[]>(panel, 'history/list', {});
    expect(history.ok && (history.data as unknown[]).length).toBeGreaterThan(0);
    await shot(panel, 'demo-panel');
  });

  await test.step('leaving demo mode: the real key’s cache, history, book, jobs and credits hold nothing from the demo', async () => {
    await onboarding.getByTestId('demo-stop').click();
    await expect(onboarding.getByTestId('demo-stopped')).toBeVisible();
    await expect(onboarding.getByTestId('demo-banner')).toBeHidden();
    expect(await send(onboarding, 'demo/state', {})).toEqual({ ok: true, data: { on: false } });
    expect(await send(onboarding, 'credits/summary', {})).toMatchObject({ ok: true, data: { today: 0, month: 0 } });
    expect(await send(onboarding, 'history/list', {})).toMatchObject({ ok: true, data: [] });
    expect(await send(onboarding, 'bulk/list', {})).toEqual({ ok: true, data: [] });
    const book = await send<{ total?: number; items?: unknown[] }>(onboarding, 'contacts/list', {});
    expect(book.ok, JSON.stringify(book)).toBe(true);
    expect(JSON.stringify(book)).not.toContain('@');
    expect(await send(onboarding, 'cache/stats', {})).toMatchObject({ ok: true, data: { entries: 0 } });
    // A demo page cannot switch demo mode back on: it speaks with a content script's rights only.
    const fromPage = await team.evaluate(() => chrome.runtime.sendMessage({ type: 'demo/start', input: {} }));
    expect(fromPage).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await send(onboarding, 'demo/state', {})).toEqual({ ok: true, data: { on: false } });
  });
});
