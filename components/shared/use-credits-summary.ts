// Today's and this month's credits, for any extension page (panel header, popup, options): asked once, then kept
// live by 'event/credits'.
import { useEffect, useState } from 'react';
import { background, onBackgroundEvent } from '@/lib/messaging/extension';
import type { CreditsSummary } from '@/lib/model/state';

/**
 * The summary has no time of its own, so an event heard after the question was asked is taken as newer than its
 * answer: opened while a bulk job charged, the answer (read before a charge) used to land after the event and keep
 * "today" too low until the next charge. `revision` asks again (the popup after a verification).
 */
export function useCreditsSummary(revision: unknown = null): CreditsSummary | null {
  const [summary, setSummary] = useState<CreditsSummary | null>(null);
  useEffect(() => {
    let live = true;
    let heard = false;
    const stop = onBackgroundEvent((event) => {
      if (event.type !== 'event/credits') return;
      heard = true;
      setSummary(event.credits);
    });
    background.request('credits/summary', {}).then(
      (answer) => {
        if (live && !heard) setSummary(answer);
      },
      () => undefined,
    );
    return () => {
      live = false;
      stop();
    };
  }, [revision]);
  return summary;
}
