import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openPanelFor, send } from './support/reliability';
import { budget } from '../time-budget';

// A law firm's team page (tests/fixtures/pages/law-firm-office.html): four lawyers with their own addresses and direct
// lines, and the office's `berlin@` mailbox and main line in the header and the footer. In real Chromium with the
// real built extension: the office's mailbox and line are the firm's general contact, on the firm's company row, and
// on no lawyer's row and not among the identifiers that belong to nobody.

const OFFICE_MAIL = 'berlin@brandt-lehmann.de';
const OFFICE_LINE = '+493088776600';
const LAWYERS = ['Dr. Katharina Brandt', 'Jonas Lehmann', 'Selin Özdemir', 'Felix Wagner'];

const view = (panel: Page) => panel.getByRole('tabpanel', { name: 'Page' });

test('a firm’s shared mailbox and main line show on its company row, not on a lawyer', async ({
  context,
  serviceWorker,
  openExtensionPage,
  pageServer,
  configure,
  shot,
}) => {
  // Budget: scan 20 s + rows 15 s + a click; doubled for a busy box.
  test.setTimeout(120_000);
  await configure({ apiKey: `test-standard-shared-mailbox-${Date.now()}` });
  const { panel, tabId } = await openPanelFor(context, serviceWorker, openExtensionPage, `${pageServer.url}/law-firm-office.html`);

  await test.step('the background holds the office’s mailbox and line on nobody', async () => {
    await expect
      .poll(async () => {
        const reply = await send<{ complete: boolean; entities: { people: Array<{ emails: string[]; phones: string[] }> } } | null>(panel, 'page/get', { tabId });
        return reply.ok && reply.data?.complete ? reply.data.entities.people.length : -1;
      }, { timeout: budget(20_000) })
      .toBe(LAWYERS.length);
    const reply = await send<{ entities: { people: Array<{ emails: string[]; phones: string[] }> } }>(panel, 'page/get', { tabId });
    if (!reply.ok) throw new Error('page/get failed');
    for (const person of reply.data.entities.people) {
      expect(person.emails).not.toContain(OFFICE_MAIL);
      expect(person.phones).not.toContain(OFFICE_LINE);
    }
  });

  const people = view(panel).getByRole('table', { name: 'People found on this page' });
  const companies = view(panel).getByRole('table', { name: 'Companies found on this page' });

  await test.step('no person row carries them', async () => {
    await expect(people).toHaveAttribute('aria-rowcount', String(LAWYERS.length + 1), { timeout: budget(15_000) });
    for (const name of LAWYERS) {
      const chips = people.getByLabel(`Identifiers of ${name}`);
      await expect(chips).toBeVisible();
      await expect(chips.getByTitle(OFFICE_MAIL, { exact: true })).toHaveCount(0);
      await expect(chips.getByTitle(OFFICE_LINE, { exact: true })).toHaveCount(0);
    }
    await expect(people).not.toContainText(OFFICE_MAIL);
  });

  await test.step('the firm’s row shows them as its general contact; nothing else is loose', async () => {
    const firm = companies.getByRole('row').filter({ hasText: 'Brandt Lehmann Rechtsanwälte PartG mbB' });
    await expect(firm).toHaveCount(1);
    const contact = firm.getByRole('group', { name: 'General contact of Brandt Lehmann Rechtsanwälte PartG mbB' });
    await expect(contact).toContainText(`General contact: ${OFFICE_MAIL} · ${OFFICE_LINE}`);
    // The loose lists would be the "Other identifiers" section: there is nothing left for it.
    await expect(view(panel).locator('.sp-entity__value')).toHaveCount(0);
    // The summary counts the office as the firm: 4 people, 1 company, nothing more.
    await expect(view(panel).locator('.sp-page__meta')).toContainText('4\u00a0people · 1\u00a0company');
    await expect(view(panel).locator('.sp-page__meta')).not.toContainText('more');
    await shot(panel, 'people-shared-mailbox-360');
  });

  await test.step('clicking the mailbox opens it in the contact view, priced before anything is paid', async () => {
    await companies.getByRole('button', { name: OFFICE_MAIL, exact: true }).click();
    const contactView = panel.getByRole('tabpanel', { name: 'Contact' });
    await expect(contactView).toBeVisible();
    await expect(contactView).toContainText(OFFICE_MAIL);
    // Not run on the click: the price is on the button, and the user decides.
    await expect(contactView.getByRole('button', { name: /^Enrich · 1 credit/ })).toBeVisible({ timeout: budget(15_000) });
    await shot(panel, 'people-shared-mailbox-contact');
  });
});
