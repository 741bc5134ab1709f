/**
 * Numbers you can trust: for each figure that once said one thing and did another, the screen's words
 * before and after a click are compared with the sandbox's ledger and request log. Every test uses its own key, so
 * its ledger holds only what it did.
 */
import type { BrowserContext, Locator, Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiRequests, enrichSelection, ledgerOf, openPanelFor, samplesOf } from './support/reliability';
import { budget } from '../time-budget';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const view = (panel: Page, name: string): Locator => panel.getByRole('tabpanel', { name });

/** Credits a price label promises: "free" → 0, "1 credit" → 1, "up to 12 credits" → 12. */
function creditsIn(label: string): number {
  if (/\bfree\b/i.test(label)) return 0;
  const match = /(\d[\d,]*)\s+credits?\b/.exec(label);
  if (!match) throw new Error(`no price in "${label}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

/** What a screen reader (and the user) reads for a button: its label with its price. */
async function nameOf(button: Locator): Promise<string> {
  return button.evaluate((el) => el.getAttribute('aria-label') ?? (el as HTMLElement).innerText);
}

/** A key of the test's own (its ledger is the test's alone), then the side panel on the sandbox's team page. */
async function onTeamPage(
  fx: { context: BrowserContext; serviceWorker: Worker; openExtensionPage: (path: string) => Promise<Page>; configure: (opts: { apiKey: string }) => Promise<void>; sandbox: { url: string } },
  name: string,
) {
  const key = `test-standard-money-${name}-${Date.now()}`;
  await fx.configure({ apiKey: key });
  const opened = await openPanelFor(fx.context, fx.serviceWorker, fx.openExtensionPage, `${fx.sandbox.url}/demo/team`);
  const page = view(opened.panel, 'Page');
  return { key, ...opened, page, people: page.getByRole('table', { name: 'People found on this page' }), contact: view(opened.panel, 'Contact') };
}

/** "Clear cache" on the real options page, confirmed; the page is closed again. */
async function clearCache(openExtensionPage: (path: string) => Promise<Page>): Promise<void> {
  const options = await openExtensionPage('options.html');
  await options.getByRole('button', { name: 'Clear cache' }).click();
  await options.getByRole('group', { name: /clear/i }).getByRole('button', { name: 'Clear cache' }).click();
  await expect(options.getByText('Cache cleared.')).toBeVisible({ timeout: budget(15_000) });
  await options.close();
}

async function charged(sandboxUrl: string, key: string, endpoint?: string): Promise<number> {
  const { entries } = await ledgerOf(sandboxUrl, key);
  return entries.filter((e) => !endpoint || e.endpoint === endpoint).reduce((n, e) => n + e.credits, 0);
}

test('company: "Enrich · 1 credit" then "Refresh" charge exactly what their labels said', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
  sandbox,
  shot,
}) => {
  test.setTimeout(120_000); // panel 15 s, two lookups 15 s each, the options page 15 s, the book's copy 15 s, slack
  const { key, panel } = await onTeamPage({ context, serviceWorker, openExtensionPage, configure, sandbox }, 'company');
  const companies = view(panel, 'Page').getByRole('table', { name: /^(Other )?companies found on this page$/i });

  await test.step('the first enrich says 1 credit and the ledger books 1', async () => {
    const enrich = companies.getByRole('button', { name: /^Enrich .+ · 1 credit$/ }).first();
    await expect(enrich).toBeVisible({ timeout: budget(15_000) });
    const promised = creditsIn(await nameOf(enrich));
    await enrich.click();
    await expect(view(panel, 'Company').getByTestId('company-profile')).toBeVisible({ timeout: budget(15_000) });
    expect(await charged(sandbox.url, key, 'company')).toBe(promised);
  });

  await test.step('"Refresh" states its own price, and the ledger moves by exactly that', async () => {
    const refresh = view(panel, 'Company').getByRole('button', { name: /^Refresh · / });
    await expect(refresh).toBeEnabled();
    const label = await nameOf(refresh);
    const before = await charged(sandbox.url, key, 'company');
    const requestsBefore = (await apiRequests(sandbox.url, key)).length;
    await refresh.click();
    // The refresh really asks the service (it bypasses the cache): wait for its request, then for the screen.
    await expect.poll(async () => (await apiRequests(sandbox.url, key)).length, { timeout: budget(15_000) }).toBe(requestsBefore + 1);
    await expect(view(panel, 'Company').getByText('Refreshing…')).toBeHidden({ timeout: budget(15_000) });
    await shot(panel, 'money-company-refreshed');
    expect(await charged(sandbox.url, key, 'company')).toBe(before + creditsIn(label));
  });

  await test.step('the cache cleared, the company row opens from the contact book, free, and says so', async () => {
    await clearCache(openExtensionPage);
    await panel.getByRole('tab', { name: 'Page' }).click();
    const saved = companies.getByRole('button', { name: /^Open .+ · In your contacts, bought .+ · free$/ }).first();
    await expect(saved).toBeVisible({ timeout: budget(15_000) });
    const before = await charged(sandbox.url, key, 'company');
    const requestsBefore = (await apiRequests(sandbox.url, key)).length;
    await saved.click();
    const company = view(panel, 'Company');
    await expect(company.getByTestId('company-profile')).toBeVisible({ timeout: budget(15_000) });
    await expect(company.getByText(/^Saved · bought .+ · free$/)).toBeVisible({ timeout: budget(15_000) });
    // Refreshing the book's copy is still a choice with its price on it. The account had the company found today, so the
    // service's 30 days make it free, cache cleared or not (lib/credits/company-window.ts): clicked, the ledger agrees.
    const refresh = company.getByRole('button', { name: /^Refresh · / });
    await expect(refresh).toBeEnabled();
    await shot(panel, 'money-company-saved');
    expect(await apiRequests(sandbox.url, key)).toHaveLength(requestsBefore);
    expect(await charged(sandbox.url, key, 'company')).toBe(before);
    const label = await nameOf(refresh);
    expect(creditsIn(label)).toBe(0);
    await refresh.click();
    await expect.poll(async () => (await apiRequests(sandbox.url, key)).length, { timeout: budget(15_000) }).toBe(requestsBefore + 1);
    await expect(company.getByText('Refreshing…')).toBeHidden({ timeout: budget(15_000) });
    expect(await charged(sandbox.url, key, 'company')).toBe(before);
  });
});

test('over budget: the button says so, the note gives the price, what is left and the cheaper choice, which costs what it said', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
  sandbox,
  shot,
}) => {
  test.setTimeout(90_000);
  const key = `test-standard-money-budget-${Date.now()}`;
  await configure({
    apiKey: key,
    settings: { dailyBudget: 2, lookupDefaults: { realtime: true, waterfall: true, includeAllExperiences: false, required: [] } },
  });
  const samples = await samplesOf(sandbox.url);
  const email = samples.emails[5]!;
  const { panel, tabId } = await openPanelFor(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/team`);
  const contact = view(panel, 'Contact');

  await test.step('the full lookup (3 credits) is refused before anything is sent, and says why', async () => {
    await enrichSelection(serviceWorker, tabId, email);
    await expect(contact.getByTestId('contact-confirm')).toBeVisible({ timeout: budget(15_000) });
    await expect(contact.getByRole('button', { name: /^Enrich · over budget$/ })).toBeDisabled();
    const note = contact.getByTestId('over-budget');
    await expect(note).toContainText('this can cost up to 3 credits');
    await expect(note).toContainText('2 credits of your daily budget of 2 credits are left');
    await expect(note).toContainText('Without realtime and waterfall it costs 1 credit');
    await expect(note.getByRole('button', { name: 'Daily budget settings' })).toBeVisible();
    await shot(panel, 'money-over-budget');
    expect(await apiRequests(sandbox.url, key)).toEqual([]);
  });

  await test.step('the cheaper choice says 1 credit, and the ledger books exactly 1', async () => {
    const cheaper = contact.getByRole('button', { name: /^Enrich without extras · / });
    const promised = creditsIn(await nameOf(cheaper));
    expect(promised).toBe(1);
    await cheaper.click();
    await expect(contact.getByTestId('contact-profile')).toBeVisible({ timeout: budget(15_000) });
    expect(await charged(sandbox.url, key)).toBe(promised);
    const sent = await apiRequests(sandbox.url, key);
    expect(sent.map((r) => [r.path, r.query.realtime ?? 'false', r.query.waterfall ?? 'false'])).toEqual([['/v1/enrich', 'false', 'false']]);
  });
});

test('an unrecognised selection disarms the lookup it replaces: no live paid button stays under the question', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
  sandbox,
  shot,
}) => {
  test.setTimeout(60_000);
  const samples = await samplesOf(sandbox.url);
  const { key, panel, tabId, contact } = await onTeamPage({ context, serviceWorker, openExtensionPage, configure, sandbox }, 'disarm');

  await test.step('an email arms a priced lookup', async () => {
    await enrichSelection(serviceWorker, tabId, samples.emails[6]!);
    await expect(contact.getByRole('button', { name: /^Enrich · 1 credit$/ })).toBeVisible({ timeout: budget(15_000) });
  });

  await test.step('words that are no identifier: the question shows, and the old lookup is gone', async () => {
    await enrichSelection(serviceWorker, tabId, 'see you at the conference');
    await expect(panel.getByTestId('intent-banner')).toContainText('Could not tell what');
    await expect(contact.getByTestId('contact-confirm')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: /^Enrich · 1 credit$/ })).toHaveCount(0);
    await shot(panel, 'money-unrecognised-disarmed');
    expect(await apiRequests(sandbox.url, key)).toEqual([]);
  });
});

test('two companies on one hosting platform are two companies: neither is "cached · free" from the other', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
  sandbox,
  pageServer,
}) => {
  test.setTimeout(90_000);
  const key = `test-standard-money-hosted-${Date.now()}`;
  await configure({ apiKey: key });
  const { panel } = await openPanelFor(context, serviceWorker, openExtensionPage, `${pageServer.url}/hosted-companies.html`);
  const page = view(panel, 'Page');
  const hosts = ['northwind-traders.azurewebsites.net', 'contoso-labs.azurewebsites.net'];

  for (const [i, host] of hosts.entries()) {
    await test.step(`${host}: its own price and its own request`, async () => {
      const row = page.getByRole('row').filter({ hasText: host });
      const enrich = row.getByRole('button', { name: /^Enrich / });
      await expect(enrich).toBeVisible({ timeout: budget(15_000) });
      // Neither row may borrow the other's cached answer: both are priced as new lookups.
      await expect(enrich).toHaveText(/1 credit/);
      await enrich.click();
      await expect(view(panel, 'Company').getByText(/No company found|Overview/).first()).toBeVisible({ timeout: budget(15_000) });
      // The sandbox logs a request as it finishes it, which may be just after the panel has drawn the answer.
      await expect.poll(async () => (await apiRequests(sandbox.url, key)).filter((r) => r.path === '/v1/company').length, { timeout: budget(15_000) }).toBe(i + 1);
      const sent = (await apiRequests(sandbox.url, key)).filter((r) => r.path === '/v1/company');
      expect(sent).toHaveLength(i + 1);
      expect(JSON.stringify(sent[i]!.query)).toContain(host);
      await panel.getByRole('tab', { name: 'Page', exact: true }).click();
    });
  }
});

test('a "free" price that outlives the cache: what was bought is answered from the contact book, free, whether the cache expired behind the click or was cleared', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
  sandbox,
  shot,
}) => {
  // Budget: panel and scan 20 s, three lookups 15 s each, the options page 15 s, slack for a busy machine.
  test.setTimeout(150_000);
  const { key, panel, tabId, people, contact } = await onTeamPage({ context, serviceWorker, openExtensionPage, configure, sandbox }, 'stale');
  const backToPage = () => panel.getByRole('tab', { name: 'Page' }).click();

  const name = await test.step('a person enriched at "1 credit" then reads "free"', async () => {
    const enrich = people.getByRole('button', { name: /^Enrich .+ · 1 credit$/ }).first();
    await expect(enrich).toBeVisible({ timeout: budget(20_000) });
    const label = await nameOf(enrich);
    const who = /^Enrich (.+) · 1 credit$/.exec(label)?.[1] ?? '';
    await enrich.click();
    await expect(contact.getByTestId('contact-profile')).toBeVisible({ timeout: budget(15_000) });
    expect(await charged(sandbox.url, key, 'enrich')).toBe(1);
    await backToPage();
    await expect(people.getByRole('button', { name: `Open ${who} · Cached just now · free` })).toBeVisible({ timeout: budget(15_000) });
    return who;
  });

  await test.step('a cached answer that expires behind a "free" button: bought before, so the click opens the contact book\'s copy, free, nothing sent', async () => {
    // The row says "free" either way: cached, or (once a late price event re-asks it after the expiry) "In your
    // contacts, bought …". Either label opens the same free copy.
    const open = people.getByRole('button', { name: new RegExp(`^Open ${escapeRegExp(name)} · .+ · free$`) });
    // Expiry sends no event (nothing happens at that moment): every cached answer is made to expire now, in the
    // background's own store, while the row still says "free". The lookup is then answered from the contact book,
    // as a bulk row of the same person is (lib/engine/plan.ts): the "free" the row said stays true.
    await serviceWorker.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.open('ipe-cache');
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const tx = request.result.transaction('entries', 'readwrite');
            const store = tx.objectStore('entries');
            const all = store.getAll();
            all.onsuccess = () => {
              for (const entry of all.result as Array<{ expiresAt: number }>) store.put({ ...entry, expiresAt: Date.now() - 1000 });
            };
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
    const requestsBefore = (await apiRequests(sandbox.url, key)).length;
    await open.click();
    await expect(contact.getByTestId('contact-profile')).toContainText(name, { timeout: budget(15_000) });
    await expect(contact.getByText(/^Saved · bought .+ · free$/).first()).toBeVisible({ timeout: budget(15_000) });
    await shot(panel, 'money-expired-free-from-book');
    expect(await apiRequests(sandbox.url, key)).toHaveLength(requestsBefore);
    expect(await charged(sandbox.url, key, 'enrich')).toBe(1);
    await backToPage();
  });

  await test.step('clearing the cache re-prices the open panel\'s row at once: bought, so it opens from the contact book, free', async () => {
    await clearCache(openExtensionPage);
    // Not "Enrich · 1 credit": the cache decides what a lookup costs, the book keeps what was bought.
    const saved = people.getByRole('button', { name: new RegExp(`^Open ${escapeRegExp(name)} · In your contacts, bought .+ · free$`) });
    await expect(saved).toBeVisible({ timeout: budget(15_000) });
    await shot(panel, 'money-saved-row');
    const requestsBefore = (await apiRequests(sandbox.url, key)).length;
    await saved.click();
    await expect(contact.getByTestId('contact-profile')).toBeVisible({ timeout: budget(15_000) });
    await expect(contact.getByTestId('contact-profile')).toContainText(name);
    // Said as what it is: the book's copy, not a cached answer.
    await expect(contact.getByText(/^Saved · bought .+ · free$/)).toBeVisible();
    expect(await apiRequests(sandbox.url, key)).toHaveLength(requestsBefore);
    expect(await charged(sandbox.url, key, 'enrich')).toBe(1);
  });

  await test.step('asked for again by their email (right-click, the lookup box): the lookup itself is free, from the book, with no second button', async () => {
    await backToPage();
    const email = await people.getByRole('group', { name: `Identifiers of ${name}` }).locator('[title*="@"]').first().getAttribute('title');
    if (!email) throw new Error(`The row of ${name} shows no email.`);
    const requestsBefore = (await apiRequests(sandbox.url, key)).length;
    const openSaved = /^Open saved · bought .+ · free$/;

    await enrichSelection(serviceWorker, tabId, email);
    const confirm = contact.getByTestId('contact-confirm');
    // The book answers the lookup (lib/engine/plan.ts), so "Open saved" would do the same thing: it is not offered.
    await expect(confirm.getByRole('button', { name: /^Enrich · free$/ })).toBeVisible({ timeout: budget(15_000) });
    await expect(confirm.getByRole('button', { name: openSaved })).toHaveCount(0);
    await shot(panel, 'money-saved-confirm');
    await confirm.getByRole('button', { name: /^Enrich · free$/ }).click();
    await expect(contact.getByTestId('contact-profile')).toContainText(name, { timeout: budget(15_000) });
    await expect(contact.getByText(/^Saved · bought .+ · free$/).first()).toBeVisible({ timeout: budget(15_000) });

    const box = contact.getByTestId('lookup-box');
    await box.getByRole('textbox', { name: 'Look up a person or company' }).fill(email.toUpperCase());
    const free = box.getByRole('button', { name: 'Look up · free' });
    await expect(free).toBeEnabled({ timeout: budget(15_000) });
    await expect(box.getByRole('button', { name: openSaved })).toHaveCount(0);
    await free.click();
    await expect(contact.getByTestId('contact-profile')).toContainText(name, { timeout: budget(15_000) });

    expect(await apiRequests(sandbox.url, key)).toHaveLength(requestsBefore);
    expect(await charged(sandbox.url, key, 'enrich')).toBe(1);
  });
});

// A live refresh is never answered from the cache (lib/engine/plan.ts), so its price cannot turn "free" after the
// first one: the label and the ledger agree on every round.
test('"Refresh live" says 2 credits and charges exactly that, the first time and again after its answer is stored', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
  sandbox,
}) => {
  // Budget: panel 15 s, three lookups 15 s each (realtime adds the sandbox's 300 ms), slack for a busy machine.
  test.setTimeout(120_000);
  const samples = await samplesOf(sandbox.url);
  const { key, tabId, contact } = await onTeamPage({ context, serviceWorker, openExtensionPage, configure, sandbox }, 'refresh-live');
  const profile = contact.getByTestId('contact-profile');

  await test.step('the contact, at 1 credit', async () => {
    await enrichSelection(serviceWorker, tabId, samples.emails[6]!);
    await contact.getByRole('button', { name: /^Enrich · 1 credit$/ }).click();
    await expect(profile).toBeVisible({ timeout: budget(15_000) });
    expect(await charged(sandbox.url, key)).toBe(1);
  });

  for (const round of [1, 2]) {
    await test.step(`refresh live, round ${round}: the label's price, then exactly that in the ledger`, async () => {
      const refresh = profile.getByRole('button', { name: /^Refresh live · / });
      await expect(refresh).toBeEnabled({ timeout: budget(15_000) });
      await expect(refresh).toHaveAccessibleName(/^Refresh live · 2 credits · ~15 s$/);
      const before = await charged(sandbox.url, key);
      const requests = (await apiRequests(sandbox.url, key)).length;
      await refresh.click();
      await expect.poll(async () => (await apiRequests(sandbox.url, key)).length, { timeout: budget(15_000) }).toBe(requests + 1);
      await expect(profile.getByText(/^Live · 2 credits$/)).toBeVisible({ timeout: budget(15_000) });
      expect(await charged(sandbox.url, key)).toBe(before + 2);
    });
  }
});

test('"Select all" over people bought before: their saved answers fill in free, or are bought again on request, and the ledger agrees', async ({
  context,
  serviceWorker,
  openExtensionPage,
  configure,
  sandbox,
  shot,
}) => {
  // Budget: panel and scan 20 s, two lookups 15 s each, the options page 15 s, a bulk job 60 s, slack for a busy machine.
  test.setTimeout(180_000);
  const { key, tab, panel, page, people, contact } = await onTeamPage({ context, serviceWorker, openExtensionPage, configure, sandbox }, 'bought');
  const shown = await tab.locator('article.card').count();

  const bought = await test.step('two people enriched one by one, then the cache cleared: their rows open from the contact book', async () => {
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      const enrich = people.getByRole('button', { name: /^Enrich .+ · 1 credit$/ }).first();
      await expect(enrich).toBeVisible({ timeout: budget(20_000) });
      names.push(/^Enrich (.+) · 1 credit$/.exec(await nameOf(enrich))?.[1] ?? '');
      await enrich.click();
      await expect(contact.getByTestId('contact-profile')).toBeVisible({ timeout: budget(15_000) });
      await panel.getByRole('tab', { name: 'Page' }).click();
    }
    expect(await charged(sandbox.url, key, 'enrich')).toBe(2);
    await clearCache(openExtensionPage);
    for (const name of names) {
      await expect(people.getByRole('button', { name: new RegExp(`^Open ${escapeRegExp(name)} · In your contacts, bought .+ · free$`) })).toBeVisible({ timeout: budget(15_000) });
    }
    return names;
  });

  await test.step('"Select all": the two bought before are free from the contact book; buying them fresh is a priced choice', async () => {
    await people.getByRole('checkbox', { name: /^Select all/ }).check();
    const bar = page.getByRole('region', { name: 'Selection' });
    const priced = (n: number) => bar.getByRole('button', { name: new RegExp(`^Enrich ${shown} selected · up to ${n} credits$`) });
    await expect(priced(shown - 2)).toBeVisible({ timeout: budget(15_000) });
    await expect(bar.getByTestId('bulk-bought-before')).toContainText('2 of them you bought before: their saved answers fill in free', { timeout: budget(15_000) });
    await shot(panel, 'money-bought-before-bar');
    await bar.getByRole('button', { name: 'Buy fresh · up to 2 more credits' }).click();
    await expect(priced(shown)).toBeVisible({ timeout: budget(15_000) });
    await expect(bar.getByTestId('bulk-bought-before')).toContainText('2 of them you bought before will be bought again');
    await bar.getByRole('button', { name: 'Use saved answers · free' }).click();
    await expect(priced(shown - 2)).toBeVisible({ timeout: budget(15_000) });
  });

  await test.step('the job sends the others only and fills the two from the book: the ledger moves by one credit per person sent', async () => {
    const before = (await apiRequests(sandbox.url, key)).length;
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: /^Enrich \d+ selected/ }).click();
    await expect(page.getByRole('heading', { name: 'Bulk enrichment finished' })).toBeVisible({ timeout: budget(60_000) });
    expect(await charged(sandbox.url, key, 'bulk-enrich')).toBe(shown - 2);
    expect(await charged(sandbox.url, key, 'enrich')).toBe(2);
    const sent = (await apiRequests(sandbox.url, key)).slice(before).map((r) => r.body ?? '').join('\n');
    for (const name of bought) {
      const slug = name.toLowerCase().split(/\s+/).join('-');
      expect(sent, `${name} is not sent again`).not.toContain(slug);
    }
    // The card's line, figures joined by " · ". The screen reader's announcement of the end says the same with commas
    // ("…17 found, 2 of them…") and is in the page too, so the text alone would match both.
    await expect(page.getByText(/ · 2 of them from your contacts, free/)).toBeVisible({ timeout: budget(15_000) });
    for (const name of bought) await expect(page.getByRole('row', { name: new RegExp(`${escapeRegExp(name)}.*Saved`) })).toBeVisible({ timeout: budget(15_000) });
    await shot(panel, 'money-bought-before-done');
  });
});
