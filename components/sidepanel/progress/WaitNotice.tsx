/**
 * Why a lookup has not started, in the view that waits for it (a 40 s Retry-After showed a bare
 * "Looking up…"): the service's 429 pause or our rate-limit window, a countdown, and Cancel, which stops the waiting
 * lookups before they are sent (nothing is charged for them).
 */
import { useEffect, useState } from 'react';
import { Button, formatDuration, formatTimeLeft } from '@/components/ui';
import { t } from '@/lib/i18n/t';
import { request } from '@/components/shared/hooks';
import { useLiveQueue, waitingLookups } from './useQueueState';

export function WaitNotice() {
  const { queue, eta } = useLiveQueue();
  const [cancelling, setCancelling] = useState(false);
  const wait = queue && eta && waitingLookups(queue) > 0 && (eta.wait === 'paused' || eta.wait === 'window') ? eta.wait : null;
  // The countdown ticks every second, so it is kept out of the live regions (this one, and the loading state's
  // around it): a screen reader read it again every second. Instead the region says once, as the wait begins, why
  // the lookup waits, about how long, and that nothing is charged. It is on the page (empty) before there is anything
  // to say, so it is read.
  const waitMs = eta?.waitMs ?? 0;
  const [said, setSaid] = useState<{ wait: 'paused' | 'window'; text: string } | null>(null);
  useEffect(() => {
    if (said?.wait === (wait ?? undefined)) return;
    if (!wait) setSaid(null);
    else setSaid({ wait, text: t(wait === 'paused' ? 'a11y_wait_paused' : 'a11y_wait_window', formatTimeLeft(waitMs)) });
  }, [wait, said, waitMs]);
  const region = (
    <p className="ui-visually-hidden" role="status">
      {said?.text ?? ''}
    </p>
  );
  if (!queue || !eta || !wait) return region;
  const why =
    eta.wait === 'paused'
      ? t('progress_wait_paused', formatTimeLeft(eta.waitMs))
      : t('progress_wait_window', queue.windowLimit, formatDuration(queue.windowMs), formatTimeLeft(eta.waitMs));
  const cancel = async () => {
    setCancelling(true);
    try {
      await request('lookups/cancel-waiting', {});
    } finally {
      setCancelling(false);
    }
  };
  return (
    <>
      {region}
      <div className="sp-stack" data-testid="lookup-waiting">
        <p className="sp-hint ui-num" aria-hidden="true">
          {why}
        </p>
        <p className="sp-hint">{t('progress_wait_not_sent')}</p>
        <div className="ui-button-row">
          <Button size="sm" variant="secondary" icon="x" loading={cancelling} onClick={() => void cancel()}>
            {t('progress_wait_cancel')}
          </Button>
        </div>
      </div>
    </>
  );
}

/** How long a sent lookup runs before "Stop waiting" is offered (a quick answer never shows it). */
const STOP_AFTER_MS = 3000;

/**
 * A lookup already sent and still running (a realtime lookup takes 10–15 s, a slow service longer): the view can stop
 * waiting for it. What was sent cannot be called back: the service charges it if it finds the person, and the answer
 * is kept (cache and contact book), so opening it again later is free. Shown only when nothing waits to be sent (then
 * WaitNotice's Cancel stops it before any charge).
 */
export function StopWaiting({ onStop }: { onStop: () => void }) {
  const { queue, eta, now } = useLiveQueue();
  const [since] = useState(() => Date.now());
  if (!queue || !eta || now - since < STOP_AFTER_MS) return null;
  if (waitingLookups(queue) > 0 || eta.wait === 'paused' || eta.wait === 'window') return null;
  return (
    <div className="sp-stack" data-testid="lookup-stop-waiting">
      <p className="sp-hint">{t('progress_stop_waiting_hint')}</p>
      <div className="ui-button-row">
        <Button size="sm" variant="ghost" icon="x" onClick={onStop}>
          {t('progress_stop_waiting')}
        </Button>
      </div>
    </div>
  );
}
