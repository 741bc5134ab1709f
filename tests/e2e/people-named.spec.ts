import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueKey } from './fixtures';
import { ledgerOf, openPanelFor, send } from './support/reliability';
import { budget } from '../time-budget';

// People a page names without an identifier of their own (tests/fixtures/pages/speakers-named.html: six conference
// speakers, each a card with a name and a line "title, company" or "title at company", no email, phone or profile).
// In real Chromium with the real built extension against the real sandbox: they show under "Named on this page",
// each priced before anything is spent; each is looked up by name and the company their line states (the API's name
// and company lookup, GET /v1/enrich with first_name, last_name, company_name); the sandbox ledger then holds exactly
// the credits the rows showed for the people it knows, and nothing for the two it does not (spec: a credit is
// deducted for a successful enrichment; a miss is free).

interface Speaker {
  name: string;
  title: string;
  /** The company the lookup names, as the card states it. */
  company: string;
  /** The sandbox knows them (one of its first sample names, checked below). */
  known: boolean;
}

const SPEAKERS: Speaker[] = [
  { name: 'Bertram Gibson', title: 'Head of Revenue Operations at Klocko, Nolan and Hackett', company: 'Klocko, Nolan and Hackett', known: true },
  { name: 'Brooke Hauck', title: 'VP Sales, Mills LLC', company: 'Mills LLC', known: true },
  { name: 'Estel Ward', title: 'Director of Sales Enablement at Macejkovic, Pollich and Turner', company: 'Macejkovic, Pollich and Turner', known: true },
  { name: 'Weston Hills', title: 'Chief Revenue Officer, Jones LLC', company: 'Jones LLC', known: true },
  { name: 'Amara Lindqvist', title: 'Founder, Northwind Pipeline AB', company: 'Northwind Pipeline AB', known: false },
  { name: 'Tobias Renner', title: 'Sales Engineer at Fabrikam Analytics GmbH', company: 'Fabrikam Analytics GmbH', known: false },
];

const view = (panel: Page, name: string): Locator => panel.getByRole('tabpanel', { name });

/** Credits the sandbox booked for this key, all endpoints. */
async function charged(sandboxUrl: string, key: string): Promise<number> {
  return (await ledgerOf(sandboxUrl, key)).entries.reduce((n, e) => n + e.credits, 0);
}

/** "Look up Brooke Hauck · Mills LLC by name (1 credit)" → 1: the price the row shows before the click. */
function creditsIn(label: string): number {
  const match = /\((\d+) credits?\)$/.exec(label);
  if (match === null) throw new Error(`no price in “${label}”`);
  return Number(match[1]);
}

test('speakers named without an identifier: priced per row, looked up by name and company, the ledger matches to the credit (misses free)', async ({
  context,
  serviceWorker,
  openExtensionPage,
  pageServer,
  sandbox,
  configure,
  shot,
}) => {
  // Budget: scan 20 s + rows 15 s + six lookups of up to 20 s each + ledger reads; doubled for a busy box.
  test.setTimeout(360_000);
  const key = uniqueKey('test-standard-people-named');
  await configure({ apiKey: key });

  await test.step('the speakers the test calls known are people the sandbox has, at those companies', async () => {
    const samples = (await (await fetch(`${sandbox.url}/_sandbox/samples`)).json()) as { names: Array<{ first_name: string; last_name: string; company_name: string }> };
    const sampled = samples.names.map((n) => `${n.first_name} ${n.last_name} · ${n.company_name}`);
    for (const s of SPEAKERS) expect(sampled.includes(`${s.name} · ${s.company}`), s.name).toBe(s.known);
  });

  const { panel, tabId } = await openPanelFor(context, serviceWorker, openExtensionPage, `${pageServer.url}/speakers-named.html`);
  const page = view(panel, 'Page');
  const list = page.getByRole('list', { name: 'People this page names without an email, phone or profile' });

  await test.step('the background reports six named people and no person cards', async () => {
    await expect
      .poll(async () => {
        const reply = await send<{ complete: boolean; entities: { namedPeople?: Array<{ name: string }> } } | null>(panel, 'page/get', { tabId });
        return reply.ok && reply.data?.complete ? (reply.data.entities.namedPeople ?? []).map((p) => p.name) : [];
      }, { timeout: budget(20_000) })
      .toEqual(SPEAKERS.map((s) => s.name));
  });

  const rows = list.getByRole('listitem');
  const quoted = new Map<string, number>();

  await test.step('“Named on this page” lists each speaker with their line and the price of their lookup', async () => {
    await expect(rows).toHaveCount(SPEAKERS.length, { timeout: budget(15_000) });
    // The summary counts them: a page of six speakers is not "0 found".
    await expect(page.locator('.sp-page__meta')).toContainText('6\u00a0named');
    for (const s of SPEAKERS) {
      const row = rows.filter({ hasText: s.name });
      await expect(row).toContainText(s.title);
      // The row names the company the lookup will use, and its price, before anything is spent.
      const button = row.getByRole('button', { name: new RegExp(`^Look up ${s.name} · ${s.company.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} by name \\(\\d+ credits?\\)$`) });
      await expect(button).toBeEnabled({ timeout: budget(15_000) });
      quoted.set(s.name, creditsIn((await button.getAttribute('aria-label')) ?? ''));
    }
    expect([...quoted.values()]).toEqual(SPEAKERS.map(() => 1));
    expect(await charged(sandbox.url, key)).toBe(0);
    await shot(panel, 'people-named-before');
  });

  for (const s of SPEAKERS) {
    await test.step(`${s.name}: looked up at ${s.company}; ${s.known ? 'charged what the row showed' : 'a miss, free'}`, async () => {
      const before = await charged(sandbox.url, key);
      await panel.getByRole('tab', { name: 'Page', exact: true }).click();
      await rows.filter({ hasText: s.name }).getByRole('button', { name: new RegExp(`^Look up ${s.name} `) }).click();
      const contact = view(panel, 'Contact');
      if (s.known) await expect(contact.getByRole('heading', { name: s.name })).toBeVisible({ timeout: budget(40_000) });
      else await expect(contact.getByText('No match found', { exact: true })).toBeVisible({ timeout: budget(40_000) });
      await expect.poll(() => charged(sandbox.url, key), { timeout: budget(10_000) }).toBe(before + (s.known ? (quoted.get(s.name) as number) : 0));
    });
  }

  await test.step('the ledger holds the credits the rows showed for the four it knows, to the credit; again is free', async () => {
    const known = SPEAKERS.filter((s) => s.known);
    const expected = known.reduce((n, s) => n + (quoted.get(s.name) as number), 0);
    expect(await charged(sandbox.url, key)).toBe(expected);
    expect(expected).toBe(4);
    // Each found speaker is now in the cache: their row opens them free, never a second charge.
    await panel.getByRole('tab', { name: 'Page', exact: true }).click();
    for (const s of known) await expect(rows.filter({ hasText: s.name }).getByRole('button', { name: /^Look up/ })).toHaveText('Open', { timeout: budget(15_000) });
    // The two it does not know say so on their rows, before anyone clicks again.
    for (const s of SPEAKERS.filter((x) => !x.known)) await expect(rows.filter({ hasText: s.name })).toContainText('no match', { timeout: budget(15_000) });
    await shot(panel, 'people-named-after');
    expect(await charged(sandbox.url, key)).toBe(expected);
  });
});
