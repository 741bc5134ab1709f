/**
 * Every IndexedDB database is opened through lib/storage/idb.ts (`databaseOpener`): reused per context, reopened after
 * the browser closes it, stepping aside for a newer version, and named in its error. A second `openDB` call elsewhere
 * loses all four.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles, ROOT } from './repo-files';

const OPENER = 'lib/storage/idb.ts';
const OPENS = /\bopenDB\s*[<(]|indexedDB\.open\s*\(/;

describe('one database opener', () => {
  it('finds an open written another way (so a clean run means something)', () => {
    expect(OPENS.test("database ??= openDB<DemoDb>('ipe-demo', 1, {")).toBe(true);
    expect(OPENS.test("const request = indexedDB.open('x');")).toBe(true);
    expect(OPENS.test('const open = databaseOpener<Db>({ name })')).toBe(false);
  });

  it('no product code opens a database except through lib/storage/idb.ts', () => {
    const files = repoFiles(['lib', 'entrypoints', 'components', 'sandbox'], ['.ts', '.tsx']);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((path) => path !== OPENER && OPENS.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(offenders, `open it with databaseOpener from ${OPENER}`).toEqual([]);
  });
});
