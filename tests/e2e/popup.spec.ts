import { expectNoSeriousViolations } from './support/accessibility';
import type { Page } from '@playwright/test';
import { expect, test, uniqueKey } from './fixtures';

// The toolbar popup against the real sandbox: each verification outcome, the cache, the syntax check that keeps
// "bob@" from ever reaching the API, the no-key state, and opening the side panel. The popup is opened as a tab
// (Playwright cannot click the toolbar); tabs.query then finds the popup's own tab as "the current tab".

const DEMO_BUILD = process.env.WXT_DEMO === 'true';

async function send(page: Page, type: string, input: unknown): Promise<{ ok: boolean; data?: unknown; error?: unknown }> {
  return page.evaluate(([t, i]) => chrome.runtime.sendMessage({ type: t, input: i }), [type, input] as const);
}

/** Points the extension at the test sandbox with `key`, through the same messages the options page sends. */
async function configure(page: Page, sandboxUrl: string, key: string): Promise<void> {
  await expect.poll(async () => (await send(page, 'settings/update', { apiBaseUrl: sandboxUrl })).ok).toBe(true);
  expect((await send(page, 'key/set', { key })).ok).toBe(true);
}

async function requestsOf(sandboxUrl: string, key: string): Promise<Array<{ path: string; query: Record<string, string> }>> {
  const res = await fetch(`${sandboxUrl}/_sandbox/requests?key=${encodeURIComponent(key)}`);
  return ((await res.json()) as { requests: Array<{ path: string; query: Record<string, string> }> }).requests;
}

/** What the sandbox answers for an address, asked directly with a separate account (test setup, not the UI). */
async function probe(sandboxUrl: string, email: string): Promise<{ verified: boolean; catch_all: boolean }> {
  const res = await fetch(`${sandboxUrl}/v1/email-verification?email=${encodeURIComponent(email)}`, {
    headers: { 'X-API-Key': uniqueKey('test-standard-popup-probe') },
  });
  return (await res.json()) as { verified: boolean; catch_all: boolean };
}

/** One address per outcome, chosen from the sandbox's own data. */
async function addresses(sandboxUrl: string) {
  const samples = (await (await fetch(`${sandboxUrl}/_sandbox/samples`)).json()) as {
    emails: string[];
    companies: Array<{ website: string }>;
  };
  const domains = samples.companies.map((c) => new URL(c.website).hostname.replace(/^www\./, ''));
  let deliverable: string | undefined;
  for (const email of samples.emails) {
    const r = await probe(sandboxUrl, email);
    if (r.verified && !r.catch_all) {
      deliverable = email;
      break;
    }
  }
  let risky: string | undefined;
  let undeliverable: string | undefined;
  for (const domain of domains) {
    const r = await probe(sandboxUrl, `nobody.popup.e2e@${domain}`);
    if (r.catch_all) risky ??= `nobody.popup.e2e@${domain}`;
    else if (!r.verified) undeliverable ??= `nobody.popup.e2e@${domain}`;
    if (risky && undeliverable) break;
  }
  if (!deliverable || !risky || !undeliverable) throw new Error('The sandbox data has no address for some outcome.');
  return { deliverable, risky, undeliverable };
}

/** The popup at its real width (the toolbar popup is 360 px wide). */
async function openPopup(openExtensionPage: (path: string) => Promise<Page>): Promise<Page> {
  const page = await openExtensionPage('popup.html');
  await page.setViewportSize({ width: 360, height: 600 });
  return page;
}

test('each outcome explained with its cost; the cache answers for free; bad syntax sends nothing', async ({
  openExtensionPage,
  sandbox,
  shot,
}) => {
  const key = uniqueKey('test-standard-popup-verify');
  const { deliverable, risky, undeliverable } = await addresses(sandbox.url);
  const setup = await openExtensionPage('popup.html');
  await configure(setup, sandbox.url, key);
  await setup.close();

  const popup = await openPopup(openExtensionPage);
  const box = popup.getByRole('textbox', { name: 'Email address to verify' });
  const verify = popup.getByRole('button', { name: /^Verify/ });
  const result = popup.getByTestId('verification-result');

  // The price is on the button before the click.
  await box.fill(deliverable);
  await expect(verify).toContainText('1 credit');

  const cases = [
    [deliverable, 'Deliverable', /verified and the domain is not catch-all/],
    [risky, 'Risky · catch-all', /accepts every address/],
    // The answer says the service could not verify the mailbox, not that mail cannot be delivered.
    [undeliverable, 'Not verified', /could not verify this mailbox/],
  ] as const;
  for (const [email, label, explanation] of cases) {
    await box.fill(email);
    await box.press('Enter');
    await expect(result).toContainText(email);
    await expect(result).toContainText(label);
    await expect(result).toContainText(explanation);
    await expect(result).toContainText('Checked live · 1 credit charged');
    // The address is cached now: the help line speaks of checking it again, never of this paid answer as cached.
    await expect(popup.getByText('Checking this address again gives this answer from the cache, free.')).toBeVisible();
    await expect(popup.getByText(/so the answer comes from the cache/)).toHaveCount(0);
    await shot(popup, `popup-verify-${label.split(' ')[0]?.toLowerCase()}`);
  }
  const live = await requestsOf(sandbox.url, key);
  expect(live.filter((r) => r.path === '/v1/email-verification').map((r) => r.query.email)).toEqual([deliverable, risky, undeliverable]);

  // While the verdict of the address in the box is shown, the button offers to check it again, free (from the
  // cache): "free" never reads as the price of the check that says "1 credit charged" below it.
  await expect(popup.getByRole('button', { name: /^Check again · free$/ })).toBeVisible();
  // The same address again: the button says free before the click, and no request is made.
  await box.fill(deliverable);
  await expect(verify).toContainText(/free/);
  await verify.click();
  await expect(result).toContainText('Deliverable');
  await expect(result).toContainText('From cache · free');
  await shot(popup, 'popup-verify-cached');

  // Syntax errors are caught before any call.
  for (const [typed, message] of [
    ['bob@', /domain after the “@”/],
    ['bob', /needs an “@”/],
    ['bob@example', /missing its ending/],
  ] as const) {
    await box.fill(typed);
    await box.press('Enter');
    await expect(popup.getByText(message)).toBeVisible();
    await expect(popup.getByText(/Nothing was sent; no credit used/)).toBeVisible();
  }
  await shot(popup, 'popup-verify-bad-syntax');
  expect(await requestsOf(sandbox.url, key)).toHaveLength(live.length);

  // Recent verifications, newest first, each with its verdict.
  const reopened = await openPopup(openExtensionPage);
  const recent = reopened.getByRole('region', { name: 'Recent' }).getByRole('listitem');
  await expect(recent).toHaveCount(3);
  await expect(recent.first()).toContainText(undeliverable);
  await expect(recent.first()).toContainText('Not verified');
  await expect(reopened.getByTestId('credits-today')).toContainText('3 credits');
  await shot(reopened, 'popup-with-recent');
  await expectNoSeriousViolations(reopened);
  await reopened.emulateMedia({ colorScheme: 'dark' });
  await shot(reopened, 'popup-with-recent-dark');
  await expectNoSeriousViolations(reopened);
});

test('a wrong key: the 401 message with "Open settings", which opens the options page', async ({
  context,
  openExtensionPage,
  sandbox,
  shot,
}) => {
  const popup = await openPopup(openExtensionPage);
  await configure(popup, sandbox.url, 'not-a-real-key-123');
  await popup.reload();
  await popup.getByRole('textbox', { name: 'Email address to verify' }).fill('someone@example.com');
  await popup.getByRole('textbox', { name: 'Email address to verify' }).press('Enter');
  const alert = popup.getByRole('alert');
  await expect(alert).toContainText('Your API key was not accepted');
  await expect(alert).toContainText('Open the settings, paste a valid key');
  await shot(popup, 'popup-invalid-key');
  const [options] = await Promise.all([
    context.waitForEvent('page', (p) => p.url().endsWith('/options.html')),
    alert.getByRole('button', { name: 'Open settings' }).click(),
  ]);
  await expect(options.getByRole('heading', { name: 'API key' })).toBeVisible();
  // Where the button lands, the saved key is said to be the one the service refused (not only "Key saved").
  await expect(options.getByTestId('key-rejected')).toContainText(/Refused by the service .+: paste a valid key and test it/);
  await shot(options, 'options-key-rejected');
});

test('without a key: what is missing, a way to the settings, the demo sandbox only in demo builds', async ({
  openExtensionPage,
  shot,
}) => {
  const popup = await openPopup(openExtensionPage);
  await expect(popup.getByText('Add your API key to start')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Open settings' }).first()).toBeVisible();
  await expect(popup.getByRole('textbox', { name: 'Email address to verify' })).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Use the demo sandbox' })).toHaveCount(DEMO_BUILD ? 1 : 0);
  await shot(popup, 'popup-no-key');
  await expectNoSeriousViolations(popup);
});

test('"Open the side panel" opens the panel for the current tab', async ({ openExtensionPage, serviceWorker }) => {
  const popup = await openExtensionPage('popup.html');
  await popup.getByRole('button', { name: 'Open the side panel for this tab' }).click();
  await expect
    .poll(() =>
      serviceWorker.evaluate(async () => (await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL'] })).length),
    )
    .toBe(1);
});
