/**
 * Answers of paid requests, stored in IndexedDB (extension origin) the moment they arrive and before anything
 * reads them (docs/reliability.md, "Bulk jobs in detail"). Chrome's offscreen document writes them (entrypoints/offscreen); the worker,
 * or its successor after a stop, reads them and deletes each once the rows it answers are stored. Also the messages
 * between worker and offscreen document, validated on both sides.
 */
import type { DBSchema } from 'idb';
import { databaseOpener } from '../storage/idb';
import { z } from 'zod';
import { HttpAnswerSchema, HttpRequestSchema, type HttpAnswer } from './http';

export const PAID_ANSWERS_DB = 'ipe-paid-answers';
/** An answer nobody read within a day belongs to a job that is gone; purged on start. */
export const PAID_ANSWER_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const StoredSchema = z.object({ id: z.string(), storedAt: z.number(), answer: HttpAnswerSchema });
type Stored = z.infer<typeof StoredSchema>;

interface PaidDb extends DBSchema {
  answers: { key: string; value: Stored };
}

export interface PaidAnswerStore {
  put(id: string, answer: HttpAnswer): Promise<void>;
  /** The stored answer, or null (none, or a damaged record). */
  get(id: string): Promise<HttpAnswer | null>;
  delete(id: string): Promise<void>;
  purge(now?: number): Promise<void>;
}

export function createPaidAnswerStore(): PaidAnswerStore {
  const open = databaseOpener<PaidDb>({
    name: PAID_ANSWERS_DB,
    version: 1,
    upgrade(database) {
      database.createObjectStore('answers', { keyPath: 'id' });
    },
  });
  return {
    async put(id, answer) {
      await (await open()).put('answers', { id, storedAt: Date.now(), answer });
    },
    async get(id) {
      const parsed = StoredSchema.safeParse(await (await open()).get('answers', id));
      return parsed.success ? parsed.data.answer : null;
    },
    async delete(id) {
      await (await open()).delete('answers', id);
    },
    async purge(now = Date.now()) {
      const database = await open();
      for (const raw of await database.getAll('answers')) {
        const parsed = StoredSchema.safeParse(raw);
        if (!parsed.success || now - parsed.data.storedAt > PAID_ANSWER_MAX_AGE_MS) await database.delete('answers', (raw as { id: string }).id);
      }
    },
  };
}

// ---------------------------------------------------------------- worker ↔ offscreen document

const Id = z.string().min(1).max(200);

/** What the worker asks the offscreen document (names carry the target: `offscreen/*`). */
export const OffscreenRequestSchema = z.discriminatedUnion('type', [
  /** Send one paid request; the answer is stored under `id` before the reply. */
  z.strictObject({ type: z.literal('offscreen/send'), id: Id, request: HttpRequestSchema }),
  /** The answer of `id`: waits while its request runs; null when the document knows of none. */
  z.strictObject({ type: z.literal('offscreen/await'), id: Id }),
  z.strictObject({ type: z.literal('offscreen/abort'), id: Id }),
]);
export type OffscreenRequest = z.infer<typeof OffscreenRequestSchema>;

export const OffscreenReplySchema = z.union([
  z.strictObject({ ok: z.literal(true), answer: HttpAnswerSchema.nullable() }),
  z.strictObject({ ok: z.literal(false), message: z.string() }),
]);
export type OffscreenReply = z.infer<typeof OffscreenReplySchema>;
