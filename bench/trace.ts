/**
 * Long tasks from a Chromium trace: a wall-clock probe in the page mixes the scanner's tasks with the
 * page's own paint and layout and with the machine preempting the renderer. The trace gives each main-thread task
 * its thread CPU time (`tdur`); the scanner marks each of its tasks (`performance.mark('ipe-slice')`, see
 * bench/in-page.ts), so a task holding a mark is ours and every other task in the same span is the page's.
 */
import type { Browser, Page } from '@playwright/test';

export const TRACE_CATEGORIES = ['toplevel', 'blink.user_timing', 'disabled-by-default-devtools.timeline', 'devtools.timeline'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

export interface TaskSummary {
  /** The scanner's own tasks: how many, the longest in thread CPU time and in wall time (ms). */
  ourTasks: number;
  ourLongestCpuMs: number;
  ourLongestWallMs: number;
  /** The scanner's tasks' thread CPU time summed (ms): what a busy machine's waiting for a core does not inflate. */
  ourCpuMs: number;
  /** Every other main-thread task over the scan's span (parsing, style, layout, paint, GC…). */
  pageTasks: number;
  pageLongestCpuMs: number;
  pageLongestWallMs: number;
  /** False when the trace had no thread times (then the CPU figures are wall figures). */
  threadTimes: boolean;
  /** What the scanner's longest task spent its time in: the longest events nested in it (name and ms), for diagnosis. */
  ourLongestInside: string;
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The longest complete events nested in `task` on its thread, named with their wall ms ("MajorGC 180.2, …"). */
function insideOf(events: readonly TraceEvent[], task: TraceEvent, main: string): string {
  const end = task.ts + (task.dur ?? 0);
  return events
    .filter((e) => e !== task && e.ph === 'X' && `${e.pid}:${e.tid}` === main && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && !TASK_NAMES.has(e.name))
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 6)
    .map((e) => `${e.name} ${Math.round((e.dur ?? 0) / 100) / 10}`)
    .join(', ');
}

export function summariseTrace(buffer: Buffer, mark = 'ipe-slice'): TaskSummary {
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const marks = events.filter((e) => e.name === mark);
  const summary: TaskSummary = {
    ourTasks: 0,
    ourLongestCpuMs: 0,
    ourLongestWallMs: 0,
    ourCpuMs: 0,
    pageTasks: 0,
    pageLongestCpuMs: 0,
    pageLongestWallMs: 0,
    threadTimes: false,
    ourLongestInside: '',
  };
  if (marks.length === 0) return summary;
  const thread = (e: TraceEvent): string => `${e.pid}:${e.tid}`;
  const main = thread(marks[0] as TraceEvent);
  const markTimes = marks.filter((e) => thread(e) === main).map((e) => e.ts).sort((a, b) => a - b);
  const first = markTimes[0] ?? 0;
  const last = markTimes[markTimes.length - 1] ?? 0;
  const holdsMark = (from: number, to: number): boolean => {
    let lo = 0;
    let hi = markTimes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((markTimes[mid] as number) < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < markTimes.length && (markTimes[lo] as number) <= to;
  };
  // Top-level tasks only: a task nested in another (a microtask checkpoint's RunTask) is part of its parent.
  const tasks = events
    .filter((e) => e.ph === 'X' && TASK_NAMES.has(e.name) && thread(e) === main && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  let openEnd = -1;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    if (task.ts < openEnd) continue;
    openEnd = end;
    if (end < first || task.ts > last + 1_000_000) continue;
    if (task.tdur !== undefined) summary.threadTimes = true;
    const cpu = (task.tdur ?? task.dur ?? 0) / 1000;
    const wall = (task.dur ?? 0) / 1000;
    if (holdsMark(task.ts, end)) {
      summary.ourTasks++;
      summary.ourCpuMs += cpu;
      if (cpu > summary.ourLongestCpuMs) summary.ourLongestInside = insideOf(events, task, main);
      summary.ourLongestCpuMs = Math.max(summary.ourLongestCpuMs, cpu);
      summary.ourLongestWallMs = Math.max(summary.ourLongestWallMs, wall);
    } else if (task.ts <= last) {
      summary.pageTasks++;
      summary.pageLongestCpuMs = Math.max(summary.pageLongestCpuMs, cpu);
      summary.pageLongestWallMs = Math.max(summary.pageLongestWallMs, wall);
    }
  }
  return summary;
}

/** Runs `work` in `page` under a Chromium trace and summarises the tasks. */
export async function traced<T>(browser: Browser, page: Page, work: () => Promise<T>): Promise<{ result: T; tasks: TaskSummary }> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const result = await work();
  const buffer = await browser.stopTracing();
  return { result, tasks: summariseTrace(buffer) };
}
