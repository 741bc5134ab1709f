import { expect, test } from './fixtures';
import { budget } from '../time-budget';

// The four wires everything else hangs on: worker, content script → background, panel ↔ background, popup.

test('the background service worker starts and reports a valid manifest', async ({ serviceWorker }) => {
  const manifest = await serviceWorker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.name).toBe('In-Page Enrich');
  expect(manifest.permissions).toEqual(expect.arrayContaining(['storage', 'contextMenus', 'sidePanel', 'activeTab', 'scripting']));
  // Least privilege: no required access to every site.
  expect(manifest.host_permissions).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
  expect(manifest.content_scripts ?? []).toEqual([]);
});

test('a content script on a 127.0.0.1 page reports to the background, and the side panel reads it back', async ({
  context,
  sandbox,
  openExtensionPage,
  shot,
}) => {
  const page = await context.newPage();
  await page.goto(`${sandbox.url}/demo/team`);
  const panel = await openExtensionPage('options.html');
  const tabId = await panel.evaluate(async (url) => {
    const [tab] = await chrome.tabs.query({ url: `${url}/demo/team` });
    return tab?.id ?? -1;
  }, sandbox.url);
  expect(tabId).toBeGreaterThan(0);
  // 'page/get' with scan:true injects the content script (127.0.0.1 is a granted host) and returns what it found.
  await expect
    .poll(
      () =>
        panel.evaluate(async (id) => {
          const reply = (await chrome.runtime.sendMessage({ type: 'page/get', input: { tabId: id, scan: true } })) as {
            ok: boolean;
            data?: { entities: { emails: string[] } } | null;
          };
          return reply.ok ? (reply.data?.entities.emails.length ?? 0) : -1;
        }, tabId),
      { timeout: budget(15_000) },
    )
    .toBeGreaterThan(0);
  await shot(page, 'foundation-demo-team-page');
});

test('the side panel renders and round-trips a message with the background', async ({ openExtensionPage, shot }) => {
  const panel = await openExtensionPage('sidepanel.html');
  await expect(panel.locator('#root')).not.toBeEmpty();
  const reply = await panel.evaluate(() => chrome.runtime.sendMessage({ type: 'queue/state', input: {} }));
  expect(reply).toMatchObject({ ok: true, data: { windowLimit: expect.any(Number) } });
  await shot(panel, 'foundation-sidepanel');
});

test('the popup renders: onboarding without a key, the verifier with one', async ({
  openExtensionPage,
  configure,
  shot,
}) => {
  const popup = await openExtensionPage('popup.html');
  await expect(popup.getByRole('heading', { name: 'In-Page Enrich' })).toBeVisible();
  await expect(popup.getByText('Add your API key to start')).toBeVisible();
  await configure({ apiKey: `test-standard-foundation-${Date.now()}` });
  await popup.reload();
  await expect(popup.getByRole('textbox', { name: 'Email address to verify' })).toBeVisible();
  await shot(popup, 'foundation-popup');
});
