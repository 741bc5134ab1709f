/**
 * Background → extension pages. Events are validated against the protocol before they leave (a typo here would
 * otherwise be dropped silently by every page) and "nobody is listening" is not an error.
 */
import { browser } from 'wxt/browser';
import { type Event, EventSchema } from '@/lib/messaging/protocol';
import type { QueueState } from '@/lib/model/state';

export function broadcast(event: Event): void {
  const parsed = EventSchema.safeParse(event);
  if (!parsed.success) {
    console.error('In-Page Enrich: refusing to broadcast an invalid event', event.type, parsed.error.message);
    return;
  }
  browser.runtime.sendMessage(parsed.data).catch(() => undefined);
}

/**
 * Queue changes arrive in bursts (a bulk job moves many tasks): at most one 'event/queue' per `everyMs`, except the
 * change that empties the queue, sent at once. Held back, it left the header saying "1 queued" for up to `everyMs`
 * beside a view that already showed the answer (a fast lookup starts and ends within one interval).
 */
export function createQueueBroadcaster(state: () => QueueState, everyMs = 250, idle: () => boolean = () => { const s = state(); return s.pending + s.running === 0; }): () => void {
  const changed = createThrottle(() => broadcast({ type: 'event/queue', queue: state() }), everyMs);
  // `idle` is asked on every change (a bulk job makes many): the queue's own cheap answer, not a whole state.
  return () => (idle() ? changed.now() : changed());
}

/**
 * `fn` at most once per `everyMs`: the first call of a quiet period at once, later ones once at the end of the
 * interval. `now()` calls it at once, dropping the one waiting (it would carry nothing newer).
 */
export function createThrottle(fn: () => void, everyMs: number): (() => void) & { now: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  const run = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    last = Date.now();
    fn();
  };
  const throttled = () => {
    if (timer !== null) return;
    timer = setTimeout(run, Math.max(0, last + everyMs - Date.now()));
  };
  return Object.assign(throttled, { now: run });
}
