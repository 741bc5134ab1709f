/**
 * The maps a newcomer reads first match the tree: every repository path the docs name exists (the README's "Where
 * things live" block, the folder READMEs, docs/*.md), the maps name every folder they are a map of, and tests/unit/
 * mirrors lib/ (each folder is named after a lib/ folder, or is one of the few listed exceptions). A renamed or
 * removed folder fails here with the document and line that still names it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { existsInRepo, namedPaths, readmeMapPaths, type BareNames } from './doc-paths';
import { ROOT } from './repo-files';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const foldersIn = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** Each document and how its bare names (`walk.ts`) are resolved (doc-paths.ts). */
const DOCS: Array<[string, BareNames]> = [
  ['README.md', 'line'],
  ['components/sidepanel/README.md', 'doc'],
  ['lib/detect/README.md', 'doc'],
  ['sandbox/README.md', 'doc'],
  ['docs/architecture.md', 'line'],
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'architecture.md')
    .map((name): [string, BareNames] => [`docs/${name}`, 'none']),
];

/** tests/unit/ folders that test something other than a lib/ folder, and what they test. */
const UNIT_TEST_EXCEPTIONS: Record<string, string> = {
  background: 'entrypoints/background/',
  sidepanel: 'components/sidepanel/',
  popup: 'components/popup/',
  shared: 'components/shared/',
  sandbox: 'sandbox/',
  hub: 'hub/',
  scripts: 'scripts/',
};

describe('reading the docs', () => {
  it('reads the README map the way a reader does (so a clean run means something)', () => {
    const map = '## Where things live\n\n```\nlib/   detect/ (scanning, people/)  gone/\n       api/\ntests/ unit/\n```\n';
    expect(readmeMapPaths(map).map((p) => p.path)).toEqual(['lib/', 'lib/detect/', 'lib/detect/people/', 'lib/gone/', 'lib/', 'lib/api/', 'tests/', 'tests/unit/']);
    expect(readmeMapPaths(map).filter((p) => !existsInRepo(p.path)).map((p) => p.written)).toEqual(['gone/']);
  });

  it('resolves a bare name against the folder named before it on the line, else the document folder', () => {
    const line = '| Messages | `lib/messaging/` (`router.ts`, `nope.ts`) | `walk.ts` | `people.spec.ts` | `lib/engine/plan.ts` |';
    const paths = namedPaths(line, 'lib/detect/README.md', 'doc').map((p) => p.path);
    expect(paths).toEqual(['lib/messaging/', 'lib/messaging/router.ts', 'lib/messaging/nope.ts', 'lib/messaging/walk.ts', 'tests/e2e/people.spec.ts', 'lib/engine/plan.ts']);
    expect(namedPaths('`walk.ts` then `lib/detect/walk.ts`', 'docs/x.md', 'line').map((p) => p.path)).toEqual(['lib/detect/walk.ts']);
    expect(namedPaths('`demo-output/x.csv`, [spec](../shared/spec.md), [web](https://example.com/a.ts)', 'sandbox/README.md', 'doc')).toEqual([]);
    expect(existsInRepo('tests/e2e/sidepanel*.spec.ts')).toBe(true);
    expect(existsInRepo('tests/e2e/nothing*.spec.ts')).toBe(false);
  });
});

describe('the docs name only paths that exist', () => {
  it.each(DOCS)('%s', (doc, bare) => {
    const markdown = read(doc);
    const named = [...(doc === 'README.md' ? readmeMapPaths(markdown) : []), ...namedPaths(markdown, doc, bare)];
    expect(named.length).toBeGreaterThan(0);
    const missing = named.filter((p) => !existsInRepo(p.path)).map((p) => `${doc}:${p.line}: \`${p.written}\` (${p.path})`);
    expect(missing).toEqual([]);
  });
});

describe('the maps name every folder they map', () => {
  it('the README map names every folder of lib/, entrypoints/ and components/', () => {
    const mapped = new Set(readmeMapPaths(read('README.md')).map((p) => p.path));
    const unnamed = ['lib', 'entrypoints', 'components'].flatMap((top) =>
      foldersIn(top)
        .map((name) => `${top}/${name}/`)
        .filter((path) => !mapped.has(path)),
    );
    expect(unnamed).toEqual([]);
  });

  it('components/sidepanel/README.md names every folder of the side panel', () => {
    const named = new Set(namedPaths(read('components/sidepanel/README.md'), 'components/sidepanel/README.md', 'doc').map((p) => p.path.replace(/\/$/, '')));
    const unnamed = foldersIn('components/sidepanel').filter((name) => !named.has(`components/sidepanel/${name}`));
    expect(unnamed).toEqual([]);
  });
});

describe('tests/unit/ mirrors lib/', () => {
  it('every folder under tests/unit/ is named after a lib/ folder or is a listed exception', () => {
    const libFolders = new Set(foldersIn('lib'));
    const strays = foldersIn('tests/unit').filter((name) => !libFolders.has(name) && !(name in UNIT_TEST_EXCEPTIONS));
    expect(strays, 'move the tests into tests/unit/<the lib folder they test>/, or list the folder above with what it tests').toEqual([]);
  });

  it('every listed exception still tests something that exists', () => {
    const gone = Object.entries(UNIT_TEST_EXCEPTIONS).filter(([folder, target]) => !existsInRepo(target) || !existsInRepo(`tests/unit/${folder}`));
    expect(gone).toEqual([]);
  });
});
