/**
 * The measurement behind bench/people-grouping.ts, free of Node and browser APIs so the same code runs
 * on a linkedom document and, bundled by esbuild, inside a real Chromium page.
 *
 * The grouping pass runs inside the scan engine (its units come after the DOM walk's), so it is timed
 * two ways. What it adds: the same pass with and without the grouper fed (`measureOnce(…, false)`), which counts
 * everything grouping costs the pass (the identifiers handed to it during the walk with their elements). Where it goes, from the inside: `PeopleGrouper.prototype.work` and `.result` are wrapped for one full pass and every
 * call is timed. The scan is the rest of the pass. Each `work()` call is one unit the scheduler may run
 * in a slice, and `result()` runs whole whenever the scanner reports, so the longest of either is the
 * longest piece of grouping a slice can be handed.
 */
import { PeopleGrouper } from '../lib/detect/people/group';
import { ScanEngine } from '../lib/detect/walk';
import { createPageScanner } from '../lib/detect/dom-scan';

export interface GroupingSample {
  /** The whole full pass, grouping included (ms). */
  total_ms: number;
  /** The grouping units and result reads within it (ms). */
  grouping_ms: number;
  /** `total_ms − grouping_ms`: the scan itself. */
  scan_ms: number;
  units: number;
  longest_unit_ms: number;
  /** How long the final `result()` took (people and companies put in page order). */
  result_ms: number;
  people: number;
  companies: number;
}

/**
 * One full pass over `doc`, grouping timed from the inside. `withGrouping: false` runs the same pass with the grouper fed
 * nothing (its `add` drops every identifier), so the scan does all its other work and the grouper none: the pass the
 * product would run without people, to which `added` (the goal: "grouping adds at most 25 % to the scan") compares.
 */
export function measureOnce(doc: Document, pageUrl: string, now: () => number, withGrouping = true): GroupingSample {
  const proto = PeopleGrouper.prototype;
  const work = proto.work;
  const result = proto.result;
  const add = proto.add;
  if (!withGrouping) proto.add = () => true;
  let grouping = 0;
  let units = 0;
  let longest = 0;
  let lastResult = 0;
  const timed = <T>(run: () => T, isResult: boolean): T => {
    const t = now();
    const out = run();
    const d = now() - t;
    grouping += d;
    units++;
    if (d > longest) longest = d;
    if (isResult) lastResult = d;
    return out;
  };
  proto.work = function (this: PeopleGrouper): void {
    timed(() => work.call(this), false);
  };
  proto.result = function (this: PeopleGrouper) {
    return timed(() => result.call(this), true);
  };
  try {
    const t0 = now();
    const engine = new ScanEngine(doc, pageUrl);
    engine.beginFullPass();
    engine.run(() => 0, Number.POSITIVE_INFINITY);
    const raw = engine.toRaw(pageUrl, '', '');
    const total = now() - t0;
    return {
      total_ms: total,
      grouping_ms: grouping,
      scan_ms: total - grouping,
      units,
      longest_unit_ms: longest,
      result_ms: lastResult,
      people: raw.people.length,
      companies: raw.companies.length,
    };
  } finally {
    proto.work = work;
    proto.result = result;
    proto.add = add;
  }
}

/**
 * The content-script mode (sliced, 4 ms slices): the longest task the scanner ran, grouping included.
 * `schedule` runs a task later (a MessageChannel in the browser, setImmediate in Node).
 */
export async function longestSliceMs(doc: Document, pageUrl: string, now: () => number, later: (task: () => void) => void): Promise<number> {
  let longest = 0;
  const scanner = createPageScanner({
    root: doc,
    pageUrl,
    now,
    MutationObserver: null,
    schedule: (task) =>
      later(() => {
        const t0 = now();
        task();
        longest = Math.max(longest, now() - t0);
      }),
    onUpdate: () => undefined,
  });
  scanner.start();
  await scanner.settled();
  scanner.stop();
  return longest;
}
