/**
 * When the service last refused the saved API key (401). The options page shows it next to "Key saved": an error's
 * "Open settings" button used to land on a green "Key saved" badge with no sign that the key was the problem. Kept
 * per key (a hash, never the key) in trusted-only session storage, so a new key starts clean and nothing survives the
 * browser session.
 */
import { storage } from 'wxt/utils/storage';
import { accountOf, type KeyStore } from '@/lib/keystore';

const rejected = storage.defineItem<{ account: string; at: number } | null>('session:keyRejected', { fallback: null });

export function createKeyRejection(keystore: KeyStore, now: () => number = Date.now) {
  return {
    /**
     * The service refused a key just now. `sentKey`: the key the request carried, when known; a refusal of another key
     * (a request sent before the user saved a new one, a candidate under test) says nothing about the saved one.
     */
    async note(sentKey?: string): Promise<void> {
      const key = await keystore.get();
      if (!key || (sentKey !== undefined && sentKey !== key)) return;
      await rejected.setValue({ account: await accountOf(key), at: now() });
    },
    /** When the saved key was last refused, or null (never, or another key since). */
    async at(): Promise<number | null> {
      const [key, record] = await Promise.all([keystore.get(), rejected.getValue()]);
      if (!key || !record || typeof record.at !== 'number') return null;
      return record.account === (await accountOf(key)) ? record.at : null;
    },
    /** The key was accepted (a test) or replaced. */
    forget: () => rejected.setValue(null),
  };
}
