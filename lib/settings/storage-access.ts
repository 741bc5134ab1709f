/**
 * Content scripts may read and write `storage.local` and `storage.sync` by default. Nothing secret lives there
 * (the key and the API address are in the background's IndexedDB), and nothing of ours is in `sync`, but a page's
 * content script must not be able to plant values anyone reads later: close every area where
 * the browser can (Chrome's `setAccessLevel`; Firefox has none, which is why the API address is not in
 * storage.local at all, lib/settings/origin-store.ts).
 */

export interface AccessControlledArea {
  setAccessLevel?: (options: { accessLevel: 'TRUSTED_CONTEXTS' }) => Promise<void>;
}

export type StorageAreaName = 'local' | 'sync' | 'session';

/** Restricts each area to trusted contexts; resolves with the names of the areas that stay open. */
export async function closeStorageToContentScripts(
  areas: Partial<Record<StorageAreaName, AccessControlledArea | undefined>>,
): Promise<StorageAreaName[]> {
  const names: StorageAreaName[] = ['local', 'sync', 'session'];
  const results = await Promise.all(
    names.map(async (name) => {
      const area = areas[name];
      if (!area?.setAccessLevel) return name;
      try {
        await area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
        return null;
      } catch {
        return name;
      }
    }),
  );
  return results.filter((name): name is StorageAreaName => name !== null);
}
