/**
 * tsconfig.json works before `npm install`: it does not extend the generated .wxt/tsconfig.json, and it resolves the
 * `@/` alias itself, so an editor on a fresh clone understands every import. (`npm run typecheck` proves the rest:
 * it passes with and without .wxt/, whose files are only added when present.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './repo-files';

describe('tsconfig.json stands alone', () => {
  const { config, error } = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (path) => readFileSync(path, 'utf8'));

  it('extends nothing generated and maps @/ to the repository root', () => {
    expect(error).toBeUndefined();
    expect(config.extends).toBeUndefined();
    expect(config.compilerOptions.paths['@/*']).toEqual(['./*']);
  });

  it('resolves an @/ import with no .wxt/ in play', () => {
    const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
    const resolved = ts.resolveModuleName('@/lib/engine/plan', join(ROOT, 'entrypoints/background/index.ts'), parsed.options, ts.sys);
    expect(resolved.resolvedModule?.resolvedFileName).toBe(join(ROOT, 'lib/engine/plan.ts'));
  });
});
