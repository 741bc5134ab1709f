/** Bulk jobs and rows in IndexedDB (extension origin): a 100,000-row job survives worker and browser restarts. */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { BulkJobRecord, BulkRowRecord, BulkStore } from './bulk-store';

interface BulkDb extends DBSchema {
  jobs: { key: string; value: BulkJobRecord };
  rows: {
    key: [string, number];
    value: BulkRowRecord;
    indexes: { byChunk: [string, number]; byStatus: [string, string] };
  };
}

export const BULK_DB = 'ipe-bulk';

export function createIdbBulkStore(): BulkStore {
  let db: Promise<IDBPDatabase<BulkDb>> | null = null;
  const open = () =>
    (db ??= openDB<BulkDb>(BULK_DB, 1, {
      upgrade(database) {
        database.createObjectStore('jobs', { keyPath: 'id' });
        const rows = database.createObjectStore('rows', { keyPath: ['jobId', 'index'] });
        rows.createIndex('byChunk', ['jobId', 'chunk']);
        rows.createIndex('byStatus', ['jobId', 'status']);
      },
    }));

  return {
    async putJob(job) {
      await (await open()).put('jobs', job);
    },
    async getJob(id) {
      return (await open()).get('jobs', id);
    },
    async listJobs() {
      return (await (await open()).getAll('jobs')).sort((a, b) => b.createdAt - a.createdAt);
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
      return (await open()).getAll('rows', IDBKeyRange.bound([jobId, offset], [jobId, offset + limit - 1]));
    },
    async rowsOfChunk(jobId, chunk) {
      return (await open()).getAllFromIndex('rows', 'byChunk', [jobId, chunk]);
    },
    async rowsWithStatus(jobId, status) {
      return (await open()).getAllFromIndex('rows', 'byStatus', [jobId, status]);
    },
  };
}
