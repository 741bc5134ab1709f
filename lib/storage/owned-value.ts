/**
 * A value only the background reads and writes: what money depends on (the daily budget, the lookup defaults that set
 * a lookup's price, the credit ledger) must be out of a content script's reach on every browser. Chrome can close
 * storage.local to content scripts (./../settings/storage-access.ts); Firefox cannot, and there a compromised content
 * script could raise the budget, switch on the paid extras or clear the day's spending. The extension origin's
 * IndexedDB is a database content scripts cannot open (they run in the page's origin), so these values live there, and
 * the pages read and write them through the background's messages (`settings/get`, `settings/update`, `credits/…`).
 *
 * An older version kept them in storage.local: `adoptedFrom` reads that once, while nothing is stored here yet, then
 * removes it there, so nothing written into storage.local later is ever read again.
 */
import type { DBSchema } from 'idb';
import { databaseOpener } from './idb';

export interface OwnedValue<T> {
  /** The stored value, or undefined when nothing was ever stored. */
  get(): Promise<T | undefined>;
  set(value: T): Promise<void>;
}

interface OwnedDb extends DBSchema {
  values: { key: string; value: unknown };
}

export const OWNED_VALUES_DB = 'ipe-background-values';

const openOwnedDb = databaseOpener<OwnedDb>({
  name: OWNED_VALUES_DB,
  version: 1,
  upgrade(database) {
    database.createObjectStore('values');
  },
});

/** `name`'s value in the extension origin's IndexedDB (the background's). Read as stored: the caller validates it. */
export function createIdbOwnedValue<T>(name: string): OwnedValue<T> {
  return {
    async get() {
      return (await (await openOwnedDb()).get('values', name)) as T | undefined;
    },
    async set(value) {
      await (await openOwnedDb()).put('values', value, name);
    },
  };
}

/** For Node (unit tests, bench), where IndexedDB does not exist. */
export function createMemoryOwnedValue<T>(initial?: T): OwnedValue<T> {
  let value = initial;
  return {
    get: () => Promise.resolve(value),
    set: (next) => {
      value = next;
      return Promise.resolve();
    },
  };
}

/** Where an older version kept the value (a WXT storage item in storage.local, with its own migrations). */
export interface LegacyValue<T> {
  getValue(): Promise<T>;
  removeValue(): Promise<void>;
}

/**
 * `owned`, with the value an older version kept in `legacy` moved into it on the first read that finds nothing here.
 * After that `legacy` is never read again: a write into storage.local (a content script on Firefox can make one)
 * changes nothing. The move runs once even when two reads start together.
 */
export function adoptedFrom<T>(owned: OwnedValue<T>, legacy: LegacyValue<T>): OwnedValue<T> {
  let adopting: Promise<T> | null = null;
  const adopt = (): Promise<T> =>
    (adopting ??= (async () => {
      const value = await legacy.getValue();
      await owned.set(value);
      await legacy.removeValue().catch(() => undefined);
      return value;
    })().finally(() => {
      adopting = null;
    }));
  return {
    async get() {
      const stored = await owned.get();
      return stored !== undefined ? stored : adopt();
    },
    set: (value) => owned.set(value),
  };
}
