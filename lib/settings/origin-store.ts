/**
 * Where the API address lives. It decides where the key is sent, so it must be out of content-script reach on
 * every browser. Chrome can close storage.local to content scripts; Firefox cannot, and there a compromised
 * content script could write `settings.apiBaseUrl` and receive the key at its own host. So the
 * address is kept beside the key, in the background's own IndexedDB (lib/keystore), which content scripts, running
 * in the page's origin, cannot open; storage.local keeps only the settings that send nothing anywhere.
 */

export interface ApiAddressStore {
  /** The stored address, or null before the first write (a fresh install, or an update from a version without it). */
  get(): Promise<string | null>;
  set(url: string): Promise<void>;
}

/** For Node (unit tests, bench), where IndexedDB does not exist. */
export function createMemoryApiAddressStore(initial: string | null = null): ApiAddressStore {
  let value = initial;
  return {
    get: () => Promise.resolve(value),
    set: (url) => {
      value = url;
      return Promise.resolve();
    },
  };
}
