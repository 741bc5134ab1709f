/**
 * Time left, from the queue's real state (not a guess from chunk counts): what blocks the next send (a 429 pause, the
 * rate-limit window, requests in flight), when the last pending task may leave at the allowed rate, how many rounds its
 * lane's concurrency needs, and the measured latency of each kind of request. Pure: the background computes it when the
 * state changes, and the panel computes it again every second from the same state with its own clock, so a countdown
 * moves between events without asking the background.
 *
 * Honest over precise: a kind whose latency was never measured has no estimate (null), never a default that would
 * promise "about 1 s left" during a 20 s bulk chunk.
 */
import type { QueueState } from '../model/state';

/** What the queue is waiting for right now, in the order it matters to the user. */
export type QueueWait =
  | 'idle'
  /** A 429 paused every request until `pausedUntil`. */
  | 'paused'
  /** The rate-limit window is used up; the next slot frees at `nextSlotAt`. */
  | 'window'
  /** Requests are being sent or answered. */
  | 'working';

export interface QueueEta {
  wait: QueueWait;
  /** Ms until the blocking pause or window ends (0 when nothing blocks). */
  waitMs: number;
  /** Ms until everything queued now has been answered; null when a kind's latency is still unknown. */
  totalMs: number | null;
  /** The oldest in-flight request has taken longer than its kind usually does. */
  overdue: boolean;
}

type EtaInput = Pick<
  QueueState,
  'pending' | 'pausedUntil' | 'nextSlotAt' | 'sendAllBy' | 'inFlight' | 'lanes' | 'latencyMs'
>;

/** Time left for one in-flight request: its kind's typical latency minus what it has already taken. */
function inFlightLeftMs(since: number, latencyMs: number | undefined, now: number): number | null {
  if (latencyMs === undefined) return null;
  return Math.max(0, since + latencyMs - now);
}

export function queueEta(state: EtaInput, now: number): QueueEta {
  const pausedMs = state.pausedUntil !== null ? Math.max(0, state.pausedUntil - now) : 0;
  const windowWaitMs = state.pending > 0 && state.nextSlotAt !== null ? Math.max(0, state.nextSlotAt - now) : 0;

  let unknown = false;
  let overdue = false;
  let inFlightMs = 0;
  for (const request of state.inFlight) {
    const latency = state.latencyMs[request.kind];
    const left = inFlightLeftMs(request.since, latency, now);
    if (left === null) unknown = true;
    else {
      inFlightMs = Math.max(inFlightMs, left);
      if (left === 0) overdue = true;
    }
  }

  // Pending work: the last task may leave at `sendAllBy` (the window's own log and the pause decide, at the
  // allowed rate), and each lane (priority) runs at most `concurrency` at a time, one latency a round, starting
  // once the pause and the window allow. The last one is answered one latency after it left.
  const startMs = Math.max(pausedMs, windowWaitMs);
  let pendingMs = 0;
  if (state.pending > 0) {
    const rateMs = Math.max(startMs, state.sendAllBy !== null ? state.sendAllBy - now : 0);
    let lanesMs = 0;
    let lastLatency = 0;
    for (const lane of state.lanes) {
      if (lane.pending === 0) continue;
      const latency = state.latencyMs[lane.kind];
      if (latency === undefined) {
        unknown = true;
        continue;
      }
      lastLatency = Math.max(lastLatency, latency);
      // A full lane's first round waits for its requests in flight to be answered.
      const busyMs = lane.running >= lane.concurrency ? inFlightMs : 0;
      lanesMs = Math.max(lanesMs, busyMs + Math.ceil(lane.pending / lane.concurrency) * latency);
    }
    pendingMs = Math.max(rateMs + lastLatency, startMs + lanesMs);
  }

  const wait: QueueWait =
    pausedMs > 0 ? 'paused' : windowWaitMs > 0 ? 'window' : state.pending + state.inFlight.length > 0 ? 'working' : 'idle';
  const waitMs = wait === 'paused' ? pausedMs : wait === 'window' ? windowWaitMs : 0;
  return { wait, waitMs, totalMs: unknown ? null : Math.round(Math.max(inFlightMs, pendingMs)), overdue };
}
