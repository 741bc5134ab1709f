/**
 * How long a test may take before it counts as hung, for every suite (unit, e2e in Chromium, Firefox).
 *
 * Each budget in the tests is written for the reference machine (two cores, where the suites were timed). A timeout
 * only exists to end a test that hangs; it is not a speed goal (speed lives in `npm run bench`). So every budget is
 * multiplied by one factor, `TEST_TIME_SCALE`: by default 3, because the same two-core machine kind has been seen
 * three to four times slower (each first touch of a memory page cost ~13 µs instead of well under one, docs/testing.md,
 * "A slower machine of the same kind"), and a test that passes there in 63 s must not fail at 60. A green run costs
 * nothing for it; a hung test reports three times later. `TEST_TIME_SCALE=1` gives the tighter budgets back, for a
 * contributor who wants a hang reported sooner on a fast machine.
 */
import { parseTimeScale, scaleWait } from '../scripts/time-scale';

const DEFAULT_SCALE = 3;

// Blank counts as not set here: `TEST_TIME_SCALE= npm test` is how a shell clears it.
const raw = process.env.TEST_TIME_SCALE;
const TIME_SCALE = parseTimeScale(
  raw?.trim() === '' ? undefined : raw,
  DEFAULT_SCALE,
  (given) => `TEST_TIME_SCALE must be a number from 1 to 20 (how many times the written budgets a test may take); got "${given}"`,
);

/** A budget written for the reference machine, in milliseconds, as this run allows it. */
export function budget(ms: number): number {
  return scaleWait(ms, TIME_SCALE);
}

/**
 * The factor itself, for a child process that scales its own waits: `npm start -- --patience=N`, run by the demo
 * tour's test, waits as long as the test around it allows.
 */
export function timeScale(): number {
  return TIME_SCALE;
}
