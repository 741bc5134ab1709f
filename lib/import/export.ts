/**
 * The export of an imported file: the user's rows in their order with their own columns, then the enriched
 * columns (the plain CRM columns) and a status. Taken from the job's final state: a row the service answered is
 * never written as pending.
 */
import { EnrichedContactSchema } from '../api/schemas';
import { crmRow, presetColumns } from '../export/crm';
import type { BulkRow } from '../model/state';
import type { ImportRow } from './store';

const ENRICHED = presetColumns('plain');

/** The header row: the user's headers, then "Enriched · Work email", … and "Enrichment status". */
export function importExportHeader(headers: readonly string[]): string[] {
  return [...headers, ...ENRICHED.columns.filter((c) => c !== 'bought_at').map((c) => `Enriched · ${ENRICHED.labels[c] ?? c}`), 'Enrichment status'];
}

const STATUS_WORDS: Record<BulkRow['status'], string> = {
  enriched: 'enriched',
  not_found: 'not found',
  error: 'error',
  cancelled: 'cancelled',
  pending: 'not sent',
};

/** One output line. `bulk` is the job's row for this row's entry (null when the row was not sent). */
export function importExportRow(row: ImportRow, width: number, bulk: BulkRow | null): string[] {
  const own = Array.from({ length: width }, (_, i) => row.cells[i] ?? '');
  const columns = ENRICHED.columns.filter((c) => c !== 'bought_at');
  const contact = bulk?.status === 'enriched' ? EnrichedContactSchema.safeParse(bulk.contact) : null;
  // The answer's relative "3 days ago" counts from when it was bought (a row from the contact book) or answered.
  const values = contact?.success ? crmRow(contact.data, bulk?.savedAt ?? bulk?.answeredAt) : null;
  const enriched = columns.map((c) => values?.[c] ?? '');
  let status: string;
  if (!bulk) status = row.skipped ? `skipped: ${row.skipped}` : 'skipped';
  else if (bulk.status === 'error') status = `error: ${bulk.error?.message ?? 'unknown'}`;
  else status = STATUS_WORDS[bulk.status] + (bulk.savedAt !== undefined ? ' (bought before, free)' : bulk.team ? ' (bought by your team, free)' : bulk.fromCache ? ' (cached, free)' : '');
  return [...own, ...enriched, status];
}
