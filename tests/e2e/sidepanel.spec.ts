import type { BrowserContext, Locator, Page, Worker } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility';
import { expect, test, uniqueKey } from './fixtures';
import { SANDBOX_ADMIN_HEADERS } from '@/sandbox/admin-guard';
import { apiRequests, ledgerOf } from './support/reliability';
import { budget } from '../time-budget';

// The side panel against the real sandbox, in real Chromium. The panel is opened as a normal tab at 360 px wide
// with `?tabId=` of a tab showing a sandbox demo page (the real side panel is not reachable from Playwright).
// States are grouped into a few tests so the suite stays quick on two cores; every state leaves a screenshot
// (light and, for the main views, dark) and passes an axe check with no serious or critical violation.

const PANEL_WIDTH = 360;

interface Samples {
  emails: string[];
  socialProfiles: string[];
  companies: Array<{ website: string; name: string }>;
}

async function send(page: Page, type: string, input: unknown): Promise<{ ok: boolean; data?: unknown; error?: { kind: string } }> {
  return page.evaluate(([t, i]) => chrome.runtime.sendMessage({ type: t, input: i }), [type, input] as const);
}

/** Points the extension at the test sandbox with `key`, through the messages the options page sends. */
async function configure(page: Page, sandboxUrl: string, key: string): Promise<void> {
  await expect.poll(async () => (await send(page, 'settings/update', { apiBaseUrl: sandboxUrl })).ok, { timeout: budget(15_000) }).toBe(true);
  expect((await send(page, 'key/set', { key })).ok).toBe(true);
}

async function samples(sandboxUrl: string): Promise<Samples> {
  return (await (await fetch(`${sandboxUrl}/_sandbox/samples`)).json()) as Samples;
}

async function fault(sandboxUrl: string, spec: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${sandboxUrl}/_sandbox/faults`, { method: 'POST', headers: { ...SANDBOX_ADMIN_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify(spec) });
  expect(res.ok).toBe(true);
}

async function clearFaults(sandboxUrl: string): Promise<void> {
  await fetch(`${sandboxUrl}/_sandbox/faults`, { method: 'DELETE', headers: { ...SANDBOX_ADMIN_HEADERS } });
}

/** An address per verification verdict, from the sandbox's own data (asked directly, with a separate account). */
async function verdictAddresses(sandboxUrl: string, sample: Samples): Promise<Record<'deliverable' | 'risky' | 'undeliverable', string>> {
  const probe = async (email: string) =>
    (await (await fetch(`${sandboxUrl}/v1/email-verification?email=${encodeURIComponent(email)}`, { headers: { 'X-API-Key': uniqueKey('test-standard-sp-probe') } })).json()) as {
      verified: boolean;
      catch_all: boolean;
    };
  let deliverable: string | undefined;
  for (const email of sample.emails.slice(2)) {
    const r = await probe(email);
    if (r.verified && !r.catch_all) {
      deliverable = email;
      break;
    }
  }
  let risky: string | undefined;
  let undeliverable: string | undefined;
  for (const company of sample.companies) {
    const address = `nobody.sp.e2e@${new URL(company.website).hostname.replace(/^www\./, '')}`;
    const r = await probe(address);
    if (r.catch_all) risky ??= address;
    else if (!r.verified) undeliverable ??= address;
    if (risky && undeliverable) break;
  }
  if (!deliverable || !risky || !undeliverable) throw new Error('The sandbox data has no address for some verdict.');
  return { deliverable, risky, undeliverable };
}

/** Opens `url` in a tab, then the panel for that tab at panel width. */
async function openPanel(
  context: BrowserContext,
  serviceWorker: Worker,
  openExtensionPage: (path: string) => Promise<Page>,
  url: string,
): Promise<{ tab: Page; panel: Page; tabId: number }> {
  const tab = await context.newPage();
  await tab.goto(url);
  const tabId = await serviceWorker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id ?? -1, url);
  expect(tabId).toBeGreaterThan(0);
  const panel = await openExtensionPage(`sidepanel.html?tabId=${tabId}`);
  await panel.setViewportSize({ width: PANEL_WIDTH, height: 900 });
  return { tab, panel, tabId };
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Screenshot + axe + no sideways scrolling, in light, and in dark too when asked. */
async function check(page: Page, shot: (page: Page, name: string) => Promise<void>, name: string, dark = false): Promise<void> {
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolations(page);
  await shot(page, name);
  if (dark) {
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousViolations(page);
    await shot(page, `${name}-dark`);
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

const view = (panel: Page, name: string): Locator => panel.getByRole('tabpanel', { name });
/** Credits the sandbox ledger booked for bulk enrichment on a key. */
const bulkCharged = async (sandboxUrl: string, key: string): Promise<number> =>
  (await ledgerOf(sandboxUrl, key)).entries.filter((e) => e.endpoint === 'bulk-enrich').reduce((n, e) => n + e.credits, 0);
const tab = (panel: Page, name: string): Locator => panel.getByRole('tab', { name, exact: true });

test('no key: every view explains what to do; the page is still scanned; the demo sandbox sets a key', async ({
  context,
  serviceWorker,
  openExtensionPage,
  sandbox,
  shot,
}) => {
  const { panel } = await openPanel(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/team`);
  const page = view(panel, 'Page');
  await expect(page.getByRole('heading', { name: 'Emails' })).toBeVisible({ timeout: budget(15_000) });
  await expect(page.getByTestId('no-key')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open settings' }).first()).toBeVisible();
  // Without a key no paid button can be pressed.
  await expect(page.getByRole('button', { name: /^Enrich .*credit/ }).first()).toBeDisabled();
  await check(panel, shot, 'sidepanel-page-nokey', true);

  for (const [name, slug] of [
    ['Contact', 'contact'],
    ['Company', 'company'],
    ['Similar', 'lookalikes'],
    ['Search', 'search'],
    ['History', 'history'],
  ] as const) {
    await tab(panel, name).click();
    await expect(view(panel, name).getByTestId('no-key')).toBeVisible();
    await check(panel, shot, `sidepanel-${slug}-nokey`);
  }

  // The panel points at the default local sandbox, so it offers the demo key; pressing it ends onboarding.
  await view(panel, 'History').getByRole('button', { name: 'Use the demo sandbox' }).click();
  await expect(view(panel, 'History').getByTestId('no-key')).toBeHidden();
  await tab(panel, 'Page').click();
  await expect(view(panel, 'Page').getByTestId('no-key')).toBeHidden();
});

test('this page: grouped entities with costs, one enrich then "cached · free", keyboard tabs, bulk with progress, cancel, results and export', async ({
  context,
  serviceWorker,
  openExtensionPage,
  sandbox,
  shot,
}) => {
  // Budget: scan 15 s, 6 axe passes (~10 s each on a busy 2-core box), one enrich 15 s, two bulk jobs 50 s, slack.
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const setup = await openExtensionPage('sidepanel.html?tabId=0');
  const key = uniqueKey('test-standard-sp-page');
  await configure(setup, sandbox.url, key);
  await setup.close();

  const { panel } = await openPanel(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/team`);
  const page = view(panel, 'Page');
  // People first (docs/people.md): the team page's 17 cards are 17 people rows, then companies (the team's employer),
  // then whatever belongs to nobody.
  for (const group of [/^People/, /^(Other )?companies/i]) {
    await expect(page.getByRole('heading', { name: group }).first()).toBeVisible({ timeout: budget(15_000) });
  }
  await expect(page.getByRole('table', { name: 'People found on this page' })).toHaveAttribute('aria-rowcount', String(17 + 1));
  // Every row states its cost before the click.
  const peopleTable = page.getByRole('table', { name: 'People found on this page' });
  const firstEnrich = peopleTable.getByRole('button', { name: /^Enrich .+ · 1 credit$/ }).first();
  await expect(firstEnrich).toBeVisible();
  await check(panel, shot, 'sidepanel-page-loaded', true);

  // One enrich: the contact opens, and back on the page the same row now says it is cached and free.
  const who = ((await firstEnrich.getAttribute('aria-label')) ?? '').replace(/^Enrich (.+) · 1 credit$/, '$1');
  // By keyboard: the button's view hides, and focus moves to the view that opened.
  await firstEnrich.focus();
  await panel.keyboard.press('Enter');
  await expect(view(panel, 'Contact')).toBeFocused();
  await expect(view(panel, 'Contact').getByTestId('contact-profile')).toBeVisible({ timeout: budget(15_000) });
  await tab(panel, 'Page').click();
  const cachedButton = peopleTable.getByRole('button', { name: `Open ${who} · Cached just now · free` });
  await expect(cachedButton).toBeVisible();
  // In the row it reads short, its age in the tooltip: the identifier chips beside it keep their room.
  await expect(cachedButton).toContainText('free');
  await expect(cachedButton).not.toContainText('Cached');
  await expect(cachedButton).toHaveAttribute('title', 'Cached just now · free');

  // Tabs are keyboard-navigable: arrow keys move and activate.
  await tab(panel, 'Page').focus();
  await panel.keyboard.press('ArrowRight');
  await expect(tab(panel, 'Contact')).toBeFocused();
  await expect(tab(panel, 'Contact')).toHaveAttribute('aria-selected', 'true');
  await panel.keyboard.press('ArrowLeft');
  await expect(tab(panel, 'Page')).toHaveAttribute('aria-selected', 'true');

  // Bulk: select every person, see the cost preview, start, watch it finish, export.
  await peopleTable.getByRole('checkbox', { name: /^Select all/ }).check();
  const bar = page.getByRole('region', { name: 'Selection' });
  await expect(bar.getByRole('button', { name: /^Enrich \d+ selected · up to \d+ credits?$/ })).toBeVisible();
  await check(panel, shot, 'sidepanel-page-selection');
  await bar.getByRole('button', { name: /^Enrich \d+ selected/ }).click();
  const progress = page.getByRole('progressbar', { name: 'Bulk enrichment progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bulk enrichment finished' })).toBeVisible({ timeout: budget(30_000) });
  const results = page.getByRole('table', { name: 'Bulk enrichment results' });
  await expect(results.getByText('Enriched').first()).toBeVisible();
  await check(panel, shot, 'sidepanel-page-bulk-done', true);

  const download = panel.waitForEvent('download');
  await page.getByRole('button', { name: 'Download bulk results as CSV' }).click();
  const csv = await (await download).path().then((p) => import('node:fs').then((fs) => fs.readFileSync(p, 'utf8')));
  expect(csv.split('\r\n')[0]).toContain('Input,Input type,Name (page or file),Status,From cache,Bought before (from your contacts),Full name');
  // Each row names the person as the team page does, beside what they were looked up by.
  expect(csv.split('\r\n')[1]).toContain(`,${who},Enriched,`);
  expect(csv).toContain('Enriched');
  await page.getByRole('button', { name: 'Copy bulk results for spreadsheets' }).click();
  // The copy re-reads the job's final rows first (never "Pending" for a charged row), then writes.
  await expect
    .poll(async () => (await panel.evaluate(() => navigator.clipboard.readText())).split('\r\n')[0]?.split('\t') ?? [])
    .toContain('Full name');

  // A slow service lets the user cancel a running bulk job. The same 17 people are cached now and kept in the contact
  // book (a repeat would be free and instant), so the cache is emptied and the user asks for fresh answers: the job
  // has to go to the service.
  await page.getByRole('button', { name: 'Close' }).click();
  expect((await send(panel, 'cache/clear', {})).ok).toBe(true);
  await fault(sandbox.url, { mode: 'slow', count: 1, delayMs: 8_000, paths: ['/v1/bulk-enrich'] });
  await peopleTable.getByRole('checkbox', { name: /^Select all/ }).check();
  await bar.getByRole('button', { name: 'Buy fresh · up to 17 more credits' }).click();
  await expect(bar.getByRole('button', { name: /^Enrich 17 selected · up to 17 credits$/ })).toBeVisible({ timeout: budget(15_000) });
  await bar.getByRole('button', { name: /^Enrich \d+ selected/ }).click();
  await expect(page.getByRole('heading', { name: 'Enriching…' })).toBeVisible();
  await shot(panel, 'sidepanel-page-bulk-running');
  const chargedBefore = await bulkCharged(sandbox.url, key);
  // "Stop waiting" once every entry has left (the card then says nothing more can be held back).
  await page.getByRole('button', { name: /^(Cancel|Stop waiting)$/ }).click();
  // Truthful cancel: the chunk already sent cannot be called back; the card says so until its answer is in.
  await expect(page.getByRole('heading', { name: 'Cancelling…' })).toBeVisible();
  await expect(page.getByText(/17 sent, waiting for the answer/)).toBeVisible();
  await expect(page.getByText(/may still be charged \(up to 17 credits\)/)).toBeVisible();
  // All 17 were in the chunk that had left: once its answer is in, the card says the cancel came too late for them.
  await expect(page.getByRole('heading', { name: 'Every entry was sent before the cancel' })).toBeVisible({ timeout: budget(30_000) });
  // The final card's charge is the service's: what the ledger booked for the chunk that was in flight.
  const charged = (await bulkCharged(sandbox.url, key)) - chargedBefore;
  expect(charged).toBe(17);
  await expect(page.getByText(new RegExp(`${charged} credits? charged`)).first()).toBeVisible();
  await clearFaults(sandbox.url);
  await check(panel, shot, 'sidepanel-page-bulk-cancelled');
});

test('a 300-row directory and a 300+-row bulk stay windowed; profile page, context-menu intents and an empty page have their own states', async ({
  context,
  serviceWorker,
  openExtensionPage,
  sandbox,
  pageServer,
  shot,
}) => {
  // Budget: 4 panels × scan 15 s, 5 axe passes (~10 s each on a busy 2-core box), a 300+-row bulk 45 s, slack.
  test.setTimeout(240_000);
  const setup = await openExtensionPage('sidepanel.html?tabId=0');
  await configure(setup, sandbox.url, uniqueKey('test-standard-sp-dir'));
  await setup.close();

  // A profile page leads with that person.
  const sample = await samples(sandbox.url);
  const slug = new URL(sample.socialProfiles[0] ?? '').pathname.split('/').filter(Boolean)[1] ?? '';
  const profile = await openPanel(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/profile/${slug}`);
  const lead = view(profile.panel, 'Page').getByTestId('profile-lead');
  await expect(lead).toBeVisible({ timeout: budget(15_000) });
  await expect(lead.getByRole('button', { name: /^Enrich · 1 credit$/ })).toBeVisible();
  await check(profile.panel, shot, 'sidepanel-page-profile', true);

  // The context menu: a clear selection opens the contact with its price first; an ambiguous one offers the
  // readings; nonsense says so. (Native menus cannot be clicked: the worker's click handler is called directly.)
  const menu = (text: string) =>
    serviceWorker.evaluate(
      ([id, selectionText]) =>
        (globalThis as unknown as { inPageEnrich: { onContextMenuClick: (info: object, tab: object) => Promise<void> } }).inPageEnrich.onContextMenuClick(
          { menuItemId: 'ipe-enrich-selection', selectionText },
          { id },
        ),
      [profile.tabId, text] as const,
    );
  const email = sample.emails[3] ?? '';
  await menu(email);
  await expect(view(profile.panel, 'Contact').getByTestId('contact-confirm')).toBeVisible();
  await expect(view(profile.panel, 'Contact').getByRole('heading', { name: email })).toBeVisible();
  await expect(view(profile.panel, 'Contact').getByRole('button', { name: /^Enrich · 1 credit$/ })).toBeVisible();
  await check(profile.panel, shot, 'sidepanel-contact-confirm');
  await menu(`${email}\n+1 415 555 0142`);
  const banner = profile.panel.getByTestId('intent-banner');
  await expect(banner.getByRole('button', { name: `Email ${email}` })).toBeVisible();
  await check(profile.panel, shot, 'sidepanel-intent-ambiguous');
  await banner.getByRole('button', { name: /^Phone / }).click();
  await expect(view(profile.panel, 'Contact').getByRole('heading', { name: '+14155550142' })).toBeVisible();
  await menu('!!! ???');
  await expect(banner.getByText(/Could not tell what/)).toBeVisible();
  await shot(profile.panel, 'sidepanel-intent-unrecognised');
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();

  // Run after the lookups above: the bulk below enriches the same people (and would make them free).
  // The panel follows its tab: a navigation to another page, then a single-page (history API) navigation.
  const { panel, tab: demo } = await openPanel(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/blog`);
  await expect(view(panel, 'Page').getByTestId('this-page')).toBeVisible({ timeout: budget(15_000) });
  await demo.goto(`${sandbox.url}/demo/directory`);
  await expect(view(panel, 'Page').getByText('Member directory')).toBeVisible({ timeout: budget(15_000) });
  const emails = view(panel, 'Page').getByRole('table', { name: 'People found on this page' });
  await expect(emails).toBeVisible({ timeout: budget(15_000) });
  await demo.evaluate(() => history.pushState({}, '', '/demo/directory?page=2'));
  await expect(view(panel, 'Page').locator('.sp-page__name')).toHaveAttribute('title', /\/demo\/directory\?page=2$/, { timeout: budget(15_000) });
  await expect(emails).toBeVisible({ timeout: budget(15_000) });
  // The first people of a pass reach the panel before the whole list (grouped during the walk): wait for the list.
  await expect.poll(async () => Number(await emails.getAttribute('aria-rowcount')), { timeout: budget(15_000) }).toBeGreaterThan(250);
  expect(await emails.getByRole('row').count()).toBeLessThan(40);
  await emails.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(emails.getByRole('row').last()).toHaveAttribute('aria-rowindex', /^(2[5-9]\d|3\d\d)$/);
  await check(panel, shot, 'sidepanel-page-directory');

  // Bulk over everything selectable on the directory (the flat lists before grouping, people and loose items
  // after): hundreds of result rows, still windowed.
  const selectAll = view(panel, 'Page').getByRole('checkbox', { name: /^Select all/ });
  for (let i = 0; i < (await selectAll.count()); i++) await selectAll.nth(i).check();
  await view(panel, 'Page').getByRole('region', { name: 'Selection' }).getByRole('button', { name: /^Enrich \d+ selected/ }).click();
  // Over the default "ask again above 100 credits": the first click only asks; the question's Start sends the job.
  const question = view(panel, 'Page').getByRole('alertdialog', { name: /^This can cost up to [\d,]+ credits\. Start\?$/ });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(view(panel, 'Page').getByRole('heading', { name: 'Bulk enrichment finished' })).toBeVisible({ timeout: budget(45_000) });
  const results = view(panel, 'Page').getByRole('table', { name: 'Bulk enrichment results' });
  expect(Number(await results.getAttribute('aria-rowcount'))).toBeGreaterThan(250);
  expect(await results.getByRole('row').count()).toBeLessThan(40);
  await results.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(results.getByRole('row').last()).toHaveAttribute('aria-rowindex', String(await results.getAttribute('aria-rowcount')));
  await check(panel, shot, 'sidepanel-page-bulk-large');

  // A page without any contact says so.
  const empty = await openPanel(context, serviceWorker, openExtensionPage, `${pageServer.url}/`);
  await expect(view(empty.panel, 'Page').getByText(/No contacts or companies on this page|This page has not been scanned|cannot be scanned/)).toBeVisible({ timeout: budget(15_000) });
  await check(empty.panel, shot, 'sidepanel-page-empty');
});

test('contact: every field group, verification chips, vCard, priced refresh and waterfall, lookalike contacts', async ({
  context,
  serviceWorker,
  openExtensionPage,
  sandbox,
  shot,
}) => {
  const setup = await openExtensionPage('sidepanel.html?tabId=0');
  await configure(setup, sandbox.url, uniqueKey('test-standard-sp-contact'));
  await setup.close();
  const sample = await samples(sandbox.url);
  const slug = new URL(sample.socialProfiles[1] ?? '').pathname.split('/').filter(Boolean)[1] ?? '';
  const { panel } = await openPanel(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/profile/${slug}`);

  // Loading is a designed skeleton: slow the service down to see it.
  await fault(sandbox.url, { mode: 'slow', count: 1, delayMs: 2500, paths: ['/v1/enrich'] });
  await view(panel, 'Page').getByTestId('profile-lead').getByRole('button', { name: /^Enrich · 1 credit$/ }).click();
  const contact = view(panel, 'Contact');
  await expect(contact.getByTestId('contact-loading')).toBeVisible();
  await check(panel, shot, 'sidepanel-contact-loading');
  const profile = contact.getByTestId('contact-profile');
  await expect(profile).toBeVisible({ timeout: budget(15_000) });

  for (const section of ['Contact details', 'Current job', 'Education', 'Skills and languages']) {
    await expect(profile.getByRole('heading', { name: new RegExp(`^${section}`) })).toBeVisible();
  }
  await expect(profile.getByText(/^Live · 1 credit$/)).toBeVisible();
  // Paid actions state their price in their names before any click.
  await expect(profile.getByRole('button', { name: /^Refresh live · 2 credits · ~15 s$/ })).toBeVisible();
  await expect(profile.getByRole('button', { name: /^Waterfall · 2 credits$/ })).toBeVisible();
  await check(panel, shot, 'sidepanel-contact-loaded', true);

  // Verify the first email: a verdict chip that explains itself and says when.
  const row = profile.getByTestId('email-row').first();
  await row.getByRole('button', { name: /^Verify .* · 1 credit$/ }).click();
  await expect(row.locator('[data-verdict]')).toBeVisible();
  await expect(row.getByText(/checked just now/)).toBeVisible();
  await expect(row.getByText(/safe to send|cannot be confirmed|will most likely bounce/)).toBeVisible();
  await shot(panel, 'sidepanel-contact-verified');

  // vCard export is a well-formed card.
  const download = panel.waitForEvent('download');
  await profile.getByRole('button', { name: 'Export vCard 3.0' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.vcf$/);
  const card = await file.path().then((p) => import('node:fs').then((fs) => fs.readFileSync(p, 'utf8')));
  expect(card.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
  expect(card.trimEnd().endsWith('END:VCARD')).toBe(true);

  // Full history costs a new lookup; the experience section appears.
  await profile.getByRole('button', { name: /^Full history · 1 credit$/ }).click();
  await expect(profile.getByRole('heading', { name: /^Experience/ })).toBeVisible({ timeout: budget(15_000) });

  // Lookalike contacts: priced, then up to 10 by descending score.
  await profile.getByRole('button', { name: 'Lookalikes' }).click();
  const similar = view(panel, 'Similar');
  await similar.getByRole('button', { name: /^Find lookalikes · 1 credit$/ }).click();
  const list = similar.getByRole('list', { name: 'Lookalike contacts, best match first' });
  await expect(list).toBeVisible({ timeout: budget(15_000) });
  // Scores read as percentages ("71%"): parseFloat keeps the number (Number("71%") is NaN, which any sort accepts).
  const scores = (await list.locator('.ui-score__value').allTextContents()).map(parseFloat);
  expect(scores.every((n) => Number.isFinite(n))).toBe(true);
  expect(scores.length).toBeGreaterThan(0);
  expect(scores.length).toBeLessThanOrEqual(10);
  expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  await check(panel, shot, 'sidepanel-lookalikes-contacts');

  // Errors read from the shared catalogue and offer the recovery: a service failure → "Try again" works.
  await list.getByRole('button', { name: /^Open / }).first().click();
  await fault(sandbox.url, { mode: '500', count: 3, paths: ['/v1/enrich'] });
  await contact.getByRole('button', { name: /^Enrich · 1 credit$/ }).click();
  await expect(contact.getByText('The enrichment service had a problem')).toBeVisible({ timeout: budget(15_000) });
  await check(panel, shot, 'sidepanel-contact-error');
  await clearFaults(sandbox.url);
  await contact.getByRole('button', { name: 'Try again' }).click();
  await expect(contact.getByTestId('contact-profile')).toBeVisible({ timeout: budget(15_000) });
});

test('company and lookalike companies: overview, technologies, people; 500 lookalikes windowed, sorted, chosen ones enriched', async ({
  context,
  serviceWorker,
  openExtensionPage,
  sandbox,
  shot,
}) => {
  // Budget: company 15 s, lookalikes 20 s + 30 s, 7 axe passes (~10 s each on a busy 2-core box), slack.
  test.setTimeout(240_000);
  const setup = await openExtensionPage('sidepanel.html?tabId=0');
  await configure(setup, sandbox.url, uniqueKey('test-standard-sp-company'));
  await setup.close();
  const { panel } = await openPanel(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/team`);
  // Grouped companies (docs/people.md) or the flat "Companies"/"Other companies" list: either way one priced row each.
  const companies = view(panel, 'Page').getByRole('table', { name: /^(Other )?companies found on this page$/i });
  await expect(companies).toBeVisible({ timeout: budget(15_000) });
  await fault(sandbox.url, { mode: 'slow', count: 1, delayMs: 2500, paths: ['/v1/company'] });
  await companies.getByRole('button', { name: /^Enrich .+ · 1 credit$/ }).first().click();
  await expect(view(panel, 'Company').getByTestId('company-loading')).toBeVisible();
  await check(panel, shot, 'sidepanel-company-loading');

  const company = view(panel, 'Company').getByTestId('company-profile');
  await expect(company).toBeVisible({ timeout: budget(15_000) });
  for (const section of ['Overview', 'Technologies', 'People']) {
    await expect(company.getByRole('heading', { name: new RegExp(`^${section}`) })).toBeVisible();
  }
  // Its people (domain search): person rows, each with a one-click, priced enrich, and bulk by selection.
  const people = company.getByRole('table', { name: /^People at / });
  await expect(people.getByRole('button', { name: /^Enrich .+ · 1 credit$/ }).first()).toBeVisible();
  await people.getByRole('checkbox', { name: /^Select (?!all)/, disabled: false }).first().check();
  await expect(view(panel, 'Company').getByRole('region', { name: 'Selection' }).getByRole('button', { name: /^Enrich 1 selected · / })).toBeVisible();
  await check(panel, shot, 'sidepanel-company-people-selected');
  await view(panel, 'Company').getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Clear' }).click();
  await check(panel, shot, 'sidepanel-company-loaded', true);

  await company.getByRole('button', { name: 'Lookalikes' }).click();
  const similar = view(panel, 'Similar');
  await similar.getByLabel('How many').selectOption('500');
  await expect(similar.getByRole('button', { name: /^Find lookalikes · up to 50 credits$/ })).toBeVisible();
  await similar.getByLabel('Reveal all details').check();
  await expect(similar.getByRole('button', { name: /^Find lookalikes · up to 500 credits$/ })).toBeVisible();
  await similar.getByLabel('Reveal all details').uncheck();
  await check(panel, shot, 'sidepanel-lookalikes-preview');
  // A failure first (with its recovery), then a slow answer (with its skeleton).
  await fault(sandbox.url, { mode: '500', count: 3, paths: ['/v2/similar-companies', '/v1/similar-companies'] });
  await similar.getByRole('button', { name: /^Find lookalikes · up to 50 credits$/ }).click();
  await expect(similar.getByText('The enrichment service had a problem')).toBeVisible({ timeout: budget(15_000) });
  await check(panel, shot, 'sidepanel-lookalikes-error');
  await clearFaults(sandbox.url);
  await fault(sandbox.url, { mode: 'slow', count: 1, delayMs: 2500, paths: ['/v2/similar-companies'] });
  await similar.getByRole('button', { name: 'Try again' }).click();
  await expect(similar.getByRole('status').filter({ hasText: 'Finding lookalike companies' })).toBeAttached();
  await shot(panel, 'sidepanel-lookalikes-loading');

  const table = similar.getByRole('table', { name: 'Lookalike companies' });
  await expect(table).toBeVisible({ timeout: budget(20_000) });
  const total = Number(await table.getAttribute('aria-rowcount')) - 1;
  expect(total).toBeGreaterThan(100);
  expect(await table.getByRole('row').count()).toBeLessThan(40);
  // Sorted by score, best first; the header toggles the direction.
  const firstScores = async () => (await table.locator('.ui-score__value').allTextContents()).slice(0, 5).map(parseFloat);
  const desc = await firstScores();
  expect([...desc].sort((a, b) => b - a)).toEqual(desc);
  await table.getByRole('button', { name: 'Score' }).click();
  const asc = await firstScores();
  expect([...asc].sort((a, b) => a - b)).toEqual(asc);
  await table.getByRole('button', { name: 'Score' }).click();
  await check(panel, shot, 'sidepanel-lookalikes-companies', true);

  // Choose three and enrich them through the queue; each then opens for free.
  const boxes = table.getByRole('checkbox', { name: /^Select (?!all)/ });
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  await similar.getByRole('button', { name: /^Enrich 3 companies · up to 3 credits$/ }).click();
  await expect(similar.getByText(/^3 of 3 companies enriched/)).toBeVisible({ timeout: budget(30_000) });
  await shot(panel, 'sidepanel-lookalikes-enriched');
  await table.locator('.ui-cell-button').first().click();
  await expect(view(panel, 'Company').getByTestId('company-profile')).toBeVisible();
});

test('contact search: a standard plan gets the Enterprise state; an enterprise key pages results that open the contact', async ({
  context,
  serviceWorker,
  openExtensionPage,
  sandbox,
  shot,
}) => {
  const setup = await openExtensionPage('sidepanel.html?tabId=0');
  await configure(setup, sandbox.url, uniqueKey('test-standard-sp-search'));
  await setup.close();
  const { panel } = await openPanel(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/search`);
  await tab(panel, 'Search').click();
  const search = view(panel, 'Search');
  await check(panel, shot, 'sidepanel-search-empty');

  // Industry autocomplete from the catalogue, keyboard only.
  const industry = search.getByRole('combobox', { name: 'Industry' });
  await industry.fill('softw');
  await expect(search.getByRole('option', { name: 'computer software' })).toBeVisible();
  await industry.press('Enter');
  await expect(search.getByRole('button', { name: 'Remove computer software from Industry' })).toBeVisible();
  await search.getByRole('textbox', { name: 'Job title' }).fill('Engineer');
  await search.getByRole('textbox', { name: 'Job title' }).press('Enter');
  await expect(search.getByRole('button', { name: /^Search · up to 25 credits$/ })).toBeVisible();
  await search.getByRole('button', { name: /^Search · up to 25 credits$/ }).click();
  await expect(search.getByTestId('search-plan-required')).toBeVisible({ timeout: budget(15_000) });
  await expect(search.getByText('Contact search needs an Enterprise plan')).toBeVisible();
  await check(panel, shot, 'sidepanel-search-plan-required');

  // An enterprise account of its own: its sandbox ledger is this test's alone.
  const enterprise = `test-enterprise-sp-search-${Date.now()}`;
  await configure(panel, sandbox.url, enterprise);
  const prospector = async () => {
    const entries = (await ledgerOf(sandbox.url, enterprise)).entries.filter((e) => e.endpoint === 'prospector');
    const calls = (await apiRequests(sandbox.url, enterprise)).filter((r) => r.path === '/v1/prospector');
    return { charged: entries.reduce((n, e) => n + e.credits, 0), calls: calls.length };
  };
  await search.getByRole('button', { name: 'Back to the filters' }).click();
  await search.getByRole('button', { name: 'Remove computer software from Industry' }).click();
  await fault(sandbox.url, { mode: 'slow', count: 1, delayMs: 2000, paths: ['/v1/prospector'] });
  await search.getByRole('button', { name: /^Search · up to 25 credits$/ }).click();
  await expect(search.getByRole('status').filter({ hasText: 'Searching contacts' })).toBeAttached();
  await shot(panel, 'sidepanel-search-loading');
  const results = search.getByRole('region', { name: 'Search results' });
  await expect(results).toBeVisible({ timeout: budget(15_000) });
  await expect(results.getByText(/found · page 1 of/)).toBeVisible();
  await check(panel, shot, 'sidepanel-search-results', true);
  expect(await prospector()).toEqual({ charged: 25, calls: 1 });

  // Every page is priced by its own plan: the next one is not fetched yet (up to 25), the one fetched is cached (free).
  await results.getByRole('button', { name: /^Next · up to 25 credits$/ }).click();
  await expect(results.getByText(/page 2 of/)).toBeVisible({ timeout: budget(15_000) });
  expect(await prospector()).toEqual({ charged: 50, calls: 2 });
  // Compact in the pager: "free", its age in the tooltip ("Cached just now · free").
  const previous = results.getByRole('button', { name: /^Previous · free$/ });
  await expect(previous).toHaveAttribute('title', /^Cached .+ · free$/);
  await expect(previous).toBeEnabled();
  await shot(panel, 'sidepanel-search-page-2');
  await previous.click();
  await expect(results.getByText(/page 1 of/)).toBeVisible({ timeout: budget(15_000) });
  // Going back sent nothing and charged nothing; page 2 is now the cached one.
  expect(await prospector()).toEqual({ charged: 50, calls: 2 });
  await expect(results.getByRole('button', { name: /^Next · free$/ })).toBeEnabled();

  // Opening a search result costs nothing more: it was paid for with the page. It reads as free, never as the page's
  // charge, and the sandbox sees no request and books nothing.
  const before = { ledger: await ledgerOf(sandbox.url, enterprise), requests: (await apiRequests(sandbox.url, enterprise)).length };
  const first = results.locator('.ui-cell-button').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  const contact = view(panel, 'Contact');
  await expect(contact.getByTestId('contact-profile')).toBeVisible();
  await expect(contact.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(contact.getByText(/^Cached .+ · free$/)).toBeVisible();
  await expect(contact.getByText(/^Live · /)).toHaveCount(0);
  await shot(panel, 'sidepanel-search-opened-result');
  const after = await ledgerOf(sandbox.url, enterprise);
  expect(after.balance).toBe(before.ledger.balance);
  expect(after.entries).toHaveLength(before.ledger.entries.length);
  expect((await apiRequests(sandbox.url, enterprise)).length).toBe(before.requests);
});

test('history is the contact book: what was paid for, searched, reopened for free, deleted with undo; every lookup an event; out of credits reads from the catalogue', async ({
  context,
  serviceWorker,
  openExtensionPage,
  sandbox,
  shot,
}) => {
  // Budget from the steps on a busy 2-core box: setup ~30 s, book ~30 s, reopen ~20 s, delete ~20 s, events ~20 s, out of credits ~40 s.
  test.setTimeout(240_000);
  const key = uniqueKey('test-standard-sp-history');
  const setup = await openExtensionPage('sidepanel.html?tabId=0');
  await configure(setup, sandbox.url, key);
  const sample = await samples(sandbox.url);
  const names: string[] = [];
  for (const email of sample.emails.slice(0, 2)) {
    const reply = (await send(setup, 'contact/enrich', { lookup: { email } })) as { ok: boolean; data?: { found: boolean; result?: { full_name?: string } } };
    expect(reply.ok && reply.data?.found).toBe(true);
    names.push(reply.data?.result?.full_name ?? '<no name>');
  }
  expect((await send(setup, 'company/enrich', { url: sample.companies[0]?.website })).ok).toBe(true);
  const verdicts = await verdictAddresses(sandbox.url, sample);
  for (const email of Object.values(verdicts)) expect((await send(setup, 'email/verify', { email })).ok).toBe(true);
  await setup.close();
  const [first] = names as [string];

  const { panel } = await openPanel(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/blog`);
  const history = view(panel, 'History');
  const book = history.getByTestId('contact-book');

  await test.step('the book lists the two people and the company bought, as people', async () => {
    await tab(panel, 'History').click();
    await expect(book.getByTestId('book-row')).toHaveCount(3, { timeout: budget(15_000) });
    for (const name of names) await expect(book.getByTestId('book-row').filter({ hasText: name })).toHaveCount(1);
    await check(panel, shot, 'sidepanel-history-book', true);
  });

  await test.step('search, then reopen a person for free (no request reaches the service)', async () => {
    await book.getByRole('searchbox', { name: 'Search contacts' }).fill(first);
    await expect(book.getByTestId('book-row')).toHaveCount(1);
    const before = (await apiRequests(sandbox.url, key)).length;
    await book.getByRole('button', { name: `Open ${first} · free` }).click();
    await expect(view(panel, 'Contact').getByTestId('contact-profile')).toBeVisible();
    await expect(view(panel, 'Contact').getByText(first).first()).toBeVisible();
    expect((await apiRequests(sandbox.url, key)).length).toBe(before);
  });

  await test.step('delete asks, says what it means for the next lookup, and can be undone', async () => {
    await tab(panel, 'History').click();
    await book.getByRole('checkbox', { name: `Select ${first}` }).check();
    await book.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = book.getByRole('alertdialog');
    await expect(confirm).toContainText('The cached answer stays');
    await confirm.getByRole('button', { name: /^Delete this contact/ }).click();
    await expect(book.getByTestId('book-row')).toHaveCount(0);
    await book.getByRole('button', { name: 'Undo' }).click();
    await expect(book.getByTestId('book-row')).toHaveCount(1);
    await book.getByRole('searchbox', { name: 'Search contacts' }).fill('');
    await expect(book.getByTestId('book-row')).toHaveCount(3);
  });

  await test.step('every lookup is an event, verifications included', async () => {
    await history.getByRole('tab', { name: 'Lookups', exact: true }).click();
    const events = history.getByTestId('history-row');
    await expect(events).toHaveCount(6, { timeout: budget(15_000) });
    for (const email of Object.values(verdicts)) await expect(events.filter({ hasText: email })).toHaveCount(1);
    await shot(panel, 'sidepanel-history-events');
  });

  await test.step('out of credits: the catalogue\'s words and the way forward', async () => {
    await configure(panel, sandbox.url, uniqueKey('test-empty'));
    await tab(panel, 'Page').click();
    const page = view(panel, 'Page');
    await expect(page.getByRole('table').first()).toBeVisible({ timeout: budget(15_000) });
    await page.getByRole('button', { name: /^Enrich .* · 1 credit$/ }).first().click();
    await expect(view(panel, 'Contact').getByText('Out of credits')).toBeVisible({ timeout: budget(15_000) });
    await expect(view(panel, 'Contact').getByRole('button', { name: 'Open settings' })).toBeVisible();
    await check(panel, shot, 'sidepanel-contact-out-of-credits', true);
  });
});
