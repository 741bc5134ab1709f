/** The background's staged bulk uploads: one per worker life, over IndexedDB (lib/engine/bulk-staging.ts). */
import { createBulkStaging, type BulkStaging } from '@/lib/engine/bulk-staging';
import { createIdbStagingStore } from '@/lib/engine/bulk-staging-idb';

let staging: BulkStaging | null = null;

export function stagedUploads(): BulkStaging {
  return (staging ??= createBulkStaging({ store: createIdbStagingStore() }));
}
