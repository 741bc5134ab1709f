/** Credits spent today (and the budget left) and what the queue is doing, kept live by background events. */
import { useEffect, useState } from 'react';
import { formatCredits, formatTimeLeft } from '@/components/ui';
import { background, onBackgroundEvent } from '@/lib/messaging/extension';
import type { QueueState } from '@/lib/model/state';
import { useCreditsSummary } from '@/components/shared/use-credits-summary';
import { t, tn } from '@/lib/i18n/t';

export function queueWords(queue: QueueState, now: number = Date.now()): string {
  if (queue.pausedUntil !== null && queue.pausedUntil > now) {
    return t('popup_queue_paused', formatTimeLeft(queue.pausedUntil - now));
  }
  const waiting = queue.pending + queue.running;
  if (waiting === 0) return t('popup_queue_idle');
  return tn('popup_queue_waiting', waiting, formatTimeLeft(queue.etaMs));
}

const credits = (n: number) => (n === 0 ? tn('credits', 0) : formatCredits(n));

export function StatusBar({ revision }: { revision: number }) {
  const summary = useCreditsSummary(revision);
  const [queue, setQueue] = useState<QueueState | null>(null);
  // Queue states carry their time: an answer older than an event already shown is dropped.
  const newer = (next: QueueState) => setQueue((shown) => (shown !== null && shown.at > next.at ? shown : next));

  useEffect(() => {
    background.request('queue/state', {}).then(newer, () => undefined);
  }, [revision]);
  useEffect(
    () =>
      onBackgroundEvent((event) => {
        if (event.type === 'event/queue') newer(event.queue);
      }),
    [],
  );

  return (
    <dl className="pop-status">
      <div className="pop-status__item">
        <dt>{t('popup_spent_today')}</dt>
        <dd className="ui-num" data-testid="credits-today">
          {summary ? credits(summary.today) : '…'}
          {summary?.budgetLeft !== null && summary?.budgetLeft !== undefined && (
            <span className="ui-subtle"> · {t('popup_left_today', credits(summary.budgetLeft))}</span>
          )}
        </dd>
      </div>
      <div className="pop-status__item">
        <dt>{t('popup_queue')}</dt>
        <dd className="ui-num">{queue ? queueWords(queue) : '…'}</dd>
      </div>
    </dl>
  );
}
