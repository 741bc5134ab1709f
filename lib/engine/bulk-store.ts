/**
 * Storage of bulk jobs and their rows. The IndexedDB implementation (./bulk-idb.ts) is what the extension uses;
 * the memory one runs the same logic in Node (bench, unit tests). Both validate every record they read
 * (./bulk-records.ts) and set aside what fails, so a damaged record is reported, kept for export, and never
 * crashes the background.
 */
import type { BulkRequiredField } from '../api/required';
import type { BulkJob, BulkRow } from '../model/state';
import { damagedRow, readJobRecord, readRowRecord, type QuarantinedRecord } from './bulk-records';

export interface BulkRowRecord extends BulkRow {
  jobId: string;
  /** Position among the job's (deduplicated) entries. */
  index: number;
  /** Cache key of the entry (lib/cache/keys.ts, bulkEntryKey). */
  key: string;
  /** Which chunk request carries it; null when served from the cache. */
  chunk: number | null;
  /** Cache keys of the person's other identifiers (alsoKnownAs): they answer for it and are answered by it. */
  aliases?: string[];
  /** Set on rows whose request was in flight when the worker stopped: the service may have charged them. */
  interrupted?: boolean;
}

export interface BulkJobRecord extends BulkJob {
  requiredFields: BulkRequiredField[];
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
  /** Records that failed validation on read, oldest first (for export). */
  quarantined(): Promise<QuarantinedRecord[]>;
}

/** Where a damaged record goes: the store's own quarantine write. */
export interface Quarantine {
  add(record: QuarantinedRecord, removeJobId?: string): void | Promise<void>;
}

/** Validates jobs read from a store; damaged ones go to quarantine and are left out. */
export async function validJobs(raw: readonly unknown[], q: Quarantine): Promise<BulkJobRecord[]> {
  const out: BulkJobRecord[] = [];
  for (const item of raw) {
    const read = readJobRecord(item);
    if (read.ok) out.push(read.record);
    else await q.add(read.quarantined, idOf(item));
  }
  return out;
}

/**
 * Validates rows read from a store. A damaged row is quarantined and stands in as an error row at its place
 * (`replace` writes that stand-in back, so it is reported once).
 */
export async function validRows(raw: readonly unknown[], q: Quarantine, replace: (row: BulkRowRecord) => Promise<void>): Promise<BulkRowRecord[]> {
  const out: BulkRowRecord[] = [];
  for (const item of raw) {
    const read = readRowRecord(item);
    if (read.ok) {
      out.push(read.record);
      continue;
    }
    await q.add(read.quarantined);
    const r = (typeof item === 'object' && item !== null ? item : {}) as { jobId?: unknown; index?: unknown };
    if (typeof r.jobId === 'string' && typeof r.index === 'number' && Number.isInteger(r.index) && r.index >= 0) {
      const stand = damagedRow(r.jobId, r.index);
      await replace(stand);
      out.push(stand);
    }
  }
  return out;
}

function idOf(item: unknown): string | undefined {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** In memory; `seed` holds raw records as a damaged or older store would (tests). */
export function createMemoryBulkStore(seed: { jobs?: unknown[]; rows?: unknown[] } = {}): BulkStore {
  const jobs = new Map<string, unknown>();
  const rows = new Map<string, unknown[]>();
  const quarantine: QuarantinedRecord[] = [];
  const clone = <T>(v: T): T => structuredClone(v);
  const putRow = (row: unknown) => {
    const r = row as { jobId: string; index: number };
    const arr = rows.get(r.jobId) ?? [];
    arr[r.index] = clone(row);
    rows.set(r.jobId, arr);
  };
  for (const job of seed.jobs ?? []) {
    const id = idOf(job) ?? `damaged-${jobs.size}`;
    jobs.set(id, clone(job));
  }
  for (const row of seed.rows ?? []) putRow(row);
  const q: Quarantine = {
    add(record, removeJobId) {
      quarantine.push(record);
      if (removeJobId !== undefined) jobs.delete(removeJobId);
    },
  };
  /** Jobs by their store key (a damaged record may have no usable id of its own). */
  const readJobs = async (ids: string[]) => {
    const out: BulkJobRecord[] = [];
    for (const id of ids) {
      const read = readJobRecord(clone(jobs.get(id)));
      if (read.ok) out.push(read.record);
      else await q.add(read.quarantined, id);
    }
    return out;
  };
  // Picks on the raw fields first (cheap), then validates only what was picked.
  type Raw = Partial<Record<'index' | 'chunk' | 'status', unknown>>;
  const readRows = async (jobId: string, pick: (r: Raw) => boolean) => {
    const picked = (rows.get(jobId) ?? []).filter((r): r is object => typeof r === 'object' && r !== null && pick(r as Raw)).map(clone);
    return validRows(picked, q, (stand) => Promise.resolve(putRow(stand)));
  };
  return {
    putJob: (job) => Promise.resolve(void jobs.set(job.id, clone(job))),
    getJob: async (id) => (jobs.has(id) ? (await readJobs([id]))[0] : undefined),
    listJobs: async () => (await readJobs([...jobs.keys()])).sort((a, b) => b.createdAt - a.createdAt),
    deleteJob: (id) => {
      jobs.delete(id);
      rows.delete(id);
      return Promise.resolve();
    },
    putRows: (list) => Promise.resolve(list.forEach(putRow)),
    putRowsAndJob: (list, job) => {
      list.forEach(putRow);
      jobs.set(job.id, clone(job));
      return Promise.resolve();
    },
    rows: async (jobId, offset, limit) =>
      (await readRows(jobId, (r) => typeof r.index === 'number' && r.index >= offset && r.index < offset + limit)).sort((a, b) => a.index - b.index),
    rowsOfChunk: (jobId, chunk) => readRows(jobId, (r) => r.chunk === chunk),
    rowsWithStatus: (jobId, status) => readRows(jobId, (r) => r.status === status),
    quarantined: () => Promise.resolve(quarantine.map(clone)),
  };
}
