/**
 * The accessibility check every UI spec runs: axe-core over the page, and no violation of serious or critical impact.
 *
 * Legacy mode: axe runs and reports inside the page. The default mode runs it in every frame, then opens a blank
 * page in the browser, injects axe there too and merges the frames' results in it. Extension pages hold no frames:
 * the same rules and the same findings (compared rule by rule, nodes counted, on the 53 states the UI specs check),
 * at about half the CPU (the side panel's 41 passes: 52 → 27 CPU-seconds, 38 → 19 s; docs/testing.md).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoSeriousViolations(page: Page, label?: string): Promise<void> {
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(' | ')}`);
  expect(serious, label).toEqual([]);
}
