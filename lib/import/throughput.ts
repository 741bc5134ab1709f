/**
 * A running job's time left from the rows it was seen to finish (rows per second observed), not from the queue's
 * rate limit: the limit said "~6 s" for a job the extension took minutes over. Observed from this panel's first
 * sight of the job, so a job resumed after a browser restart is measured afresh, never with the stopped hours in it.
 */
export interface ThroughputEstimate {
  rowsPerSecond: number;
  msLeft: number;
}

/** Rows that must have been seen done, and the time that must have passed, before an estimate is said. */
const MIN_ROWS = 1;
const MIN_MS = 1_000;

export function createThroughput() {
  let first: { done: number; at: number } | null = null;
  let last: { done: number; at: number } | null = null;
  return {
    /** A reading of the job: rows done at a time (ms). A count that went back (a retry) starts the measure again. */
    observe(done: number, at: number): void {
      if (!first || !last || done < last.done) first = { done, at };
      last = { done, at };
    },
    /** Rows per second since the first reading, and the time left for `total` at that rate; null before it is known. */
    estimate(total: number): ThroughputEstimate | null {
      if (!first || !last) return null;
      const rows = last.done - first.done;
      const ms = last.at - first.at;
      if (rows < MIN_ROWS || ms < MIN_MS) return null;
      const rowsPerSecond = (rows * 1000) / ms;
      return { rowsPerSecond, msLeft: (Math.max(0, total - last.done) / rowsPerSecond) * 1000 };
    },
  };
}
