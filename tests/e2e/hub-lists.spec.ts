/**
 * A team's lists, spend and sign-out on a real hub (PGlite, and a real Postgres started by scripts/ensure-postgres.sh)
 * in proxy mode in front of the real sandbox, with two members in two Chromium profiles signed in through the options
 * page, B with an invite A made there (its code shown once). Admin A buys two people, makes a list shared with the
 * team and adds them from the contact book; member B sees it in the side panel's lists (marked Team) with who bought
 * and added each; A removes one and B's panel then shows one. A's options page shows every member's
 * spend against the budgets A sets there (B's own page shows B's), exports the hub's CSV (the same text as the hub's
 * usage.csv) and revokes a member. Leaving signs A's token out on the hub; B leaves while the hub is down and is told
 * the hub could not be reached, with the sign-in forgotten anyway.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { startHub, type RunningHub } from '@/hub/server';
import { BACKENDS, testDatabases, type TestDatabases } from '../unit/hub/backends';
import { expect, test, uniqueKey } from './fixtures';
import { hubCall, makeTeam, pageOf, secondBrowser, signedIn } from './support/hub';
import { ledgerOf, openPanelFor, samplesOf, send } from './support/reliability';
import { budget } from '../time-budget';

/** The side panel's History → Lists view. */
async function openLists(panel: Page): Promise<void> {
  await panel.getByRole('tab', { name: 'History' }).click();
  await panel.getByRole('tab', { name: 'Lists' }).click();
  await expect(panel.getByTestId('saved-lists')).toBeVisible();
}

for (const backend of BACKENDS) {
  test.describe(`team hub lists, usage and sign-out, on ${backend}`, () => {
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

    test('A shares a list B sees in the panel; A sees and caps the team\'s spend, exports it, revokes; leaving signs out, even with the hub down', async ({
      context,
      serviceWorker,
      openExtensionPage,
      configure,
      sandbox,
      shot,
    }) => {
      // A second browser (~5 s), two sign-ins, two purchases, list and usage steps at ≤ 15 s each, slack for load.
      test.setTimeout(240_000);
      const teamKey = uniqueKey('test-standard-hub-lists-team');
      const samples = await samplesOf(sandbox.url);
      const teamName = `Acme sales ${randomBytes(2).toString('hex')}`;
      const listName = `Q3 targets ${randomBytes(2).toString('hex')}`;
      const { adminToken, invites } = await makeTeam(hub, teamName, { proxy: { apiKey: teamKey, upstreamUrl: sandbox.url }, invite: ['cy'] });
      // A is the team's second admin; Cy a member who never opens a browser here (revoked from A's page).
      const invitesA = (await hubCall(hub, '/hub/admin/invites', { token: adminToken, body: { role: 'admin' } })).code as string;
      const cy = await hubCall(hub, '/hub/invites/redeem', { body: { code: invites.cy, name: 'Cy' } });

      await configure({ apiKey: uniqueKey('test-standard-hub-lists-own') });
      const b = await secondBrowser();
      try {
        const optionsA = await openExtensionPage('options.html');
        const optionsB = await pageOf(b, 'options.html');
        await test.step('A (admin) signs in, makes an invite for Bea in the options page (code shown once, listed as open); B signs in with it', async () => {
          await signedIn(optionsA, hub.url, invitesA, 'Ada', teamName);
          const invites = optionsA.getByTestId('hub-invites');
          await invites.getByLabel('Their name (optional)').fill('Bea');
          await invites.getByRole('button', { name: 'Create invite' }).click();
          const made = invites.getByTestId('hub-new-invite');
          await expect(made).toContainText('Invite for Bea (member), single use:', { timeout: budget(15_000) });
          await expect(made).toContainText('(in 3 days)');
          await expect(made.getByRole('button', { name: 'Copy' })).toBeVisible();
          const code = (await made.getByTestId('hub-invite-code').textContent())!.trim();
          expect(code).toMatch(/^inv_/);
          await expect(invites.getByTestId('hub-open-invites').getByRole('row', { name: 'Bea' })).toContainText('Ada');
          await invites.screenshot({ path: 'test-results/screens/hub-invite-made.png' });
          await signedIn(optionsB, hub.url, code, 'Bea', teamName);
          // Redeemed: no longer open on the hub.
          const open = (await hubCall(hub, '/hub/admin/invites', { token: adminToken })).invites as Array<{ name: string | null }>;
          expect(open.map((i) => i.name)).not.toContain('Bea');
        });

        const people = [samples.emails[14]!, samples.emails[15]!];
        const { panel } = await openPanelFor(context, serviceWorker, openExtensionPage, `${sandbox.url}/demo/team`);
        await test.step('A buys two people through the hub: 2 credits on the team key', async () => {
          for (const email of people) {
            const reply = await send(panel, 'contact/enrich', { lookup: { email } });
            expect(reply, JSON.stringify(reply)).toMatchObject({ ok: true });
          }
          expect((await ledgerOf(sandbox.url, teamKey)).entries.filter((e) => e.credits > 0)).toHaveLength(2);
        });

        await test.step('A creates a list shared with the team and adds both people from the contact book', async () => {
          await openLists(panel);
          await panel.getByRole('checkbox', { name: `Share with ${teamName} (everyone on the team sees the list)` }).check();
          await panel.getByPlaceholder('New list name').fill(listName);
          await panel.getByRole('button', { name: 'Create list' }).click();
          await expect(panel.getByTestId('team-list')).toContainText('0 people, seen by everyone on the team', { timeout: budget(15_000) });
          await panel.getByRole('tab', { name: 'Contacts' }).click();
          const book = panel.getByTestId('contact-book');
          await expect(panel.getByTestId('book-row')).toHaveCount(2, { timeout: budget(15_000) });
          await book.getByRole('button', { name: 'Add to list' }).click();
          await book.getByLabel('List', { exact: true }).selectOption({ label: `Team · ${listName} (0)` });
          await book.getByRole('button', { name: 'Add', exact: true }).click();
          await expect(book.getByText(`Added 2 to “${listName}”.`)).toBeVisible({ timeout: budget(15_000) });
        });

        let panelB: Page | undefined;
        await test.step("B sees the team's list beside their own, marked Team, with both people, who bought and who added them", async () => {
          const tab = await b.context.newPage();
          await tab.goto(`${sandbox.url}/demo/team`);
          const tabId = await b.worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id ?? -1, `${sandbox.url}/demo/team`);
          panelB = await pageOf(b, `sidepanel.html?tabId=${tabId}`);
          await panelB.setViewportSize({ width: 360, height: 900 });
          await openLists(panelB);
          const teamLists = panelB.getByTestId('team-lists');
          await expect(teamLists.getByRole('heading', { name: `Team lists · ${teamName}` })).toBeVisible({ timeout: budget(15_000) });
          const row = teamLists.getByTestId('team-list-row').filter({ hasText: listName });
          await expect(row).toContainText('Team');
          await expect(row).toContainText('2 people · made by Ada');
          // B's own (local) lists are still there, empty: the team's are beside them, not instead.
          await expect(panelB.getByText('No lists yet')).toBeVisible();
          await shot(panelB, 'hub-team-lists');
          await row.getByRole('button', { name: `Open list ${listName}` }).click();
          const detail = panelB.getByTestId('team-list');
          await expect(detail.getByTestId('team-list-person')).toHaveCount(2);
          await expect(detail.getByTestId('team-list-person').first()).toContainText('bought by Ada, added by Ada');
          await expect(detail.getByText('2 people, seen by everyone on the team')).toBeVisible();
          // Only its maker shares or unshares a list, and only its maker or an admin removes people from it.
          await expect(detail.getByRole('button', { name: 'Stop sharing' })).toHaveCount(0);
          await expect(detail.getByRole('button', { name: /^Remove .* from the list$/ })).toHaveCount(0);
          await shot(panelB, 'hub-team-list-open');
        });

        await test.step("A removes one person from the shared list; B's panel then shows one person", async () => {
          await panel.getByRole('tab', { name: 'History' }).click();
          await panel.getByRole('tab', { name: 'Lists' }).click();
          const detail = panel.getByTestId('team-list');
          // The list A made may still be open in A's panel; else A opens it from the team's lists.
          await expect(detail.or(panel.getByTestId('team-lists'))).toBeVisible({ timeout: budget(15_000) });
          if (!(await detail.isVisible())) await panel.getByTestId('team-lists').getByRole('button', { name: `Open list ${listName}` }).click();
          await expect(detail.getByTestId('team-list-person')).toHaveCount(2, { timeout: budget(15_000) });
          const first = detail.getByTestId('team-list-person').first();
          const removed = (await first.getByRole('button', { name: /^Remove .* from the list$/ }).getAttribute('aria-label'))!.replace(/^Remove (.*) from the list$/, '$1');
          await first.getByRole('button', { name: /^Remove .* from the list$/ }).click();
          await expect(detail.getByTestId('team-list-person')).toHaveCount(1, { timeout: budget(15_000) });
          await expect(detail.getByTestId('team-list-person')).not.toContainText(removed);
          await shot(panel, 'hub-team-list-removed');

          const other = panelB!;
          await other.getByRole('button', { name: '← Lists' }).click();
          const row = other.getByTestId('team-lists').getByTestId('team-list-row').filter({ hasText: listName });
          await expect(row).toContainText('1 person · made by Ada', { timeout: budget(15_000) });
          await row.getByRole('button', { name: `Open list ${listName}` }).click();
          await expect(other.getByTestId('team-list').getByTestId('team-list-person')).toHaveCount(1, { timeout: budget(15_000) });
          await expect(other.getByTestId('team-list').getByTestId('team-list-person')).not.toContainText(removed);
        });

        await test.step("A's options page: every member's spend against budgets; A sets B's; B's page shows B's own", async () => {
          await optionsA.reload();
          const members = optionsA.getByTestId('hub-members');
          await expect(members.getByRole('row', { name: 'Ada' })).toContainText('2 credits · no budget', { timeout: budget(15_000) });
          // No Revoke on the admin's own row (the hub refuses it too).
          await expect(members.getByRole('button', { name: 'Revoke Ada' })).toHaveCount(0);
          await expect(members.getByRole('button', { name: 'Revoke Bea' })).toBeVisible();
          await expect(optionsA.getByTestId('hub-usage-rows')).toContainText('Ada');
          await members.getByLabel('Daily budget of Bea').fill('3');
          await members.getByLabel('Monthly budget of Bea').fill('40');
          await members.getByRole('button', { name: 'Save the budgets of Bea' }).click();
          await expect(members.getByRole('row', { name: 'Bea' })).toContainText('0 of 3 credits', { timeout: budget(15_000) });
          const listed = (await hubCall(hub, '/hub/admin/members', { token: adminToken })).members as Array<{ name: string; daily_budget: number | null; monthly_budget: number | null }>;
          expect(listed.find((m) => m.name === 'Bea')).toMatchObject({ daily_budget: 3, monthly_budget: 40 });
          await shot(optionsA, 'hub-usage-admin');
          await optionsA.getByTestId('hub-signed-in').screenshot({ path: 'test-results/screens/hub-usage-admin-section.png' });
          await optionsB.reload();
          const own = optionsB.getByTestId('hub-usage');
          await expect(own.getByRole('heading', { name: 'Your spend on the hub' })).toBeVisible({ timeout: budget(15_000) });
          await expect(own.getByTestId('hub-spend-line').first()).toHaveText('You (Bea): today: 0 of 3 credits · this month: 0 of 40 credits');
          await expect(own.getByTestId('hub-members')).toHaveCount(0);
          await shot(optionsB, 'hub-usage-member');
          await optionsB.getByTestId('hub-signed-in').screenshot({ path: 'test-results/screens/hub-usage-member-section.png' });
        });

        await test.step("A exports the usage as CSV: the hub's usage.csv, as the hub wrote it", async () => {
          const download = optionsA.waitForEvent('download');
          await optionsA.getByRole('button', { name: 'Export usage as CSV' }).click();
          const saved = readFileSync(await (await download).path(), 'utf8');
          const res = await fetch(`${hub.url}/hub/admin/usage.csv`, { headers: { authorization: `Bearer ${adminToken}` } });
          expect(saved).toBe(await res.text());
          expect(saved).toMatch(/,Ada,enrich,2,2/);
        });

        await test.step('A revokes Cy, asked first: Cy\'s token is refused at once', async () => {
          const members = optionsA.getByTestId('hub-members');
          await members.getByRole('button', { name: 'Revoke Cy' }).click();
          await optionsA.getByRole('alertdialog', { name: 'Revoke Cy' }).getByRole('button', { name: 'Revoke', exact: true }).click();
          await expect(members.getByRole('row', { name: 'Cy' })).toContainText('revoked', { timeout: budget(15_000) });
          const me = await fetch(`${hub.url}/hub/me`, { headers: { authorization: `Bearer ${cy.token as string}` } });
          expect(me.status).toBe(401);
        });

        await test.step("A leaves the hub: the hub signs A's token out (audited), A has their own key back", async () => {
          await optionsA.getByRole('button', { name: 'Leave the hub' }).click();
          await expect(optionsA.getByText(`You left the hub. Lookups go to ${sandbox.url} again.`)).toBeVisible({ timeout: budget(15_000) });
          const audit = (await hubCall(hub, '/hub/admin/audit', { token: adminToken })).entries as Array<{ action: string; member_name: string }>;
          expect(audit).toContainEqual(expect.objectContaining({ action: 'member.sign_out', member_name: 'Ada' }));
        });

        await test.step('B leaves while the hub is down: forgotten in the browser anyway, and told the hub could not be reached', async () => {
          await hub.close();
          await optionsB.getByRole('button', { name: 'Leave the hub' }).click();
          // B had no key of their own before the hub: they are told to add one, at the address they had before.
          await expect(optionsB.getByRole('button', { name: 'Sign in to the hub' })).toBeVisible({ timeout: budget(30_000) });
          const after = await send<{ settings: { apiBaseUrl: string }; key: { present: boolean } }>(optionsB, 'settings/get', {});
          expect(after.ok && after.data.key.present).toBe(false);
          const address = after.ok ? after.data.settings.apiBaseUrl : '';
          await expect(
            optionsB.getByText(
              `You left the hub. Lookups go to ${address} again: add your API key above to look people up. The hub at ${new URL(hub.url).host} could not be reached to end your sign-in there: it stays valid on the hub until a team admin revokes it, so ask them to.`,
            ),
          ).toBeVisible();
          await expect(optionsB.getByRole('button', { name: 'Sign in to the hub' })).toBeVisible();
          const state = await send<{ signedIn: boolean }>(optionsB, 'hub/state', {});
          expect(state.ok && state.data.signedIn).toBe(false);
          await shot(optionsB, 'hub-left-unreachable');
        });
      } finally {
        await b.close();
      }
    });
  });
}
