/**
 * The demo tour: the main flows of the extension, driven like a user would on the sandbox's demo pages.
 * Pages: the team page, the 300-member directory, a conference's speakers (named without an identifier), a law
 * firm's lawyers with the office's shared mailbox and main line, and a profile page.
 * Every step states what happened with numbers (found, credits from the sandbox ledger, rows) and leaves a
 * screenshot. Numbers come from the UI and the sandbox, never from this script's expectations.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import type { TourBackend } from './backend';
import { type Extension, extensionUrl, openWithPanel, POPUP_VIEWPORT, send, waitForBackground, waitForExtensionPage } from './extension';
import { CreditMeter, credits } from './sandbox-api';
import { patient } from './patience';
import type { Tour } from './steps';

const view = (panel: Page, name: string): Locator => panel.getByRole('tabpanel', { name });
const tabButton = (panel: Page, name: string): Locator => panel.getByRole('tab', { name, exact: true });

/** Waits for `locator`, failing with a sentence instead of a bare timeout. */
async function visible(locator: Locator, what: string, writtenMs = 15_000): Promise<Locator> {
  const timeoutMs = patient(writtenMs);
  try {
    await locator.first().waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    throw new Error(`${what} did not appear within ${timeoutMs / 1000} s`);
  }
  return locator.first();
}

async function text(locator: Locator): Promise<string> {
  return ((await locator.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : many}`;
}

/** The words a sighted user sees: the element's text less its visually hidden parts (screen-reader prefixes). */
async function visibleText(locator: Locator): Promise<string> {
  return locator.evaluate((el) => {
    const copy = el.cloneNode(true) as Element;
    for (const hidden of Array.from(copy.querySelectorAll('.ui-visually-hidden'))) hidden.remove();
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}

/**
 * The header's queue indicator is updated by throttled broadcasts; let it settle so the picture shows the state
 * after the step. It compares the visible word: the accessible text starts with "Request queue: ", which is never
 * just "Idle". Returns what it says when it does not settle, so the summary can mention it.
 */
async function settleQueue(panel: Page, writtenMs = 3_000): Promise<string> {
  const timeoutMs = patient(writtenMs);
  const stat = panel.getByTestId('queue-stat');
  const deadline = Date.now() + timeoutMs;
  let shown = '';
  while (Date.now() < deadline) {
    shown = await visibleText(stat).catch(() => '');
    if (shown === 'Idle') return '';
    await panel.waitForTimeout(100);
  }
  return ` [header still says "${shown}" after ${timeoutMs / 1000} s]`;
}

/**
 * Waits until the panel says the page's first scan is over ("… · scanned just now", not "still scanning…"). A page's
 * first people are shown at once and the rest as the scan reads on (lib/detect/dom-scan.ts), so a count or a "Select
 * all" taken before this is of part of the page: on a slow machine the tour read part of the directory's 300 members,
 * skipped the second question the count did not call for, and the panel (rightly) asked it for 295 credits.
 */
async function scanFinished(panel: Page, what: string): Promise<void> {
  await visible(view(panel, 'Page').locator('.sp-page__meta').filter({ hasText: / · scanned / }), `The end of the scan of ${what} ("scanned …")`, 30_000);
}

/** The most a start can cost, as its button's label states it ("Enrich 300 selected · up to 295 credits"). */
function upToCredits(label: string): number {
  const most = /· up to ([\d,]+) credits?$/.exec(label)?.[1];
  if (most === undefined) throw new Error(`the start button says "${label}": no cost in it`);
  return Number(most.replace(/,/g, ''));
}

/** Follows a started bulk job's progress bar to its end; fails unless it finished. The values seen, first to last. */
async function finishBulk(panel: Page, writtenMs: number): Promise<{ progress: Locator; seen: string[] }> {
  const timeoutMs = patient(writtenMs);
  const page = view(panel, 'Page');
  const progress = await visible(page.getByRole('progressbar', { name: 'Bulk enrichment progress' }), 'The bulk progress bar');
  const seen: string[] = [];
  const finishedHeading = page.getByRole('heading', { name: /^Bulk enrichment (finished|cancelled|failed)$/ });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await progress.getAttribute('aria-valuenow').catch(() => null);
    if (now !== null && seen.at(-1) !== now) seen.push(now);
    if (await finishedHeading.isVisible()) break;
    if (Date.now() > deadline) throw new Error(`the bulk job did not finish within ${timeoutMs / 1000} s (progress seen: ${seen.join(' → ')})`);
    await panel.waitForTimeout(50);
  }
  const heading = await text(finishedHeading);
  if (heading !== 'Bulk enrichment finished') throw new Error(`the bulk job ended as "${heading}"`);
  return { progress, seen };
}

/** Money is exact: what the UI says was charged ("… 295 credits charged") is what the ledger charged. */
function chargedAsShown(shown: string, spent: number, where: string): void {
  const said = /([\d,]+) credits? charged/.exec(shown)?.[1];
  if (said === undefined) throw new Error(`${where} says "${shown}": no charge in it`);
  if (Number(said.replace(/,/g, '')) !== spent) throw new Error(`${where} says "${shown}", the ledger charged ${credits(spent)}`);
}

interface TourState {
  /** The page to picture if a step fails. */
  current?: Page;
  panel?: Page;
  contact?: { email: string; name: string; profileUrl: string | null };
}

export async function runTour(tour: Tour, ext: Extension, opts: { backend: TourBackend; outDir: string }): Promise<{ balance: number }> {
  const s: TourState = {};
  const { backend } = opts;
  const meter = new CreditMeter(() => backend.ledger());
  const lastPage = () => s.current;

  await tour.step(
    'onboarding',
    async () => {
      await waitForBackground(ext);
      const balance = await meter.start();
      // The background opens the onboarding page on install; open it ourselves if it has not appeared.
      let page = await waitForExtensionPage(ext, 'onboarding.html', patient(5_000));
      const openedByInstall = page !== null;
      if (!page) {
        page = await ext.context.newPage();
        await page.goto(extensionUrl(ext, 'onboarding.html'));
      }
      s.current = page;
      await page.setViewportSize({ width: 1000, height: 800 });
      await page.bringToFront();
      const connected = await backend.connect(page);
      return {
        page,
        summary:
          `${openedByInstall ? 'Onboarding opened on install' : 'Onboarding opened'}; ${connected}; balance ${credits(balance)}`,
      };
    },
    lastPage,
  );

  await tour.step(
    'scan-team-page',
    async () => {
      const started = performance.now();
      const { tab, panel, tabId } = await openWithPanel(ext, backend.pageUrl('team'));
      s.current = panel;
      s.panel = panel;
      const page = view(panel, 'Page');
      // People first (docs/people.md): one card per person, then companies, then loose identifiers.
      const people = await visible(page.getByRole('table', { name: 'People found on this page' }), 'The "People" cards of the scan');
      await scanFinished(panel, 'the team page');
      const rows = Number(await people.getAttribute('aria-rowcount')) - 1;
      const ms = performance.now() - started;
      const state = await send(panel, 'page/get', { tabId });
      if (!state) throw new Error('the background has no scan for the team page');
      const persons = state.entities.people ?? [];
      if (persons.length !== rows) throw new Error(`the panel shows ${rows} person rows, the background reports ${persons.length} people`);
      const names = (await people.locator('.sp-person__name').allTextContents()).slice(0, 3);
      const titled = persons.filter((p) => p.title).length;
      const settled = await settleQueue(panel);
      const { credits: spent } = await meter.spent();
      return {
        page: panel,
        summary:
          `"${await tab.title()}": ${plural(persons.length, 'person card')} (${names.join(', ')}, …; ${titled} with a title), ` +
          `the panel's count "${await text(panel.locator('.sp-page__meta'))}"; found in ${(ms / 1000).toFixed(1)} s ` +
          `(tab and panel opened, scanned in the page); ${credits(spent)}${settled}`,
      };
    },
    lastPage,
  );

  await tour.step(
    'bulk-team-people',
    async () => {
      const panel = s.panel as Page;
      const page = view(panel, 'Page');
      const people = page.getByRole('table', { name: 'People found on this page' });
      const count = Number(await people.getAttribute('aria-rowcount')) - 1;
      await people.getByRole('checkbox', { name: /^Select all/ }).check();
      const start = await visible(
        page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: /^Enrich \d+ selected · / }),
        'The bulk "Enrich N selected" button with its cost',
      );
      const preview = ((await start.getAttribute('aria-label')) ?? '').replace(/^Enrich /, '');
      await start.click();
      await finishBulk(panel, 60_000);
      const { credits: spent } = await meter.spent();
      if (spent !== count) throw new Error(`"Select all" on ${plural(count, 'person', 'people')} charged ${credits(spent)} in the sandbox ledger`);
      await panel.evaluate(() => window.scrollTo(0, 0));
      const settled = await settleQueue(panel);
      return {
        page: panel,
        fullPage: false,
        summary: `"Select all" on ${plural(count, 'person', 'people')}; preview "${preview}"; sandbox ledger: ${credits(spent)} = ${plural(count, 'person', 'people')}${settled}`,
      };
    },
    lastPage,
  );

  await tour.step(
    'enrich-contact',
    async () => {
      const panel = s.panel as Page;
      // A person card with an email: its one priced button (after "Select all", the cached answer opens for free).
      const people = view(panel, 'Page').getByRole('table', { name: 'People found on this page' });
      const row = people.getByRole('row').filter({ has: panel.locator('.sp-person__chip[title*="@"]') }).first();
      const email = (await row.locator('.sp-person__chip[title*="@"]').first().getAttribute('title')) ?? '';
      const button = await visible(row.getByRole('button', { name: /^(Enrich|Open) .+ · / }), 'A person card\'s priced "Enrich <name>" button');
      const label = (await button.getAttribute('aria-label')) ?? '';
      await button.click();
      const profile = await visible(view(panel, 'Contact').getByTestId('contact-profile'), 'The enriched contact', 20_000);
      const name = await text(profile.locator('.sp-profile__name'));
      const title = await text(profile.locator('.sp-job__title'));
      const company = await text(profile.locator('.sp-job__company'));
      const provenance = await text(profile.getByText(/^(Live|Cached)\b.*·/));
      const profileUrl = await profile
        .getByRole('list', { name: 'Social profiles' })
        .locator('a[href*="/in/"]')
        .first()
        .getAttribute('href', { timeout: patient(2_000) })
        .catch(() => null);
      s.contact = { email, name, profileUrl };
      const settled = await settleQueue(panel);
      const { credits: spent, balance } = await meter.spent();
      return {
        page: panel,
        summary: `"${label}" (${email}) → ${name}, ${title} (${company}); panel says "${provenance}", ledger: ${credits(spent)} (balance ${balance.toLocaleString('en-US')})${settled}`,
      };
    },
    lastPage,
  );

  await tour.step(
    'company',
    async () => {
      const panel = s.panel as Page;
      await view(panel, 'Contact').getByTestId('contact-profile').getByRole('button', { name: 'Company', exact: true }).click();
      const companyView = view(panel, 'Company');
      await (await visible(companyView.getByRole('button', { name: /^Enrich company/ }), 'The company view\'s priced "Enrich company" button')).click();
      const profile = await visible(companyView.getByTestId('company-profile'), 'The enriched company', 20_000);
      const name = await text(profile.locator('.sp-profile__name'));
      const sections = await profile.getByRole('heading', { level: 3 }).allTextContents();
      const people = await profile.getByRole('button', { name: /^Enrich .+ · 1 credit$/ }).count();
      const settled = await settleQueue(panel);
      const { credits: spent } = await meter.spent();
      return {
        page: panel,
        summary:
          `${name} from the contact's job: ${plural(sections.length, 'section')} (${sections.map((h) => h.replace(/\d+$/, '').trim()).join(', ')}), ` +
          `${plural(people, 'listed employee')} one click away; ${credits(spent)}${settled}`,
      };
    },
    lastPage,
  );

  await tour.step(
    'lookalike-companies',
    async () => {
      const panel = s.panel as Page;
      await view(panel, 'Company').getByTestId('company-profile').getByRole('button', { name: 'Lookalikes' }).click();
      const similar = view(panel, 'Similar');
      const find = await visible(similar.getByRole('button', { name: /^Find lookalikes/ }), 'The priced "Find lookalikes" button');
      const price = ((await find.getAttribute('aria-label')) ?? (await text(find))).replace(/^Find lookalikes\s*·?\s*/, '');
      await find.click();
      const table = await visible(similar.getByRole('table', { name: 'Lookalike companies' }), 'The lookalike companies table', 20_000);
      const total = Number(await table.getAttribute('aria-rowcount')) - 1;
      const best = await text(table.locator('.ui-table__body .sp-strong, .ui-table__body .ui-cell-button'));
      const score = await text(table.locator('.ui-score__value'));
      const settled = await settleQueue(panel);
      const { credits: spent } = await meter.spent();
      return {
        page: panel,
        summary: `${plural(total, 'lookalike company', 'lookalike companies')}, best first: "${best}" at ${score}; preview said "${price}", ledger: ${credits(spent)}${settled}`,
      };
    },
    lastPage,
  );

  await tour.step(
    'lookalike-contacts',
    async () => {
      const panel = s.panel as Page;
      await tabButton(panel, 'Contact').click();
      await view(panel, 'Contact').getByRole('button', { name: 'Lookalikes' }).click();
      const similar = view(panel, 'Similar');
      await (await visible(similar.getByRole('button', { name: /^Find lookalikes · 1 credit$/ }), 'The priced contact "Find lookalikes · 1 credit" button')).click();
      const list = await visible(similar.getByRole('list', { name: 'Lookalike contacts, best match first' }), 'The lookalike contacts list', 20_000);
      // As the panel shows them ("94%"): the text is a formatted percentage, not a number.
      const scores = (await list.locator('.ui-score__value').allTextContents()).map((v) => v.trim());
      const best = await text(list.getByRole('listitem').first().locator('.sp-person__name, strong, p').first());
      const settled = await settleQueue(panel);
      const { credits: spent } = await meter.spent();
      return {
        page: panel,
        summary: `${plural(scores.length, 'lookalike contact')} of ${s.contact?.name}, best "${best}" at ${scores[0]}; ledger: ${credits(spent)}${settled}`,
      };
    },
    lastPage,
  );

  await tour.step(
    'popup-verify',
    async () => {
      const email = s.contact?.email;
      if (!email) throw new Error('no contact email from the enrich step');
      const popup = await ext.context.newPage();
      s.current = popup;
      await popup.setViewportSize(POPUP_VIEWPORT);
      await popup.goto(extensionUrl(ext, 'popup.html'));
      await (await visible(popup.getByRole('textbox', { name: 'Email address to verify' }), 'The popup\'s email box')).fill(email);
      await popup.getByRole('button', { name: /^Verify/ }).click();
      const result = await visible(popup.getByTestId('verification-result'), 'The verification result', 20_000);
      const verdict = await result.locator('[data-verdict]').getAttribute('data-verdict');
      const cost = await text(result.locator('.pop-result__cost'));
      const { credits: spent } = await meter.spent();
      chargedAsShown(cost, spent, 'The popup');
      return { page: popup, summary: `${email}: ${verdict}; popup says "${cost}", ledger: ${credits(spent)}` };
    },
    lastPage,
  );

  let bulkPanel: Page | undefined;
  await tour.step(
    'bulk-directory',
    async () => {
      const { panel } = await openWithPanel(ext, backend.pageUrl('directory'));
      s.current = panel;
      bulkPanel = panel;
      const page = view(panel, 'Page');
      const people = await visible(page.getByRole('table', { name: 'People found on this page' }), "The directory's person cards");
      await scanFinished(panel, 'the directory');
      const found = Number(await people.getAttribute('aria-rowcount')) - 1;
      await people.getByRole('checkbox', { name: /^Select all/ }).check();
      const start = await visible(
        page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: /^Enrich \d+ selected · / }),
        'The bulk "Enrich N selected" button with its cost',
      );
      const label = (await start.getAttribute('aria-label')) ?? '';
      const preview = label.replace(/^Enrich /, '');
      const selected = Number(/^Enrich ([\d,]+) selected/.exec(label)?.[1]?.replace(/,/g, '') ?? NaN);
      if (selected !== found) throw new Error(`"Select all" on ${plural(found, 'person card')} selected ${label.replace(/^Enrich /, '').split(' · ')[0]}`);
      const bulkRequestsBefore = await backend.requestCount('/v1/bulk-enrich');
      const started = performance.now();
      await start.click();
      // Above the "ask again" threshold (options; 100 credits by default) the bar asks a second time: the tour says yes.
      // Whether it must ask is read from the cost the button states, the figure the bar decides by.
      const question = page.getByRole('alertdialog', { name: /^This can cost up to .+ Start\?$/ });
      const { settings } = await send(panel, 'settings/get', {});
      if (upToCredits(label) > settings.confirmAboveCredits) {
        await (await visible(question.getByRole('button', { name: 'Start', exact: true }), 'The second question\'s "Start" button')).click();
        // The question closes the moment its Start is taken; still open means the click never reached it.
        await question
          .waitFor({ state: 'hidden', timeout: patient(5_000) })
          .catch(() => {
            throw new Error('The second question stayed open after its "Start" was clicked');
          });
      }
      const { progress, seen } = await finishBulk(panel, 90_000);
      const ms = performance.now() - started;
      const last = await progress.getAttribute('aria-valuenow');
      if (last !== null && seen.at(-1) !== last) seen.push(last);
      const max = await progress.getAttribute('aria-valuemax');
      const detail = (await progress.getAttribute('aria-valuetext')) ?? '';
      const bulkRequestsAfter = await backend.requestCount('/v1/bulk-enrich');
      await panel.evaluate(() => window.scrollTo(0, 0));
      const settled = await settleQueue(panel);
      const { credits: spent } = await meter.spent();
      chargedAsShown(detail, spent, 'The bulk progress');
      return {
        page: panel,
        fullPage: false,
        summary:
          `${plural(found, 'person card')} in the directory, all selected; preview "${preview}"; finished in ${(ms / 1000).toFixed(1)} s ` +
          `${bulkRequestsAfter === null || bulkRequestsBefore === null ? '' : `over ${plural(bulkRequestsAfter - bulkRequestsBefore, 'bulk request')}, `}progress bar seen at ${seen.join(' → ')} of ${max}; panel: "${detail}"; ledger: ${credits(spent)} for ${plural(found, 'person', 'people')}${settled}`,
      };
    },
    lastPage,
  );

  await tour.step(
    'export-csv',
    async () => {
      const panel = bulkPanel as Page;
      const page = view(panel, 'Page');
      const results = page.getByRole('table', { name: 'Bulk enrichment results' });
      // Rows are fetched after the job's last event; wait until none is shown in a non-final state.
      await visible(results.getByText('Enriched'), 'An "Enriched" row in the bulk results');
      const download = panel.waitForEvent('download', { timeout: patient(15_000) });
      await page.getByRole('button', { name: 'Download bulk results as CSV' }).click();
      const file = await download;
      const path = `${opts.outDir}/directory-enriched.csv`;
      await file.saveAs(path);
      const parsed = Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), { header: true, skipEmptyLines: true });
      if (parsed.errors.length > 0) throw new Error(`the CSV does not parse: ${parsed.errors[0]?.message}`);
      const rows = parsed.data;
      const byStatus = new Map<string, number>();
      for (const r of rows) byStatus.set(r.Status ?? '?', (byStatus.get(r.Status ?? '?') ?? 0) + 1);
      const named = rows.filter((r) => (r['Full name'] ?? '').trim() !== '').length;
      const columns = parsed.meta.fields?.length ?? 0;
      const statuses = [...byStatus].map(([k, n]) => `${n} ${k}`).join(', ');
      await panel.evaluate(() => window.scrollTo(0, 0));
      return {
        page: panel,
        fullPage: false,
        summary: `"${file.suggestedFilename()}" → ${relative(process.cwd(), path)}: ${plural(rows.length, 'row')} × ${columns} columns (${statuses}), ${named} with a full name`,
      };
    },
    lastPage,
  );

  await tour.step(
    'speakers-named',
    async () => {
      const { panel } = await openWithPanel(ext, backend.pageUrl('speakers'));
      s.current = panel;
      await scanFinished(panel, 'the speakers page');
      // People named with a title and a firm but no email, phone or profile: each a priced lookup by name and firm.
      const list = await visible(
        view(panel, 'Page').getByRole('list', { name: 'People this page names without an email, phone or profile' }),
        'The "Named on this page" list',
      );
      const rows = list.getByRole('listitem');
      const count = await rows.count();
      const first = rows.first();
      const name = await text(first.locator('.sp-named__name'));
      const line = await text(first.locator('.sp-named__title'));
      const button = await visible(first.getByRole('button', { name: /^Look up .+ by name \(\d+ credits?\)$/ }), `${name}'s priced "Look up" button`);
      const label = (await button.getAttribute('aria-label')) ?? '';
      const quoted = Number(/\((\d+) credits?\)$/.exec(label)?.[1] ?? NaN);
      const before = (await meter.spent()).credits;
      await button.click();
      const profile = await visible(view(panel, 'Contact').getByTestId('contact-profile'), `The enriched contact of ${name}`, 20_000);
      const found = await text(profile.locator('.sp-profile__name'));
      const spent = (await meter.spent()).credits - before;
      if (spent !== quoted) throw new Error(`"${label}" charged ${credits(spent)} in the sandbox ledger`);
      const settled = await settleQueue(panel);
      return {
        page: panel,
        summary: `${plural(count, 'speaker')} named without an identifier; "${name}" (${line}): "${label}" → ${found}; ledger: ${credits(spent)} = the price shown${settled}`,
      };
    },
    lastPage,
  );

  await tour.step(
    'law-office',
    async () => {
      const { panel, tabId } = await openWithPanel(ext, backend.pageUrl('law-office'));
      s.current = panel;
      const page = view(panel, 'Page');
      const people = await visible(page.getByRole('table', { name: 'People found on this page' }), "The firm's lawyers");
      await scanFinished(panel, "the law firm's page");
      const lawyers = Number(await people.getAttribute('aria-rowcount')) - 1;
      // The office's shared mailbox and main line: the firm's general contact, on its company row, on no lawyer.
      const contact = await visible(
        page.getByRole('table', { name: 'Companies found on this page' }).getByRole('group', { name: /^General contact of / }),
        "The firm's general contact (its shared mailbox and main line)",
      );
      const general = await text(contact);
      const state = await send(panel, 'page/get', { tabId });
      const mailbox = /\S+@\S+/.exec(general)?.[0] ?? '';
      const onLawyer = (state?.entities.people ?? []).filter((p) => p.emails.includes(mailbox)).length;
      if (mailbox === '' || onLawyer > 0) throw new Error(`the office mailbox "${mailbox}" is on ${plural(onLawyer, 'lawyer')}`);
      const { credits: spent } = await meter.spent();
      return {
        page: panel,
        summary: `${plural(lawyers, 'lawyer')} with their own address and line; the firm's row says "${general}", on no lawyer; ${credits(spent)}`,
      };
    },
    lastPage,
  );

  await tour.step(
    'profile-page',
    async () => {
      const contact = s.contact;
      const slug = contact?.profileUrl ? new URL(contact.profileUrl).pathname.split('/').filter(Boolean)[1] : undefined;
      if (!contact || !slug) throw new Error('the enriched contact has no professional-network profile to open');
      // The sandbox serves every person's profile page; a package ships the ones its demo index links, so with no
      // server the tour follows the index's first profile link when the contact's page is not among them.
      let target = { path: `profile/${slug}` as const, name: contact.name, via: '' };
      if (!(await backend.pageExists(target.path))) {
        const index = await ext.context.newPage();
        s.current = index;
        await index.goto(backend.pageUrl('index'));
        const link = await visible(index.getByRole('link', { name: /^Profile: / }), "The demo index's profile links");
        const href = (await link.getAttribute('href')) ?? '';
        const linked = /profile[/-](.+?)(\.html)?$/.exec(href)?.[1];
        if (!linked) throw new Error(`the demo index links a profile as "${href}"`);
        target = { path: `profile/${linked}`, name: (await text(link)).replace(/^Profile: /, ''), via: ` (${contact.name}'s page is not in the package: the index's first profile)` };
        await index.close();
      }
      const { panel } = await openWithPanel(ext, backend.pageUrl(target.path));
      s.current = panel;
      const lead = await visible(view(panel, 'Page').getByTestId('profile-lead'), 'The profile lead card');
      await scanFinished(panel, 'the profile page');
      const name = await text(lead.locator('.sp-lead__name'));
      if (name !== target.name) throw new Error(`the profile page leads with "${name}", not "${target.name}"`);
      const action = await visible(lead.getByRole('button', { name: /^(Open|Enrich)\b/ }), "The lead card's priced action");
      const label = (await action.getAttribute('aria-label')) ?? (await text(action));
      const found = await text(panel.locator('.sp-page__meta'));
      const settled = await settleQueue(panel);
      const { credits: spent } = await meter.spent();
      return {
        page: panel,
        summary: `/demo/${target.path}${target.via} leads with ${name} ("${label}"), then the rest of the page (${found}); ${credits(spent)}${settled}`,
      };
    },
    lastPage,
  );

  return { balance: (await backend.ledger()).balance };
}
