/**
 * Paid answers this version could not read, in IndexedDB (`ipe-kept-answers`, extension origin, opened by the
 * background): kept by cache key until a later version reads them (./unreadable.ts). Validated on read.
 */
import type { DBSchema } from 'idb';
import { databaseOpener } from '../storage/idb';
import { KeptAnswerSchema, type KeptAnswer, type KeptAnswerStore } from './unreadable';

interface KeptDb extends DBSchema {
  answers: { key: string; value: KeptAnswer };
}

export function createIdbKeptAnswerStore(name = 'ipe-kept-answers'): KeptAnswerStore {
  const open = databaseOpener<KeptDb>({
    name,
    version: 1,
    upgrade(database) {
      database.createObjectStore('answers', { keyPath: 'key' });
    },
  });
  return {
    async put(answer) {
      await (await open()).put('answers', answer);
    },
    async list() {
      return (await (await open()).getAll('answers')).flatMap((raw: unknown) => {
        const parsed = KeptAnswerSchema.safeParse(raw);
        return parsed.success ? [parsed.data] : [];
      });
    },
    async remove(key) {
      await (await open()).delete('answers', key);
    },
  };
}
