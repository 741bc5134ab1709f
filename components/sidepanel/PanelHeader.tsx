import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { formatCount, formatCredits, formatDuration, Icon, IconButton } from '@/components/ui';
import type { CreditsSummary, QueueState } from '@/lib/messaging/protocol';
import { request, useBackgroundEvent, useNow } from './hooks';

/**
 * The panel's top bar: credits spent today and the budget left, what the request queue is doing, and the way to
 * the settings. Kept live by 'event/credits' and 'event/queue'.
 */
export function PanelHeader() {
  const [credits, setCredits] = useState<CreditsSummary | null>(null);
  const [queue, setQueue] = useState<QueueState | null>(null);
  const now = useNow(1000);

  useEffect(() => {
    void request('credits/summary', {}).then(setCredits, () => undefined);
    void request('queue/state', {}).then(setQueue, () => undefined);
  }, []);
  useBackgroundEvent((event) => {
    if (event.type === 'event/credits') setCredits(event.credits);
    if (event.type === 'event/queue') setQueue(event.queue);
  });

  return (
    <header className="sp-header">
      <div className="sp-header__brand">
        <span className="sp-header__logo" aria-hidden="true">
          <Icon name="sparkles" size={14} />
        </span>
        {/* Chrome titles the side panel with the extension's name already; keep it for assistive tech only. */}
        <h1 className="ui-visually-hidden">In-Page Enrich</h1>
      </div>
      <div className="sp-header__stats">
        <CreditsStat credits={credits} />
        <QueueStat queue={queue} now={now} />
      </div>
      <IconButton icon="settings" label="Open settings" onClick={() => void browser.runtime.openOptionsPage()} />
    </header>
  );
}

function CreditsStat({ credits }: { credits: CreditsSummary | null }) {
  if (!credits) return <span className="sp-stat sp-stat--loading" aria-hidden="true" />;
  const spent = `${formatCount(credits.today)} today`;
  const left = credits.budgetLeft === null ? null : `${formatCount(credits.budgetLeft)} left`;
  const low = credits.budgetLeft !== null && credits.dailyBudget !== null && credits.budgetLeft <= credits.dailyBudget * 0.1;
  return (
    <span
      className={`sp-stat${low ? ' sp-stat--warning' : ''}`}
      title={`This month: ${formatCredits(credits.month).replace('free', '0 credits')}${credits.dailyBudget !== null ? ` · daily budget ${credits.dailyBudget}` : ' · no daily budget set'}`}
      data-testid="credits-stat"
    >
      <Icon name="coins" size={13} />
      <span className="ui-num">
        <span className="ui-visually-hidden">Credits spent: </span>
        {spent}
        {left && <span className="sp-stat__sub"> · {left}</span>}
      </span>
    </span>
  );
}

function QueueStat({ queue, now }: { queue: QueueState | null; now: number }) {
  if (!queue) return <span className="sp-stat sp-stat--loading" aria-hidden="true" />;
  const busy = queue.pending + queue.running;
  let text: string;
  let tone = '';
  if (queue.pausedUntil !== null && queue.pausedUntil > now) {
    text = `Paused · ${formatDuration(queue.pausedUntil - now)}`;
    tone = ' sp-stat--warning';
  } else if (busy === 0) {
    text = 'Idle';
  } else {
    text = `${busy} queued${queue.etaMs > 0 ? ` · ~${formatDuration(queue.etaMs)}` : ''}`;
    tone = ' sp-stat--busy';
  }
  return (
    <span
      className={`sp-stat${tone}`}
      role="status"
      title={`Requests: ${queue.running} running, ${queue.pending} waiting · ${queue.windowLeft} of ${queue.windowLimit} left this minute`}
      data-testid="queue-stat"
    >
      <Icon name="layers" size={13} />
      <span className="ui-num">{text}</span>
    </span>
  );
}
