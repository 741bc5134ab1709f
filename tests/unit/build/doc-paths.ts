/**
 * The repository paths a document names, so tests/unit/build/docs-map.test.ts can check each exists. Read from:
 * - the README's "Where things live" block: a line's first word is a top folder (`lib/`), the words ending in `/`
 *   after it are its folders, and the ones in parentheses after a folder are that folder's (`detect/ (… people/)`);
 * - every `code span` and relative [link](target) that looks like a path: it starts with a top folder
 *   (`lib/engine/plan.ts`) or is a file or folder name resolved against the last folder named before it on the same
 *   line (`lib/messaging/` (`ui-to-background.ts`, …)), else against the document's own folder; a test file named
 *   bare (`people.spec.ts`) is looked for under tests/, and a root file (`wxt.config.ts`) is the root's.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { ROOT } from './repo-files';

export const TOP_FOLDERS = ['entrypoints', 'components', 'lib', 'sandbox', 'tests', 'bench', 'docs', 'scripts', 'locales', 'public', 'assets'];
const FILE_EXTENSIONS = /\.(ts|tsx|md|json|css|html|sh|csv|mjs|js)$/;
const PATH_WORD = /^[\w.*-]+(\/[\w.*-]+)*\/?$/;

export interface NamedPath {
  line: number;
  /** As written. */
  written: string;
  /** Root-relative, `/`-separated. */
  path: string;
}

const isTopPath = (word: string): boolean => TOP_FOLDERS.some((top) => word === top || word.startsWith(`${top}/`));

/** The "Where things live" block of README.md: the first fenced block after that heading. */
export function readmeMapPaths(markdown: string): NamedPath[] {
  const lines = markdown.split('\n');
  const heading = lines.findIndex((l) => /^## Where things live/.test(l));
  if (heading < 0) return [];
  const open = lines.findIndex((l, i) => i > heading && l.startsWith('```'));
  const close = lines.findIndex((l, i) => i > open && l.startsWith('```'));
  const found: NamedPath[] = [];
  let top = '';
  for (let i = open + 1; i < close; i++) {
    const line = lines[i]!;
    const first = /^(\S+\/)\s/.exec(line);
    if (first) top = first[1]!;
    if (!top) continue;
    found.push({ line: i + 1, written: top, path: top });
    let depth = 0;
    let parent = top;
    let last = top;
    for (const token of line.slice(first ? first[0].length : 0).split(/(\(|\)|\s+|,)/)) {
      if (token === '(') {
        if (depth === 0) parent = last;
        depth++;
      } else if (token === ')') {
        depth = Math.max(0, depth - 1);
        if (depth === 0) parent = top;
      } else if (/^[\w-]+\/$/.test(token)) {
        const path = posix.join(depth > 0 ? parent : top, token);
        found.push({ line: i + 1, written: token, path });
        if (depth === 0) last = path;
      }
    }
  }
  return found;
}

/**
 * How a bare name (`walk.ts`, `people/`) is resolved: against the last top-folder path named before it on the same
 * line, else against the document's own folder (`doc`), or skipped (`line`: a docs/ page's own folder says
 * nothing), or never read (`none`: only paths that start with a top folder).
 */
export type BareNames = 'doc' | 'line' | 'none';

/** What a build or a run writes: named in docs, never in the repository. */
const OUTPUTS = ['demo-output/', 'test-results/', 'store-output/', 'bench-output/', 'content-scripts/', 'chunks/', '.output/'];

/** Code spans and relative links that name a path, resolved as the header says. */
export function namedPaths(markdown: string, docPath: string, bare: BareNames): NamedPath[] {
  const docDir = posix.dirname(docPath);
  const found: NamedPath[] = [];
  markdown.split('\n').forEach((line, i) => {
    let base: string | null = bare === 'doc' ? docDir : null;
    for (const match of line.matchAll(/`([^`]+)`|\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      const link = match[2];
      const written = (match[1] ?? link ?? '').trim();
      if (!PATH_WORD.test(written) || OUTPUTS.some((out) => written.startsWith(out))) continue;
      let path: string | null = null;
      if (link !== undefined) {
        const target = posix.normalize(posix.join(docDir, link));
        // Web addresses and links out of the repository (../shared) are not the repository's paths.
        path = /^[a-z]+:/.test(link) || !(isTopPath(target) || !target.includes('/')) ? null : target;
      }
      else if (isTopPath(written)) path = written;
      else if (bare !== 'none' && /^[\w.-]+\.(spec|test)\.tsx?$/.test(written)) path = testFileNamed(written);
      else if (bare !== 'none' && !written.includes('/') && existsSync(join(ROOT, written))) path = written;
      else if (bare !== 'none' && base !== null && !written.startsWith('.') && (FILE_EXTENSIONS.test(written) || /^[\w-]+\/$/.test(written))) {
        path = posix.join(base, written);
      }
      if (path === null) continue;
      found.push({ line: i + 1, written, path });
      if (isTopPath(written)) base = written.endsWith('/') ? written : posix.dirname(written);
    }
  });
  return found;
}

/** A test file named bare (`people.spec.ts`): wherever it is under tests/, or where it would be when it is gone. */
function testFileNamed(name: string): string {
  const walk = (dir: string): string | null => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        const found = walk(path);
        if (found) return found;
      } else if (entry.name === name) return path;
    }
    return null;
  };
  return walk('tests') ?? `tests/${name}`;
}

/** Whether a root-relative path (a `*` matches within one name) names something in the repository. */
export function existsInRepo(path: string): boolean {
  const clean = path.replace(/\/$/, '');
  if (!clean.includes('*')) return existsSync(join(ROOT, clean));
  const dir = dirname(clean);
  const pattern = new RegExp(`^${clean.slice(dir.length + 1).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return existsSync(join(ROOT, dir)) && readdirSync(join(ROOT, dir)).some((name) => pattern.test(name));
}
