/**
 * The panel's side of a staged upload: entries leave in messages bounded by count and size, and the
 * planner forgets entries once handed on while the rows keep pointing at the right job index.
 */
import { describe, expect, it } from 'vitest';
import { appendBatches, APPEND_BYTE_BUDGET, APPEND_MAX_ENTRIES, createRowPlanner, type ColumnKind } from '@/lib/import';
import type { BulkEntry } from '@/lib/messaging/protocol';
import { MAX_MESSAGE_BYTES } from '@/lib/messaging/size';

describe('appendBatches', () => {
  it('keeps order and cuts by count', () => {
    const entries = Array.from({ length: 4_500 }, (_, i): BulkEntry => ({ field_type: 'email', value: `a${i}@b.example` }));
    const batches = appendBatches(entries);
    expect(batches.map((b) => b.length)).toEqual([APPEND_MAX_ENTRIES, APPEND_MAX_ENTRIES, 500]);
    expect(batches.flat()).toEqual(entries);
  });

  it('cuts by size, so 2,000 long profile URLs never make a message near the 2 MB limit', () => {
    const entries = Array.from({ length: 2_000 }, (_, i): BulkEntry => ({ field_type: 'social_profile', value: `https://www.linkedin.com/in/${String(i).padStart(2_000, 'x')}` }));
    const batches = appendBatches(entries);
    expect(batches.length).toBeGreaterThan(4);
    for (const batch of batches) {
      const message = JSON.stringify({ type: 'bulk/stage-append', input: { stagedId: 'x'.repeat(36), entries: batch } });
      expect(message.length).toBeLessThanOrEqual(APPEND_BYTE_BUDGET + 200);
      expect(message.length).toBeLessThan(MAX_MESSAGE_BYTES / 3);
    }
    expect(batches.flat()).toEqual(entries);
  });
});

describe('the row planner hands entries on', () => {
  it('take() empties what it hands over; later rows and duplicates still get the job index of their entry', () => {
    const mapping: ColumnKind[] = ['email'];
    const planner = createRowPlanner();
    expect([planner.add(['a@acme.com'], mapping), planner.add(['b@acme.com'], mapping)]).toEqual([{ bulkIndex: 0 }, { bulkIndex: 1 }]);
    expect(planner.take().map((e) => e.value)).toEqual(['a@acme.com', 'b@acme.com']);
    expect(planner.entries).toEqual([]);
    expect([planner.add(['c@acme.com'], mapping), planner.add(['A@acme.com'], mapping)]).toEqual([{ bulkIndex: 2 }, { bulkIndex: 0 }]);
    expect(planner.take().map((e) => e.value)).toEqual(['c@acme.com']);
    expect(planner.summary).toEqual({ rows: 4, unique: 3, duplicates: 1, skipped: 0 });
  });
});
