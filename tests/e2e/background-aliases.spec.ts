import type { BrowserContext, Locator, Page, Worker } from '@playwright/test';
import { expect, test, uniqueKey } from './fixtures';
import { budget } from '../time-budget';

// The demo tour's double charge, in the real extension: a person enriched by email from the side panel is then
// free on their profile page (the cache's alias for their profile URL), with no second request to the service.

async function send(page: Page, type: string, input: unknown): Promise<{ ok: boolean; data?: unknown }> {
  return page.evaluate(([t, i]) => chrome.runtime.sendMessage({ type: t, input: i }), [type, input] as const);
}

async function openPanel(context: BrowserContext, serviceWorker: Worker, openExtensionPage: (path: string) => Promise<Page>, url: string) {
  const tab = await context.newPage();
  await tab.goto(url);
  const tabId = await serviceWorker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id ?? -1, url);
  expect(tabId).toBeGreaterThan(0);
  const panel = await openExtensionPage(`sidepanel.html?tabId=${tabId}`);
  await panel.setViewportSize({ width: 360, height: 900 });
  return { panel, tabId };
}

const view = (panel: Page, name: string): Locator => panel.getByRole('tabpanel', { name });

test('enriched by email in the side panel, the same person is "cached · free" on their profile page', async ({ context, serviceWorker, openExtensionPage, sandbox, shot }) => {
  const key = `test-standard-aliases-${Date.now().toString(36)}`;
  const setup = await openExtensionPage('sidepanel.html?tabId=0');
  await expect.poll(async () => (await send(setup, 'settings/update', { apiBaseUrl: sandbox.url })).ok, { timeout: budget(15_000) }).toBe(true);
  expect((await send(setup, 'key/set', { key })).ok).toBe(true);
  await setup.close();

  // A sample person with a work email, asked of the sandbox directly with another account.
  const { socialProfiles } = (await (await fetch(`${sandbox.url}/_sandbox/samples`)).json()) as { socialProfiles: string[] };
  let person: { profile: string; email: string } | undefined;
  for (const profile of socialProfiles.slice(5)) {
    const res = await fetch(`${sandbox.url}/v1/enrich?social_profile=${encodeURIComponent(profile)}`, { headers: { 'X-API-Key': uniqueKey('test-standard-aliases-probe') } });
    const email = ((await res.json()) as { result: { current_work_email: string } }).result.current_work_email;
    if (email) {
      person = { profile, email };
      break;
    }
  }
  if (!person) throw new Error('no sample person with a work email');

  // Enrich by email: the context menu's "Enrich “…”" opens the contact with its price; the user confirms.
  const blog = await openPanel(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/blog`);
  await serviceWorker.evaluate(
    ([id, selectionText]) =>
      (globalThis as unknown as { inPageEnrich: { onContextMenuClick: (info: object, tab: object) => Promise<void> } }).inPageEnrich.onContextMenuClick(
        { menuItemId: 'ipe-enrich-selection', selectionText },
        { id },
      ),
    [blog.tabId, person.email] as const,
  );
  const contact = view(blog.panel, 'Contact');
  await contact.getByRole('button', { name: /^Enrich · 1 credit$/ }).click();
  await expect(contact.getByTestId('contact-profile').getByText(/^Live · 1 credit$/)).toBeVisible({ timeout: budget(15_000) });
  const enrichRequests = async () =>
    ((await (await fetch(`${sandbox.url}/_sandbox/requests?key=${encodeURIComponent(key)}`)).json()) as { requests: Array<{ path: string }> }).requests.filter(
      (r) => r.path === '/v1/enrich',
    ).length;
  expect(await enrichRequests()).toBe(1);

  // Their profile page: the lead offers to open the cached answer, free; opening it makes no request.
  const slug = new URL(person.profile).pathname.split('/').filter(Boolean)[1] ?? '';
  const profile = await openPanel(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/profile/${slug}`);
  const lead = view(profile.panel, 'Page').getByTestId('profile-lead');
  const open = lead.getByRole('button', { name: /^Open · Cached .* · free$/ });
  await expect(open).toBeVisible({ timeout: budget(15_000) });
  await shot(profile.panel, 'background-aliases-profile-cached');
  await open.click();
  await expect(view(profile.panel, 'Contact').getByTestId('contact-profile').getByText(/^Cached .* · free$/)).toBeVisible();
  expect(await enrichRequests()).toBe(1);
  const ledger = (await (await fetch(`${sandbox.url}/_sandbox/ledger?key=${encodeURIComponent(key)}`)).json()) as { entries: Array<{ endpoint: string }> };
  expect(ledger.entries.filter((e) => e.endpoint === 'enrich')).toHaveLength(1);
});
