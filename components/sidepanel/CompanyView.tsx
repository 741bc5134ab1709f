import { useEffect, useState } from 'react';
import { Button, Card, EmptyState, ErrorState, PaidButton, ProgressBar, safeWebsiteUrl } from '@/components/ui';
import type { Company } from '@/lib/api/schemas';
import type { Provenance } from '@/lib/messaging/protocol';
import { useAccount } from './account';
import { CompanyProfile } from './CompanyProfile';
import { ProvenanceChip } from './ContactView';
import { invalidateEstimates, request, useAsyncAction, useEstimate } from './hooks';
import { type CompanyTarget, useNavigation } from './navigation';
import { ViewLookupBox } from './LookupBox';
import { NoKeyState } from './NoKeyState';
import { OverBudgetNote } from './OverBudgetNote';
import { ProfileSkeleton } from './ProfileSkeleton';
import { t } from '@/lib/i18n/t';

/** The Company view: the open company, or how to open one. */
export function CompanyView() {
  const nav = useNavigation();
  const { hasKey, state: accountState } = useAccount();
  const target = nav.company;
  if (!target && accountState.status === 'success' && !hasKey) return <NoKeyState what={t('sidepanel_nokey_what_company')} />;
  if (!target) {
    return (
      <div className="sp-view">
        <ViewLookupBox />
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
      </div>
    );
  }
  return (
    <>
      <ViewLookupBox />
      <CompanyLoader key={target.nonce} target={target} />
    </>
  );
}

type Outcome = { found: true; company: Company; provenance: Provenance } | { found: false; errorText: string; provenance: Provenance };

function CompanyLoader({ target }: { target: CompanyTarget }) {
  const nav = useNavigation();
  const { hasKey, state: accountState } = useAccount();
  const { estimate } = useEstimate(target.company ? null : { action: 'company/enrich', url: target.url });
  // The refresh's own price from the lookup plan: inside the 30-day window the service charges nothing, and the
  // button says so (issue 11: "Refresh · 1 credit" was charged 0).
  const refreshEstimate = useEstimate({ action: 'company/enrich', url: target.url, refresh: true });
  const [refreshing, setRefreshing] = useState(false);
  const { state, run, set } = useAsyncAction(async (refresh: boolean): Promise<Outcome> => {
    setRefreshing(refresh);
    const reply = await request('company/enrich', { url: target.url, ...(refresh ? { refresh: true } : {}) });
    invalidateEstimates();
    return reply.found ? { found: true, company: reply.result, provenance: reply.provenance } : reply;
  });

  useEffect(() => {
    if (target.company) set({ found: true, company: target.company, provenance: target.provenance ?? { source: 'cache', fetchedAt: Date.now(), creditsCharged: 0 } });
  }, [target, set]);

  const cached = estimate?.cached ?? false;
  const ready = accountState.status === 'success';
  useEffect(() => {
    if (target.company || state.status !== 'idle' || !ready || !hasKey) return;
    if (target.autorun || cached) void run(false);
  }, [target, state.status, cached, run, ready, hasKey]);

  if (!target.company && ready && !hasKey) return <NoKeyState what={t('sidepanel_nokey_what_company')} />;
  const outcome = state.status === 'success' ? state.data : state.status === 'loading' ? state.previous : undefined;

  if (state.status === 'error') {
    return (
      <div className="sp-view">
        <div className="sp-target">
          <p className="sp-eyebrow">{t('sidepanel_tab_company')}</p>
          <h2 className="sp-target__label">{target.label}</h2>
        </div>
        <ErrorState error={state.error} onRetry={() => void run(refreshing)} />
      </div>
    );
  }
  if (!outcome) {
    if (state.status === 'loading') {
      return (
        <div className="sp-view">
          <ProfileSkeleton label={target.label} shape="square" testId="company-loading" />
        </div>
      );
    }
    return (
      <div className="sp-view">
        <Card className="sp-confirm" data-testid="company-confirm">
          <p className="sp-eyebrow">{t('sidepanel_company_confirm_eyebrow')}</p>
          <h2 className="sp-confirm__title">{target.label}</h2>
          <p className="sp-confirm__text">{t('sidepanel_company_confirm_text')}</p>
          <div className="ui-button-row">
            <PaidButton variant="primary" icon="zap" estimate={estimate} onClick={() => void run(false)}>
              {t('sidepanel_company_enrich')}
            </PaidButton>
          </div>
          <OverBudgetNote estimate={estimate} />
        </Card>
      </div>
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
              onClick={() => void run(true)}
            >
              {t('sidepanel_company_refresh')}
            </PaidButton>
          </div>
        }
      />
    </div>
  );
}
