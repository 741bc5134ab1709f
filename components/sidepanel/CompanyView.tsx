import { useState } from 'react';
import { Button, EmptyState, ErrorState, PaidButton, ProgressBar, safeWebsiteUrl } from '@/components/ui';
import type { Company } from '@/lib/api/schemas';
import type { Provenance } from '@/lib/model/lookup';
import { useAccount } from './account';
import { CompanyProfile } from './CompanyProfile';
import { ProvenanceChip } from './ContactView';
import { paidRequest, useAsyncAction, useEstimate } from '@/components/shared/hooks';
import { type CompanyTarget, useNavigation } from './navigation';
import { NoKeyState } from './NoKeyState';
import { OpenSavedButton } from './contacts/OpenSavedButton';
import { useSaved } from './contacts/use-saved';
import { ConfirmCard, TargetHeader, TargetView, useTargetOutcome } from './TargetView';
import { ProfileSkeleton } from './ProfileSkeleton';
import { t } from '@/lib/i18n/t';

/** The Company view: the open company, or how to open one. */
export function CompanyView() {
  const nav = useNavigation();
  return (
    <TargetView
      target={nav.company}
      noKeyWhat={t('sidepanel_nokey_what_company')}
      empty={
        <EmptyState
          icon="building"
          title={t('sidepanel_company_none_title')}
          actions={
            <Button variant="primary" onClick={() => nav.show('page')}>
              {t('sidepanel_contact_go_page')}
            </Button>
          }
        >
          <p>{t('sidepanel_company_none_text')}</p>
        </EmptyState>
      }
      loader={(target) => <CompanyLoader target={target} />}
    />
  );
}

type Outcome = { found: true; company: Company; provenance: Provenance } | { found: false; errorText: string; provenance: Provenance };

function CompanyLoader({ target }: { target: CompanyTarget }) {
  const nav = useNavigation();
  const { hasKey } = useAccount();
  const { estimate } = useEstimate(target.company ? null : { action: 'company/enrich', url: target.url });
  // The refresh's own price from the lookup plan: inside the 30-day window the service charges nothing, and the
  // button says so ("Refresh · 1 credit" was once charged 0).
  const refreshEstimate = useEstimate({ action: 'company/enrich', url: target.url, refresh: true });
  const [refreshing, setRefreshing] = useState(false);
  const action = useAsyncAction(async (refresh: boolean, quotedCredits?: number): Promise<Outcome> => {
    setRefreshing(refresh);
    const reply = await paidRequest('company/enrich', { url: target.url, ...(refresh ? { refresh: true } : {}) }, quotedCredits);
    return reply.found ? { found: true, company: reply.result, provenance: reply.provenance } : reply;
  });
  const { state, run } = action;
  // Bought before, past the service's 30-day free-repeat window and the cache (the book keeps it).
  const saved = useSaved(!target.company && estimate && !estimate.cached ? { kind: 'company', urls: [target.url] } : null);
  const { outcome, noKey } = useTargetOutcome({
    target,
    record: target.company,
    action,
    show: (company, provenance): Outcome => ({ found: true, company, provenance }),
    start: (quotedCredits) => void run(false, quotedCredits),
    cached: estimate?.cached ?? false,
  });

  if (noKey) return <NoKeyState what={t('sidepanel_nokey_what_company')} />;

  const priceChanged = state.status === 'error' && state.error.kind === 'price_changed' ? state.error : null;
  // A refresh refused at a new price is offered again as the refresh, at the price it has now.
  const refusedRefresh = priceChanged !== null && refreshing;
  const offered = refusedRefresh ? refreshEstimate.estimate : estimate;
  // A retry is held to the price of what failed: the refresh's, else the lookup's.
  const retryCredits = (refreshing ? refreshEstimate.estimate : estimate)?.credits;
  if (state.status === 'error' && !priceChanged) {
    return (
      <div className="sp-view">
        <TargetHeader eyebrow={t('sidepanel_tab_company')} label={target.label} />
        <ErrorState error={state.error} onRetry={() => void run(refreshing, retryCredits ?? 0)} retryCredits={retryCredits} />
      </div>
    );
  }
  if (!outcome) {
    if (state.status === 'loading') {
      return (
        <div className="sp-view">
          <ProfileSkeleton label={target.label} shape="square" testId="company-loading" onStopWaiting={action.reset} />
        </div>
      );
    }
    return (
      <ConfirmCard
        testId="company-confirm"
        eyebrow={t('sidepanel_company_confirm_eyebrow')}
        title={target.label}
        text={t('sidepanel_company_confirm_text')}
        estimate={offered}
        priceChanged={priceChanged}
      >
        <PaidButton variant="primary" icon="zap" estimate={offered} onClick={() => void run(refusedRefresh, offered?.credits)}>
          {refusedRefresh ? t('sidepanel_company_refresh') : t('sidepanel_company_enrich')}
        </PaidButton>
        {saved && <OpenSavedButton saved={saved} />}
      </ConfirmCard>
    );
  }
  if (!outcome.found) {
    return (
      <div className="sp-view">
        <EmptyState icon="building" title={t('sidepanel_company_not_found')}>
          <p>{outcome.errorText || t('sidepanel_company_no_record', target.label)}</p>
          <p>{t('sidepanel_company_no_charge')}</p>
        </EmptyState>
      </div>
    );
  }
  // The record's own website may be anything (even `javascript:`); only a real web address is sent on.
  const website = [outcome.company.overview?.website, outcome.company.website, target.url].find((u) => safeWebsiteUrl(u)) ?? target.url;
  return (
    <div className="sp-view">
      <CompanyProfile
        company={outcome.company}
        canPay={hasKey}
        status={
          <>
            <ProvenanceChip provenance={outcome.provenance} />
            {state.status === 'loading' && <ProgressBar label={t('sidepanel_company_refreshing')} value={0} max={1} indeterminate detail={t('sidepanel_company_refreshing_detail')} />}
          </>
        }
        actions={
          <div className="ui-button-row">
            <Button
              size="sm"
              icon="sparkles"
              onClick={() => nav.openLookalikes({ kind: 'companies', url: website, label: outcome.company.overview?.name ?? target.label })}
            >
              {t('sidepanel_lookalikes')}
            </Button>
            <PaidButton
              size="sm"
              icon="refresh"
              estimate={refreshEstimate.estimate}
              disabled={state.status === 'loading' || !hasKey}
              title={t('sidepanel_company_refresh_hint')}
              onClick={() => void run(true, refreshEstimate.estimate?.credits)}
            >
              {t('sidepanel_company_refresh')}
            </PaidButton>
          </div>
        }
      />
    </div>
  );
}
