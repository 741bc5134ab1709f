/**
 * A team on a real hub in proxy mode, with two members in two browsers: the real sandbox as the service behind the
 * hub (the team's key, the test's own, is the hub's alone), a real hub on PGlite and on a real Postgres (started by
 * scripts/ensure-postgres.sh), and the built extension in two Chromium profiles signed in through the options page
 * with invites. Member A buys a person; member B opens the same person by another identifier and is told a teammate
 * bought them, free; the service's ledger for the team's key holds one charge; B's member budget refuses the next
 * purchase in words; nothing in B's browser ever held the team's key; A leaves the hub and has their own key back.
 */
import { randomBytes } from 'node:crypto';
import { startHub, type RunningHub } from '@/hub/server';
import { BACKENDS, testDatabases, type TestDatabases } from '../unit/hub/backends';
import { expect, test, uniqueKey } from './fixtures';
import { everythingStored, hubCall, lookUp, makeTeam, openPanelIn, secondBrowser, signIn } from './support/hub';
import { ledgerOf, openPanelFor, samplesOf, send } from './support/reliability';
import { budget } from '../time-budget';

for (const backend of BACKENDS) {
  test.describe(`team hub in proxy mode, on ${backend}`, () => {
    let dbs: TestDatabases;
    let hub: RunningHub;

    test.beforeAll(async () => {
      test.setTimeout(300_000); // Postgres may be installed and started by scripts/ensure-postgres.sh the first time
      dbs = await testDatabases(backend);
      hub = await startHub({ port: 0, database: await dbs.open(), keySecret: randomBytes(32).toString('base64') });
    });
    test.afterAll(async () => {
      await hub?.close();
      await dbs?.dispose();
    });

    test('two members: bought once by A, free for B by another identifier, one charge, B refused over budget, the key never in B', async ({
      context,
      serviceWorker,
      openExtensionPage,
      configure,
      sandbox,
      shot,
    }) => {
      // Two browsers (one launched here, ~5 s), two sign-ins, three lookups at ≤ 15 s each, the leaving, slack for load.
      test.setTimeout(180_000);
      const teamKey = uniqueKey('test-standard-hub-team');
      const ownKey = uniqueKey('test-standard-hub-own-a');
      const samples = await samplesOf(sandbox.url);
      const teamName = `Acme sales ${randomBytes(2).toString('hex')}`;

      const { adminToken, invites } = await test.step('the admin makes the team, hands the hub its key, invites A and B', async () => {
        const team = await makeTeam(hub, teamName, { proxy: { apiKey: teamKey, upstreamUrl: sandbox.url }, invite: ['a', 'b'] });
        return { adminToken: team.adminToken, invites: { a: team.invites.a!, b: team.invites.b! } };
      });

      // A had their own key and the sandbox's address before the hub: leaving must give them back.
      await configure({ apiKey: ownKey });
      const b = await secondBrowser();
      try {
        const optionsA = await openExtensionPage('options.html');
        const optionsB = await b.context.newPage();
        await optionsB.goto(`chrome-extension://${b.extensionId}/options.html`);

        await test.step('A and B sign in on their options pages with their invites; an invite used once is refused in words', async () => {
          await signIn(optionsA, hub.url, invites.a, 'Ada');
          await expect(optionsA.getByTestId('hub-signed-in')).toContainText(`Signed in to ${teamName} as Ada`, { timeout: budget(15_000) });
          await signIn(optionsB, hub.url, invites.a, 'Bea');
          await expect(optionsB.getByText('Invite not accepted')).toBeVisible({ timeout: budget(15_000) });
          await expect(optionsB.getByText('The hub does not know this invite, or it was used or has expired. Ask your team admin for a new invite and paste it here.')).toBeVisible();
          await shot(optionsB, 'hub-invite-refused');
          await signIn(optionsB, hub.url, invites.b, 'Bea');
          await expect(optionsB.getByTestId('hub-signed-in')).toContainText(`Signed in to ${teamName} as Bea`, { timeout: budget(15_000) });
          await expect(optionsB.getByTestId('hub-signed-in')).toContainText('Lookups go through the hub');
          // The saved key is now the hub's sign-in, and the key section says so.
          await expect(optionsB.getByTestId('options-key-is-hub')).toContainText(teamName);
          await shot(optionsB, 'hub-signed-in');
        });

        // The person A buys, and another identifier of theirs (their profile), read from the sandbox with a key of
        // its own so the team's ledger holds only what the members did.
        const email = samples.emails[3]!;
        const probe = (await (await fetch(`${sandbox.url}/v1/enrich?email=${encodeURIComponent(email)}`, { headers: { 'x-api-key': uniqueKey('test-standard-hub-probe') } })).json()) as {
          result: { social_profiles?: Array<{ network?: string; url?: string }>; full_name?: string };
        };
        const profile = probe.result.social_profiles?.find((p) => p.network === 'linkedin')?.url;
        if (!profile) throw new Error(`the sandbox's person for ${email} has no profile to look them up by`);

        await test.step('A buys the person by email: 1 credit, charged to the team key', async () => {
          const { panel } = await openPanelFor(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/team`);
          await lookUp(panel, email);
          const contact = panel.getByRole('tabpanel', { name: 'Contact' });
          await expect(contact.getByTestId('contact-profile')).toBeVisible({ timeout: budget(15_000) });
          await expect(contact.getByText('Live · 1 credit')).toBeVisible();
          const ledger = await ledgerOf(sandbox.url, teamKey);
          expect(ledger.entries.filter((e) => e.endpoint === 'enrich' && e.credits > 0)).toHaveLength(1);
          // A's own key paid nothing: lookups went through the hub with the team's.
          expect((await ledgerOf(sandbox.url, ownKey)).entries.filter((e) => e.credits > 0)).toHaveLength(0);
        });

        await test.step('B opens the same person by their profile: "Bought by your team (Ada, …)", free, in B\'s ledger too', async () => {
          const panel = await openPanelIn(b, `${sandbox.url}/demo/team`);
          // The price before the click asks the team's book: free already.
          await lookUp(panel, profile, 'free');
          const contact = panel.getByRole('tabpanel', { name: 'Contact' });
          await expect(contact.getByTestId('contact-profile')).toBeVisible({ timeout: budget(15_000) });
          if (probe.result.full_name) await expect(contact.getByTestId('contact-profile')).toContainText(probe.result.full_name);
          await expect(contact.getByText(/^Bought by your team \(Ada, .+\) · free$/)).toBeVisible();
          await shot(panel, 'hub-bought-by-team');
          const ledger = await ledgerOf(sandbox.url, teamKey);
          expect(ledger.entries.filter((e) => e.endpoint === 'enrich' && e.credits > 0)).toHaveLength(1);
          const credits = await send<{ today: number }>(optionsB, 'credits/summary', {});
          expect(credits.ok && credits.data.today).toBe(0);
        });

        await test.step("B's member budget refuses a purchase the hub would pass, in words", async () => {
          const members = (await hubCall(hub, '/hub/admin/members', { token: adminToken })).members as Array<{ id: string; name: string }>;
          const bea = members.find((m) => m.name === 'Bea');
          if (!bea) throw new Error('B is not among the members');
          await hubCall(hub, `/hub/admin/members/${bea.id}/budget`, { token: adminToken, method: 'PUT', body: { dailyBudget: 0 } });
          const panel = b.context.pages().find((p) => p.url().includes('sidepanel.html'))!;
          await lookUp(panel, samples.emails[5]!);
          const contact = panel.getByRole('tabpanel', { name: 'Contact' });
          await expect(contact.getByText('Team hub budget reached')).toBeVisible({ timeout: budget(15_000) });
          await expect(
            contact.getByText('Your daily budget on the team hub is 0 credits: 0 credits spent today, and this lookup may cost 1 credit, so the hub did not send it. Ask a team admin to raise it, or try again after midnight UTC.'),
          ).toBeVisible();
          await shot(panel, 'hub-budget-refused');
          expect((await ledgerOf(sandbox.url, teamKey)).entries.filter((e) => e.credits > 0)).toHaveLength(1);
        });

        await test.step("nothing B's extension keeps holds the team's key (its hub token is there: the search reads the key store)", async () => {
          const stored = await everythingStored(b.worker);
          expect(stored).toContain('hub_');
          expect(stored).not.toContain(teamKey);
        });

        await test.step('A leaves the hub: their own key and the sandbox address are back', async () => {
          await optionsA.reload();
          await optionsA.getByRole('button', { name: 'Leave the hub' }).click();
          await expect(optionsA.getByText(`You left the hub. Lookups go to ${sandbox.url} again.`)).toBeVisible({ timeout: budget(15_000) });
          const settings = await send<{ settings: { apiBaseUrl: string }; key: { hint: string | null } }>(optionsA, 'settings/get', {});
          expect(settings.ok && settings.data.settings.apiBaseUrl).toBe(sandbox.url);
          expect(settings.ok && settings.data.key.hint).toBe(`…${ownKey.slice(-4)}`);
          await expect(optionsA.getByRole('button', { name: 'Sign in to the hub' })).toBeVisible();
        });
      } finally {
        await b.close();
      }
    });
  });
}
