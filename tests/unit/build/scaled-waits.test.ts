/**
 * Every wait a test writes down is a budget for a hang, written for the reference machine and scaled by one factor
 * (tests/time-budget.ts, `TEST_TIME_SCALE`). A bare number slips past that factor: on the slower machine of the same
 * kind the suites' explicit `{ timeout: 30_000 }` waits stayed 30 s while everything around them got three times the
 * room. This fails on a literal wait in a test file and lists each as file:line with what to write instead.
 *
 * Checked: a `timeout:` option given as a number literal (Playwright's expect and waits, puppeteer's, child
 * processes), and a number literal as the timeout argument of `it`/`test`/`describe` and the hooks. Not checked:
 * Playwright's `test.setTimeout(ms)`, which tests/e2e/fixtures.ts scales itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoFiles, ROOT } from './repo-files';

const TEST_CALLS = new Set(['it', 'test', 'describe', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach']);

/** The identifier a call chain starts from: `it`, `it.each(rows)`, `test.describe.serial` → `it`, `it`, `test`. */
function rootName(expression: ts.Expression): string | null {
  let e = expression;
  while (ts.isPropertyAccessExpression(e) || ts.isCallExpression(e)) e = e.expression;
  return ts.isIdentifier(e) ? e.text : null;
}

/** Lines of `source` that write a wait as a bare number. */
export function literalWaits(source: string, fileName = 'a.ts'): Array<{ line: number; text: string }> {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Array<{ line: number; text: string }> = [];
  const report = (node: ts.Node) => found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: node.getText(file) });
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && node.name.getText(file) === 'timeout' && ts.isNumericLiteral(node.initializer)) report(node);
    if (ts.isCallExpression(node) && node.arguments.length >= 2) {
      const last = node.arguments[node.arguments.length - 1]!;
      const own = ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'setTimeout';
      const name = rootName(node.expression);
      if (!own && name !== null && TEST_CALLS.has(name) && ts.isNumericLiteral(last)) report(last);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('waits in the tests are scaled budgets', () => {
  it('finds a literal timeout option and a literal test timeout, and leaves budget(…) and test.setTimeout alone', () => {
    const source = [
      "await expect(x).toBeVisible({ timeout: 30_000 });",
      "await expect(x).toBeVisible({ timeout: budget(30_000) });",
      "it('a', async () => {}, 60_000);",
      "it.each([1])('b %i', async () => {}, 5000);",
      "it('c', async () => {}, budget(60_000));",
      'test.setTimeout(120_000);',
      'setTimeout(done, 100);',
    ].join('\n');
    expect(literalWaits(source).map((w) => w.line)).toEqual([1, 3, 4]);
  });

  it('no test file writes a wait as a bare number', () => {
    const offenders = repoFiles(['tests'], ['.ts', '.tsx']).flatMap((path) =>
      literalWaits(readFileSync(join(ROOT, path), 'utf8'), path).map((w) => `${path}:${w.line}: ${w.text}`),
    );
    expect(offenders, 'wrap each in budget(…) from tests/time-budget.ts: it is multiplied by TEST_TIME_SCALE like every other budget').toEqual([]);
  });
});
