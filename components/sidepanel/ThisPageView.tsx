import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, EmptyState, ErrorState, SkeletonList, timeAgo } from '@/components/ui';
import type { EntityLists, PageCompany, PagePerson } from '@/lib/detect/schema';
import type { BulkEntry } from '@/lib/model/lookup';
import type { BulkJob } from '@/lib/model/state';
import { companyContacts, foundParts, looseIdentifiers, type FoundBreakdown, personBulkEntry, personDisplayName } from '@/lib/people';
import { useAccount } from './account';
import { BulkJobPanel, BulkSelectionBar } from './BulkEnrichment';
import { ExportActions } from './ExportActions';
import { FoundEntities } from './FoundEntities';
import { request, useAsyncAction, useBackgroundEvent, useNow } from '@/components/shared/hooks';
import { bulkEntryFor, entityKey, type EntityKind, type PageEntity, profileOfPage } from '@/components/shared/lookup';
import { NoKeyState } from './NoKeyState';
import { CompaniesTable } from './people/CompaniesTable';
import { NamedPeople } from './people/NamedPeople';
import { PeopleTable, personKey } from './people/PeopleTable';
import { ProfileLead } from './ProfileLead';
import { t, tn } from '@/lib/i18n/t';

const kinds: ReadonlyArray<[EntityKind, keyof EntityLists]> = [
  ['profile', 'profiles'],
  ['email', 'emails'],
  ['phone', 'phones'],
  ['companyProfile', 'companyProfiles'],
  ['domain', 'domains'],
];

// Functions, not strings: the words come from the browser's i18n, asked when the export runs.
const entityKindWords: Record<EntityKind, () => string> = {
  profile: () => t('sidepanel_kind_person_profile'),
  email: () => t('sidepanel_kind_email'),
  phone: () => t('sidepanel_kind_phone'),
  companyProfile: () => t('sidepanel_kind_company_profile'),
  domain: () => t('sidepanel_kind_company_website'),
};

const noPeople: PagePerson[] = [];
const noCompanies: PageCompany[] = [];

/**
 * "17 people · 1 company · 2 more": what the page shows, as the rows below list it (the badge's number is the sum).
 * A page the scan found no people or company rows on lists its identifiers flat, and says "7 found".
 */
function foundSummary(found: FoundBreakdown, grouped: boolean, named: number): string {
  // Without people, named people or company rows the lists below are the flat identifier lists: one count fits them.
  if (!grouped && named === 0) return tn('sidepanel_page_found', found.people + found.companies + found.other);
  const parts: string[] = [];
  if (found.people > 0) parts.push(tn('sidepanel_page_found_people', found.people));
  // A speakers page of names says how many it names ("0 found" above six speakers read as an empty page).
  if (named > 0) parts.push(tn('sidepanel_page_found_named', named));
  if (found.companies > 0) parts.push(tn('sidepanel_page_found_companies', found.companies));
  if (found.other > 0) parts.push(tn('sidepanel_page_found_more', found.other));
  // A narrow panel wraps between the parts, never inside one ("1 / weitere").
  return parts.map((part) => part.replace(/ /g, '\u00a0')).join(' · ');
}

/**
 * "This page": what the scan found on the followed tab, people first (one row and one price per person), then
 * companies, then the identifiers that belong to nobody; select several for a bulk job with a cost preview, live
 * progress, cancel and exportable results. Before the scan groups people (empty `people`), it is the flat lists.
 */
export function ThisPageView({ tabId, visit }: { tabId: number | null; visit: number }) {
  const { hasKey, state: accountState } = useAccount();
  // `full`: the Rescan button reads the page again; a visit takes the scanner's current result (kept up to date).
  const page = useAsyncAction(({ id, full }: { id: number; full: boolean }) => request('page/get', { tabId: id, scan: true, ...(full ? { full } : {}) }));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [job, setJob] = useState<BulkJob | null>(null);
  // The job the user started from this view's selection bar (not one resumed on opening): its card takes focus.
  const [startedHere, setStartedHere] = useState<string | null>(null);
  const now = useNow();
  const { run, set } = page;

  const load = useCallback(() => {
    if (tabId !== null) void run({ id: tabId, full: false });
  }, [run, tabId]);
  const rescan = useCallback(() => {
    if (tabId !== null) void run({ id: tabId, full: true });
  }, [run, tabId]);

  useEffect(() => {
    load();
    setSelected(new Set());
  }, [load, visit]);

  // Resume showing a bulk job that is still running (the panel may have been closed meanwhile).
  useEffect(() => {
    request('bulk/list', {}).then(
      (jobs) => {
        const running = jobs.filter((j) => j.status === 'running' || j.status === 'queued').sort((a, b) => b.createdAt - a.createdAt)[0];
        if (running) setJob((current) => current ?? running);
      },
      () => undefined,
    );
  }, []);

  useBackgroundEvent((event) => {
    if (event.type === 'event/page' && event.page.tabId === tabId) set(event.page);
  });

  // While a rescan runs, keep showing the same tab's last findings; never another tab's (their buttons would act
  // on the wrong page).
  const previous = page.state.status === 'loading' ? page.state.previous : undefined;
  const data =
    page.state.status === 'success' ? page.state.data : previous && previous.tabId === tabId ? previous : null;

  const allPeople = data?.entities.people ?? noPeople;
  const companies = data?.entities.companies ?? noCompanies;
  // A shared mailbox or main line no person holds is its company's general contact: shown on the company's row.
  const contacts = useMemo(
    () => (data ? companyContacts(companies, looseIdentifiers(data.entities, allPeople, companies), data.url, allPeople) : null),
    [data, allPeople, companies],
  );
  const loose: EntityLists | null = contacts?.loose ?? null;
  const entities: PageEntity[] = useMemo(
    () => (loose ? kinds.flatMap(([kind, field]) => loose[field].map((value) => ({ kind, value }))) : []),
    [loose],
  );
  const lead = data ? profileOfPage(data.url, data.entities.profiles ?? []) : null;
  // The person the page is about is shown above the lists (ProfileLead), not again as a row.
  const people = useMemo(() => (lead ? allPeople.filter((p) => !p.profiles.includes(lead)) : allPeople), [allPeople, lead]);
  // One entry per selected person (their best identifier, the rest as aliases), then the selected loose items.
  const selectedRows: Array<{ key: string; entry: BulkEntry | null }> = [
    ...people.filter((p) => selected.has(personKey(p))).map((p) => ({ key: personKey(p), entry: personBulkEntry(p) })),
    ...entities.filter((e) => selected.has(entityKey(e))).map((e) => ({ key: entityKey(e), entry: bulkEntryFor(e) })),
  ];
  const sent = selectedRows.filter((r): r is { key: string; entry: BulkEntry } => r.entry !== null);
  const selectedEntries: BulkEntry[] = sent.map((r) => r.entry);

  if (tabId === null) {
    return <SkeletonList rows={4} label={t('sidepanel_page_finding_tab')} />;
  }
  if (page.state.status === 'idle' || (page.state.status === 'loading' && !data)) {
    return (
      <div className="sp-view">
        <SkeletonList rows={5} label={t('sidepanel_page_scanning')} />
      </div>
    );
  }
  if (page.state.status === 'error') {
    const error = page.state.error;
    return (
      <div className="sp-view">
        <ErrorState error={error} onRetry={load} />
      </div>
    );
  }
  if (!data) {
    return (
      <div className="sp-view">
        <EmptyState
          icon="file"
          title={t('sidepanel_page_not_scanned')}
          actions={
            <Button variant="primary" icon="search" onClick={load}>
              {t('sidepanel_page_scan')}
            </Button>
          }
        >
          <p>{t('sidepanel_page_scan_privacy')}</p>
        </EmptyState>
      </div>
    );
  }

  // The badge counts the same: people + companies + loose items.
  const found = foundParts(data.entities);
  // People named without an identifier are found too: a speakers page of names is not an empty page.
  const named = data.entities.namedPeople?.length ?? 0;
  const count = found.people + found.companies + found.other + named;
  const grouped = allPeople.length > 0 || companies.length > 0;
  return (
    <div className="sp-view sp-page" data-testid="this-page">
      <div className="sp-page__summary">
        <div className="sp-page__title">
          {/* The view's heading (h1 is the panel's name): the sections below (people, companies…) are its h3s. */}
          <h2 className="sp-page__name" title={data.title ? `${data.title}\n${data.url}` : data.url} translate="no">
            {data.title || data.url}
          </h2>
          <p className="sp-page__meta ui-num">
            {count === 0 ? t('sidepanel_page_nothing_found') : foundSummary(found, grouped, named)}
            {' · '}
            {data.complete ? t('sidepanel_page_scanned', timeAgo(data.scannedAt, now)) : t('sidepanel_page_still_scanning')}
          </p>
        </div>
        <Button size="sm" variant="ghost" icon="refresh" onClick={rescan} loading={page.state.status === 'loading'} aria-label={t('sidepanel_page_rescan_label')}>
          {t('sidepanel_page_rescan')}
        </Button>
      </div>
      {data.truncated && (
        <p className="sp-hint" role="note" data-testid="page-truncated">
          {t('sidepanel_page_truncated')}
        </p>
      )}
      {accountState.status === 'success' && !hasKey && <NoKeyState what={t('sidepanel_nokey_what_page')} />}
      {job && <BulkJobPanel key={job.id} initialJob={job} started={job.id === startedHere} onDismiss={() => setJob(null)} />}
      {lead && <ProfileLead profileUrl={lead} pageTitle={data.title} />}
      {count === 0 ? (
        <EmptyState icon="search" title={t('sidepanel_page_empty_title')}>
          <p>{t('sidepanel_page_empty_text')}</p>
          <p>{t('sidepanel_page_empty_selection')}</p>
        </EmptyState>
      ) : (
        <>
          {people.length > 0 && (
            <PeopleTable key={`people:${data.url}`} title={t('sidepanel_people')} label={t('sidepanel_page_people_label')} people={people} selection={{ selected, onChange: setSelected }} />
          )}
          <NamedPeople key={`named:${data.url}`} named={data.entities.namedPeople ?? []} pageUrl={data.url} />
          {companies.length > 0 && <CompaniesTable key={`companies:${data.url}`} companies={companies} contacts={contacts?.byCompany} />}
          {loose && <FoundEntities key={`loose:${data.url}`} entities={loose} selected={selected} onSelectionChange={setSelected} exclude={lead} loose={grouped} />}
          <div className="sp-toolbar sp-page__export">
            <span className="sp-toolbar__label">{t('sidepanel_page_export_title')}</span>
            <ExportActions
              what={t('sidepanel_page_export_what')}
              fileBase={t('sidepanel_page_export_file', data.title || t('sidepanel_page_export_file_page'))}
              json={() => ({ url: data.url, title: data.title, scannedAt: new Date(data.scannedAt).toISOString(), people: allPeople, companies, entities })}
              table={() => ({
                columns: ['kind', 'value', 'identifiers', 'page'],
                labels: { kind: t('sidepanel_export_col_kind'), value: t('sidepanel_export_col_value'), identifiers: t('sidepanel_export_col_identifiers'), page: t('sidepanel_export_col_page') },
                rows: [
                  ...allPeople.map((p) => ({ kind: t('sidepanel_kind_person'), value: personDisplayName(p), identifiers: [...p.profiles, ...p.emails, ...p.phones].join('; '), page: data.url })),
                  ...companies.map((c) => ({ kind: t('sidepanel_kind_company'), value: c.name ?? c.id, identifiers: [...c.domains, ...c.companyPages].join('; '), page: data.url })),
                  ...entities.map((e) => ({ kind: entityKindWords[e.kind](), value: e.value, identifiers: '', page: data.url })),
                ],
              })}
            />
          </div>
        </>
      )}
      <BulkSelectionBar
        entries={selectedEntries}
        disabled={!hasKey}
        onClear={() => setSelected(new Set())}
        onStarted={(started) => {
          setJob(started);
          setStartedHere(started.id);
          setSelected(new Set());
        }}
      />
    </div>
  );
}
