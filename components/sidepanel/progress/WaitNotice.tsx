/**
 * Why a lookup has not started, in the view that waits for it (issue 11: a 40 s Retry-After showed a bare
 * "Looking up…"): the service's 429 pause or our rate-limit window, a countdown, and Cancel, which stops the waiting
 * lookups before they are sent (nothing is charged for them).
 */
import { useState } from 'react';
import { Button, formatDuration, formatTimeLeft } from '@/components/ui';
import { t } from '@/lib/i18n/t';
import { request } from '../hooks';
import { useLiveQueue, waitingLookups } from './useQueueState';

export function WaitNotice() {
  const { queue, eta } = useLiveQueue();
  const [cancelling, setCancelling] = useState(false);
  if (!queue || !eta || waitingLookups(queue) === 0) return null;
  if (eta.wait !== 'paused' && eta.wait !== 'window') return null;
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
    <div className="sp-stack" role="status" data-testid="lookup-waiting">
      <p className="sp-hint ui-num">{why}</p>
      <p className="sp-hint">{t('progress_wait_not_sent')}</p>
      <div className="ui-button-row">
        <Button size="sm" variant="secondary" icon="x" loading={cancelling} onClick={() => void cancel()}>
          {t('progress_wait_cancel')}
        </Button>
      </div>
    </div>
  );
}
