import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiRequests, ledgerOf, openPanelFor } from './support/reliability';

// Domain search with contact search filtered by company (issue 13), in real Chromium against the real sandbox: the
// company view lists the company's people and, on an enterprise key, a priced "Find people" that asks the
// prospector for that company's domain; the ledger must equal what the panel said, for the search and for one
// person's Enrich. A standard key learns the plan from the free refusal and then sends nothing more.
//
// The expected people come from the sandbox itself (a direct POST /v1/prospector with another enterprise key), not
// from the extension's code.

interface Samples {
  names: Array<{ first_name: string; last_name: string; company_name: string; company_domain: string }>;
}

interface SearchAnswer {
  total_records_found: number;
  results: Array<{ full_name: string | null; employment: { company_email_domain: string | null } | null }>;
}

const view = (panel: Page, name: string): Locator => panel.getByRole('tabpanel', { name });

async function samplesOf(sandboxUrl: string): Promise<Samples> {
  return (await (await fetch(`${sandboxUrl}/_sandbox/samples`)).json()) as Samples;
}

/** What the sandbox answers for the company's first page, asked directly with a key of its own. */
async function directSearch(sandboxUrl: string, domain: string, pageSize: number): Promise<SearchAnswer> {
  const res = await fetch(`${sandboxUrl}/v1/prospector`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': `test-enterprise-oracle-${Date.now()}` },
    body: JSON.stringify({ company_domain: [domain], page: 1, page_size: pageSize }),
  });
  if (!res.ok) throw new Error(`the sandbox refused the direct search: ${res.status} ${await res.text()}`);
  return (await res.json()) as SearchAnswer;
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
  await expect(company.getByTestId('lookup-box').getByRole('button', { name: /^Look up · / })).toBeEnabled({ timeout: 15_000 });
  await input.press('Enter');
  const profile = company.getByTestId('company-profile');
  await expect(profile).toBeVisible({ timeout: 30_000 });
  return profile;
}

test('enterprise key: "Find people" asks contact search for the company, priced first, charged as the ledger says', async ({
  context,
  serviceWorker,
  openExtensionPage,
  sandbox,
  configure,
  shot,
}) => {
  // Budget: company lookup 30 s + search 30 s + rows 15 s + one enrich 30 s + screens 10 s; doubled for a busy box.
  test.setTimeout(240_000);
  const key = `test-enterprise-people-prospector-${Date.now()}`;
  await configure({ apiKey: key });
  const person = (await samplesOf(sandbox.url)).names[0];
  if (!person) throw new Error('the sandbox has no sample names');
  const domain = person.company_domain;
  const expected = await directSearch(sandbox.url, domain, 10);
  const expectedNames = expected.results.map((r) => r.full_name ?? '');
  expect(expected.results.length, 'the sample company has people in the sandbox').toBeGreaterThan(0);
  for (const r of expected.results) expect(r.employment?.company_email_domain).toBe(domain);

  const { panel } = await openPanelFor(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/blog`);
  const profile = await openCompany(panel, domain);
  const section = profile.getByTestId('prospector');
  const find = section.getByRole('button', { name: /^Find people at .+ · up to 10 credits$/ });

  await test.step('the section prices the search before the click, and nothing is searched yet', async () => {
    await expect(find).toBeEnabled({ timeout: 15_000 });
    expect(await creditsFor(sandbox.url, key, 'prospector')).toBe(0);
    expect((await apiRequests(sandbox.url, key)).filter((r) => r.path === '/v1/prospector')).toEqual([]);
  });

  await test.step('the search sends company_domain, lists the people the sandbox has there, charges one per person', async () => {
    await find.click();
    const table = section.getByRole('table', { name: /^People at .+ from contact search$/ });
    await expect(table).toHaveAttribute('aria-rowcount', String(expectedNames.length + 1), { timeout: 30_000 });
    for (const name of expectedNames.slice(0, 5)) await expect(table.getByText(name, { exact: true })).toBeVisible();
    const sent = (await apiRequests(sandbox.url, key)).filter((r) => r.path === '/v1/prospector');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({ company_domain: [domain], page: 1, page_size: 10 });
    const charged = await creditsFor(sandbox.url, key, 'prospector');
    expect(charged).toBe(expectedNames.length);
    const word = charged === 1 ? 'credit' : 'credits';
    await expect(section.getByTestId('prospector-summary')).toHaveText(
      `${expected.total_records_found} ${expected.total_records_found === 1 ? 'person' : 'people'} found · ${expectedNames.length} of ${expected.total_records_found} shown · ${charged} ${word} charged for this page`,
    );
    for (const width of [320, 400]) {
      await panel.setViewportSize({ width, height: 900 });
      await shot(panel, `people-prospector-${width}`);
    }
    await panel.setViewportSize({ width: 360, height: 900 });
  });

  await test.step('one person from the search: the button states the price and the ledger matches it', async () => {
    const table = section.getByRole('table', { name: /^People at .+ from contact search$/ });
    const button = table.getByRole('button', { name: / · (1 credit|.*free)$/ }).first();
    await expect(button).toBeVisible({ timeout: 15_000 });
    const label = (await button.getAttribute('aria-label')) ?? '';
    const price = / · 1 credit$/.test(label) ? 1 : 0;
    const before = await creditsFor(sandbox.url, key, 'enrich');
    await button.click();
    await expect(view(panel, 'Contact').getByTestId('contact-profile')).toBeVisible({ timeout: 30_000 });
    expect(await creditsFor(sandbox.url, key, 'enrich'), `the button said "${label}"`).toBe(before + price);
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
    await expect(profile.getByTestId('prospector-plan-required')).toContainText('Contact search needs an Enterprise plan', { timeout: 20_000 });
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
