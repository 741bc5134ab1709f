/**
 * Bulk jobs and rows in IndexedDB (extension origin): a 100,000-row job survives worker and browser restarts.
 * Records are validated on read (./bulk-records.ts); damaged ones move to the `quarantine` store.
 */
import type { DBSchema } from 'idb';
import { databaseOpener } from '../storage/idb';
import type { QuarantinedRecord } from './bulk-records';
import { validJobs, validRows, type BulkJobRecord, type BulkRowRecord, type BulkStore, type Quarantine } from './bulk-store';

interface BulkDb extends DBSchema {
  jobs: { key: string; value: BulkJobRecord };
  rows: {
    key: [string, number];
    value: BulkRowRecord;
    indexes: { byChunk: [string, number]; byStatus: [string, string] };
  };
  quarantine: { key: number; value: QuarantinedRecord };
}

export const BULK_DB = 'ipe-bulk';

export function createIdbBulkStore(name = BULK_DB): BulkStore {
  const open = databaseOpener<BulkDb>({
    name,
    version: 2,
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        database.createObjectStore('jobs', { keyPath: 'id' });
        const rows = database.createObjectStore('rows', { keyPath: ['jobId', 'index'] });
        rows.createIndex('byChunk', ['jobId', 'chunk']);
        rows.createIndex('byStatus', ['jobId', 'status']);
      }
      if (oldVersion < 2) database.createObjectStore('quarantine', { autoIncrement: true });
    },
  });

  const q: Quarantine = {
    async add(record, removeJobId) {
      const tx = (await open()).transaction(['quarantine', 'jobs'], 'readwrite');
      await Promise.all([
        tx.objectStore('quarantine').add(record),
        ...(removeJobId !== undefined ? [tx.objectStore('jobs').delete(removeJobId)] : []),
        tx.done,
      ]);
    },
  };
  const replace = async (row: BulkRowRecord) => {
    await (await open()).put('rows', row);
  };
  // What IndexedDB hands back is whatever was stored, by any version: unknown until validated.
  const checkRows = (raw: unknown[]) => validRows(raw, q, replace);

  return {
    async putJob(job) {
      await (await open()).put('jobs', job);
    },
    async getJob(id) {
      const raw: unknown = await (await open()).get('jobs', id);
      return raw === undefined ? undefined : (await validJobs([raw], q))[0];
    },
    async listJobs() {
      const raw: unknown[] = await (await open()).getAll('jobs');
      return (await validJobs(raw, q)).sort((a, b) => b.createdAt - a.createdAt);
    },
    async deleteJob(id) {
      const tx = (await open()).transaction(['jobs', 'rows'], 'readwrite');
      await Promise.all([
        tx.objectStore('jobs').delete(id),
        tx.objectStore('rows').delete(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER])),
        tx.done,
      ]);
    },
    async putRows(list) {
      const tx = (await open()).transaction('rows', 'readwrite');
      await Promise.all([...list.map((row) => tx.store.put(row)), tx.done]);
    },
    async putRowsAndJob(list, job) {
      const tx = (await open()).transaction(['jobs', 'rows'], 'readwrite');
      const rows = tx.objectStore('rows');
      await Promise.all([...list.map((row) => rows.put(row)), tx.objectStore('jobs').put(job), tx.done]);
    },
    async rows(jobId, offset, limit) {
      return checkRows(await (await open()).getAll('rows', IDBKeyRange.bound([jobId, offset], [jobId, offset + limit - 1])));
    },
    async rowsOfChunk(jobId, chunk) {
      return checkRows(await (await open()).getAllFromIndex('rows', 'byChunk', [jobId, chunk]));
    },
    async rowsWithStatus(jobId, status) {
      return checkRows(await (await open()).getAllFromIndex('rows', 'byStatus', [jobId, status]));
    },
    async quarantined() {
      return (await open()).getAll('quarantine');
    },
  };
}
