import { describe, expect, it } from 'vitest';
import { finalBulkRows, isFinished, readAllRows, rowsToShow, settledRows, UnsettledRowsError } from '@/lib/export/bulk-final';
import type { BulkJob, BulkRow } from '@/lib/model/state';

const job = (over: Partial<BulkJob> = {}): BulkJob => ({
  id: 'j1',
  createdAt: 0,
  status: 'done',
  total: 0,
  done: 0,
  enriched: 0,
  creditsCharged: 0,
  etaMs: null,
  ...over,
});
const row = (i: number, status: BulkRow['status']): BulkRow => ({ field_type: 'email', value: `p${i}@x.com`, status, contact: null, fromCache: false });

/** A store of rows read in pages, counting the reads. */
function store(rows: () => BulkRow[]) {
  const reads: Array<[number, number]> = [];
  const read = async (offset: number, limit: number) => {
    reads.push([offset, limit]);
    const all = rows();
    return { total: all.length, rows: all.slice(offset, offset + limit) };
  };
  return { read, reads };
}

describe('isFinished', () => {
  it.each([
    [job({ status: 'done' }), true],
    [job({ status: 'failed' }), true],
    [job({ status: 'cancelled' }), true],
    [job({ status: 'cancelled', inFlight: 3 }), false],
    [job({ status: 'running' }), false],
    [job({ status: 'queued' }), false],
  ])('%o → %s', (j, expected) => expect(isFinished(j)).toBe(expected));
});

describe('readAllRows', () => {
  it('pages through every row in order, to the store total', async () => {
    const all = Array.from({ length: 2500 }, (_, i) => row(i, 'enriched'));
    const s = store(() => all);
    const rows = await readAllRows(s.read, 1000);
    expect(rows.map((r) => r.value)).toEqual(all.map((r) => r.value));
    expect(s.reads).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 1000],
    ]);
  });
  it('stops on an empty job and on a short page', async () => {
    expect(await readAllRows(store(() => []).read)).toEqual([]);
    const s = store(() => [row(0, 'enriched')]);
    expect(await readAllRows(s.read, 1000)).toHaveLength(1);
    expect(s.reads).toHaveLength(1);
  });
});

describe('settledRows', () => {
  const rows = [row(0, 'pending'), row(1, 'enriched')];
  it('a stopped job’s unreached rows read cancelled', () => {
    expect(settledRows(job({ status: 'cancelled' }), rows).map((r) => r.status)).toEqual(['cancelled', 'enriched']);
    expect(settledRows(job({ status: 'failed' }), rows).map((r) => r.status)).toEqual(['cancelled', 'enriched']);
  });
  it('a running job’s rows stay as they are', () => {
    expect(settledRows(job({ status: 'running' }), rows).map((r) => r.status)).toEqual(['pending', 'enriched']);
  });
});

describe('rowsToShow: the card never shows "Pending" rows under "finished"', () => {
  const rows = [row(0, 'pending'), row(1, 'enriched')];
  it.each<[string, BulkJob['status'], boolean, BulkRow['status'][]]>([
    ['a done job read while it ran: a stale read, read again', 'done', true, ['pending', 'enriched']],
    ['a running job: its pending rows are honest', 'running', false, ['pending', 'enriched']],
    ['a cancelled job: unreached rows read cancelled, nothing stale', 'cancelled', false, ['cancelled', 'enriched']],
    ['a failed job: likewise', 'failed', false, ['cancelled', 'enriched']],
  ])('%s', (_why, status, stale, statuses) => {
    const shown = rowsToShow(job({ status }), rows);
    expect(shown.stale).toBe(stale);
    expect(shown.rows?.map((r) => r.status)).toEqual(statuses);
  });
  it('a done job whose rows are final is not stale; no rows yet is nothing to show', () => {
    expect(rowsToShow(job(), [row(0, 'enriched'), row(1, 'not_found')]).stale).toBe(false);
    expect(rowsToShow(job(), null)).toEqual({ rows: null, stale: false });
  });
});

describe('finalBulkRows', () => {
  it('the panel’s copy is pending, the job says done: the export reads the final rows, none pending', async () => {
    // 500 rows answered and charged; the panel loaded them while they were still pending.
    let stored = Array.from({ length: 500 }, (_, i) => row(i, 'pending'));
    const panelCopy = stored;
    stored = stored.map((r, i) => ({ ...r, status: i % 5 === 0 ? 'enriched' : 'not_found' }));
    const final = job({ status: 'done', total: 500, done: 500, enriched: 100, creditsCharged: 100 });
    const s = store(() => stored);
    const { rows } = await finalBulkRows(async () => final, s.read, { pageSize: 200 });
    expect(panelCopy.every((r) => r.status === 'pending')).toBe(true);
    expect(rows).toHaveLength(500);
    expect(rows.filter((r) => r.status === 'pending')).toEqual([]);
    expect(rows.filter((r) => r.status === 'enriched' && !r.fromCache)).toHaveLength(final.creditsCharged);
  });

  it('a done job read with a pending row is read again, and the file waits for the settled rows', async () => {
    let reads = 0;
    const waits: number[] = [];
    const rows = () => (reads++ < 1 ? [row(0, 'pending'), row(1, 'enriched')] : [row(0, 'enriched'), row(1, 'enriched')]);
    const result = await finalBulkRows(async () => job(), async (o, l) => ({ total: 2, rows: rows().slice(o, o + l) }), {
      wait: async (ms) => void waits.push(ms),
    });
    expect(result.rows.map((r) => r.status)).toEqual(['enriched', 'enriched']);
    expect(waits).toEqual([200]);
  });

  it('never exports a done job with a pending row: it says so instead', async () => {
    const s = store(() => [row(0, 'pending')]);
    await expect(finalBulkRows(async () => job(), s.read, { attempts: 3, wait: async () => undefined })).rejects.toBeInstanceOf(UnsettledRowsError);
  });

  it('a running job is exported as it stands; a cancelled one with its unreached rows as cancelled', async () => {
    const s = store(() => [row(0, 'pending'), row(1, 'enriched')]);
    expect((await finalBulkRows(async () => job({ status: 'running' }), s.read)).rows.map((r) => r.status)).toEqual(['pending', 'enriched']);
    expect((await finalBulkRows(async () => job({ status: 'cancelled' }), s.read)).rows.map((r) => r.status)).toEqual(['cancelled', 'enriched']);
  });
});
