import type { Page } from '@playwright/test';

/**
 * Starts recording every text the element with `testId` shows in `page`, from now on; the returned function reads
 * them (each change once, in order). For a line that shows only while something runs: a fast run can show and remove
 * it between two of Playwright's polls, and `toBeVisible` then waits for a line that is gone (book-large's export
 * progress failed so), where a MutationObserver in the page sees every render.
 */
export async function recordTexts(page: Page, testId: string): Promise<() => Promise<string[]>> {
  const slot = `recordedTexts_${testId.replace(/\W/g, '_')}`;
  await page.evaluate(
    ([id, name]) => {
      const seen: string[] = [];
      (window as unknown as Record<string, string[]>)[name] = seen;
      new MutationObserver(() => {
        const text = document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    [testId, slot] as const,
  );
  return () => page.evaluate((name) => (window as unknown as Record<string, string[]>)[name] ?? [], slot);
}
