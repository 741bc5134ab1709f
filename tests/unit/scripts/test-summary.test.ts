import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLines, summary } from '../../../scripts/test-summary';

// The end of `npm test`: each failure again with its error, then the counts. The reports are real ones, written by
// Vitest's and Playwright's JSON reporters for a few tests made to fail (a thrown error, an assertion, a file that
// does not load); only long stacks and the configuration were cut.
const fixture = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/test-reports', name), 'utf8'));
const vitest = fixture('vitest-failed.json');
const playwright = fixture('playwright-failed.json');
const passingVitest = { ...vitest, numFailedTests: 0, numPassedTests: 5, numTotalTests: 5, testResults: [] };

describe("npm test's summary", () => {
  it('names every failed test of the three suites with the first lines of its error, then the counts', () => {
    const text = summary({ unit: vitest, e2e: playwright, firefox: passingVitest }, '/tmp/rep').join('\n');
    expect(text).toContain('=== 4 failures, each with the first lines of its error');
    expect(text).toContain('[unit] vt/a.test.ts › group fails\n    AssertionError: expected { a: 1 } to deeply equal { a: 2 }');
    // A file that failed to load has no failed test: it is named by its file and its error.
    expect(text).toContain('[unit] vt/b.test.ts\n    cannot load this file');
    expect(text).toContain('[e2e] a.spec.ts:6 › top fails\n    Error: boom\n    second line');
    expect(text).toContain('[e2e] a.spec.ts:3 › outer › fails here\n    Error: the count');
    expect(text).toContain('Expected: 2');
    expect(text).not.toContain(String.fromCharCode(27));
    expect(text.split('\n').slice(-2)).toEqual([
      'unit 1/2, e2e 1/3 in real Chromium, firefox 5/5 in real Firefox ESR',
      'Tests: 7 passed, 3 failed',
    ]);
  });

  it('says nothing more than the counts when all passed', () => {
    const e2e = { ...playwright, suites: [], stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 } };
    expect(summary({ unit: passingVitest, e2e, firefox: passingVitest })).toEqual([
      'unit 5/5, e2e 3/3 in real Chromium, firefox 5/5 in real Firefox ESR',
      'Tests: 13 passed, 0 failed',
    ]);
  });

  it('counts a missing report as a failure and says which', () => {
    const text = summary({ unit: passingVitest, e2e: null, firefox: passingVitest }).join('\n');
    expect(text).toContain('[e2e] (the suite)\n    no report: test-results/e2e.json is missing or unreadable');
    expect(text).toMatch(/Tests: 10 passed, 1 failed$/);
  });

  it('keeps the later line that names a failed step, as the demo tour prints it after its passed steps', () => {
    const tour = ['Error: No server: demo mode', 'Extension: the build', 'Chromium: headless', ...Array.from({ length: 8 }, (_, i) => `  ✓  0${i + 1}-step  1.0 s  fine`), '  ✗  09-bulk-directory  64.2 s  FAILED: The bulk progress bar did not appear within 45 s', '  -  10-export-csv  not run'].join('\n');
    const kept = firstLines(tour);
    expect(kept.split('\n').slice(0, 6)).toEqual(tour.split('\n').slice(0, 6));
    expect(kept).toContain('✗  09-bulk-directory  64.2 s  FAILED: The bulk progress bar did not appear within 45 s');
    expect(kept).not.toContain('10-export-csv');
  });
});
