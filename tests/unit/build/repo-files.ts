/**
 * The repository's own files for the checks in tests/unit/build: walked from the repository root with node:fs (no
 * git needed), skipping what is generated or installed.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..', '..');

const SKIPPED = new Set(['node_modules', '.git', '.output', '.wxt', 'test-results', 'playwright-report', 'demo-output', 'bench-output', '.sandbox']);

/** Every file under `dirs` (relative to the root), as root-relative paths with `/`, sorted. */
export function repoFiles(dirs: readonly string[], extensions: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (extensions.some((ext) => entry.name.endsWith(ext))) found.push(relative(ROOT, path).split(sep).join('/'));
    }
  };
  for (const dir of dirs) {
    const abs = join(ROOT, dir);
    if (statSync(abs, { throwIfNoEntry: false })?.isDirectory()) walk(abs);
    else if (statSync(abs, { throwIfNoEntry: false })?.isFile()) found.push(dir);
  }
  return found.sort();
}
