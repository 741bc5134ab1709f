/** Credits spent today (and the budget left) and what the queue is doing, kept live by background events. */
import { useEffect, useState } from 'react';
import { formatCredits, formatDuration } from '@/components/ui';
import { background, onBackgroundEvent } from '@/lib/messaging/extension';
import type { CreditsSummary, QueueState } from '@/lib/messaging/protocol';

export function queueWords(queue: QueueState, now: number = Date.now()): string {
  if (queue.pausedUntil !== null && queue.pausedUntil > now) {
    return `Paused by the rate limit · resumes in ${formatDuration(queue.pausedUntil - now)}`;
  }
  const waiting = queue.pending + queue.running;
  if (waiting === 0) return 'Queue idle';
  return `${waiting} ${waiting === 1 ? 'lookup' : 'lookups'} in the queue · about ${formatDuration(queue.etaMs)}`;
}

const credits = (n: number) => (n === 0 ? '0 credits' : formatCredits(n));

export function StatusBar({ revision }: { revision: number }) {
  const [summary, setSummary] = useState<CreditsSummary | null>(null);
  const [queue, setQueue] = useState<QueueState | null>(null);

  useEffect(() => {
    background.request('credits/summary', {}).then(setSummary, () => undefined);
    background.request('queue/state', {}).then(setQueue, () => undefined);
  }, [revision]);
  useEffect(
    () =>
      onBackgroundEvent((event) => {
        if (event.type === 'event/credits') setSummary(event.credits);
        if (event.type === 'event/queue') setQueue(event.queue);
      }),
    [],
  );

  return (
    <dl className="pop-status">
      <div className="pop-status__item">
        <dt>Spent today</dt>
        <dd className="ui-num" data-testid="credits-today">
          {summary ? credits(summary.today) : '…'}
          {summary?.budgetLeft !== null && summary?.budgetLeft !== undefined && (
            <span className="ui-subtle"> · {credits(summary.budgetLeft)} left today</span>
          )}
        </dd>
      </div>
      <div className="pop-status__item">
        <dt>Queue</dt>
        <dd className="ui-num">{queue ? queueWords(queue) : '…'}</dd>
      </div>
    </dl>
  );
}
