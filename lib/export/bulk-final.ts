/**
 * The rows a bulk export is taken from (a bug this fixes: "Exporting right after 'finished' gave 500 rows marked
 * 'Pending' that the ledger had already charged"). The panel shows a copy of the rows it loaded while the job ran; the
 * job's "finished" arrives before the panel's reload of its rows does, so an export from that copy wrote rows the
 * service had already answered (and charged) as pending. An export of a finished job therefore reads the job and
 * pages through all its rows again, from the background's store, where a chunk's rows and the job's counters are
 * written in one transaction (lib/engine/bulk-job.ts): once the job reads finished, its rows are final.
 *
 * Pure: the two reads are passed in (bulk/get and bulk/rows in the panel, stubs in tests).
 */
import type { BulkJob, BulkRow } from '../model/state';

export type ReadJob = () => Promise<BulkJob>;
export type ReadRows = (offset: number, limit: number) => Promise<{ total: number; rows: BulkRow[] }>;

export const FINAL_ROWS_PAGE = 1000;

/**
 * A job is over when nothing more will change its rows. A cancelled job is not over while requests it sent
 * before the cancel are out: they may still be charged, and their results still arrive, and an export must not call
 * them cancelled.
 */
export function isFinished(job: BulkJob): boolean {
  return job.status === 'done' || job.status === 'failed' || (job.status === 'cancelled' && !job.inFlight);
}

/** Every row of a job, in order, paging `bulk/rows` until the store's total is read. */
export async function readAllRows(read: ReadRows, pageSize = FINAL_ROWS_PAGE): Promise<BulkRow[]> {
  const rows: BulkRow[] = [];
  for (;;) {
    const page = await read(rows.length, pageSize);
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.total) return rows;
  }
}

/**
 * What a row of a finished job is. Rows a cancelled or failed job never reached stay "pending" in the store; they
 * will not run any more, so they read "cancelled". A done job has no such rows.
 */
export function settledRows(job: BulkJob, rows: readonly BulkRow[]): BulkRow[] {
  const stopped = job.status === 'cancelled' || job.status === 'failed';
  return rows.map((r) => (stopped && r.status === 'pending' ? { ...r, status: 'cancelled' as const } : r));
}

/**
 * The rows a job's card shows, and whether they are a stale read: a done job whose rows still include a pending one
 * was read before it finished. Shown, that read puts "Pending" rows under "finished" (the charge already booked);
 * the card reads the rows again instead.
 */
export function rowsToShow(job: BulkJob, rows: readonly BulkRow[] | null): { rows: BulkRow[] | null; stale: boolean } {
  if (rows === null) return { rows: null, stale: false };
  const settled = settledRows(job, rows);
  return { rows: settled, stale: job.status === 'done' && settled.some((r) => r.status === 'pending') };
}

export class UnsettledRowsError extends Error {
  constructor(readonly pending: number) {
    super(`${pending} ${pending === 1 ? 'row is' : 'rows are'} still pending in a finished bulk job; try the export again in a moment.`);
    this.name = 'UnsettledRowsError';
  }
}

export interface FinalRowsOptions {
  pageSize?: number;
  /** Reads of a done job that still shows a pending row before giving up (a stale read never becomes the file). */
  attempts?: number;
  wait?: (ms: number) => Promise<void>;
}

/**
 * The rows to export: the job's state now and, when it is finished, all its rows read after that. A running job is
 * exported as it stands (its pending rows are honest). A done job whose rows still include a pending one is read
 * again, and never exported with it: the error says so instead.
 */
export async function finalBulkRows(readJob: ReadJob, readRows: ReadRows, options: FinalRowsOptions = {}): Promise<{ job: BulkJob; rows: BulkRow[] }> {
  const attempts = Math.max(1, options.attempts ?? 5);
  const wait = options.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let pending = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await wait(200 * attempt);
    const job = await readJob();
    const rows = settledRows(job, await readAllRows(readRows, options.pageSize));
    if (!isFinished(job)) return { job, rows };
    pending = rows.filter((r) => r.status === 'pending').length;
    if (pending === 0) return { job, rows };
  }
  throw new UnsettledRowsError(pending);
}
