import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiRequests, ledgerOf, openPanelFor } from './support/reliability';
import { budget } from '../time-budget';

// Domain search with contact search filtered by company (docs/people.md), in real Chromium against the real sandbox:
// the company view lists the company's people and, on an enterprise key, a priced "Find people" that asks the
// prospector for that company's domain; the ledger must equal what the panel said. Every person a page returns is
// paid for with the page: their rows (and the rows above of the same people) open that record free, with no
// request and no charge, and nobody is listed twice. A standard key learns the plan from the free refusal and then
// sends nothing more.
//
// The expected people come from the sandbox itself (a direct POST /v1/prospector and GET /v1/company with another
// enterprise key), not from the extension's code.

interface Samples {
  names: Array<{ first_name: string; last_name: string; company_name: string; company_domain: string }>;
}

interface SearchAnswer {
  total_records_found: number;
  results: Array<{ full_name: string | null; social_profiles: Array<{ url: string }>; employment: { company_email_domain: string | null } | null }>;
}

const view = (panel: Page, name: string): Locator => panel.getByRole('tabpanel', { name });
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function samplesOf(sandboxUrl: string): Promise<Samples> {
  return (await (await fetch(`${sandboxUrl}/_sandbox/samples`)).json()) as Samples;
}

/** What the sandbox answers for one page of the company's people, asked directly with a key of its own. */
async function directSearch(sandboxUrl: string, oracle: string, domain: string, pageSize: number, page = 1): Promise<SearchAnswer> {
  const res = await fetch(`${sandboxUrl}/v1/prospector`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': oracle },
    body: JSON.stringify({ company_domain: [domain], page, page_size: pageSize }),
  });
  if (!res.ok) throw new Error(`the sandbox refused the direct search: ${res.status} ${await res.text()}`);
  return (await res.json()) as SearchAnswer;
}

/** The profile links of the employees the company answer lists, asked directly. */
async function employeeProfiles(sandboxUrl: string, oracle: string, domain: string): Promise<Set<string>> {
  const res = await fetch(`${sandboxUrl}/v1/company?url=${encodeURIComponent(domain)}`, { headers: { 'X-API-Key': oracle } });
  if (!res.ok) throw new Error(`the sandbox refused the direct company lookup: ${res.status}`);
  // The sandbox answers with the real service's field names (lib/api/wire-names.ts).
  const { result } = (await res.json()) as { result: { employees: Array<{ linkedin_url: string | null }> } };
  return new Set(result.employees.map((e) => e.linkedin_url).filter((u): u is string => Boolean(u)));
}

async function creditsFor(sandboxUrl: string, key: string, endpoint: string): Promise<number> {
  return (await ledgerOf(sandboxUrl, key)).entries.filter((e) => e.endpoint === endpoint).reduce((n, e) => n + e.credits, 0);
}

/** Opens the Company view on `domain` through its lookup box (which enriches it: 1 credit) and waits for the answer. */
async function openCompany(panel: Page, domain: string): Promise<Locator> {
  await panel.getByRole('tab', { name: 'Company', exact: true }).click();
  const company = view(panel, 'Company');
  const input = company.getByTestId('lookup-box').getByRole('textbox', { name: 'Look up a person or company' });
  await input.fill(domain);
  await expect(company.getByTestId('lookup-box').getByRole('button', { name: /^Look up · / })).toBeEnabled({ timeout: budget(15_000) });
  await input.press('Enter');
  const profile = company.getByTestId('company-profile');
  await expect(profile).toBeVisible({ timeout: budget(30_000) });
  return profile;
}

/** The free "Open" of a person a search paid for, by name (its accessible name says where it came from and "free"). */
const openFree = (scope: Locator, name: string): Locator =>
  scope.getByRole('button', { name: new RegExp(`^Open ${escape(name)} · From contact search, paid .+ · free$`) });

test('enterprise key: "Find people" asks contact search for the company, priced first, charged as the ledger says; who it returned opens free', async ({
  context,
  serviceWorker,
  openExtensionPage,
  sandbox,
  configure,
  shot,
}) => {
  // Budget: company lookup 30 s + two pages 60 s + rows 15 s + two opens 30 s + screens 10 s; doubled for a busy box.
  test.setTimeout(300_000);
  const key = `test-enterprise-people-prospector-${Date.now()}`;
  const oracle = `test-enterprise-oracle-${Date.now()}`;
  await configure({ apiKey: key });
  // A company with more people than one page: page 1 returns the people the company answer lists (the sandbox lists
  // the first ten), page 2 people it does not.
  let domain = '';
  let first: SearchAnswer | null = null;
  for (const d of [...new Set((await samplesOf(sandbox.url)).names.map((n) => n.company_domain))]) {
    const answer = await directSearch(sandbox.url, oracle, d, 10);
    if (answer.total_records_found > 10 && answer.total_records_found <= 20) {
      [domain, first] = [d, answer];
      break;
    }
  }
  if (!first) throw new Error('the sandbox samples need a company with 11 to 20 people');
  const second = await directSearch(sandbox.url, oracle, domain, 10, 2);
  for (const r of [...first.results, ...second.results]) expect(r.employment?.company_email_domain).toBe(domain);
  const employees = await employeeProfiles(sandbox.url, oracle, domain);
  const listed = (r: SearchAnswer['results'][number]) => r.social_profiles.some((p) => employees.has(p.url));
  const above = first.results.filter(listed).map((r) => r.full_name ?? '');
  const beyond = [...first.results, ...second.results].filter((r) => !listed(r)).map((r) => r.full_name ?? '');
  expect(above.length, 'page 1 returns people the company answer lists (what used to be sold twice)').toBeGreaterThan(0);
  expect(beyond.length, 'page 2 returns people the company answer does not list').toBeGreaterThan(0);
  const total = first.total_records_found;

  const { panel } = await openPanelFor(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/blog`);
  const profile = await openCompany(panel, domain);
  const section = profile.getByTestId('prospector');
  const employeesTable = profile.getByRole('table', { name: /^People at (?!.*from contact search)/ });
  const searchTable = section.getByRole('table', { name: /^People at .+ from contact search$/ });
  const find = section.getByRole('button', { name: /^Find people at .+ · up to 10 credits$/ });

  await test.step('the section prices the search before the click, and nothing is searched yet', async () => {
    await expect(find).toBeEnabled({ timeout: budget(15_000) });
    expect(await creditsFor(sandbox.url, key, 'prospector')).toBe(0);
    expect((await apiRequests(sandbox.url, key)).filter((r) => r.path === '/v1/prospector')).toEqual([]);
    // Before the search, the employees are for sale, one price each.
    await expect(employeesTable.getByRole('button', { name: new RegExp(`^Enrich ${escape(above[0] ?? '')} · 1 credit$`) })).toBeVisible();
  });

  await test.step('page 1 sends company_domain, charges one per person; people listed above are not listed again and open free there', async () => {
    await find.click();
    const summary = section.getByTestId('prospector-summary');
    const returned = first.results.length;
    await expect(summary).toHaveText(`${total} people found · ${returned} of ${total} returned · ${returned} credits charged`, { timeout: budget(30_000) });
    const sent = (await apiRequests(sandbox.url, key)).filter((r) => r.path === '/v1/prospector');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({ company_domain: [domain], page: 1, page_size: 10 });
    expect(await creditsFor(sandbox.url, key, 'prospector')).toBe(returned);
    await expect(section.getByTestId('prospector-listed-above')).toHaveText(
      above.length === 1 ? '1 of them is listed above: that row now opens their paid record, free.' : `${above.length} of them are listed above: those rows now open their paid records, free.`,
    );
    // Nobody twice: the people page 1 returned beyond the list, if any, are the only rows below.
    const newOnPage1 = first.results.filter((r) => !listed(r)).length;
    if (newOnPage1 === 0) await expect(searchTable).toHaveCount(0);
    else await expect(searchTable).toHaveAttribute('aria-rowcount', String(newOnPage1 + 1));
    for (const name of above.slice(0, 5)) {
      await expect(openFree(employeesTable, name)).toBeVisible();
      await expect(employeesTable.getByRole('button', { name: new RegExp(`^Enrich ${escape(name)} · `) })).toHaveCount(0);
      if (newOnPage1 > 0) await expect(searchTable.getByText(name, { exact: true })).toHaveCount(0);
    }
    for (const width of [320, 400]) {
      await panel.setViewportSize({ width, height: 900 });
      await shot(panel, `people-prospector-${width}`);
    }
    await panel.setViewportSize({ width: 360, height: 900 });
  });

  await test.step('page 2: priced before the click, charged as the ledger says; its people are listed below, each "Open · free"', async () => {
    const next = section.getByRole('button', { name: /^Find people at .+ · up to 10 credits$/ });
    await expect(next).toHaveText(/Next page/);
    await next.click();
    const returned = first.results.length + second.results.length;
    await expect(section.getByTestId('prospector-summary')).toHaveText(`${total} people found · ${returned} of ${total} returned · ${returned} credits charged`, {
      timeout: budget(30_000),
    });
    const sent = (await apiRequests(sandbox.url, key)).filter((r) => r.path === '/v1/prospector');
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1]?.body ?? '{}')).toMatchObject({ company_domain: [domain], page: 2, page_size: 10 });
    expect(await creditsFor(sandbox.url, key, 'prospector')).toBe(returned);
    await expect(searchTable).toHaveAttribute('aria-rowcount', String(beyond.length + 1));
    for (const name of beyond.slice(0, 5)) await expect(openFree(searchTable, name)).toBeVisible();
    // The last page: no further paid button.
    await expect(section.getByRole('button', { name: /^Find people at / })).toHaveCount(0);
    await shot(panel, 'people-prospector-page-2');
  });

  /** Clicks a free "Open": the contact opens, reads free, and the sandbox sees no request and books nothing. */
  async function opensFree(button: Locator, name: string, screen: string): Promise<void> {
    const before = { ledger: await ledgerOf(sandbox.url, key), requests: (await apiRequests(sandbox.url, key)).length };
    // What the row shows: "Open · free" (the separator is drawn by CSS).
    await expect(button.locator('.ui-button__label')).toHaveText('Open');
    await expect(button.locator('.ui-button__detail')).toHaveText('free');
    await button.click();
    const contact = view(panel, 'Contact');
    await expect(contact.getByTestId('contact-profile')).toBeVisible({ timeout: budget(15_000) });
    await expect(contact.getByText(name, { exact: true }).first()).toBeVisible();
    await expect(contact.getByText(/^Cached .+ · free$/)).toBeVisible();
    await expect(contact.getByText(/^Live · /)).toHaveCount(0);
    await shot(panel, screen);
    const after = await ledgerOf(sandbox.url, key);
    expect(after.balance, `opening ${name}`).toBe(before.ledger.balance);
    expect(after.entries).toHaveLength(before.ledger.entries.length);
    expect((await apiRequests(sandbox.url, key)).length).toBe(before.requests);
    await panel.getByRole('tab', { name: 'Company', exact: true }).click();
  }

  await test.step('a person from the search opens the record the page paid for: no request, the ledger does not move', async () => {
    const name = beyond[0] ?? '';
    await opensFree(openFree(searchTable, name), name, 'people-prospector-open-free');
  });

  await test.step('a person listed above whom the search returned opens that record too: no second charge', async () => {
    const name = above[0] ?? '';
    await opensFree(openFree(employeesTable, name), name, 'people-prospector-open-above');
    expect(await creditsFor(sandbox.url, key, 'enrich')).toBe(0);
  });
});

test('standard key: the first "Find people" is refused for free, and the section then says it needs Enterprise', async ({
  context,
  serviceWorker,
  openExtensionPage,
  sandbox,
  configure,
  shot,
}) => {
  // Budget: two company lookups 60 s + the refused search 20 s + screens; doubled for a busy box.
  test.setTimeout(200_000);
  const key = `test-standard-people-prospector-${Date.now()}`;
  await configure({ apiKey: key });
  const samples = await samplesOf(sandbox.url);
  const [first, other] = [samples.names[0]?.company_domain, samples.names.find((n) => n.company_domain !== samples.names[0]?.company_domain)?.company_domain];
  if (!first || !other) throw new Error('the sandbox samples need two companies');

  const { panel } = await openPanelFor(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/blog`);
  const prospectorCalls = async () => (await apiRequests(sandbox.url, key)).filter((r) => r.path === '/v1/prospector');

  await test.step('the click is refused (403 plan_required), nothing charged, and the section says why', async () => {
    const profile = await openCompany(panel, first);
    await profile.getByTestId('prospector').getByRole('button', { name: /^Find people at / }).click();
    await expect(profile.getByTestId('prospector-plan-required')).toContainText('Contact search needs an Enterprise plan', { timeout: budget(20_000) });
    expect((await prospectorCalls()).map((r) => r.status)).toEqual([403]);
    expect(await creditsFor(sandbox.url, key, 'prospector')).toBe(0);
  });

  await test.step('another company: the section says so at once and sends no request', async () => {
    const profile = await openCompany(panel, other);
    await expect(profile.getByTestId('prospector-plan-required')).toBeVisible();
    await expect(profile.getByRole('button', { name: /^Find people at / })).toHaveCount(0);
    await shot(panel, 'people-prospector-plan-required');
    expect(await prospectorCalls()).toHaveLength(1);
  });
});
