/**
 * Storage of bulk jobs and their rows. The IndexedDB implementation (./bulk-idb.ts) is what the extension uses;
 * the memory one runs the same logic in Node (bench, unit tests).
 */
import type { BulkJob, BulkRow } from '../messaging/protocol';

export interface BulkRowRecord extends BulkRow {
  jobId: string;
  /** Position among the job's (deduplicated) entries. */
  index: number;
  /** Cache key of the entry (lib/cache/keys.ts, bulkEntryKey). */
  key: string;
  /** Which chunk request carries it; null when served from the cache. */
  chunk: number | null;
}

export interface BulkJobRecord extends BulkJob {
  requiredFields: Array<'email' | 'work_email' | 'personal_email' | 'phone' | 'social_profile'>;
  /** Chunks created so far (retries add more). */
  chunkCount: number;
  /**
   * Chunks whose request may have reached the service and whose results are not stored yet. Written before
   * each request goes out; a chunk found here after a restart is interrupted, never silently re-sent.
   */
  sentChunks: number[];
}

export interface BulkStore {
  putJob(job: BulkJobRecord): Promise<void>;
  getJob(id: string): Promise<BulkJobRecord | undefined>;
  listJobs(): Promise<BulkJobRecord[]>;
  deleteJob(id: string): Promise<void>;
  putRows(rows: BulkRowRecord[]): Promise<void>;
  /** Rows and job in one write, so counters and rows never disagree after a crash. */
  putRowsAndJob(rows: BulkRowRecord[], job: BulkJobRecord): Promise<void>;
  rows(jobId: string, offset: number, limit: number): Promise<BulkRowRecord[]>;
  rowsOfChunk(jobId: string, chunk: number): Promise<BulkRowRecord[]>;
  rowsWithStatus(jobId: string, status: BulkRow['status']): Promise<BulkRowRecord[]>;
}

export function createMemoryBulkStore(): BulkStore {
  const jobs = new Map<string, BulkJobRecord>();
  const rows = new Map<string, BulkRowRecord[]>();
  const clone = <T>(v: T): T => structuredClone(v);
  const put = (list: BulkRowRecord[]) => {
    for (const row of list) {
      const arr = rows.get(row.jobId) ?? [];
      arr[row.index] = clone(row);
      rows.set(row.jobId, arr);
    }
  };
  return {
    putJob: (job) => Promise.resolve(void jobs.set(job.id, clone(job))),
    getJob: (id) => Promise.resolve(jobs.has(id) ? clone(jobs.get(id)) : undefined),
    listJobs: () => Promise.resolve([...jobs.values()].map(clone).sort((a, b) => b.createdAt - a.createdAt)),
    deleteJob: (id) => {
      jobs.delete(id);
      rows.delete(id);
      return Promise.resolve();
    },
    putRows: (list) => Promise.resolve(put(list)),
    putRowsAndJob: (list, job) => {
      put(list);
      jobs.set(job.id, clone(job));
      return Promise.resolve();
    },
    rows: (jobId, offset, limit) => Promise.resolve((rows.get(jobId) ?? []).slice(offset, offset + limit).map(clone)),
    rowsOfChunk: (jobId, chunk) => Promise.resolve((rows.get(jobId) ?? []).filter((r) => r.chunk === chunk).map(clone)),
    rowsWithStatus: (jobId, status) => Promise.resolve((rows.get(jobId) ?? []).filter((r) => r.status === status).map(clone)),
  };
}
