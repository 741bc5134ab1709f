/**
 * Stored bulk jobs and rows are validated on every read: one malformed record — from an older
 * version, a bug, or a hand-edited profile — must never brick the background. A record that fails is
 * quarantined: taken out of the live store, kept whole (as JSON) so it can be exported, and reported once.
 *
 * Older records are upgraded where the meaning is certain: a job without `sentChunks` (before chunks were written
 * before sending) counts every chunk it created as possibly sent, so nothing it held is sent again on its own.
 */
import { BULK_REQUIRED_FIELD_TYPES } from '../api/limits';
import { z } from 'zod';
import { BulkJobSchema, BulkRowSchema } from '../model/state';
import type { BulkJobRecord, BulkRowRecord } from './bulk-store';
import { t } from '../i18n/t';

const chunkNo = z.number().int().nonnegative();

const BulkJobRecordSchema = z
  .object({
    ...BulkJobSchema.shape,
    requiredFields: z.array(z.enum(BULK_REQUIRED_FIELD_TYPES)).max(5),
    chunkCount: chunkNo.max(1_000_000),
    sentChunks: z.array(chunkNo).max(100_000).optional(),
  })
  .transform((job) => ({
    ...job,
    sentChunks: job.sentChunks ?? (job.status === 'queued' || job.status === 'running' ? Array.from({ length: job.chunkCount }, (_, i) => i) : []),
  }));

const BulkRowRecordSchema = z.object({
  ...BulkRowSchema.shape,
  jobId: z.string().max(100),
  index: z.number().int().nonnegative(),
  key: z.string().max(8192),
  chunk: chunkNo.nullable(),
  aliases: z.array(z.string().max(8192)).max(40).optional(),
  interrupted: z.boolean().optional(),
});

/** A record that failed validation, kept for export. */
export interface QuarantinedRecord {
  store: 'jobs' | 'rows';
  /** The record as it was stored, JSON (bounded: a huge junk record is cut, never kept whole in memory twice). */
  json: string;
  /** Why it failed, in words. */
  reason: string;
  at: number;
}

const MAX_QUARANTINED_JSON = 200_000;

export type ReadResult<T> = { ok: true; record: T } | { ok: false; quarantined: QuarantinedRecord };

function quarantine(store: QuarantinedRecord['store'], raw: unknown, error: z.ZodError): QuarantinedRecord {
  let json: string;
  try {
    json = JSON.stringify(raw) ?? 'undefined';
  } catch {
    json = String(raw);
  }
  const reason = error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`)
    .join('; ');
  return { store, json: json.slice(0, MAX_QUARANTINED_JSON), reason, at: Date.now() };
}

export function readJobRecord(raw: unknown): ReadResult<BulkJobRecord> {
  const parsed = BulkJobRecordSchema.safeParse(raw);
  return parsed.success ? { ok: true, record: parsed.data as BulkJobRecord } : { ok: false, quarantined: quarantine('jobs', raw, parsed.error) };
}

export function readRowRecord(raw: unknown): ReadResult<BulkRowRecord> {
  const parsed = BulkRowRecordSchema.safeParse(raw);
  return parsed.success ? { ok: true, record: parsed.data as BulkRowRecord } : { ok: false, quarantined: quarantine('rows', raw, parsed.error) };
}

/** The stand-in for a row whose record failed: an error row at its place, so counts and paging stay right. */
export function damagedRow(jobId: string, index: number): BulkRowRecord {
  return {
    jobId,
    index,
    key: '',
    chunk: null,
    field_type: 'email',
    value: '',
    status: 'error',
    contact: null,
    fromCache: false,
    error: {
      kind: 'internal',
      message: t('errors_bulk_row_damaged'),
    },
  };
}
