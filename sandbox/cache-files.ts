/**
 * The files the sandbox and the test tooling keep in `.sandbox/` (seeded databases, the hub tests' migrated PGlite
 * dump, the demo assets of the builds), and the two rules for writing them. Several processes make these at once
 * (the unit files, the builds running two at a time, sandboxes starting together), so:
 * - a file is written beside its final name and renamed into place: a reader sees the old file or the whole new one,
 *   never half of one;
 * - when a newer version is made, older versions of the same file go, but never anything named after the new one:
 *   another process may be writing its own `<name>.<pid>.<random>.tmp` of it right now (deleting that failed its
 *   start with "disk I/O error").
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's `.sandbox/` folder (ignored by git), wherever the process was started from. */
export const CACHE_DIR = fileURLToPath(new URL('../.sandbox/', import.meta.url));

/** Calls `write` with a temporary path beside `path`, then renames what it wrote into place. */
export function writeThenRename(path: string, write: (tempPath: string) => void): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    write(temp);
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}

/** Removes the files beside `current` whose names start with `prefix`, sparing every name that starts with `current`'s. */
export function removeOlderVersions(current: string, prefix: string): void {
  const dir = dirname(current);
  const keep = basename(current);
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix) && !name.startsWith(keep)) rmSync(join(dir, name), { force: true });
  }
}
