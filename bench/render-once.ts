/**
 * Bench pages render once, when loaded, instead of progressively. Chromium lays out and paints a page while it parses
 * it, again and again as it grows: the 50 MB page took 57 s to parse that way here, against 2.3 s hidden, plus 17 s for
 * the one full style and layout pass after it (2026-11-26). Every load of a big page paid the difference, a third of
 * the whole bench's 5 minutes. The page measured is the same: the hiding style sits in <head> and is removed, then
 * style, layout and paint are done before any method runs.
 */
import type { Page } from '@playwright/test';

const ID = 'bench-render-once';

/** `html` hidden until `showRendered` (a style first in its <head>; the charset still within its first 1,024 bytes). */
export function renderedOnce(html: string): string {
  if (!/<head>/i.test(html)) throw new Error('a bench page needs a <head> to render once');
  return html.replace(/<head>/i, `<head><style id="${ID}">html{display:none}</style>`);
}

/** Shows a page loaded from `renderedOnce` and waits until it is styled, laid out and painted. */
export async function showRendered(page: Page): Promise<void> {
  await page.evaluate((id) => {
    document.getElementById(id)?.remove();
    return document.body.getBoundingClientRect().height;
  }, ID);
  // Two frames: the one that paints the shown page, and one after it.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}
