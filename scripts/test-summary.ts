/**
 * The last lines of `npm test` (scripts/test.sh): each failed test with the first lines of its error, then the counts
 * of the three suites, read from their JSON reports (test-results/unit.json, e2e.json, firefox.json).
 *
 * Why the failures are repeated here: a CI log is often kept only in part, its start and its end. A failure's own
 * report sits in the middle of its suite's output (the e2e's list reporter prints errors before the unit and Firefox
 * logs that follow it), so a red run once kept the path of a failed test's error context and not the error.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { z } from 'zod';

/** Vitest's JSON reporter (the unit and Firefox suites), the parts read here. */
const VitestReport = z.object({
  numTotalTests: z.number(),
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number(),
  testResults: z
    .array(
      z.object({
        name: z.string(),
        status: z.string(),
        message: z.string().optional().default(''),
        assertionResults: z.array(z.object({ fullName: z.string(), status: z.string(), failureMessages: z.array(z.string()).optional().default([]) })),
      }),
    )
    .default([]),
});
type VitestReport = z.infer<typeof VitestReport>;

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: Array<{
    title: string;
    file: string;
    line: number;
    tests: Array<{ status: string; results: Array<{ status: string; errors?: Array<{ message?: string }> }> }>;
  }>;
  suites?: PlaywrightSuite[];
}
/** Playwright's JSON reporter (the e2e suite), the parts read here. */
const PlaywrightReport = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number(), skipped: z.number() }),
  suites: z.array(z.custom<PlaywrightSuite>((v) => typeof v === 'object' && v !== null)).default([]),
  errors: z.array(z.object({ message: z.string().optional() })).default([]),
});
type PlaywrightReport = z.infer<typeof PlaywrightReport>;

export interface Failure {
  suite: 'unit' | 'e2e' | 'firefox';
  test: string;
  error: string;
}

/** Words that mark the line of an error that says what went wrong, when it is not among the first. */
const TELLING = /✗|FAILED|Error\b|Expected|Received|[Tt]imed? ?out|did not/;

/**
 * The lines of an error worth a log's end: colours removed, blank lines dropped, the first `head`, then up to `more`
 * of the later lines that say what went wrong (a child process's output, such as the demo tour's, names its failed
 * step well after its first lines).
 */
export function firstLines(text: string, head = 6, more = 6): string {
  // eslint-disable-next-line no-control-regex -- the terminal's colour codes are what is removed
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain.split('\n').map((l) => l.trimEnd()).filter((l) => l.trim() !== '');
  const later = lines.slice(head).filter((l) => TELLING.test(l) && !/^\s*at /.test(l)).slice(0, more);
  const kept = [...lines.slice(0, head), ...(later.length > 0 ? ['…', ...later] : [])];
  return kept.join('\n') + (lines.length > head + later.length ? '\n…' : '');
}

function vitestFailures(suite: 'unit' | 'firefox', report: VitestReport, root: string): Failure[] {
  return report.testResults.flatMap((file) => {
    const name = relative(root, file.name) || file.name;
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    const tests = failed.map((a) => ({ suite, test: `${name} › ${a.fullName}`, error: firstLines(a.failureMessages.join('\n')) }));
    // A file that failed outside its tests (an import, a hook) has no failed test to name it.
    if (tests.length === 0 && file.status === 'failed') return [{ suite, test: name, error: firstLines(file.message || 'the file failed outside its tests') }];
    return tests;
  });
}

function playwrightFailures(report: PlaywrightReport): Failure[] {
  const found: Failure[] = [];
  // A file's own suite is titled by its file name, already in the spec's `file:line`; `describe` blocks nest in it.
  const walk = (suite: PlaywrightSuite, titles: string[], isFile: boolean): void => {
    const path = isFile ? [] : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const errors = test.results.flatMap((r) => (r.status === 'passed' ? [] : (r.errors ?? []).map((e) => e.message ?? '')));
        const name = [...path, spec.title].filter(Boolean).join(' › ');
        found.push({ suite: 'e2e', test: `${spec.file}:${spec.line} › ${name}${test.status === 'flaky' ? ' (flaky: passed when run again)' : ''}`, error: firstLines(errors.join('\n')) });
      }
    }
    for (const child of suite.suites ?? []) walk(child, path, false);
  };
  for (const suite of report.suites) walk(suite, [], true);
  for (const error of report.errors) found.push({ suite: 'e2e', test: '(outside any test)', error: firstLines(error.message ?? '') });
  return found;
}

export interface Reports {
  unit: VitestReport | null;
  e2e: PlaywrightReport | null;
  firefox: VitestReport | null;
}

/** The summary's lines: the failures (if any), then the per-suite counts, then the totals. A missing report counts as one failure. */
export function summary({ unit, e2e, firefox }: Reports, root = process.cwd()): string[] {
  const none = { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0, numTotalTests: 1 };
  const u = unit ?? none;
  const e = e2e?.stats ?? { expected: 0, unexpected: 1, flaky: 0, skipped: 0 };
  const f = firefox ?? none;
  const ffSkipped = f.numPendingTests + f.numTodoTests;
  const passed = u.numPassedTests + e.expected + f.numPassedTests;
  const failed = u.numFailedTests + e.unexpected + e.flaky + f.numFailedTests;
  const skipped = u.numPendingTests + u.numTodoTests + e.skipped + ffSkipped;

  const failures = [
    ...(unit ? vitestFailures('unit', unit, root) : [{ suite: 'unit' as const, test: '(the suite)', error: 'no report: test-results/unit.json is missing or unreadable' }]),
    ...(e2e ? playwrightFailures(e2e) : [{ suite: 'e2e' as const, test: '(the suite)', error: 'no report: test-results/e2e.json is missing or unreadable' }]),
    ...(firefox ? vitestFailures('firefox', firefox, root) : [{ suite: 'firefox' as const, test: '(the suite)', error: 'no report: test-results/firefox.json is missing or unreadable' }]),
  ];
  const lines: string[] = [];
  if (failures.length > 0) {
    lines.push(`=== ${failures.length === 1 ? '1 failure' : `${failures.length} failures`}, each with the first lines of its error (the whole report is above)`);
    for (const failure of failures) {
      lines.push(`[${failure.suite}] ${failure.test}`);
      for (const line of (failure.error || '(no error message)').split('\n')) lines.push(`    ${line}`);
    }
    lines.push('');
  }
  lines.push(
    `unit ${u.numPassedTests}/${u.numTotalTests}, ` +
      `e2e ${e.expected}/${e.expected + e.unexpected + e.flaky + e.skipped} in real Chromium, ` +
      `firefox ${f.numPassedTests}/${f.numTotalTests} in real Firefox ESR` +
      (ffSkipped ? ` (${ffSkipped} skipped: no Firefox, see scripts/ensure-firefox.sh)` : ''),
  );
  lines.push(`Tests: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ''));
  return lines;
}

function read<T>(path: string, schema: z.ZodType<T>): T | null {
  if (!existsSync(path)) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

if (process.argv[1]?.endsWith('test-summary.ts')) {
  const lines = summary({
    unit: read('test-results/unit.json', VitestReport),
    e2e: read('test-results/e2e.json', PlaywrightReport),
    firefox: read('test-results/firefox.json', VitestReport),
  });
  console.log(lines.join('\n'));
}
