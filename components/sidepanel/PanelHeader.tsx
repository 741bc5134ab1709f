import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { formatCount, formatTimeLeft, Icon, IconButton } from '@/components/ui';
import { t, tn } from '@/lib/i18n/t';
import type { CreditsSummary, QueueState } from '@/lib/model/state';
import type { QueueEta } from '@/lib/queue/eta';
import { useCreditsSummary } from '@/components/shared/use-credits-summary';
import { useLiveQueue } from './progress/useQueueState';

/**
 * The panel's top bar: credits spent today and the budget left, what the request queue is doing, and the way to
 * the settings. Kept live by 'event/credits' and 'event/queue'; the queue's countdown ticks every second from the
 * last state (lib/queue/eta.ts), without asking the background again.
 */
export function PanelHeader() {
  const credits = useCreditsSummary();
  const { queue, eta } = useLiveQueue();
  const header = useRef<HTMLElement>(null);
  useStickyHeight(header);

  return (
    <header className="sp-header" ref={header}>
      <div className="sp-header__brand">
        <span className="sp-header__logo" aria-hidden="true">
          <Icon name="sparkles" size={14} />
        </span>
        {/* Chrome titles the side panel with the extension's name already; keep it for assistive tech only. */}
        <h1 className="ui-visually-hidden">{t('ext_name')}</h1>
      </div>
      <div className="sp-header__stats">
        <CreditsStat credits={credits} />
        <QueueStat queue={queue} eta={eta} />
      </div>
      <IconButton icon="settings" label={t('progress_header_open_settings')} onClick={() => void browser.runtime.openOptionsPage()} />
    </header>
  );
}

function CreditsStat({ credits }: { credits: CreditsSummary | null }) {
  if (!credits) return <span className="sp-stat sp-stat--loading" aria-hidden="true" />;
  // "3 credits today", not "3 today": the chip's number is credits, and nothing else on it says so.
  const spent = t('progress_header_today', tn('credits', credits.today));
  const left = credits.budgetLeft === null ? null : t('progress_header_left', formatCount(credits.budgetLeft));
  const low = credits.budgetLeft !== null && credits.dailyBudget !== null && credits.budgetLeft <= credits.dailyBudget * 0.1;
  const month = t('progress_header_month', tn('credits', credits.month));
  const budget = credits.dailyBudget !== null ? t('progress_header_budget', credits.dailyBudget) : t('progress_header_no_budget');
  return (
    <span className={`sp-stat${low ? ' sp-stat--warning' : ''}`} title={`${month} · ${budget}`} data-testid="credits-stat">
      <Icon name="coins" size={13} />
      <span className="ui-num">
        <span className="ui-visually-hidden">{t('progress_header_spent')}</span>
        {spent}
        {left && <span className="sp-stat__sub"> · {left}</span>}
      </span>
    </span>
  );
}

/** The header's queue words: the pause or the window named with its countdown, else what is queued and the ETA. */
export function queueStatWords(queue: QueueState, eta: QueueEta): { text: string; tone: '' | 'busy' | 'warning' } {
  const busy = queue.pending + queue.running;
  if (eta.wait === 'paused') return { text: t('progress_header_paused', formatTimeLeft(eta.waitMs)), tone: 'warning' };
  if (busy === 0) return { text: t('progress_header_idle'), tone: '' };
  if (eta.wait === 'window') return { text: t('progress_header_window', formatCount(busy), formatTimeLeft(eta.waitMs)), tone: 'busy' };
  if (eta.totalMs === null || eta.totalMs === 0) return { text: t('progress_header_busy_no_eta', formatCount(busy)), tone: 'busy' };
  return { text: t('progress_header_busy', formatCount(busy), formatTimeLeft(eta.totalMs)), tone: 'busy' };
}

type QueueMood = 'idle' | 'busy' | 'window' | 'paused';

function queueMood(queue: QueueState, eta: QueueEta): QueueMood {
  if (eta.wait === 'paused') return 'paused';
  if (queue.pending + queue.running === 0) return 'idle';
  return eta.wait === 'window' ? 'window' : 'busy';
}

/**
 * What the queue's live region says: only a pause, a rate-limit wait and the end of either, each once. The chip's
 * own words tick every second ("Paused · 12 s", "11 s"…) and change with every request, so the chip is no live
 * region (a screen reader read the countdown every second); starting and finishing lookups are said by their views.
 */
function useQueueAnnouncement(mood: QueueMood | null): string {
  const [said, setSaid] = useState('');
  const before = useRef(mood);
  useEffect(() => {
    const was = before.current;
    before.current = mood;
    if (mood === was || mood === null) return;
    if (mood === 'paused') setSaid(t('a11y_queue_paused'));
    else if (mood === 'window') setSaid(t('a11y_queue_window'));
    else if (was === 'paused' || was === 'window') setSaid(t('a11y_queue_resumed'));
  }, [mood]);
  return said;
}

function QueueStat({ queue, eta }: { queue: QueueState | null; eta: QueueEta | null }) {
  const said = useQueueAnnouncement(queue && eta ? queueMood(queue, eta) : null);
  const region = (
    <span className="ui-visually-hidden" role="status">
      {said}
    </span>
  );
  if (!queue || !eta) {
    return (
      <>
        <span className="sp-stat sp-stat--loading" aria-hidden="true" />
        {region}
      </>
    );
  }
  const { text, tone } = queueStatWords(queue, eta);
  return (
    <>
      <span
        className={`sp-stat${tone ? ` sp-stat--${tone}` : ''}`}
        title={t('progress_header_title', queue.running, queue.pending, queue.windowLeft, queue.windowLimit)}
        data-testid="queue-stat"
      >
        <Icon name="layers" size={13} />
        <span className="ui-num">
          {/* "Idle" alone does not say what is idle. */}
          <span className="ui-visually-hidden">{t('a11y_queue_label')}</span>
          {text}
        </span>
      </span>
      {region}
    </>
  );
}

/**
 * The header's height as `--sp-header-height` on the page: the view tabs stick right under it and views scroll what
 * they focus clear of both (sidepanel.css). The header wraps to two lines when its figures do not fit on one (a
 * budget, German words, 320 px), so a fixed offset would slide the tabs under it.
 */
function useStickyHeight(header: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--sp-header-height', `${Math.round(element.getBoundingClientRect().height)}px`));
    observer.observe(element);
    return () => observer.disconnect();
  }, [header]);
}
