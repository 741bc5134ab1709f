/**
 * A team that keeps its key out of the hub (no proxy mode): each member looks people up with their own key against
 * the real sandbox, and the hub (real, on PGlite) only shares what was bought. Two Chromium profiles with the built
 * extension, signed in through the options page with invites. Member A buys a person by email; member B's price for
 * the same person by their profile is already free, and opening them says a teammate bought them, at 0 credits: the
 * sandbox's ledgers of the two keys hold one charge in all. With the hub stopped, A buys another person exactly as
 * without a hub; once the hub is back, A's outbox delivers the purchase and B gets that person free too.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { startHub, type RunningHub } from '@/hub/server';
import { createTeam } from '@/hub/teams';
import type { HubDatabase } from '@/hub/db/open';
import { testDatabases, type TestDatabases } from '../unit/hub/backends';
import { expect, test, uniqueKey } from './fixtures';
import { hubCall, lookUp, openPanelIn, secondBrowser, signIn } from './support/hub';
import { ledgerOf, openPanelFor, samplesOf, send } from './support/reliability';
import { budget } from '../time-budget';

/** The sandbox person behind an email, and their profile, read with a key of the test's own (the members' ledgers hold only theirs). */
async function profileOf(sandboxUrl: string, email: string): Promise<{ profile: string; name: string }> {
  const probe = (await (await fetch(`${sandboxUrl}/v1/enrich?email=${encodeURIComponent(email)}`, { headers: { 'x-api-key': uniqueKey('test-standard-hub-book-probe') } })).json()) as {
    result: { social_profiles?: Array<{ network?: string; url?: string }>; full_name?: string };
  };
  const profile = probe.result.social_profiles?.find((p) => p.network === 'linkedin')?.url;
  if (!profile) throw new Error(`the sandbox's person for ${email} has no profile to look them up by`);
  return { profile, name: probe.result.full_name ?? '' };
}

/** Charges (credits > 0) in the sandbox's ledger of a key. */
async function charges(sandboxUrl: string, key: string): Promise<number> {
  return (await ledgerOf(sandboxUrl, key)).entries.filter((e) => e.credits > 0).length;
}

/** Points a member's extension at the sandbox with their own key, as the options page would. */
async function ownKey(options: Page, sandboxUrl: string, key: string): Promise<void> {
  const updated = await send(options, 'settings/update', { apiBaseUrl: sandboxUrl, confirmAboveCredits: 1_000_000 });
  expect(updated.ok).toBe(true);
  const set = await send(options, 'key/set', { key });
  expect(set.ok).toBe(true);
}

test.describe('the team book without proxy mode, on PGlite', () => {
  let dbs: TestDatabases;
  let database: HubDatabase;
  let hub: RunningHub;
  const keySecret = randomBytes(32).toString('base64');

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dbs = await testDatabases('pglite');
    database = await dbs.open();
    hub = await startHub({ port: 0, database, keySecret });
  });
  test.afterAll(async () => {
    await hub?.close();
    await dbs?.dispose();
  });

  test('A buys with their own key, B gets the person free by another identifier; bought with the hub down, delivered later', async ({
    context,
    serviceWorker,
    openExtensionPage,
    configure,
    sandbox,
    shot,
  }) => {
    // Two browsers (one launched here), two sign-ins, four lookups at ≤ 15 s each, a hub restart, slack for load.
    test.setTimeout(240_000);
    const keyA = uniqueKey('test-standard-hub-book-a');
    const keyB = uniqueKey('test-standard-hub-book-b');
    const samples = await samplesOf(sandbox.url);
    const teamName = `Acme field ${randomBytes(2).toString('hex')}`;

    const { adminToken, invites } = await test.step('the admin makes the team (no key in the hub) and invites A and B', async () => {
      const { adminInvite } = await createTeam(hub.database.db, teamName);
      const token = (await hubCall(hub, '/hub/invites/redeem', { body: { code: adminInvite, name: 'Admin' } })).token as string;
      const a = await hubCall(hub, '/hub/admin/invites', { token, body: { role: 'member' } });
      const b = await hubCall(hub, '/hub/admin/invites', { token, body: { role: 'member' } });
      return { adminToken: token, invites: { a: a.code as string, b: b.code as string } };
    });
    /** The team's book for an email, as the admin asks it. */
    const inBook = async (email: string) => ((await hubCall(hub, `/hub/book?email=${encodeURIComponent(email)}`, { token: adminToken })).hits as unknown[]).length;

    await configure({ apiKey: keyA });
    const b = await secondBrowser();
    try {
      const optionsA = await openExtensionPage('options.html');
      const optionsB = await b.context.newPage();
      await optionsB.goto(`chrome-extension://${b.extensionId}/options.html`);
      await ownKey(optionsB, sandbox.url, keyB);

      await test.step('A and B sign in; their own keys stay in use', async () => {
        await signIn(optionsA, hub.url, invites.a, 'Ada');
        await expect(optionsA.getByTestId('hub-signed-in')).toContainText(`Signed in to ${teamName} as Ada`, { timeout: budget(15_000) });
        await signIn(optionsB, hub.url, invites.b, 'Bea');
        await expect(optionsB.getByTestId('hub-signed-in')).toContainText(`Signed in to ${teamName} as Bea`, { timeout: budget(15_000) });
        await expect(optionsB.getByTestId('hub-signed-in')).toContainText('lookups still use your own API key and address');
        const settings = await send<{ key: { hint: string | null } }>(optionsB, 'settings/get', {});
        expect(settings.ok && settings.data.key.hint).toBe(`…${keyB.slice(-4)}`);
      });

      const first = samples.emails[3]!;
      const firstPerson = await profileOf(sandbox.url, first);
      const { panel: panelA } = await openPanelFor(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/team`);

      await test.step('A buys the person by email with their own key: 1 credit, and the purchase goes to the team book', async () => {
        await lookUp(panelA, first);
        const contact = panelA.getByRole('tabpanel', { name: 'Contact' });
        await expect(contact.getByTestId('contact-profile')).toBeVisible({ timeout: budget(15_000) });
        await expect(contact.getByText('Live · 1 credit')).toBeVisible();
        expect(await charges(sandbox.url, keyA)).toBe(1);
        await expect.poll(() => inBook(first), { timeout: budget(15_000) }).toBe(1);
      });

      const panelB = await openPanelIn(b, `${sandbox.url}/demo/team`);

      await test.step('B opens the same person by their profile: priced free before the click, "Bought by your team (Ada, …)", 0 credits', async () => {
        await lookUp(panelB, firstPerson.profile, 'free');
        const contact = panelB.getByRole('tabpanel', { name: 'Contact' });
        await expect(contact.getByTestId('contact-profile')).toBeVisible({ timeout: budget(15_000) });
        if (firstPerson.name) await expect(contact.getByTestId('contact-profile')).toContainText(firstPerson.name);
        await expect(contact.getByText(/^Bought by your team \(Ada, .+\) · free$/)).toBeVisible();
        await shot(panelB, 'hub-book-bought-by-team');
        const credits = await send<{ today: number }>(optionsB, 'credits/summary', {});
        expect(credits.ok && credits.data.today).toBe(0);
        // One charge in all: A's; B's key sent nothing for the person.
        expect(await charges(sandbox.url, keyA)).toBe(1);
        expect(await charges(sandbox.url, keyB)).toBe(0);
        expect((await ledgerOf(sandbox.url, keyB)).entries).toHaveLength(0);
      });

      const second = samples.emails[4]!;
      const secondPerson = await profileOf(sandbox.url, second);
      const port = hub.port;

      await test.step('with the hub stopped, A buys another person exactly as without a hub (1 credit, the answer shown)', async () => {
        await hub.close();
        await lookUp(panelA, second);
        const contact = panelA.getByRole('tabpanel', { name: 'Contact' });
        await expect(contact.getByText('Live · 1 credit')).toBeVisible({ timeout: budget(15_000) });
        if (secondPerson.name) await expect(contact.getByTestId('contact-profile')).toContainText(secondPerson.name);
        expect(await charges(sandbox.url, keyA)).toBe(2);
      });

      await test.step('the hub is back: A\'s outbox delivers the purchase on the hub\'s next answer, once', async () => {
        hub = await startHub({ port, database, keySecret });
        let asked = 10;
        // A's next price of anyone asks the hub; its answer sends what waits.
        await expect
          .poll(
            async () => {
              await send(optionsA, 'credits/estimate', { action: 'contact/enrich', lookup: { email: samples.emails[asked++ % samples.emails.length]! } });
              return inBook(second);
            },
            { timeout: budget(60_000), intervals: [1_000] },
          )
          .toBe(1);
        const [entry] = (await hubCall(hub, `/hub/book?email=${encodeURIComponent(second)}`, { token: adminToken })).hits as Array<{ credits: number; boughtBy: { name: string } }>;
        expect(entry).toMatchObject({ credits: 1, boughtBy: { name: 'Ada' } });
      });

      await test.step('B opens that person by their profile: free, bought by the team; still one charge per person in all', async () => {
        await lookUp(panelB, secondPerson.profile, 'free');
        const contact = panelB.getByRole('tabpanel', { name: 'Contact' });
        await expect(contact.getByText(/^Bought by your team \(Ada, .+\) · free$/)).toBeVisible({ timeout: budget(15_000) });
        if (secondPerson.name) await expect(contact.getByTestId('contact-profile')).toContainText(secondPerson.name);
        expect(await charges(sandbox.url, keyA)).toBe(2);
        expect(await charges(sandbox.url, keyB)).toBe(0);
      });
    } finally {
      await b.close();
    }
  });
});
