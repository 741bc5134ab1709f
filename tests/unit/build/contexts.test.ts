/**
 * Run contexts (lib/contexts.json, docs/architecture.md "Run contexts"): the content script runs on every page the
 * user scans, so what it bundles must hold nothing of the background (engine, queue, API client, stores, key), of
 * the extension pages, nor the packages it must not carry (the public-suffix list above all). Checked on the
 * content script's whole static import graph, as the bundler walks it from entrypoints/content/index.ts, and on the
 * ESLint rule that stops such an import where it is written.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { chainOf, importGraph, runtimeImports } from './import-graph';
import { ROOT } from './repo-files';
import { budget } from '../../time-budget';

interface Contexts {
  content: { folders: string[]; notInContentScript: string[] };
  shared: string[];
  ui: string[];
  background: string[];
  build: string[];
  contentForbiddenPackages: string[];
}
const contexts = JSON.parse(readFileSync(join(ROOT, 'lib/contexts.json'), 'utf8')) as Contexts;
const CONTENT_ENTRY = 'entrypoints/content/index.ts';

const folderOf = (path: string): string | null => /^lib\/([^/]+)\//.exec(path)?.[1] ?? null;
const packageOf = (specifier: string): string => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2) : specifier.split('/').slice(0, 1)).join('/');

describe('the table of run contexts', () => {
  it('puts every lib/ folder in exactly one context', () => {
    const listed = [...contexts.content.folders, ...contexts.shared, ...contexts.ui, ...contexts.background, ...contexts.build];
    const folders = readdirSync(join(ROOT, 'lib'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect([...listed].sort()).toEqual(folders);
  });

  it('names only files that exist in the content folders as not in the content script', () => {
    const wrong = contexts.content.notInContentScript.filter((file) => !existsSync(join(ROOT, file)) || !contexts.content.folders.includes(folderOf(file) ?? ''));
    expect(wrong).toEqual([]);
  });
});

describe("the content script's import graph", () => {
  it('reads run-time imports only (type-only ones are erased by the build)', () => {
    const source = [
      "import type { A } from '@/lib/engine/engine';",
      "import { type B } from '@/lib/queue/queue';",
      "export type { C } from '@/lib/api/client';",
      "import { walk } from './walk';",
      "export { d } from '../identity/email';",
      "const lazy = () => import('tldts');",
    ].join('\n');
    expect(runtimeImports(source, 'x.ts')).toEqual(['./walk', '../identity/email', 'tldts']);
  });

  const graph = importGraph(CONTENT_ENTRY);
  const ids = [...graph.keys()];

  it('is the whole scanner (so an empty graph cannot pass)', () => {
    expect(ids).toContain('entrypoints/content/agent.ts');
    expect(ids).toContain('lib/detect/walk.ts');
    expect(ids).toContain('lib/detect/people/group.ts');
  });

  it('holds no background, UI or build module, and no file of a content folder that runs only in the background', () => {
    const notContent = new Set([...contexts.background, ...contexts.ui, ...contexts.build]);
    const offenders = ids
      .filter((id) => notContent.has(folderOf(id) ?? '') || contexts.content.notInContentScript.includes(id) || /^(components|entrypoints\/(?!content\/))/.test(id))
      .map((id) => chainOf(graph, id));
    expect(offenders).toEqual([]);
  });

  it('holds only content-script and shared code of the repository', () => {
    const allowed = new Set([...contexts.content.folders, ...contexts.shared]);
    const strays = ids
      .filter((id) => !id.startsWith('entrypoints/content/') && /^[a-z]+\//.test(id) && existsSync(join(ROOT, id)))
      .filter((id) => !allowed.has(folderOf(id) ?? ''))
      .map((id) => chainOf(graph, id));
    expect(strays).toEqual([]);
  });

  it('carries none of the packages the content script must not (tldts: the public-suffix list)', () => {
    const forbidden = new Set(contexts.contentForbiddenPackages);
    const offenders = ids.filter((id) => !existsSync(join(ROOT, id)) && forbidden.has(packageOf(id))).map((id) => chainOf(graph, id));
    expect(offenders).toEqual([]);
  });
});

describe('the ESLint rule', () => {
  it('refuses a background module, a background-only file of a content folder and tldts in a content-script file', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const planted = [
      "import { parse } from 'tldts';",
      "import { createEngine } from '@/lib/engine/engine';",
      "import { registrableDomain } from '../identity/domain';",
      "import type { RawPageScan } from './schema';",
      'export const used = [parse, createEngine, registrableDomain] as unknown as RawPageScan;',
    ].join('\n');
    const [result] = await eslint.lintText(planted, { filePath: join(ROOT, 'lib/detect/walk.ts') });
    const restricted = result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.line);
    expect(restricted).toEqual([1, 2, 3]);
  }, budget(60_000));
});
