/**
 * The queue's real state for a view, kept by 'event/queue' (sent when it changes, never polled), and the clock that
 * counts down between events: the ETA is computed again every second from the same state (lib/queue/eta.ts).
 */
import { useEffect, useState } from 'react';
import type { QueueState } from '@/lib/model/state';
import { queueEta, type QueueEta } from '@/lib/queue/eta';
import { request, useBackgroundEvent, useNow } from '@/components/shared/hooks';

export function useQueueState(): QueueState | null {
  const [queue, setQueue] = useState<QueueState | null>(null);
  useEffect(() => {
    let live = true;
    request('queue/state', {}).then(
      (state) => {
        // An event may have arrived first; it is newer.
        if (live) setQueue((current) => (current && current.at > state.at ? current : state));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  useBackgroundEvent((event) => {
    if (event.type === 'event/queue') setQueue(event.queue);
  });
  return queue;
}

/** The queue state with its ETA at this second (re-rendered once a second). */
export function useLiveQueue(): { queue: QueueState | null; eta: QueueEta | null; now: number } {
  const queue = useQueueState();
  const now = useNow(1000);
  return { queue, eta: queue ? queueEta(queue, now) : null, now };
}

/** Single lookups (not part of a batch) that wait to be sent: what a Contact or Company view may be waiting for. */
export function waitingLookups(queue: QueueState): number {
  return queue.lanes.filter((lane) => lane.kind === 'lookup' && lane.priority === 'interactive').reduce((n, lane) => n + lane.pending, 0);
}
