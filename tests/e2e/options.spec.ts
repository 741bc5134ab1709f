import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoSeriousViolations } from './support/accessibility';
import type { Page } from '@playwright/test';
import { expect, test, uniqueKey } from './fixtures';

// The options page and the onboarding page against the real sandbox.
//
// Permission prompts: headless Chromium shows the host-permission prompt but nothing can click it (the request
// stays pending). So these tests drive the flows that need no prompt (the sandbox's 127.0.0.1 is a required host
// permission) and check that a new origin is *asked for* before anything is saved; granting, declining and
// revoking are covered with fakeBrowser in tests/unit/permissions/plan.test.ts.

async function send(page: Page, type: string, input: unknown): Promise<{ ok: boolean; data?: unknown; error?: unknown }> {
  return page.evaluate(([t, i]) => chrome.runtime.sendMessage({ type: t, input: i }), [type, input] as const);
}

async function settingsOf(page: Page): Promise<{ settings: Record<string, unknown>; key: { present: boolean; hint: string | null } }> {
  const reply = await send(page, 'settings/get', {});
  expect(reply.ok).toBe(true);
  return reply.data as { settings: Record<string, unknown>; key: { present: boolean; hint: string | null } };
}

async function requestsOf(sandboxUrl: string, key: string): Promise<Array<{ path: string; status: number }>> {
  const res = await fetch(`${sandboxUrl}/_sandbox/requests?key=${encodeURIComponent(key)}`);
  return ((await res.json()) as { requests: Array<{ path: string; status: number }> }).requests;
}

async function openOptions(openExtensionPage: (path: string) => Promise<Page>): Promise<Page> {
  const page = await openExtensionPage('options.html');
  await expect(page.getByRole('heading', { name: 'API key' })).toBeVisible();
  return page;
}

test('set the address and a key in the options UI, then a verification from the popup works', async ({
  openExtensionPage,
  sandbox,
  shot,
}) => {
  const key = uniqueKey('test-standard-options-e2e');
  const options = await openOptions(openExtensionPage);
  await expect(options.getByText('No key yet')).toBeVisible();
  await shot(options, 'options-initial');
  await expectNoSeriousViolations(options);

  // The test sandbox runs on a random port of 127.0.0.1: a required host, so saving asks for nothing.
  const address = options.getByRole('textbox', { name: 'API base URL' });
  await address.fill(sandbox.url);
  await options.getByRole('button', { name: 'Save address' }).click();
  await expect(options.getByText(`Saved. Lookups now go to ${sandbox.url}.`)).toBeVisible();
  expect((await settingsOf(options)).settings.apiBaseUrl).toBe(sandbox.url);

  // The key is masked until shown, saved, and checked for free.
  const keyBox = options.getByRole('textbox', { name: 'API key', exact: true });
  await keyBox.fill(key);
  await expect(keyBox).toHaveAttribute('type', 'password');
  await options.getByRole('button', { name: 'Show key' }).click();
  await expect(keyBox).toHaveAttribute('type', 'text');
  await options.getByRole('button', { name: 'Save key' }).click();
  await expect(options.getByText('Key saved and accepted by the service.')).toBeVisible();
  await expect(options.getByText('Key saved', { exact: true })).toBeVisible();
  await expect(options.getByText(`…${key.slice(-4)}`)).toBeVisible();
  await expect(keyBox).toHaveValue('');
  await shot(options, 'options-key-saved');
  // The free check is the only request so far, and it was not a lookup.
  const checks = await requestsOf(sandbox.url, key);
  expect(checks.map((r) => r.path)).toEqual(['/v1/enrich']);
  expect(checks[0]?.status).toBe(400);
  const ledger = (await (await fetch(`${sandbox.url}/_sandbox/ledger?key=${key}`)).json()) as { entries: unknown[] };
  expect(ledger.entries).toEqual([]);
  // The key never comes back to the page.
  expect(JSON.stringify(await settingsOf(options))).not.toContain(key);

  const popup = await openExtensionPage('popup.html');
  await popup.getByRole('textbox', { name: 'Email address to verify' }).fill('nobody@example.com');
  await popup.getByRole('textbox', { name: 'Email address to verify' }).press('Enter');
  await expect(popup.getByTestId('verification-result')).toContainText('Not verified');
  expect((await requestsOf(sandbox.url, key)).map((r) => r.path)).toEqual(['/v1/enrich', '/v1/email-verification']);

  // The answer is cached (so repeating it is free) until the cache is cleared.
  await options.bringToFront();
  await options.reload();
  const cache = options.getByRole('region', { name: 'Cache' });
  await expect(cache.getByText(/^1 cached answer, about/)).toBeVisible();
  await cache.getByRole('button', { name: 'Clear cache' }).click();
  await expect(cache.getByText(/People and companies you bought stay in your contacts and open free; looking anything else up again will cost credits/)).toBeVisible();
  await cache.getByRole('group', { name: 'Confirm clearing the cache' }).getByRole('button', { name: 'Clear cache' }).click();
  await expect(cache.getByText('Cache cleared.')).toBeVisible();
  await expect(cache.getByText(/^0 cached answers, about/)).toBeVisible();

  // Remove the key: the popup goes back to its no-key state.
  await options.getByRole('button', { name: 'Remove key' }).click();
  await options.getByRole('group', { name: 'Confirm removing the key' }).getByRole('button', { name: 'Remove key' }).click();
  await expect(options.getByText('No key yet')).toBeVisible();
  await popup.reload();
  await expect(popup.getByText('Add your API key to start')).toBeVisible();
});

test('a wrong key is reported by "Test" as not accepted, for free', async ({ openExtensionPage, sandbox, shot }) => {
  const wrongKey = uniqueKey('wrong-key-options');
  const options = await openOptions(openExtensionPage);
  await options.getByRole('textbox', { name: 'API base URL' }).fill(sandbox.url);
  await options.getByRole('button', { name: 'Save address' }).click();
  await expect(options.getByText(/^Saved\./)).toBeVisible();
  await options.getByRole('textbox', { name: 'API key', exact: true }).fill(wrongKey);
  await options.getByRole('button', { name: /Test this key/ }).click();
  await expect(options.getByText('Not accepted by the service')).toBeVisible();
  await shot(options, 'options-key-rejected');
  const log = await requestsOf(sandbox.url, wrongKey);
  expect(log.map((r) => [r.path, r.status])).toEqual([['/v1/enrich', 401]]);
});

test('the API address is validated, and a new origin is asked for before anything is saved', async ({
  openExtensionPage,
  sandbox,
  shot,
}) => {
  const options = await openOptions(openExtensionPage);
  const address = options.getByRole('textbox', { name: 'API base URL' });
  const save = options.getByRole('button', { name: 'Save address' });
  const before = (await settingsOf(options)).settings.apiBaseUrl;

  for (const [typed, message] of [
    ['api.example.com', /not a web address/],
    ['http://api.example.com', /unencrypted/],
    ['https://user:pw@api.example.com', /user name and password/],
    ['javascript:alert(1)', /Only https/],
  ] as const) {
    await address.fill(typed);
    await save.click();
    await expect(options.getByText(message)).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
  }
  await shot(options, 'options-address-invalid');
  expect((await settingsOf(options)).settings.apiBaseUrl).toBe(before);

  // A new https origin: the browser's permission prompt opens (headless Chromium leaves it unanswered), and the
  // address is not saved while it is pending.
  await address.fill('https://api.example.com');
  await save.click();
  await expect(save).toHaveAttribute('aria-busy', 'true');
  await expect(options.getByText('Allow access to api.example.com in the browser’s prompt to save this address.')).toBeVisible();
  expect((await settingsOf(options)).settings.apiBaseUrl).toBe(before);
  await shot(options, 'options-address-waiting-for-permission');

  // The sandbox (127.0.0.1, a required host) saves at once, from a fresh page.
  const again = await openOptions(openExtensionPage);
  await again.getByRole('textbox', { name: 'API base URL' }).fill(`${sandbox.url}/`);
  await again.getByRole('textbox', { name: 'API base URL' }).press('Enter');
  await expect(again.getByText(`Saved. Lookups now go to ${sandbox.url}.`)).toBeVisible();
  expect((await settingsOf(again)).settings.apiBaseUrl).toBe(sandbox.url);
});

test('privacy modes, a site with access, lookup defaults, budget and cache', async ({ openExtensionPage, shot }) => {
  const options = await openOptions(openExtensionPage);
  const privacy = options.getByRole('region', { name: 'Privacy: when pages are scanned' });
  await expect(privacy.getByRole('radio', { name: 'Only when I ask (recommended)' })).toBeChecked();
  await expect(privacy.getByText('What is sent, and when')).toBeVisible();

  await privacy.getByRole('radio', { name: 'Automatically on sites I choose' }).check();
  await expect(privacy.getByText(/Saved\. Scanning automatically on your chosen sites/)).toBeVisible();
  const site = privacy.getByRole('textbox', { name: 'Add a site' });
  await site.fill('not a site');
  await privacy.getByRole('button', { name: 'Add site' }).click();
  await expect(privacy.getByText(/is not a site address/)).toBeVisible();
  // 127.0.0.1 over http is granted by the manifest, so it needs no prompt and shows "Access granted".
  await site.fill('http://127.0.0.1');
  await privacy.getByRole('button', { name: 'Add site' }).click();
  const list = privacy.getByRole('list', { name: 'Sites scanned automatically' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('http://127.0.0.1');
  await expect(list).toContainText('Access granted');
  expect((await settingsOf(options)).settings).toMatchObject({ scanMode: 'sites', scanSites: ['http://127.0.0.1/*'] });
  await shot(options, 'options-privacy-sites');

  await privacy.getByRole('radio', { name: 'Only when I ask (recommended)' }).check();
  await expect(privacy.getByText(/Saved\. Scanning only when you ask/)).toBeVisible();
  expect((await settingsOf(options)).settings.scanMode).toBe('on-request');

  const defaults = options.getByRole('region', { name: 'Lookup defaults' });
  await expect(defaults.getByText('+1 credit')).toHaveCount(2);
  await defaults.getByRole('checkbox', { name: /Fetch live data/ }).check();
  await defaults.getByRole('checkbox', { name: 'Verified work email' }).check();
  await expect
    .poll(async () => (await settingsOf(options)).settings.lookupDefaults)
    .toEqual({ realtime: true, waterfall: false, includeAllExperiences: false, required: ['work_email'] });

  const budget = options.getByRole('region', { name: 'Daily budget' });
  await budget.getByRole('checkbox', { name: 'Limit the credits spent per day' }).check();
  await budget.getByRole('spinbutton', { name: 'Credits per day' }).fill('25');
  await budget.getByRole('button', { name: 'Save budget' }).click();
  await expect(budget.getByText('Saved. At most 25 credits a day.')).toBeVisible();

  const cache = options.getByRole('region', { name: 'Cache' });
  await expect(cache.getByText(/cached answers?, about/)).toBeVisible();
  await cache.getByRole('spinbutton', { name: 'Keep found results for (days)' }).fill('400');
  await expect(cache.getByText('Enter a whole number of days from 0 to 365.')).toBeVisible();
  await cache.getByRole('spinbutton', { name: 'Keep found results for (days)' }).fill('7');
  await cache.getByRole('button', { name: 'Save lifetimes' }).click();
  await expect(cache.getByText(/^Saved\. New lifetimes/)).toBeVisible();
  expect((await settingsOf(options)).settings).toMatchObject({ dailyBudget: 25, cache: { hitTtlDays: 7, missTtlDays: 3 } });
  await shot(options, 'options-all-sections');
  await expectNoSeriousViolations(options);
  await options.emulateMedia({ colorScheme: 'dark' });
  await shot(options, 'options-all-sections-dark');
  await expectNoSeriousViolations(options);
});

test('export without the key by default, import validates the whole file first', async ({ openExtensionPage, shot }) => {
  const options = await openOptions(openExtensionPage);
  const transfer = options.getByRole('region', { name: 'Export and import' });

  const [download] = await Promise.all([
    options.waitForEvent('download'),
    transfer.getByRole('button', { name: 'Export settings' }).click(),
  ]);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as Record<string, unknown>;
  expect(exported).toMatchObject({ format: 'in-page-enrich/settings', version: 1 });
  expect(exported).not.toHaveProperty('apiKey');

  // With the key, only when asked (and pasted: the page never reads the stored key back).
  await transfer.getByRole('checkbox', { name: 'Include my API key' }).check();
  await expect(transfer.getByRole('button', { name: 'Export settings' })).toBeDisabled();
  await transfer.getByLabel('API key to include').fill('sk-exported-123');
  const [withKey] = await Promise.all([
    options.waitForEvent('download'),
    transfer.getByRole('button', { name: 'Export settings' }).click(),
  ]);
  expect(JSON.parse(readFileSync(await withKey.path(), 'utf8'))).toMatchObject({ apiKey: 'sk-exported-123' });

  // A file with one bad value is refused as a whole, naming the field.
  const bad = join(tmpdir(), 'ipe-bad-settings.json');
  writeFileSync(bad, JSON.stringify({ ...exported, settings: { ...(exported.settings as object), dailyBudget: -3, scanMode: 'always' } }));
  await transfer.getByLabel('Choose a settings file').setInputFiles(bad);
  const refusal = transfer.getByRole('alert');
  await expect(refusal).toContainText('nothing was imported');
  await expect(refusal).toContainText('dailyBudget');
  await expect(refusal).toContainText('scanMode');
  await shot(options, 'options-import-refused');

  // A good file: previewed with its values, old → new. What changes prices or spending limits is its own step, off by
  // default: imported unticked, the rest applies and the prices stay; ticked, they apply too.
  const before = (await settingsOf(options)).settings as { dailyBudget: number | null; lookupDefaults: { realtime: boolean } };
  const good = join(tmpdir(), 'ipe-good-settings.json');
  const base = exported.settings as { lookupDefaults: object };
  writeFileSync(
    good,
    JSON.stringify({ ...exported, settings: { ...base, dailyBudget: 12, lookupDefaults: { ...base.lookupDefaults, realtime: true, includeAllExperiences: true } } }),
  );
  await transfer.getByLabel('Choose a settings file').setInputFiles(good);
  const preview = transfer.getByRole('group', { name: 'Settings to import' });
  await expect(preview).toContainText('Lookup defaults › Include the full employment history: off → on');
  const prices = preview.getByTestId('import-price-changes');
  await expect(prices).toContainText('Fetch live data (realtime): off → on (+1 credit per contact found)');
  await expect(prices).toContainText(/Daily budget: .+ → 12 credits/);
  const pricesOptIn = prices.getByRole('checkbox', { name: 'Also apply these price changes' });
  await expect(pricesOptIn).not.toBeChecked();
  await shot(options, 'options-import-preview');
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(transfer.getByText(/^Imported ipe-good-settings\.json\..*Prices and spending limits were not changed: /)).toBeVisible();
  expect((await settingsOf(options)).settings).toMatchObject({
    dailyBudget: before.dailyBudget,
    lookupDefaults: { realtime: before.lookupDefaults.realtime, includeAllExperiences: true },
  });

  await transfer.getByLabel('Choose a settings file').setInputFiles(good);
  await preview.getByTestId('import-price-changes').getByRole('checkbox', { name: 'Also apply these price changes' }).check();
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(transfer.getByText(/^Imported ipe-good-settings\.json\.$/)).toBeVisible();
  expect((await settingsOf(options)).settings).toMatchObject({ dailyBudget: 12, lookupDefaults: { realtime: true } });
  await expect(options.getByRole('spinbutton', { name: 'Credits per day' })).toHaveValue('12');

  // A file that also moves the API address (where the saved key goes): the preview names the host and says the key
  // would go there; unless the user ticks that, the rest applies and the address stays.
  const address = (await settingsOf(options)).settings.apiBaseUrl;
  const moved = join(tmpdir(), 'ipe-moved-settings.json');
  writeFileSync(moved, JSON.stringify({ ...exported, settings: { ...(exported.settings as object), cache: { hitTtlDays: 9, missTtlDays: 2 }, apiBaseUrl: 'https://api.enrich-lookalike.com' } }));
  await transfer.getByLabel('Choose a settings file').setInputFiles(moved);
  const movedPreview = transfer.getByRole('group', { name: 'Settings to import' });
  await expect(movedPreview).toContainText('This file changes the API address to api.enrich-lookalike.com');
  const optIn = movedPreview.getByRole('checkbox', { name: /Also change the API address to api\.enrich-lookalike\.com/ });
  await expect(optIn).not.toBeChecked();
  await shot(options, 'options-import-address-change');
  await movedPreview.getByRole('button', { name: 'Import' }).click();
  await expect(transfer.getByText(/The API address was not changed\./)).toBeVisible();
  const after = (await settingsOf(options)).settings;
  expect(after.cache).toEqual({ hitTtlDays: 9, missTtlDays: 2 });
  expect(after.apiBaseUrl).toBe(address);
});

test('onboarding: what it does, what it sends, and a key or the demo sandbox', async ({ openExtensionPage, shot }) => {
  const page = await openExtensionPage('onboarding.html');
  await expect(page.getByRole('heading', { name: 'Welcome to In-Page Enrich' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What it does' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What it sends, and when' })).toBeVisible();
  await expect(page.getByText('While you browse: nothing.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'API key', exact: true })).toBeVisible();
  const demo = page.getByRole('button', { name: 'Use the demo sandbox' });
  await expect(demo).toHaveCount(process.env.WXT_DEMO === 'true' ? 1 : 0);
  await shot(page, 'onboarding');
  await expectNoSeriousViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'onboarding-dark');
  await expectNoSeriousViolations(page);
  if (process.env.WXT_DEMO === 'true') {
    await demo.click();
    await expect(page.getByText('Connected to the demo sandbox')).toBeVisible();
    expect(await settingsOf(page)).toMatchObject({ settings: { apiBaseUrl: 'http://127.0.0.1:8787' }, key: { present: true } });
  }
});

test('corrupted stored settings: each bad field falls back on its own, good ones and the key are kept', async ({
  openExtensionPage,
  serviceWorker,
  shot,
}) => {
  const setup = await openExtensionPage('options.html');
  const key = uniqueKey('test-standard-corrupt');
  await expect.poll(async () => (await send(setup, 'key/set', { key })).ok).toBe(true);
  // Written straight into the background's store of settings (lib/storage/owned-value.ts), as a bug or an old version
  // might leave it.
  await serviceWorker.evaluate(
    (settings) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('ipe-background-values');
        open.onerror = () => reject(open.error ?? new Error('not opened'));
        open.onsuccess = () => {
          const tx = open.result.transaction('values', 'readwrite');
          tx.objectStore('values').put(settings, 'settings');
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error ?? new Error('not written'));
        };
      }),
    {
      apiBaseUrl: 'javascript:alert(1)',
      lookupDefaults: { realtime: 'yes', waterfall: true, includeAllExperiences: false, required: ['ssn'] },
      scanMode: 'on-request',
      scanSites: 'everything',
      cache: { hitTtlDays: 7, missTtlDays: -1 },
      dailyBudget: 'lots',
      confirmAboveCredits: -1,
      country: 'Deutschland',
    },
  );
  const options = await openOptions(openExtensionPage);
  expect(await settingsOf(options)).toEqual({
    settings: {
      apiBaseUrl: expect.stringMatching(/^https?:\/\//),
      lookupDefaults: { realtime: false, waterfall: true, includeAllExperiences: false, required: [] },
      scanMode: 'on-request',
      scanSites: [],
      cache: { hitTtlDays: 7, missTtlDays: 3 },
      dailyBudget: null,
      confirmAboveCredits: 100,
      country: null,
    },
    key: { present: true, hint: `…${key.slice(-4)}`, rejectedAt: null },
  });
  await expect(options.getByText('Key saved', { exact: true })).toBeVisible();
  await expect(options.getByRole('checkbox', { name: /waterfall/ })).toBeChecked();
  await expect(options.getByRole('checkbox', { name: /realtime/ })).not.toBeChecked();
  await expect(options.getByRole('spinbutton', { name: 'Keep found results for (days)' })).toHaveValue('7');
  await shot(options, 'options-after-corruption');
});
