/**
 * Where the API key lives. Not `storage.local`: content scripts can read that. IndexedDB belongs to an origin,
 * and content scripts run in the page's origin, so the extension origin's database is out of their reach; only
 * the background opens it (extension pages change the key through 'key/set' / 'key/clear' messages).
 * The key is never logged, never put in a message or an error: the UI only ever sees `keyHint`.
 */
import type { DBSchema } from 'idb';
import { databaseOpener } from '../storage/idb';
import type { ApiAddressStore } from '../settings/origin-store';

export interface KeyStore {
  get(): Promise<string | null>;
  set(key: string): Promise<void>;
  clear(): Promise<void>;
}

/** What the UI may know about the key: that it exists and its last four characters ("…abcd"). */
export function keyHint(key: string | null): string | null {
  if (!key) return null;
  return key.length >= 12 ? `…${key.slice(-4)}` : '…';
}

/**
 * A short, one-way name for an API key, for what is remembered per account (company windows, a rejected key): records
 * of two keys never mix, and the key cannot be read back from it.
 */
export async function accountOf(apiKey: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`in-page-enrich:${apiKey}`));
  return [...new Uint8Array(digest, 0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

interface KeyDb extends DBSchema {
  secrets: { key: string; value: string };
}

export const KEYSTORE_DB = 'ipe-keystore';
const SLOT = 'apiKey';
/** The API address: it decides where the key goes, so it lives here too (lib/settings/origin-store.ts). */
const ADDRESS_SLOT = 'apiBaseUrl';

/** One connection per worker life, opened on first use (never at import). */
const openKeyDb = databaseOpener<KeyDb>({
  name: KEYSTORE_DB,
  version: 1,
  upgrade(db) {
    db.createObjectStore('secrets');
  },
});

/** The API address in the extension origin's IndexedDB: content scripts cannot write it on any browser. */
export function createIdbApiAddressStore(): ApiAddressStore {
  return {
    async get() {
      return (await (await openKeyDb()).get('secrets', ADDRESS_SLOT)) ?? null;
    },
    async set(url) {
      await (await openKeyDb()).put('secrets', url, ADDRESS_SLOT);
    },
  };
}

/** A secret kept beside the key, as text: the team hub's sign-in and the key and address it replaced. */
export interface SecretText {
  get(): Promise<string | null>;
  set(value: string): Promise<void>;
  clear(): Promise<void>;
}

/** The slots besides the key (lib/hub-client/membership.ts): out of content scripts' reach like the key itself. */
export type SecretSlot = 'hubSession';

export function createIdbSecretText(slot: SecretSlot): SecretText {
  return {
    async get() {
      return (await (await openKeyDb()).get('secrets', slot)) ?? null;
    },
    async set(value) {
      await (await openKeyDb()).put('secrets', value, slot);
    },
    async clear() {
      await (await openKeyDb()).delete('secrets', slot);
    },
  };
}

export function createMemorySecretText(initial: string | null = null): SecretText {
  let value = initial;
  return {
    get: () => Promise.resolve(value),
    set: (v) => {
      value = v;
      return Promise.resolve();
    },
    clear: () => {
      value = null;
      return Promise.resolve();
    },
  };
}

/** The real store: IndexedDB of the extension origin, read through a memory copy (one open per worker life). */
export function createIdbKeyStore(): KeyStore {
  const db = openKeyDb();
  let cached: Promise<string | null> | null = null;
  return {
    get() {
      cached ??= db.then(async (d) => (await d.get('secrets', SLOT)) ?? null);
      return cached;
    },
    async set(key) {
      await (await db).put('secrets', key, SLOT);
      cached = Promise.resolve(key);
    },
    async clear() {
      await (await db).delete('secrets', SLOT);
      cached = Promise.resolve(null);
    },
  };
}

/** For Node (bench, unit tests of composed logic), where IndexedDB does not exist. */
export function createMemoryKeyStore(initial: string | null = null): KeyStore {
  let value = initial;
  return {
    get: () => Promise.resolve(value),
    set: (key) => {
      value = key;
      return Promise.resolve();
    },
    clear: () => {
      value = null;
      return Promise.resolve();
    },
  };
}
