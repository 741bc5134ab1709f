/**
 * The panel's "This page" view shows a page's first people at once and the rest as the scan reads on
 * (lib/detect/dom-scan.ts). A count or a "Select all" taken before the scan ends is of part of the page, and a slow
 * machine makes that part small: the demo tour once read the 300-member directory as under 100 people.
 */
import { expect, type Page } from '@playwright/test';
import { budget } from '../../time-budget';

/** Waits until the panel's line under the page title says the scan is over ("… · scanned just now"). */
export async function scanFinished(panel: Page): Promise<void> {
  await expect(panel.getByRole('tabpanel', { name: 'Page' }).locator('.sp-page__meta')).toContainText(/ · scanned /, { timeout: budget(60_000) });
}
