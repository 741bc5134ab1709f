import { type FormEvent, useMemo, useState } from 'react';
import {
  Button,
  Card,
  ChipList,
  EmptyState,
  ErrorState,
  formatCount,
  Icon,
  PaidButton,
  SafeImage,
  Select,
  SkeletonList,
  TokenInput,
  initials,
} from '@/components/ui';
import type { ContactSearchResult } from '@/lib/api/schemas';
import { describeError } from '@/lib/errors/catalogue';
import { contactsTable, fullNameOf } from '@/lib/export';
import type { RequestInput } from '@/lib/messaging/protocol';
import type { Provenance } from '@/lib/model/lookup';
import { useAccount } from './account';
import { INDUSTRIES, SENIORITY_LEVELS } from './catalogues';
import { ProvenanceChip } from './ContactView';
import { ExportActions } from './ExportActions';
import { invalidateEstimates, request, useAsyncAction, useEstimate } from '@/components/shared/hooks';
import { lookupForContact } from '@/components/shared/lookup';
import { useNavigation } from './navigation';
import { NoKeyState } from './NoKeyState';
import { joinText, locationText } from './text';
import { t } from '@/lib/i18n/t';

type Filters = Required<Pick<RequestInput<'contact/search'>, 'job_title' | 'seniority' | 'location' | 'skills' | 'interests' | 'industry'>>;
/** One page of a search as it is sent (and priced): the filters, the page and its size, never the quote. */
type SearchInput = Omit<RequestInput<'contact/search'>, 'quotedCredits'>;

const EMPTY: Filters = { job_title: [], seniority: [], location: [], skills: [], interests: [], industry: [] };
const PAGE_SIZES = [10, 25, 50] as const;

/**
 * Contact search (enterprise plans): a filter form with the spec's industry catalogue, paged results (each page
 * priced before the click) that open in the contact view without another charge. A standard plan gets a clear
 * "needs an Enterprise plan" state.
 *
 * Every page is priced by the plan its run makes: the estimate carries the page's filters, page and size
 * (lib/engine/estimate.ts), so a page fetched before (cached 30 days) shows "Cached … · free" and its click is held
 * to free, and each click is held to its own page's price.
 */
export function ContactSearchView() {
  const nav = useNavigation();
  const { hasKey, state: accountState } = useAccount();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [pageSize, setPageSize] = useState<number>(25);
  const [planRequired, setPlanRequired] = useState(false);
  // After a search the form folds into a one-line summary so the results are in view.
  const [editing, setEditing] = useState(true);
  // The first page of the filters as they stand: what "Search" sends, and what its price is the plan of.
  const firstPage = useMemo(() => searchInput(filters, pageSize), [filters, pageSize]);
  const { estimate } = useEstimate({ action: 'contact/search', pageSize, filters: firstPage });
  const search = useAsyncAction(async ({ input, quotedCredits }: { input: SearchInput; quotedCredits: number | undefined }) => {
    try {
      // Held to the price the clicked button showed for this page (a dearer page is refused, nothing sent).
      const reply = await request('contact/search', quotedCredits === undefined ? input : { ...input, quotedCredits });
      invalidateEstimates();
      setEditing(false);
      return { ...reply, input };
    } catch (cause) {
      if (cause && typeof cause === 'object' && 'error' in cause && (cause as { error: { kind: string } }).error.kind === 'plan_required') setPlanRequired(true);
      throw cause;
    }
  });
  const { state, run } = search;

  if (accountState.status === 'success' && !hasKey) return <NoKeyState what={t('sidepanel_nokey_what_search')} />;

  const active = Object.values(filters).some((v) => v.length > 0);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!active) return;
    void run({ input: firstPage, quotedCredits: estimate?.credits });
  };
  const set = (key: keyof Filters) => (values: string[]) => setFilters((f) => ({ ...f, [key]: values }));

  if (planRequired) {
    return (
      <div className="sp-view" data-testid="search-plan-required">
        <EmptyState
          icon="key"
          title={describeError({ kind: 'plan_required', message: '' }).title}
          actions={
            <Button onClick={() => setPlanRequired(false)} variant="secondary">
              {t('sidepanel_search_back_to_filters')}
            </Button>
          }
        >
          <p>{t('sidepanel_search_plan_text')}</p>
          <p>{t('sidepanel_search_plan_rest')}</p>
        </EmptyState>
      </div>
    );
  }

  const data = state.status === 'success' ? state.data : null;
  return (
    <div className="sp-view">
      {!editing && data && (
        <Card padding="sm" className="sp-filters-summary">
          <ChipList items={Object.values(filters).flat()} label={t('sidepanel_search_active_filters')} max={8} tone="accent" />
          <Button size="sm" icon="filter" onClick={() => setEditing(true)}>
            {t('sidepanel_search_edit_filters')}
          </Button>
        </Card>
      )}
      <form className="sp-search-form" onSubmit={submit} aria-label={t('sidepanel_search_filters_label')} hidden={!editing && Boolean(data)}>
        <TokenInput label={t('sidepanel_search_job_title')} values={filters.job_title} onChange={set('job_title')} placeholder={t('sidepanel_search_job_title_placeholder')} />
        <TokenInput label={t('sidepanel_profile_seniority')} values={filters.seniority} onChange={set('seniority')} suggestions={SENIORITY_LEVELS} placeholder={t('sidepanel_search_seniority_placeholder')} />
        <TokenInput label={t('sidepanel_card_location')} values={filters.location} onChange={set('location')} placeholder={t('sidepanel_search_location_placeholder')} />
        <TokenInput label={t('sidepanel_profile_skills')} values={filters.skills} onChange={set('skills')} placeholder={t('sidepanel_search_skills_placeholder')} />
        <TokenInput label={t('sidepanel_profile_interests')} values={filters.interests} onChange={set('interests')} placeholder={t('sidepanel_search_interests_placeholder')} />
        <TokenInput
          label={t('sidepanel_profile_industry')}
          values={filters.industry}
          onChange={set('industry')}
          suggestions={INDUSTRIES}
          placeholder={t('sidepanel_search_industry_placeholder')}
          hint={t('sidepanel_search_industry_hint')}
        />
        <div className="sp-search-form__footer">
          <Select label={t('sidepanel_search_page_size')} inline value={String(pageSize)} onChange={(e) => setPageSize(Number(e.target.value))} options={PAGE_SIZES.map((s) => ({ value: String(s), label: String(s) }))} />
          <div className="ui-button-row">
            {active && (
              <Button variant="ghost" size="sm" onClick={() => setFilters(EMPTY)}>
                {t('sidepanel_search_clear')}
              </Button>
            )}
            <PaidButton type="submit" variant="primary" icon="search" upTo estimate={estimate} disabled={!active} loading={state.status === 'loading'}>
              {t('sidepanel_tab_search')}
            </PaidButton>
          </div>
        </div>
        <p className="sp-search-form__note">
          <Icon name="info" size={12} /> {t('sidepanel_search_note')}
        </p>
      </form>

      {state.status === 'idle' && (
        <EmptyState icon="search" title={t('sidepanel_search_idle_title')} compact>
          <p>{t('sidepanel_search_idle_text')}</p>
        </EmptyState>
      )}
      {state.status === 'loading' && <SkeletonList rows={6} label={t('sidepanel_search_searching')} />}
      {state.status === 'error' && <ErrorState error={state.error} onRetry={() => submit()} />}
      {data && (
        <SearchResults data={data.result} provenance={data.provenance} input={data.input} onPage={(input, quotedCredits) => void run({ input, quotedCredits })} />
      )}
      {data && data.result.results.length > 0 && (
        <p className="sp-hint">
          {t('sidepanel_search_results_hint')}{' '}
          <button type="button" className="sp-linkbutton" onClick={() => nav.show('history')}>
            {t('sidepanel_search_past_in_history')}
          </button>
        </p>
      )}
    </div>
  );
}

function SearchResults({
  data,
  provenance,
  input,
  onPage,
}: {
  data: ContactSearchResult;
  provenance: Provenance;
  input: SearchInput;
  /** Runs another page of the same search, held to the price its button showed. */
  onPage: (input: SearchInput, quotedCredits: number | undefined) => void;
}) {
  const nav = useNavigation();
  const page = data.page ?? input.page ?? 1;
  const size = data.page_size ?? input.page_size ?? 25;
  const total = data.total_records_found ?? data.results.length;
  const pages = Math.max(1, Math.ceil(total / size));
  // Each neighbour page priced by its own plan: one fetched before (going back) is cached, so free.
  const previous = page > 1 ? { ...input, page: page - 1 } : null;
  const following = page < pages ? { ...input, page: page + 1 } : null;
  const { estimate: previousEstimate } = useEstimate(previous && { action: 'contact/search', pageSize: size, filters: previous });
  const { estimate: nextEstimate } = useEstimate(following && { action: 'contact/search', pageSize: size, filters: following });
  // A result opened from the page was paid for with the page: its own provenance, free, never the page's charge.
  const opened = openedFromSearch(provenance);
  if (data.results.length === 0) {
    return (
      <EmptyState icon="users" title={t('sidepanel_search_no_results')} compact>
        <p>{t('sidepanel_search_no_results_text')}</p>
      </EmptyState>
    );
  }
  return (
    <section className="sp-results" aria-label={t('sidepanel_search_results_label')}>
      <div className="sp-toolbar">
        <p className="sp-toolbar__label ui-num">
          {t('sidepanel_search_found_page', total, page, pages)}
        </p>
        <ProvenanceChip provenance={provenance} />
      </div>
      <div className="sp-toolbar">
        <ExportActions what={t('sidepanel_search_export_what')} fileBase={t('sidepanel_search_export_file')} json={() => data.results} table={() => contactsTable(data.results, provenance.fetchedAt)} />
      </div>
      <ul className="sp-cards">
        {data.results.map((c, i) => {
          const name = fullNameOf(c) || t('sidepanel_profile_unnamed_contact');
          const lookup = lookupForContact(c);
          return (
            <li key={c._id ?? i}>
              <Card padding="sm" className="sp-result">
                <SafeImage src={c.profile_pic_url} alt="" size={32} fallback={initials(name)} />
                <div className="sp-result__text">
                  <button
                    type="button"
                    className="ui-cell-button"
                    disabled={!lookup}
                    onClick={() => lookup && nav.openContact({ lookup, label: name, contact: c, provenance: opened })}
                  >
                    {name}
                  </button>
                  <p className="sp-result__sub">{joinText([c.employment?.job?.title ?? c.headline, c.employment?.name])}</p>
                  <p className="sp-result__meta">{locationText(c.location)}</p>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      <nav className="sp-pager" aria-label={t('sidepanel_search_pages_label')}>
        {/* Going back asks for a page fetched before: cached (30 days), so "free" (its age in the tooltip), held to free. */}
        {previous ? (
          <PaidButton size="sm" icon="chevronLeft" estimate={previousEstimate} upTo compact onClick={() => onPage(previous, previousEstimate?.credits)}>
            {t('sidepanel_search_previous')}
          </PaidButton>
        ) : (
          <Button size="sm" icon="chevronLeft" disabled>
            {t('sidepanel_search_previous')}
          </Button>
        )}
        <span className="sp-pager__where ui-num">
          {page} / {formatCount(pages)}
        </span>
        {following ? (
          <PaidButton size="sm" estimate={nextEstimate} upTo compact onClick={() => onPage(following, nextEstimate?.credits)}>
            {t('sidepanel_search_next')}
          </PaidButton>
        ) : (
          <Button size="sm" disabled>
            {t('sidepanel_search_next')}
          </Button>
        )}
      </nav>
    </section>
  );
}

/** The first page of a search for the filters given (empty filters are not sent). */
function searchInput(filters: Filters, pageSize: number): SearchInput {
  const input: SearchInput = { page: 1, page_size: pageSize };
  for (const [key, values] of Object.entries(filters) as Array<[keyof Filters, string[]]>) if (values.length > 0) input[key] = values;
  return input;
}

/**
 * The provenance of one contact opened from a search page: opening it costs nothing (the page paid for it, and the
 * page's answer is cached), so it reads "Cached … · free" from when the page was fetched, never the page's charge
 * ("Live · 25 credits" is what the page cost, not this person). Shared with a company's people (people/CompanyPeople).
 */
export function openedFromSearch(page: Provenance): Provenance {
  return { source: 'cache', fetchedAt: page.fetchedAt, creditsCharged: 0 };
}
