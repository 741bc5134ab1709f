/**
 * How long the tour waits for anything, on the machine it runs on.
 *
 * Each wait in scripts/demo is written for a two-core machine with nothing else to do: past it, something is stuck
 * and the step fails with a sentence. On a slower or busier machine (the e2e suite runs the tour beside its other
 * workers, on a machine where each first touch of a memory page can cost ~13 µs: docs/testing.md) the same steps take
 * two or three times as long without anything being wrong. `npm start -- --patience=N` multiplies every wait by N.
 * A wait only ends a stuck step; no step passes or fails on speed.
 */
import { parseTimeScale, scaleWait } from '../time-scale';

let factor = 1;

/** Reads `--patience=N` (a number from 1 to 20, scripts/time-scale.ts); a bad value is refused with the reason. */
export function parsePatience(raw: string | undefined): number {
  return parseTimeScale(raw, 1, (given) => `--patience takes a number from 1 to 20 (how many times longer the tour may wait for each step); got "${given}"`);
}

export function setPatience(n: number): void {
  factor = n;
}

/** A wait written for the reference machine, in milliseconds, as this run allows it. */
export function patient(ms: number): number {
  return scaleWait(ms, factor);
}
