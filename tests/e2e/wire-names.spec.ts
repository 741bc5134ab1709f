import type { Page } from '@playwright/test';
import { type RunningSandbox, startSandbox } from '@/sandbox/server';
import { expect, test } from './fixtures';
import { openPanelFor, samplesOf } from './support/reliability';
import { budget } from '../time-budget';

// The professional network's fields on the wire: the real service writes `linkedin_url`, the spec `pnet_url`
// (lib/api/wire-names.ts, docs/api-decisions.md D15). Each view that shows one is checked against the run's sandbox
// (the real names, its default) and a second sandbox started here with `wireNames: 'spec'`: the company's page, its
// size on the network, its social field, its employees' profiles and the lookalike contacts' profiles all show.

let specSandbox: RunningSandbox;

test.beforeAll(async () => {
  specSandbox = await startSandbox({ port: 0, quiet: true, wireNames: 'spec' });
});
test.afterAll(async () => {
  await specSandbox?.close();
});

const spellings = [
  { name: 'real names (linkedin_url)', field: 'linkedin_url', base: (own: string) => own },
  { name: "the spec's spelling (pnet_url)", field: 'pnet_url', base: () => specSandbox.url },
] as const;

const view = (panel: Page, name: string) => panel.getByRole('tabpanel', { name });

/** The company answer as the sandbox sends it, asked directly with a separate account. */
async function rawCompany(base: string, url: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/v1/company?url=${encodeURIComponent(url)}`, { headers: { 'X-API-Key': `test-standard-wn-probe-${Date.now()}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: Record<string, unknown> }).result;
}

for (const spelling of spellings) {
  test(`company page, size on the network, social field, employees' and lookalike contacts' profiles show with ${spelling.name}`, async ({
    context,
    serviceWorker,
    openExtensionPage,
    configure,
    sandbox,
    shot,
  }) => {
    test.setTimeout(180_000);
    const base = spelling.base(sandbox.url);
    await configure({ baseUrl: base, apiKey: `test-standard-wn-${spelling.field}-${Date.now()}` });

    // Company: its page on the network, its head count there and its social field, from the answer's network fields.
    const { panel } = await openPanelFor(context, serviceWorker, openExtensionPage, `${base}/demo/team`);
    const companies = view(panel, 'Page').getByRole('table', { name: /^(Other )?companies found on this page$/i });
    await expect(companies).toBeVisible({ timeout: budget(15_000) });
    await companies.getByRole('button', { name: /^Enrich .+ · 1 credit$/ }).first().click();
    const company = view(panel, 'Company').getByTestId('company-profile');
    await expect(company).toBeVisible({ timeout: budget(15_000) });
    const page = company.locator('.sp-profile__links').getByRole('link', { name: 'Profile' });
    await expect(page).toHaveAttribute('href', /^https:\/\/www\.linkedin\.com\/company\/[a-z0-9-]+$/);
    const companyPage = (await page.getAttribute('href')) ?? '';
    await expect(company.getByText(/^[\d,]+ members?$/)).toBeVisible();
    const social = company.locator('.sp-list__item').filter({ hasText: 'Professional network' });
    await expect(social.getByRole('link')).toHaveAttribute('href', companyPage);

    // The sandbox really sent this spelling, and the employees it listed show with their profiles.
    const raw = await rawCompany(base, companyPage);
    const overview = raw.overview as Record<string, unknown>;
    expect(overview[spelling.field]).toBe(companyPage);
    const employees = raw.employees as Array<Record<string, string | null>>;
    const withProfile = employees.map((e) => e[spelling.field]).filter((u): u is string => Boolean(u?.includes('/in/')));
    expect(withProfile.length).toBeGreaterThan(0);
    const people = company.getByRole('table', { name: /^People at / });
    for (const profile of withProfile.slice(0, 3)) await expect(people.getByText(new URL(profile).pathname.split('/')[2]!, { exact: true })).toBeVisible();
    await shot(panel, `wire-names-${spelling.field}-company`);

    // Lookalike contacts: each with a profile opens the person (the button exists only when a profile was read).
    const sample = await samplesOf(base);
    const slug = new URL(sample.socialProfiles[1] ?? '').pathname.split('/').filter(Boolean)[1] ?? '';
    const person = await openPanelFor(context, serviceWorker, openExtensionPage, `${base}/demo/profile/${slug}`);
    await view(person.panel, 'Page').getByTestId('profile-lead').getByRole('button', { name: /^Enrich · 1 credit$/ }).click();
    const profile = view(person.panel, 'Contact').getByTestId('contact-profile');
    await expect(profile).toBeVisible({ timeout: budget(15_000) });
    await profile.getByRole('button', { name: 'Lookalikes' }).click();
    const similar = view(person.panel, 'Similar');
    await similar.getByRole('button', { name: /^Find lookalikes · 1 credit$/ }).click();
    const list = similar.getByRole('list', { name: 'Lookalike contacts, best match first' });
    await expect(list).toBeVisible({ timeout: budget(15_000) });
    const items = await list.getByRole('listitem').count();
    expect(items).toBeGreaterThan(0);
    await expect(list.getByRole('button', { name: /^Open / })).toHaveCount(items);
    await shot(person.panel, `wire-names-${spelling.field}-lookalike-contacts`);

    // Opening one looks the person up by the profile that was read.
    await list.getByRole('button', { name: /^Open / }).first().click();
    await expect(view(person.panel, 'Contact').getByRole('button', { name: /^Enrich · 1 credit$/ })).toBeVisible({ timeout: budget(15_000) });
  });
}
