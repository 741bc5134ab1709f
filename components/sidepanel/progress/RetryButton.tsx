// "Retry" and "Retry the others" on a finished bulk job: a paid action like its start, so the same three things hold.
// Its price is the background's ('credits/estimate' of 'bulk/retry': the rows the retry sends, less those the cache
// answers now, priced by the one bulk price), the same second question above the user's threshold, and the retry is
// held to the price shown ('bulk/retry' `quotedCredits`).
import type { ReactNode } from 'react';
import { PaidButton } from '@/components/ui';
import type { ButtonProps } from '@/components/ui';
import { useEstimate } from '@/components/shared/hooks';
import { SpendConfirm, useConfirmAbove } from './SpendConfirm';

export interface RetryButtonProps {
  jobId: string;
  /** True: every failed entry, interrupted ones included; false: only the others. */
  interrupted: boolean;
  loading: boolean;
  variant?: ButtonProps['variant'];
  /** Starts the retry, held to `quotedCredits`. */
  onRetry: (interrupted: boolean, quotedCredits: number) => void;
  children: ReactNode;
}

export function RetryButton({ jobId, interrupted, loading, variant, onRetry, children }: RetryButtonProps) {
  const { estimate } = useEstimate({ action: 'bulk/retry', jobId, interrupted });
  const confirmAbove = useConfirmAbove();
  return (
    <SpendConfirm credits={estimate?.credits} threshold={confirmAbove} onStart={() => estimate && onRetry(interrupted, estimate.credits)}>
      {({ onClick, asking }) => (
        <PaidButton size="sm" icon="refresh" upTo {...(variant ? { variant } : {})} estimate={estimate} loading={loading} disabled={asking} onClick={onClick}>
          {children}
        </PaidButton>
      )}
    </SpendConfirm>
  );
}
