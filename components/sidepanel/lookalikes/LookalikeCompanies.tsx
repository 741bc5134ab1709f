// Lookalike companies: 10–500 ranked by similarity, sortable, exportable, the chosen ones enriched as a
// cancellable batch (one file per kind of lookalike).
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Checkbox, type Column, EmptyState, ErrorState, formatCredits, formatPercent, PaidButton, ProgressBar, SafeImage, ScoreBar, Select, SkeletonList, StatusChip, Table, displayUrl, initials, safeWebsiteUrl } from '@/components/ui';
import type { Company, SimilarCompanyItem } from '@/lib/api/schemas';
import type { CostEstimate, Provenance } from '@/lib/model/lookup';
import type { ErrorData } from '@/lib/model/errors';
import { useAccount } from '../account';
import { ProvenanceChip } from '../ContactView';
import { ExportActions } from '../ExportActions';
import { invalidateEstimates, paidRequest, request, toErrorData, useAsyncAction, useEstimate } from '@/components/shared/hooks';
import { type LookalikeTarget, useNavigation } from '../navigation';
import { t, tn } from '@/lib/i18n/t';

const SIZES = [10, 25, 50, 100, 250, 500] as const;

type CompanyTargetOf = Extract<LookalikeTarget, { kind: 'companies' }>;
type RowStatus =
  | { state: 'pending' }
  | { state: 'done'; company: Company; provenance: Provenance }
  | { state: 'notfound' }
  // Stopped by "Cancel the rest" before it was sent: nothing was charged for it.
  | { state: 'cancelled' }
  | { state: 'error'; error: ErrorData };

const keyOf = (item: SimilarCompanyItem, index: number) => item.website ?? `${item.name ?? 'company'}#${index}`;

export function LookalikeCompanies({ target }: { target: CompanyTargetOf }) {
  const nav = useNavigation();
  const { hasKey } = useAccount();
  const [size, setSize] = useState<number>(target.items ? target.items.length : 25);
  const [revealAll, setRevealAll] = useState(false);
  const { estimate } = useEstimate(target.items ? null : { action: 'company/similar', size, revealAll, url: target.url });
  /** `quotedCredits`: the price shown (0 when it starts by itself on a cached answer); a dearer run is refused. */
  const search = useAsyncAction((s: number, reveal: boolean, quotedCredits?: number) => paidRequest('company/similar', { url: target.url, size: s, revealAll: reveal }, quotedCredits));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [statuses, setStatuses] = useState<Map<string, RowStatus>>(new Map());
  const { state, run, set } = search;

  useEffect(() => {
    if (target.items) set({ found: true, result: target.items, provenance: target.provenance ?? { source: 'cache', fetchedAt: Date.now(), creditsCharged: 0 } });
  }, [target, set]);
  const cached = estimate?.cached ?? false;
  useEffect(() => {
    if (cached && state.status === 'idle') void run(size, revealAll, 0);
  }, [cached, state.status, run, size, revealAll]);

  const items = useMemo(() => (state.status === 'success' && state.data.found ? state.data.result : []), [state]);
  const keyed = useMemo(() => items.map((item, i) => ({ item, key: keyOf(item, i) })), [items]);

  // The running batch's id: 'lookups/cancel' stops its lookups that have not been sent (a 250-company
  // enrichment waiting for the rate limit must be cancellable).
  const batch = useRef<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  // The batch the user cancelled: its lookups that end 'aborted' were stopped before being sent, not failed.
  const cancelledBatch = useRef<string | null>(null);
  const [cancelRequested, setCancelRequested] = useState(false);
  // Leaving the view takes the batch's progress and its Cancel with it, so its lookups not sent yet are stopped:
  // nothing goes on charging out of sight. Those already sent finish, and land in the cache and the contact book.
  const batchRunning = useRef(false);
  useEffect(
    () => () => {
      if (batchRunning.current && batch.current) void request('lookups/cancel', { group: batch.current }).catch(() => undefined);
    },
    [],
  );
  const cancelBatch = async () => {
    if (!batch.current) return;
    cancelledBatch.current = batch.current;
    setCancelling(true);
    try {
      await request('lookups/cancel', { group: batch.current });
      setCancelRequested(true);
    } finally {
      setCancelling(false);
    }
  };

  // The companies chosen, priced together: each by its own plan (a cached one, or one enriched in the last 30 days,
  // is free), summed, with the budget asked for the sum. Each request is then held to its own price.
  const chosenNow = useMemo(() => keyed.filter((k) => selected.has(k.key) && safeWebsiteUrl(k.item.website)), [keyed, selected]);
  const { estimate: selectionPrice } = useEstimate(chosenNow.length > 0 ? { action: 'companies/enrich', urls: chosenNow.map((k) => k.item.website as string) } : null);
  // Only a price that names each chosen company's part can hold each request to it: anything else is still pricing.
  const selectionEstimate = selectionPrice?.each?.length === chosenNow.length ? selectionPrice : null;

  const enrichSelected = async () => {
    const quotes = selectionEstimate?.each;
    if (!quotes) return;
    const group = crypto.randomUUID();
    batch.current = group;
    setCancelRequested(false);
    const chosen = chosenNow;
    setStatuses((prev) => {
      const next = new Map(prev);
      for (const c of chosen) next.set(c.key, { state: 'pending' });
      return next;
    });
    setSelected(new Set());
    // All go to the background at once: its queue paces them under the rate limit and shows the ETA.
    await Promise.all(
      chosen.map(async ({ item, key }, i) => {
        let status: RowStatus;
        try {
          const reply = await request('company/enrich', { url: item.website as string, group, quotedCredits: quotes[i] ?? 0 });
          status = reply.found ? { state: 'done', company: reply.result, provenance: reply.provenance } : { state: 'notfound' };
        } catch (cause) {
          const error = toErrorData(cause);
          status = error.kind === 'aborted' && cancelledBatch.current === group ? { state: 'cancelled' } : { state: 'error', error };
        }
        setStatuses((prev) => new Map(prev).set(key, status));
      }),
    );
    invalidateEstimates();
  };

  const statusList = [...statuses.values()];
  const count = (state: RowStatus['state']) => statusList.filter((s) => s.state === state).length;
  const settledCount = statusList.length - count('pending');
  const enrichedCount = count('done');
  const pendingCount = count('pending');
  const running = pendingCount > 0;
  batchRunning.current = running;
  // Every outcome is named: "250 of 250 enriched" must not stand for 8 enriched and 242 cancelled.
  const progressDetail = [
    tn(running ? 'lookalikes_progress_running' : 'lookalikes_progress_done', statuses.size, enrichedCount),
    ...(count('notfound') > 0 ? [tn('lookalikes_progress_notfound', count('notfound'))] : []),
    ...(count('cancelled') > 0 ? [tn('lookalikes_progress_cancelled', count('cancelled'))] : []),
    ...(count('error') > 0 ? [tn('lookalikes_progress_failed', count('error'))] : []),
    ...(running && cancelRequested ? [tn('lookalikes_progress_cancel_waiting', pendingCount)] : []),
  ].join(t('lookalikes_progress_separator'));
  const firstError = statusList.find((s): s is Extract<RowStatus, { state: 'error' }> => s.state === 'error');

  const columns: Array<Column<{ item: SimilarCompanyItem; key: string }>> = [
    {
      id: 'name',
      header: t('sidepanel_tab_company'),
      sortValue: (r) => (r.item.name ?? '').toLowerCase(),
      cell: (r) => {
        const status = statuses.get(r.key);
        return (
          <span className="sp-entity">
            <SafeImage src={null} alt="" size={24} shape="square" fallback={initials(r.item.name)} />
            <span className="ui-cell-stack">
              {status?.state === 'done' ? (
                <button
                  type="button"
                  className="ui-cell-button"
                  onClick={() => nav.openCompany({ url: r.item.website ?? '', label: r.item.name ?? '', company: status.company, provenance: status.provenance })}
                >
                  {r.item.name ?? t('sidepanel_profile_unnamed')}
                </button>
              ) : (
                <span className="sp-strong">{r.item.name ?? t('sidepanel_profile_unnamed')}</span>
              )}
              <span className="ui-cell-stack__sub">
                {status?.state === 'done' && <span className="sp-done">{t('lookalikes_enriched_prefix')}</span>}
                {[r.item.website ? displayUrl(safeWebsiteUrl(r.item.website) ?? r.item.website) : null, r.item.industry[0]].filter(Boolean).join(' · ')}
              </span>
            </span>
          </span>
        );
      },
    },
    {
      id: 'score',
      header: t('lookalikes_col_score'),
      // Wide enough for the longest status chip ("Cancelled", "Abgebrochen") without cutting it.
      width: '112px',
      sortValue: (r) => r.item.similarity_score,
      cell: (r) => {
        const status = statuses.get(r.key);
        if (status && status.state !== 'done') {
          return (
            <StatusChip tone={status.state === 'pending' ? 'info' : status.state === 'error' ? 'danger' : 'neutral'}>
              {status.state === 'pending'
                ? t('lookalikes_status_queued')
                : status.state === 'notfound'
                  ? t('book_event_no_match')
                  : status.state === 'cancelled'
                    ? t('lookalikes_status_cancelled')
                    : t('lookalikes_status_failed')}
            </StatusChip>
          );
        }
        // "71%" on screen; the tooltip says what it is a percentage of (the service gives a bare 0–1 number).
        const score = r.item.similarity_score;
        const value = t('lookalikes_similarity_value', score === null || !Number.isFinite(score) ? '?' : formatPercent(score));
        return <ScoreBar score={score} label={`${value} · ${t('a11y_similarity_company', target.label)}`} />;
      },
    },
  ];

  return (
    <div className="sp-view">
      <div className="sp-target">
        <p className="sp-eyebrow">{t('lookalikes_companies_title')}</p>
        <h2 className="sp-target__label">{target.label}</h2>
      </div>
      {!target.items && (
        <Card padding="sm" className="sp-controls">
          <div className="sp-controls__row">
            <Select
              label={t('lookalikes_how_many')}
              inline
              value={String(size)}
              onChange={(e) => setSize(Number(e.target.value))}
              options={SIZES.map((s) => ({ value: String(s), label: String(s) }))}
            />
            <Checkbox label={t('lookalikes_reveal_all')} description={t('lookalikes_reveal_all_hint')} checked={revealAll} onChange={(e) => setRevealAll(e.target.checked)} />
          </div>
          <div className="ui-button-row">
            <PaidButton variant="primary" icon="sparkles" upTo estimate={estimate} disabled={!hasKey} loading={state.status === 'loading'} onClick={() => void run(size, revealAll, estimate?.credits)}>
              {items.length > 0 ? t('lookalikes_search_again') : t('lookalikes_find')}
            </PaidButton>
          </div>
        </Card>
      )}
      {state.status === 'loading' && <SkeletonList rows={6} label={t('lookalikes_companies_finding')} />}
      {state.status === 'error' && <ErrorState error={state.error} onRetry={() => void run(size, revealAll, estimate?.credits ?? 0)} retryCredits={estimate?.credits} />}
      {state.status === 'success' && !state.data.found && (
        <EmptyState icon="building" title={t('lookalikes_company_not_found')}>
          <p>{state.data.errorText}</p>
          <p>{t('lookalikes_company_not_found_text')}</p>
        </EmptyState>
      )}
      {state.status === 'success' && state.data.found && items.length === 0 && (
        <EmptyState icon="sparkles" title={t('lookalikes_none')} compact>
          <p>{t('lookalikes_none_text')}</p>
        </EmptyState>
      )}
      {items.length > 0 && state.status === 'success' && (
        <>
          <div className="sp-toolbar">
            <ProvenanceChip provenance={state.data.provenance} />
            <ExportActions
              what={t('lookalikes_companies_export_what')}
              fileBase={t('lookalikes_companies_export_file', target.label)}
              json={() => items}
              table={() => ({
                columns: ['name', 'website', 'similarity_score', 'industry', 'specialities', 'description'],
                labels: {
                  name: t('sidepanel_card_name'),
                  website: t('sidepanel_profile_website'),
                  similarity_score: t('lookalikes_col_score'),
                  industry: t('sidepanel_profile_industry'),
                  specialities: t('sidepanel_company_specialities'),
                  description: t('lookalikes_col_description'),
                },
                rows: items.map((i) => ({
                  name: i.name,
                  website: i.website,
                  similarity_score: i.similarity_score,
                  industry: i.industry.join('; '),
                  specialities: i.specialities.join('; '),
                  description: i.description,
                })),
              })}
            />
          </div>
          {statuses.size > 0 && (
            <ProgressBar
              label={t('lookalikes_enriching_chosen')}
              value={settledCount}
              max={statuses.size}
              tone={running ? 'accent' : 'success'}
              detail={progressDetail}
            />
          )}
          {running && !cancelRequested && (
            <div className="ui-button-row">
              <Button size="sm" variant="danger" icon="stop" loading={cancelling} onClick={() => void cancelBatch()} title={t('lookalikes_cancel_rest_hint')}>
                {t('lookalikes_cancel_rest')}
              </Button>
            </div>
          )}
          {firstError && <ErrorState error={firstError.error} compact />}
          <Table
            label={t('lookalikes_companies_title')}
            rows={keyed}
            rowKey={(r) => r.key}
            rowHeight={48}
            maxHeight={48 * 9}
            defaultSort={{ columnId: 'score', direction: 'desc' }}
            columns={columns}
            selection={{
              selected,
              onChange: setSelected,
              rowLabel: (r) => t('sidepanel_select_value', r.item.name ?? t('lookalikes_company_fallback')),
              isSelectable: (r) => safeWebsiteUrl(r.item.website) !== null && !statuses.has(r.key),
            }}
          />
          <SelectionEnrichBar count={chosenNow.length} estimate={selectionEstimate} disabled={!hasKey || running} onEnrich={() => void enrichSelected()} />
        </>
      )}
    </div>
  );
}

function SelectionEnrichBar({ count, estimate, disabled, onEnrich }: { count: number; estimate: CostEstimate | null; disabled: boolean; onEnrich: () => void }) {
  if (count === 0) return null;
  const label = !estimate
    ? tn('lookalikes_enrich_label_pricing', count)
    : estimate.credits === 0
      ? tn('lookalikes_enrich_label_free', count)
      : tn('lookalikes_enrich_label', count, formatCredits(estimate.credits));
  return (
    <div className="sp-bulkbar" role="region" aria-label={t('lookalikes_selection')}>
      <div className="sp-bulkbar__row">
        <span className="sp-bulkbar__count ui-num">{tn('lookalikes_selected', count)}</span>
        <PaidButton size="sm" variant="primary" icon="zap" upTo estimate={estimate} disabled={disabled} onClick={onEnrich} aria-label={label}>
          {t('lookalikes_enrich_companies')}
        </PaidButton>
      </div>
      <p className="sp-bulkbar__note">{t('lookalikes_enrich_note')}</p>
    </div>
  );
}
