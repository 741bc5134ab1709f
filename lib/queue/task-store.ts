/**
 * Where queued tasks are kept: `storage.session`, one key per task (`queue.task.<id>`), so a state change writes
 * one small record instead of the whole queue. Session storage survives a service-worker restart, which is the
 * failure the queue must ride out; it is cleared when the browser closes, when nothing is in flight anyway
 * (bulk jobs themselves live in IndexedDB and re-enqueue their remaining chunks, see lib/engine/bulk-job.ts).
 * Content scripts cannot read storage.session (the background keeps its default TRUSTED_CONTEXTS access level).
 */
import { storage } from 'wxt/utils/storage';
import type { TaskRecord, TaskStore } from './queue';

const PREFIX = 'queue.task.';

/** `prefix`: demo mode queues under its own (entrypoints/background/demo.ts), never among a real key's tasks. */
export function createSessionTaskStore(prefix = PREFIX): TaskStore {
  return {
    async load() {
      const all = await storage.snapshot('session');
      return Object.entries(all)
        .filter(([key]) => key.startsWith(prefix))
        .map(([, value]) => value)
        .filter(isTaskRecord);
    },
    put: (record) => storage.setItem(`session:${prefix}${record.id}`, record),
    remove: (id) => storage.removeItem(`session:${prefix}${id}`),
  };
}

/** For Node (bench) and tests that need no persistence. `records` is exposed so tests can inspect or seed it. */
export function createMemoryTaskStore(records = new Map<string, TaskRecord>()): TaskStore & { records: Map<string, TaskRecord> } {
  return {
    records,
    load: () => Promise.resolve([...records.values()].map((r) => structuredClone(r))),
    put: (record) => {
      records.set(record.id, structuredClone(record));
      return Promise.resolve();
    },
    remove: (id) => {
      records.delete(id);
      return Promise.resolve();
    },
  };
}

function isTaskRecord(value: unknown): value is TaskRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.id === 'string' &&
    typeof r.kind === 'string' &&
    (r.priority === 'interactive' || r.priority === 'bulk' || r.priority === 'prefetch') &&
    typeof r.seq === 'number' &&
    (r.state === 'pending' || r.state === 'in-flight') &&
    typeof r.rateLimited === 'number'
  );
}
