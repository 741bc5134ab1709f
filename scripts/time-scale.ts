/**
 * One slowness factor for every wait written for the reference machine (two cores, nothing else running): the tests'
 * budgets (`TEST_TIME_SCALE`, tests/time-budget.ts) and the demo tour's waits (`npm start -- --patience=N`,
 * scripts/demo/patience.ts). A wait only ends something stuck; nothing passes or fails on speed, so a slower machine
 * gets the same waits × the factor. From 1 (as written) to 20: past that a run is broken, not slow.
 */
export const MIN_TIME_SCALE = 1;
export const MAX_TIME_SCALE = 20;

/**
 * Reads a factor as given by a person (an environment variable, a flag). Absent or blank is `fallback`; anything
 * else that is not a number from 1 to 20 is refused with `refusal`, which names the setting and says what it means.
 */
export function parseTimeScale(raw: string | undefined, fallback: number, refusal: (raw: string) => string): number {
  if (raw === undefined) return fallback;
  const scale = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(scale) || scale < MIN_TIME_SCALE || scale > MAX_TIME_SCALE) throw new Error(refusal(raw));
  return scale;
}

/** A wait written for the reference machine, in milliseconds, × the factor. */
export function scaleWait(ms: number, scale: number): number {
  return Math.round(ms * scale);
}
