// The shared IndexedDB opener (lib/storage/idb.ts). Node has no IndexedDB: these tests cover what happens when the
// browser refuses to open a database. The opener against real IndexedDB runs in Chromium with the contact book
// (tests/e2e/book-index.spec.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseOpenError, databaseOpener } from '@/lib/storage/idb';

afterEach(() => vi.unstubAllGlobals());

describe('databaseOpener', () => {
  it('a database the browser refuses: the error names it and says what to do', async () => {
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('The disk is full', 'QuotaExceededError');
      },
    });
    const open = databaseOpener({ name: 'ipe-test', version: 1, upgrade: () => undefined });
    const error: unknown = await open().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseOpenError);
    expect((error as DatabaseOpenError).database).toBe('ipe-test');
    expect((error as Error).message).toMatch(/"ipe-test".*QuotaExceededError: The disk is full.*try again/);
  });

  it('a failed open is not remembered: the next call asks the browser again', async () => {
    let asked = 0;
    vi.stubGlobal('indexedDB', {
      open: () => {
        asked++;
        throw new DOMException('busy', 'UnknownError');
      },
    });
    const open = databaseOpener({ name: 'ipe-test', version: 1, upgrade: () => undefined });
    await expect(open()).rejects.toBeInstanceOf(DatabaseOpenError);
    await expect(open()).rejects.toBeInstanceOf(DatabaseOpenError);
    expect(asked).toBe(2);
  });
});
