// Lookalike contacts: up to 10 people like a contact, best match first.
import { useEffect, useMemo } from 'react';
import { Button, Card, EmptyState, ErrorState, PaidButton, SafeImage, ScoreBar, SkeletonList, initials } from '@/components/ui';
import type { SimilarContactItem } from '@/lib/api/schemas';
import { useAccount } from '../account';
import { ProvenanceChip } from '../ContactView';
import { ExportActions } from '../ExportActions';
import { paidRequest, useAsyncAction, useEstimate } from '@/components/shared/hooks';
import { personProfileUrl } from '@/components/shared/lookup';
import { type LookalikeTarget, useNavigation } from '../navigation';
import { t } from '@/lib/i18n/t';

type ContactTargetOf = Extract<LookalikeTarget, { kind: 'contacts' }>;

export function LookalikeContacts({ target }: { target: ContactTargetOf }) {
  const nav = useNavigation();
  const { hasKey } = useAccount();
  const { estimate } = useEstimate(target.items ? null : { action: 'contact/similar', lookup: target.lookup });
  /** `quotedCredits`: the price shown (0 when it starts by itself on a cached answer); a dearer run is refused. */
  const { state, run, set } = useAsyncAction((quotedCredits?: number) => paidRequest('contact/similar', { lookup: target.lookup, size: 10 }, quotedCredits));
  useEffect(() => {
    if (target.items) set({ result: target.items, provenance: target.provenance ?? { source: 'cache', fetchedAt: Date.now(), creditsCharged: 0 } });
  }, [target, set]);
  const cached = estimate?.cached ?? false;
  // Refused because the price rose after it was shown: the priced button stays, at the new price.
  const priceChanged = state.status === 'error' && state.error.kind === 'price_changed';
  useEffect(() => {
    if ((cached || target.autorun) && !target.items && state.status === 'idle') void run(target.autorun ? undefined : 0);
  }, [cached, target.autorun, target.items, state.status, run]);

  const items: SimilarContactItem[] = useMemo(
    () => (state.status === 'success' ? [...state.data.result].sort((a, b) => (b.similarity_score ?? 0) - (a.similarity_score ?? 0)) : []),
    [state],
  );

  return (
    <div className="sp-view">
      <div className="sp-target">
        <p className="sp-eyebrow">{t('lookalikes_contacts_title')}</p>
        <h2 className="sp-target__label">{target.label}</h2>
      </div>
      {(state.status === 'idle' || priceChanged) && (
        <Card className="sp-confirm">
          <p className="sp-confirm__text">{t('lookalikes_contacts_text')}</p>
          <div className="ui-button-row">
            <PaidButton variant="primary" icon="users" estimate={estimate} disabled={!hasKey} onClick={() => void run(estimate?.credits)}>
              {t('lookalikes_find')}
            </PaidButton>
          </div>
        </Card>
      )}
      {state.status === 'loading' && <SkeletonList rows={5} label={t('lookalikes_contacts_finding')} />}
      {state.status === 'error' && <ErrorState error={state.error} onRetry={priceChanged ? undefined : () => void run(estimate?.credits ?? 0)} retryCredits={estimate?.credits} />}
      {state.status === 'success' && items.length === 0 && (
        <EmptyState icon="users" title={t('lookalikes_contacts_none')} compact>
          <p>{t('lookalikes_contacts_none_text')}</p>
        </EmptyState>
      )}
      {state.status === 'success' && items.length > 0 && (
        <>
          <div className="sp-toolbar">
            <ProvenanceChip provenance={state.data.provenance} />
            <ExportActions
              what={t('lookalikes_contacts_export_what')}
              fileBase={t('lookalikes_contacts_export_file', target.label)}
              json={() => items}
              table={() => ({
                columns: ['name', 'job_title', 'location', 'similarity_score', 'profile'],
                labels: { name: t('sidepanel_card_name'), job_title: t('sidepanel_search_job_title'), location: t('sidepanel_card_location'), similarity_score: t('lookalikes_col_score'), profile: t('sidepanel_card_profile') },
                rows: items.map((i) => ({ name: i.name, job_title: i.job_title, location: i.location, similarity_score: i.similarity_score, profile: i.pnet[0] })),
              })}
            />
          </div>
          <ol className="sp-people sp-people--ranked" aria-label={t('lookalikes_contacts_list_label')}>
            {items.map((c, i) => {
              const profile = c.pnet.map(personProfileUrl).find(Boolean) ?? null;
              return (
                <li key={`${i}-${c.name}`} className="sp-people__item">
                  <SafeImage src={null} alt="" size={28} fallback={initials(c.name)} />
                  <div className="sp-people__text">
                    <p className="sp-people__name">{c.name ?? t('sidepanel_profile_unnamed')}</p>
                    <p className="sp-people__sub">{[c.job_title, c.location].filter(Boolean).join(' · ')}</p>
                    {/* "71%" alone said nothing to a screen reader: it is the similarity, as the service scores it. */}
                    <span className="ui-visually-hidden">{t('lookalikes_similarity')} </span>
                    <ScoreBar score={c.similarity_score} label={`${t('lookalikes_similarity')} · ${t('a11y_similarity_contact')}`} />
                  </div>
                  {profile && (
                    <Button size="sm" variant="ghost" aria-label={t('sidepanel_open_named', c.name ?? t('sidepanel_contact_file_fallback'))} onClick={() => nav.openContact({ lookup: { social_profile: profile }, label: c.name ?? profile })}>
                      {t('sidepanel_open')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}
