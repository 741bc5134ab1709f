/**
 * Cuts a file's entries into `bulk/stage-append` messages: at most APPEND_MAX_ENTRIES each and about
 * APPEND_BYTE_BUDGET of JSON, so no message comes near the router's 2 MB limit (lib/messaging/size.ts) even when
 * every value is a long profile URL.
 */
import type { BulkEntry } from '../model/lookup';

export const APPEND_MAX_ENTRIES = 2_000;
export const APPEND_BYTE_BUDGET = 512 * 1024;

/** Entries in order, split into batches by count and by serialised size. */
export function appendBatches(entries: readonly BulkEntry[], budget = APPEND_BYTE_BUDGET, max = APPEND_MAX_ENTRIES): BulkEntry[][] {
  const out: BulkEntry[][] = [];
  let batch: BulkEntry[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = JSON.stringify(entry).length + 1;
    if (batch.length > 0 && (batch.length >= max || bytes + size > budget)) {
      out.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(entry);
    bytes += size;
  }
  if (batch.length) out.push(batch);
  return out;
}
