import { useEffect, useRef, useState } from 'react';
import { Button, ErrorState, ProgressBar } from '@/components/ui';
import type { CostAction } from '@/lib/model/lookup';
import type { ErrorData } from '@/lib/model/errors';
import { request, toErrorData } from '@/components/shared/hooks';
import { t, tn } from '@/lib/i18n/t';

export interface PaidStep {
  /**
   * The estimate of this step (the one pricing module prices it; cached answers are free). It must describe the
   * request `run` sends: a refresh is priced as a refresh (a cached contact is free to open, not to refresh).
   */
  cost: CostAction;
  /** Sends the step, held to the price it was shown (`quotedCredits`: a dearer step is refused, nothing sent). */
  run: (quotedCredits: number) => Promise<unknown>;
}

/**
 * A paid action over a list ("Verify all emails", "Refresh"): first its cost from `credits/estimate`, then, when
 * confirmed, one request at a time with progress and a Stop button. The steps are read when the user asks for the
 * price (the list as it is then, not as it was when the view opened), and leaving the view stops the run: its
 * progress and Stop button go with it, so nothing may go on charging out of sight.
 */
export function PaidListAction({ label, steps, onDone }: { label: string; steps: () => Promise<PaidStep[]>; onDone?: () => void }) {
  const [phase, setPhase] = useState<'idle' | 'pricing' | 'confirm' | 'running'>('idle');
  const [credits, setCredits] = useState(0);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [error, setError] = useState<ErrorData | null>(null);
  const planned = useRef<PaidStep[]>([]);
  /** Each planned step's price as shown in the total: what it is held to when it runs. */
  const quotes = useRef<number[]>([]);
  const stop = useRef(false);
  useEffect(
    () => () => {
      stop.current = true;
    },
    [],
  );

  const price = async () => {
    setError(null);
    setPhase('pricing');
    try {
      planned.current = await steps();
      quotes.current = [];
      for (const step of planned.current) quotes.current.push((await request('credits/estimate', step.cost)).credits);
      setCredits(quotes.current.reduce((a, b) => a + b, 0));
      setPhase('confirm');
    } catch (cause) {
      setError(toErrorData(cause));
      setPhase('idle');
    }
  };

  const run = async () => {
    stop.current = false;
    setPhase('running');
    const all = planned.current;
    setProgress({ done: 0, total: all.length });
    try {
      for (const [i, step] of all.entries()) {
        if (stop.current) break;
        await step.run(quotes.current[i] ?? 0);
        setProgress({ done: i + 1, total: all.length });
      }
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setPhase('idle');
      onDone?.();
    }
  };

  if (phase === 'confirm') {
    return (
      <span className="sp-export" role="group" aria-label={label}>
        <span className="sp-hint">
          {t('book_paid_summary', label, tn('book_paid_requests', planned.current.length), tn('credits', credits))}
        </span>
        <Button size="sm" variant="primary" onClick={() => void run()} detail={t('words_up_to', tn('credits', credits))}>
          {t('book_paid_confirm')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setPhase('idle')}>
          {t('book_cancel')}
        </Button>
      </span>
    );
  }
  if (phase === 'running') {
    return (
      <span className="sp-export" role="group" aria-label={label}>
        <ProgressBar value={progress.done} max={progress.total} label={t('book_paid_progress', label, progress.done, progress.total)} />
        <Button size="sm" variant="ghost" icon="stop" onClick={() => (stop.current = true)}>
          {t('book_paid_stop')}
        </Button>
      </span>
    );
  }
  return (
    <span className="sp-addtolist">
      <Button size="sm" loading={phase === 'pricing'} onClick={() => void price()}>
        {label}…
      </Button>
      {error && <ErrorState error={error} compact />}
    </span>
  );
}
