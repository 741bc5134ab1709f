// A second question before a large bulk spend: one click on a start button must not be able to spend thousands of
// credits. The figure asked about is the one the price preview shows (passed in, never priced again here), and the
// daily budget cap still applies on top of it in the background.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui';
import { tn, t } from '@/lib/i18n/t';
import { DEFAULT_SETTINGS } from '@/lib/settings/schema';
import { useAccount } from '../account';

/** The user's "Ask again above N credits" setting; the default while settings load, so the guard is never off. */
export function useConfirmAbove(): number {
  return useAccount().settings?.confirmAboveCredits ?? DEFAULT_SETTINGS.confirmAboveCredits;
}

/** Whether a start that can cost up to `credits` needs the second confirmation. */
export function needsSecondConfirm(credits: number | null | undefined, threshold: number): boolean {
  return credits != null && credits > threshold;
}

export interface StartControl {
  /** The start button's click: starts at once, or opens the confirm step for a large spend. */
  onClick: () => void;
  /** The start button's own label when the spend is large ("Start — up to 19,992 credits"), else null. */
  largeLabel: string | null;
  /** The confirm step is open: the start button waits behind it. */
  asking: boolean;
}

export interface SpendConfirmProps {
  /** Most the start can cost, from the price preview's estimate; null while it loads. */
  credits: number | null | undefined;
  threshold: number;
  onStart: () => void;
  /** Renders the start button. */
  children: (control: StartControl) => ReactNode;
}

export function SpendConfirm({ credits, threshold, onStart, children }: SpendConfirmProps) {
  const [asking, setAsking] = useState(false);
  const large = needsSecondConfirm(credits, threshold);
  // A price that fell below the threshold (a choice, a new selection) closes the question.
  if (asking && !large) setAsking(false);
  const onClick = () => {
    if (large) setAsking(true);
    else onStart();
  };
  return (
    <>
      {children({ onClick, largeLabel: large && credits != null ? tn('progress_start_up_to', credits) : null, asking })}
      {asking && credits != null && (
        <ConfirmStep
          credits={credits}
          onConfirm={() => {
            setAsking(false);
            onStart();
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}

function ConfirmStep({ credits, onConfirm, onCancel }: { credits: number; onConfirm: () => void; onCancel: () => void }) {
  const box = useRef<HTMLDivElement | null>(null);
  // Focus moves to the question, so keyboard and screen-reader users meet it before anything else; onto Cancel, so a
  // second Enter pressed out of habit does not spend.
  useEffect(() => {
    const buttons = box.current?.querySelectorAll<HTMLButtonElement>('button');
    buttons?.[buttons.length - 1]?.focus();
  }, []);
  const question = tn('progress_confirm_spend', credits);
  return (
    <div
      ref={box}
      className="sp-confirm"
      role="alertdialog"
      aria-label={question}
      data-testid="spend-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <p className="sp-hint">{question}</p>
      <div className="sp-export">
        <Button size="sm" variant="primary" icon="zap" onClick={onConfirm}>
          {t('progress_confirm_start')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('progress_confirm_cancel')}
        </Button>
      </div>
    </div>
  );
}
