import type { Page } from '@playwright/test';
import { expect, test, uniqueKey } from './fixtures';
import { openPanelFor, send } from './support/reliability';
import { budget } from '../time-budget';

// "Your country" (docs/people.md, "Your country") in real Chromium with the real built extension: the browser runs in
// British English, so the options show the United Kingdom as the country until the user picks one; the lookup box
// reads a British national number; after choosing France and then Germany it reads their national numbers
// (`01 06 99 05 40`, `030 1234567`), and the British one no longer as British. The rule itself is unit-tested over a
// table of countries (tests/unit/identity/region.test.ts).

// A browser language with a region: a worker (and a Chromium) of its own (fixtures.ts, `uiLanguage`).
test.use({ uiLanguage: 'en-GB' });

async function storedCountry(page: Page): Promise<unknown> {
  const reply = await send<{ settings: { country: unknown } }>(page, 'settings/get', {});
  if (!reply.ok) throw new Error('settings/get failed');
  return reply.data.settings.country;
}

test('the country defaults to the browser’s region, can be changed, and the lookup box reads national numbers in it', async ({
  context,
  serviceWorker,
  openExtensionPage,
  pageServer,
  configure,
  shot,
}) => {
  // Budget: options 10 s + three choices + five readings of up to 10 s each; doubled for a busy box.
  test.setTimeout(150_000);
  await configure({ apiKey: uniqueKey('test-standard-country') });
  const options = await openExtensionPage('options.html');
  const section = options.locator('#country');
  const select = section.getByRole('combobox', { name: 'Country' });

  await test.step('options: not chosen, shown as the browser’s region', async () => {
    expect(await options.evaluate(() => navigator.language)).toBe('en-GB');
    await expect(section.getByRole('heading', { name: 'Your country' })).toBeVisible({ timeout: budget(15_000) });
    await expect(select).toHaveValue('');
    await expect(select.locator('option:checked')).toHaveText('United Kingdom (from your browser’s language)');
    expect(await storedCountry(options)).toBeNull();
    await section.scrollIntoViewIfNeeded();
    await shot(options, 'country-options-default');
  });

  const { panel } = await openPanelFor(context, serviceWorker, openExtensionPage, `${pageServer.url}/blog.html`);
  await panel.getByRole('tab', { name: 'Contact', exact: true }).click();
  const box = panel.getByRole('tabpanel', { name: 'Contact' }).getByTestId('lookup-box');
  const input = box.getByRole('textbox', { name: 'Look up a person or company' });
  const understood = box.getByTestId('lookup-understood');
  const read = async (text: string, expected: string | RegExp) => {
    await input.fill(text);
    await expect(understood).toHaveText(expected, { timeout: budget(10_000) });
  };

  await test.step('the lookup box reads a British national number with no country chosen', async () => {
    await read('020 7555 8798', 'Phone: +44 20 7555 8798');
  });

  await test.step('choose France: saved, and the box reads French national numbers, the British one no longer', async () => {
    await select.selectOption('FR');
    await expect(section).toContainText('Saved. Numbers without a country code are read as numbers in France.');
    expect(await storedCountry(options)).toBe('FR');
    await read('01 06 99 05 40', 'Phone: +33 1 06 99 05 40');
    await read('020 7555 8798', /^Not understood\./);
  });

  await test.step('choose Germany: a Berlin number; back to the browser’s region: British again', async () => {
    await select.selectOption('DE');
    await expect(section).toContainText('numbers in Germany');
    await read('030 1234567', 'Phone: +49 30 1234567');
    await select.selectOption('');
    await expect(section).toContainText('numbers in United Kingdom');
    expect(await storedCountry(options)).toBeNull();
    await read('020 7555 8798', 'Phone: +44 20 7555 8798');
    await shot(panel, 'country-lookup-box');
  });
});
