/**
 * Comments say why, not which ticket: a ticket number means nothing to a reader without the tracker, and nothing in
 * the repository says what those issues were. This fails when a comment (code, CSS, HTML, shell, a JSON file's
 * "$comment") names an issue number, and lists each as file:line with the reason to write instead.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoFiles, ROOT } from './repo-files';

// Built from parts so this file's own source never matches it.
const ISSUE_NUMBER = new RegExp(['\\bissues?', '\\s*#?\\d+', '|\\(#\\d+\\)'].join(''), 'i');

interface Comment {
  line: number;
  text: string;
}

/**
 * Comments of TypeScript/JavaScript source, from the parsed tree: every node's leading and trailing comment ranges.
 * A bare scanner cannot tell a regex from a division, so a regex holding a quote made it read the rest of a file as
 * a string and miss every comment after it; the parser knows which is which.
 */
function scriptComments(source: string, jsx: boolean): Comment[] {
  const file = ts.createSourceFile(jsx ? 'a.tsx' : 'a.ts', source, ts.ScriptTarget.Latest, true, jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const seen = new Map<number, Comment>();
  const lineOf = (pos: number): number => file.getLineAndCharacterOfPosition(pos).line + 1;
  const collect = (ranges: readonly ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) {
      if (!seen.has(range.pos)) seen.set(range.pos, { line: lineOf(range.pos), text: source.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node): void => {
    collect(ts.getLeadingCommentRanges(source, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(source, node.getEnd()));
    // `{/* … */}` in JSX is an expression holding only a comment: no child node starts after it.
    if (ts.isJsxExpression(node)) {
      collect(ts.getTrailingCommentRanges(source, node.getStart(file) + 1));
      collect(ts.getLeadingCommentRanges(source, node.getStart(file) + 1));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  collect(ts.getLeadingCommentRanges(source, file.endOfFileToken.getFullStart()));
  return [...seen.values()].sort((a, b) => a.line - b.line);
}

/** `/* … *\/` (CSS) or `<!-- … -->` (HTML) blocks. */
function blockComments(source: string, pattern: RegExp): Comment[] {
  return [...source.matchAll(pattern)].map((m) => ({ line: source.slice(0, m.index).split('\n').length, text: m[0] }));
}

function shellComments(source: string): Comment[] {
  return source.split('\n').flatMap((text, i) => (/(^|\s)#/.test(text) ? [{ line: i + 1, text: text.slice(text.search(/(^|\s)#/)) }] : []));
}

function jsonComments(source: string): Comment[] {
  return source.split('\n').flatMap((text, i) => (text.includes('"$comment"') ? [{ line: i + 1, text }] : []));
}

export function commentsOf(path: string, source: string): Comment[] {
  if (/\.(ts|mts|js|mjs|cjs)$/.test(path)) return scriptComments(source, false);
  if (/\.(tsx|jsx)$/.test(path)) return scriptComments(source, true);
  if (path.endsWith('.css')) return blockComments(source, /\/\*[\s\S]*?\*\//g);
  if (path.endsWith('.html')) return blockComments(source, /<!--[\s\S]*?-->/g);
  if (path.endsWith('.sh')) return shellComments(source);
  if (path.endsWith('.json')) return jsonComments(source);
  return [];
}

const CODE_DIRS = ['lib', 'components', 'entrypoints', 'sandbox', 'hub', 'tests', 'scripts', 'bench', 'locales', 'public',
  'wxt.config.ts', 'vitest.config.ts', 'vitest.firefox.config.ts', 'playwright.config.ts', 'eslint.config.js'];
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.css', '.html', '.sh', '.json'];

describe('comments give reasons, not issue numbers', () => {
  it('finds an issue number in each kind of comment it reads (so a clean run means something)', () => {
    const planted = 'is' + 'sue 12';
    expect(commentsOf('a.ts', `const a = 1; // the reason (${planted})\n`).some((c) => ISSUE_NUMBER.test(c.text))).toBe(true);
    expect(commentsOf('a.tsx', `/** why (${planted}) */\nexport const A = () => <p>hi</p>;\n`).some((c) => ISSUE_NUMBER.test(c.text))).toBe(true);
    expect(commentsOf('a.css', `/* rows (${planted}) */ .a {}`).map((c) => c.line)).toEqual([1]);
    expect(commentsOf('a.html', `<p>\n<!-- ${planted} -->`).map((c) => c.line)).toEqual([2]);
    expect(commentsOf('a.sh', `echo hi # ${planted}`).some((c) => ISSUE_NUMBER.test(c.text))).toBe(true);
    expect(commentsOf('a.json', `{\n  "$comment": "${planted}"\n}`).map((c) => c.line)).toEqual([2]);
    // A string is not a comment, and a count of things is not an issue number.
    expect(commentsOf('a.ts', `const s = '// ${planted}';\n`)).toEqual([]);
    // A regex holding a quote is not the start of a string: the comment after it is still read.
    expect(commentsOf('a.ts', `const r = /'/;\nconst b = 2; // why (${planted})\n`).some((c) => ISSUE_NUMBER.test(c.text))).toBe(true);
    // Comments inside a type and inside JSX are read too.
    expect(commentsOf('a.ts', `interface A {\n  /** why (${planted}) */\n  a: number;\n}\n`).map((c) => c.line)).toEqual([2]);
    expect(commentsOf('a.tsx', `const A = () => <p>{/* ${planted} */}</p>;\n`).some((c) => ISSUE_NUMBER.test(c.text))).toBe(true);
    expect(ISSUE_NUMBER.test('// three issues were found')).toBe(false);
  });

  it('no comment in the code, tests, scripts or config names an issue number', () => {
    const files = repoFiles(CODE_DIRS, EXTENSIONS);
    expect(files.length).toBeGreaterThan(300);
    const offenders = files.flatMap((path) => {
      const source = readFileSync(join(ROOT, path), 'utf8');
      // A comment is part of its file: a file with no match anywhere has none in a comment, and is not parsed (the
      // parse of every file was most of this test's time, over its 30 s budget beside the other suites on a slow machine).
      if (!ISSUE_NUMBER.test(source)) return [];
      return commentsOf(path, source)
        .filter((c) => ISSUE_NUMBER.test(c.text))
        .map((c) => `${path}:${c.line}: ${c.text.match(ISSUE_NUMBER)?.[0]}`);
    });
    expect(offenders, 'write the reason itself, or link the docs/ page that holds the decision').toEqual([]);
  });
});
