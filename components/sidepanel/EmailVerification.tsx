import { useEffect } from 'react';
import { CopyButton, EmailStatusChip, ErrorState, PaidButton, VerificationChip } from '@/components/ui';
import { paidRequest, useAsyncAction, useEstimate } from '@/components/shared/hooks';
import { t, tn } from '@/lib/i18n/t';

export interface EmailRowProps {
  email: string;
  /** The service's own status for the address ("verified", "probable"…), shown until a verification runs. */
  status?: string | null;
  kind: 'work' | 'personal' | 'historical';
  canPay: boolean;
}

/**
 * One email address with its status: the service's status first, then — after "Verify · 1 credit", or for free
 * when a verification is cached — a chip that explains deliverable / risky catch-all / undeliverable and when it
 * was checked.
 */
export function EmailRow({ email, status, kind, canPay }: EmailRowProps) {
  const { estimate } = useEstimate({ action: 'email/verify', email });
  // `quotedCredits`: the price shown (0 when it runs by itself on a cached answer); a dearer run is refused.
  const verification = useAsyncAction((refresh: boolean, quotedCredits?: number) => paidRequest('email/verify', { email, ...(refresh ? { refresh } : {}) }, quotedCredits));
  const { run, state } = verification;
  const cached = estimate?.cached ?? false;

  useEffect(() => {
    if (cached && state.status === 'idle') void run(false, 0);
  }, [cached, run, state.status]);

  return (
    <li className="sp-email" data-testid="email-row">
      <div className="sp-email__line">
        <span className="sp-email__address" title={email}>
          {email}
        </span>
        <span className="sp-email__kind">{emailKindWord(kind)}</span>
        <CopyButton value={email} label={t('sidepanel_copy_value', email)} />
      </div>
      <div className="sp-email__status">
        {state.status === 'success' ? (
          <VerificationChip result={state.data.result} checkedAt={state.data.provenance.fetchedAt} explain />
        ) : (
          <>
            <EmailStatusChip status={status ?? null} />
            <PaidButton
              size="sm"
              variant="secondary"
              icon="shield"
              estimate={estimate}
              loading={state.status === 'loading'}
              disabled={!canPay}
              aria-label={estimate ? t('sidepanel_verify_label_cost', email, tn('credits', estimate.credits)) : t('sidepanel_verify_label', email)}
              onClick={() => void run(false, estimate?.credits)}
            >
              {t('sidepanel_verify')}
            </PaidButton>
          </>
        )}
      </div>
      {state.status === 'error' && <ErrorState error={state.error} onRetry={() => void run(false, estimate?.credits ?? 0)} retryCredits={estimate?.credits} compact />}
    </li>
  );
}

function emailKindWord(kind: EmailRowProps['kind']): string {
  if (kind === 'work') return t('sidepanel_email_kind_work');
  if (kind === 'personal') return t('sidepanel_email_kind_personal');
  return t('sidepanel_email_kind_historical');
}
