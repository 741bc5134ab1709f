import { describe, expect, it } from 'vitest';
import { createThroughput } from '@/lib/import';

describe('time left from the rows seen done', () => {
  it('says nothing until rows were done over at least a second, then rows per second and the time left at that rate', () => {
    const t = createThroughput();
    t.observe(2_000, 0);
    expect(t.estimate(20_000)).toBeNull();
    t.observe(2_000, 5_000);
    expect(t.estimate(20_000)).toBeNull();
    t.observe(4_000, 10_000);
    // 2,000 rows in 10 s: 200 rows/s, 16,000 rows left: 80 s.
    expect(t.estimate(20_000)).toEqual({ rowsPerSecond: 200, msLeft: 80_000 });
  });

  it('a job resumed after a restart is measured from its first reading in this panel, not from before the stop', () => {
    const t = createThroughput();
    // Read first an hour after the job was created (the browser was closed meanwhile): the hour is not in the rate.
    t.observe(8_000, 3_600_000);
    t.observe(10_000, 3_604_000);
    expect(t.estimate(20_000)).toEqual({ rowsPerSecond: 500, msLeft: 20_000 });
  });

  it('a count that went back (failed rows retried) starts the measure again', () => {
    const t = createThroughput();
    t.observe(5_000, 0);
    t.observe(10_000, 10_000);
    t.observe(9_000, 11_000);
    expect(t.estimate(10_000)).toBeNull();
    t.observe(9_500, 13_000);
    expect(t.estimate(10_000)).toEqual({ rowsPerSecond: 250, msLeft: 2_000 });
  });
});
