import type { Page } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '@/sandbox/server';
import { expect, test, uniqueKey } from './fixtures';
import { budget } from '../time-budget';

// API data is hostile. A sandbox started with `hostile: true` serves records with markup in names
// (`<script>`, `<img onerror>`), `javascript:` URLs for websites, profiles and logos, 60,000-character strings,
// bidi overrides and zero-width characters. The panel must render all of it as inert text: no dialog, no script,
// no `javascript:` link or image, no sideways scrolling, and it must stay usable.

interface Samples {
  emails: string[];
  socialProfiles: string[];
  companies: Array<{ website: string; name: string }>;
}

let hostile: RunningSandbox;

test.beforeAll(async () => {
  hostile = await startSandbox({ hostile: true, quiet: true });
});
test.afterAll(async () => {
  await hostile?.close();
});

async function send(page: Page, type: string, input: unknown): Promise<{ ok: boolean; data?: unknown; error?: unknown }> {
  return page.evaluate(([t, i]) => chrome.runtime.sendMessage({ type: t, input: i }), [type, input] as const);
}

/** Everything in the panel's DOM that could execute or navigate somewhere it should not. */
async function dangers(page: Page) {
  return page.evaluate(() => {
    const hrefs = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '');
    const srcs = [...document.querySelectorAll('[src]')].map((e) => e.getAttribute('src') ?? '');
    return {
      // tel: only as the E.164 number the panel writes itself (never the API's raw text).
      badLinks: hrefs.filter((h) => !/^(https?:|blob:|tel:\+[1-9]\d{6,14}$)/i.test(h)),
      badSources: srcs.filter((s) => !/^(https?:|chrome-extension:|\/)/i.test(s)),
      activeElements: document.querySelectorAll('body iframe, body object, body embed, body script, body style, body svg[onload], [onerror], [onload], [onclick]').length,
      pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

async function expectInert(page: Page): Promise<void> {
  expect(await dangers(page)).toEqual({ badLinks: [], badSources: [], activeElements: 0, pwned: null, overflow: 0 });
}

test('hostile data renders as inert text, links only http(s), nothing executes, and the panel stays usable', async ({
  context,
  serviceWorker,
  openExtensionPage,
  shot,
}) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  context.on('page', (p) => p.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss())));

  const samples = (await (await fetch(`${hostile.url}/_sandbox/samples`)).json()) as Samples;
  const setup = await openExtensionPage('sidepanel.html?tabId=0');
  await expect.poll(async () => (await send(setup, 'settings/update', { apiBaseUrl: hostile.url })).ok, { timeout: budget(15_000) }).toBe(true);
  expect((await send(setup, 'key/set', { key: uniqueKey('test-standard-sp-hostile') })).ok).toBe(true);
  // Every 7th record (ids 1, 8, 15, 22…) is hostile, cycling markup, javascript: URLs, huge strings, unicode;
  // samples are the lowest ids, so companies 0/7/14 and the first eight profiles cover every variant.
  for (const i of [0, 7, 14]) {
    const reply = await send(setup, 'company/enrich', { url: samples.companies[i]?.website });
    expect(reply.error, `company ${samples.companies[i]?.website}`).toBeUndefined();
  }
  for (const profile of samples.socialProfiles.slice(0, 8)) {
    const reply = await send(setup, 'contact/enrich', { lookup: { social_profile: profile } });
    expect(reply.error, `contact ${profile}`).toBeUndefined();
  }
  await setup.close();

  const tab = await context.newPage();
  await tab.goto(`${hostile.url}/demo/directory`);
  const tabId = await serviceWorker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id ?? -1, `${hostile.url}/demo/directory`);
  const panel = await openExtensionPage(`sidepanel.html?tabId=${tabId}`);
  await panel.setViewportSize({ width: 360, height: 900 });
  panel.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));

  // The page view of a directory full of hostile names.
  await expect(panel.getByRole('table', { name: 'People found on this page' })).toBeVisible({ timeout: budget(20_000) });
  await expectInert(panel);

  // Reopen every hostile record the contact book kept, one after the other.
  await panel.getByRole('tab', { name: 'History', exact: true }).click();
  const history = panel.getByRole('tabpanel', { name: 'History' });
  const rows = history.getByTestId('book-row');
  await expect(rows.first()).toBeVisible({ timeout: budget(15_000) });
  const kept = await rows.count();
  let sawMarkupAsText = false;
  for (let i = 0; i < kept; i++) {
    await panel.getByRole('tab', { name: 'History', exact: true }).click();
    await rows.nth(i).getByRole('button', { name: /^Open .* · free$/ }).click();
    const view = panel.getByRole('tabpanel', { name: /^(Contact|Company)$/ }).filter({ has: panel.locator('article') });
    await expect(view).toBeVisible();
    await expectInert(panel);
    if ((await view.getByText(/<script>|<img src=x/).count()) > 0) sawMarkupAsText = true;
    await shot(panel, `sidepanel-hostile-${i}`);
  }
  // The markup was shown, as text — proof it reached the UI and was not interpreted.
  expect(sawMarkupAsText).toBe(true);

  // Lookalikes include hostile companies (javascript: websites, markup names): still inert.
  await panel.getByRole('tab', { name: 'Company', exact: true }).click();
  await panel.getByRole('tabpanel', { name: 'Company' }).getByRole('button', { name: 'Lookalikes' }).click();
  const similar = panel.getByRole('tabpanel', { name: 'Similar' });
  await similar.getByLabel('How many').selectOption('100');
  await similar.getByRole('button', { name: /^(Find lookalikes|Search again) · / }).click();
  const table = similar.getByRole('table', { name: 'Lookalike companies' });
  await expect(table).toBeVisible({ timeout: budget(20_000) });
  await table.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  await expectInert(panel);
  await shot(panel, 'sidepanel-hostile-lookalikes');

  // Still usable: every view opens and the keyboard still moves between tabs.
  for (const name of ['Page', 'Contact', 'Company', 'Similar', 'Search', 'History']) {
    await panel.getByRole('tab', { name, exact: true }).click();
    await expect(panel.getByRole('tabpanel', { name })).toBeVisible();
  }
  await panel.getByRole('tab', { name: 'History', exact: true }).press('Home');
  await expect(panel.getByRole('tab', { name: 'Page', exact: true })).toBeFocused();
  await expectInert(panel);
  expect(dialogs).toEqual([]);
});
