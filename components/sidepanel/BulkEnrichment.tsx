// The bulk enrichment card: its states (preview, running, cancelling, finished, retry) follow one job record from the
// background, and every figure on it reads that record, so they stay in one file; the live progress line and the
// results table are their own components (progress/, Table).
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { recordIdFor } from '@/lib/contacts/record';
import { BoughtBeforeNote } from './contacts/BoughtBeforeNote';
import { WebhookSendButton } from './contacts/WebhookSendButton';
import { AddToListButton } from './lists/AddToListButton';
import {
  Button,
  type Column,
  displayUrl,
  ErrorState,
  formatCount,
  formatCredits,
  PaidButton,
  ProgressBar,
  Section,
  StatusChip,
  Table,
  type Tone,
} from '@/components/ui';
import { CONTACT_COLUMNS, CONTACT_LABELS, flattenContact, fullNameOf, type Tabular } from '@/lib/export';
import { finalBulkRows, isFinished, readAllRows, rowsToShow } from '@/lib/export/bulk-final';
import { t, tn } from '@/lib/i18n/t';
import type { BulkEntry, Provenance } from '@/lib/model/lookup';
import type { BulkJob, BulkRow } from '@/lib/model/state';
import type { ErrorData } from '@/lib/model/errors';

import { ExportActions } from './ExportActions';
import { invalidateEstimates, request, toErrorData, useBackgroundEvent, useEstimate } from '@/components/shared/hooks';
import { lookupForContact } from '@/components/shared/lookup';
import { useNavigation } from './navigation';
import { BulkLiveStatus } from './progress/BulkLiveStatus';
import { BulkMoneyNotes } from './progress/BulkMoneyNotes';
import { BulkRequiredNote, useBulkRequired } from './progress/BulkRequiredNote';
import { RetryButton } from './progress/RetryButton';
import { SpendConfirm, useConfirmAbove } from './progress/SpendConfirm';
import { bulkJobDetail, bulkJobTitle } from './progress/bulk-summary';

export interface BulkSelectionBarProps {
  entries: BulkEntry[];
  onClear: () => void;
  onStarted: (job: BulkJob) => void;
  disabled?: boolean;
}

/** Sticky bar for the current selection: how many, what it can cost, and the button that starts the bulk job. */
export function BulkSelectionBar({ entries, onClear, onStarted, disabled = false }: BulkSelectionBarProps) {
  const { fields: requiredFields, dropped } = useBulkRequired();
  // People bought before are filled from the contact book, free; `fresh` buys them again (a choice, priced).
  const [fresh, setFresh] = useState(false);
  const required = { ...(requiredFields.length > 0 ? { requiredFields } : {}), ...(fresh ? { fresh } : {}) };
  const { estimate } = useEstimate(entries.length > 0 ? { action: 'bulk/enrich', count: entries.length, entries, ...required } : null);
  // Kept while the estimate is asked again (after the choice just made), so the note and its button stay put.
  const lastBought = useRef(0);
  if (estimate) lastBought.current = estimate.saved ?? 0;
  const bought = estimate ? (estimate.saved ?? 0) : lastBought.current;
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<ErrorData | null>(null);
  const confirmAbove = useConfirmAbove();
  if (entries.length === 0) return null;
  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      // Held to the price on the button: a job that would send more (answers cleared from the cache since) is refused.
      const job = await request('bulk/start', { entries, ...required, ...(estimate ? { quotedCredits: estimate.credits } : {}) });
      // The next selection starts from the free default again.
      setFresh(false);
      onStarted(job);
    } catch (cause) {
      const data = toErrorData(cause);
      setError(data);
      if (data.kind === 'price_changed') invalidateEstimates();
    } finally {
      setStarting(false);
    }
  };
  return (
    <div className="sp-bulkbar" role="region" aria-label={t('progress_selection_region')}>
      {error && <ErrorState error={error} onRetry={() => void start()} compact />}
      <div className="sp-bulkbar__row">
        <span className="sp-bulkbar__count ui-num">{t('progress_selected', formatCount(entries.length))}</span>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setFresh(false);
            onClear();
          }}
        >
          {t('progress_clear')}
        </Button>
        <SpendConfirm credits={estimate?.credits} threshold={confirmAbove} onStart={() => void start()}>
          {/* The button's price badge already names the most it can cost: its words stay the same above the threshold. */}
          {({ onClick, asking }) => (
            <PaidButton
              size="sm"
              variant="primary"
              icon="zap"
              upTo
              estimate={estimate}
              loading={starting}
              disabled={disabled || asking}
              onClick={onClick}
              aria-label={
                estimate
                  ? t('progress_enrich_selected_aria_price', String(entries.length), formatCredits(estimate.credits))
                  : t('progress_enrich_selected_aria', String(entries.length))
              }
            >
              {t('progress_enrich_selected')}
            </PaidButton>
          )}
        </SpendConfirm>
      </div>
      {bought > 0 && <BoughtBeforeNote count={bought} fresh={fresh} onFresh={setFresh} />}
      <p className="sp-bulkbar__note">{t('progress_charged_found_only')}</p>
      <BulkRequiredNote dropped={dropped} />
    </div>
  );
}

const statusTones: Record<BulkRow['status'], Tone> = { pending: 'info', enriched: 'success', not_found: 'neutral', error: 'danger', cancelled: 'neutral' };

function statusLabel(status: BulkRow['status']): string {
  switch (status) {
    case 'pending':
      return t('progress_status_pending');
    case 'enriched':
      return t('progress_status_enriched');
    case 'not_found':
      return t('progress_status_not_found');
    case 'error':
      return t('progress_status_error');
    case 'cancelled':
      return t('progress_status_cancelled');
  }
}

const finished = isFinished;

async function loadAllRows(jobId: string): Promise<BulkRow[]> {
  return readAllRows((offset, limit) => request('bulk/rows', { jobId, offset, limit }));
}

/**
 * The rows an export is taken from: once the job is finished, its final rows read from the background now, never
 * the panel's copy, which can still be the one loaded before the job finished ("Pending" rows the ledger had
 * already charged). A running job is exported as it stands.
 */
async function exportRows(job: BulkJob, shown: readonly BulkRow[]): Promise<readonly BulkRow[]> {
  if (!finished(job)) {
    const latest = await request('bulk/get', { jobId: job.id });
    if (!finished(latest)) return shown;
  }
  const final = await finalBulkRows(
    () => request('bulk/get', { jobId: job.id }),
    (offset, limit) => request('bulk/rows', { jobId: job.id, offset, limit }),
  );
  return final.rows;
}

/**
 * One bulk job: live progress (done/total, ETA from the queue), cancel, then the results table and exports.
 * `started`: the user has just started it from a selection bar, which is gone now and took focus with it; the card
 * appears at the top of the view while the user was at the bottom, so it is scrolled to, takes focus, and the start
 * is announced. A job the panel only resumes showing (opened again while it runs) does none of that.
 */
export function BulkJobPanel({ initialJob, onDismiss, started = false }: { initialJob: BulkJob; onDismiss: () => void; started?: boolean }) {
  const [job, setJob] = useState(initialJob);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const jobRef = useRef(initialJob);
  const [rows, setRows] = useState<BulkRow[] | null>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const lastRowsLoad = useRef(0);
  const nav = useNavigation();

  // Row loads overlap (progress events, the poll, the finish); only the latest one may land, or an older, slower
  // read could put "pending" rows back under a finished job.
  const rowsGeneration = useRef(0);
  const refreshRows = useCallback(
    async (current: BulkJob) => {
      lastRowsLoad.current = Date.now();
      const generation = ++rowsGeneration.current;
      try {
        const loaded = await loadAllRows(current.id);
        if (generation === rowsGeneration.current) setRows(loaded);
      } catch (cause) {
        if (generation === rowsGeneration.current) setError(toErrorData(cause));
      }
    },
    [],
  );

  const onJob = useCallback(
    (next: BulkJob) => {
      // A finished job runs again only by a retry (whose answer comes through `retried`): a poll answer read before
      // it finished, landing after the 'done' event, must not bring back "Running" and Cancel.
      if (finished(jobRef.current) && !finished(next)) return;
      jobRef.current = next;
      setJob(next);
      if (finished(next)) {
        invalidateEstimates();
        void refreshRows(next);
      } else if (Date.now() - lastRowsLoad.current > 2500) {
        void refreshRows(next);
      }
    },
    [refreshRows],
  );

  useBackgroundEvent((event) => {
    if (event.type === 'event/bulk' && event.job.id === job.id) onJob(event.job);
  });

  // Events can be missed while the worker restarts; a slow poll keeps the bar honest.
  useEffect(() => {
    if (finished(job)) return;
    const timer = setInterval(() => {
      request('bulk/get', { jobId: job.id }).then(onJob, () => undefined);
    }, 2000);
    return () => clearInterval(timer);
  }, [job, onJob]);

  useEffect(() => {
    void refreshRows(initialJob);
  }, [initialJob, refreshRows]);

  // The end is announced once, when this card sees the job finish; the seconds and counts in between are not (the
  // progress line ticks every second and is no live region).
  // A job shown again after it finished is not announced; one started here and answered at once (the cache) is.
  const announcedEnd = useRef(finished(initialJob) && !started);
  useEffect(() => {
    if (!finished(job) || announcedEnd.current) return;
    announcedEnd.current = true;
    // Not in the same render as the region's first: text that arrives with the region is often not read. Not
    // cleared when the (finished) job record is read again meanwhile: it is said once, and only this once. Commas,
    // not the card's " · ", between the figures: a pause when spoken (some readers say "dot"), and the card's own
    // line stays the only text on the page that reads exactly so.
    const words = `${bulkJobTitle(job)}. ${bulkJobDetail(job).split(' · ').join(', ')}.`;
    setTimeout(() => setAnnouncement(words), 150);
  }, [job]);

  useEffect(() => {
    if (!started) return;
    const heading = headingRef.current;
    // The section, not the heading, is scrolled to; the page's scroll-padding (sidepanel.css) keeps it clear of the
    // sticky header and tabs. Focus follows without another scroll.
    heading?.closest('section')?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
    // Said a moment after the (empty) live region is in the page: text that arrives with the region is often not read.
    // A job answered from the cache can be over by then: its end is what is said, not its start.
    const timer = setTimeout(() => {
      if (!announcedEnd.current) setAnnouncement(t('a11y_bulk_started', formatCount(initialJob.total)));
    }, 150);
    return () => clearTimeout(timer);
  }, [started, initialJob.total]);

  const cancel = async () => {
    setCancelling(true);
    try {
      onJob(await request('bulk/cancel', { jobId: job.id }));
      // The Cancel button is gone with the running state; focus goes to the card's heading, not to <body>.
      requestAnimationFrame(() => headingRef.current?.focus());
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setCancelling(false);
    }
  };

  // Close removes the card and its button: focus goes to the view's first heading rather than to <body>.
  const dismiss = () => {
    const view = headingRef.current?.closest('section')?.parentElement ?? null;
    onDismiss();
    requestAnimationFrame(() => focusFirstHeading(view));
  };

  // Failed and interrupted entries go out again only when the user asks: the service may have charged for an
  // interrupted request already (docs/reliability.md), so the button states the most it can cost (progress/RetryButton).
  const retry = async (interrupted: boolean, quotedCredits: number) => {
    setRetrying(true);
    setError(null);
    try {
      const retried = await request('bulk/retry', { jobId: job.id, interrupted, quotedCredits });
      jobRef.current = retried;
      invalidateEstimates();
      onJob(retried);
    } catch (cause) {
      const data = toErrorData(cause);
      setError(data);
      if (data.kind === 'price_changed') invalidateEstimates();
    } finally {
      setRetrying(false);
    }
  };

  const done = finished(job);
  const retryable = done ? (job.failed ?? 0) : 0;
  const interrupted = done ? Math.min(job.interrupted ?? 0, retryable) : 0;
  // Rows a cancelled or failed job never reached stay "pending" in the store; they will not run any more.
  // A finished ('done') job has no such rows: a pending one there is only a stale read, refreshed by onJob.
  // Nor is a stale read shown: the final rows are being read (onJob); should a read still come back stale, it is
  // read again, a few times at most, then shown as it is.
  const shown = useMemo(() => rowsToShow(job, rows), [rows, job]);
  const shownRows = shown.rows;
  const staleReads = useRef(0);
  const reloading = shown.stale && staleReads.current < 5;
  useEffect(() => {
    if (!reloading) return;
    const timer = setTimeout(() => {
      staleReads.current++;
      void refreshRows(job);
    }, 500);
    return () => clearTimeout(timer);
  }, [reloading, rows, job, refreshRows]);
  // The time left lives in BulkLiveStatus, computed every second from the queue's real state.
  const detail = bulkJobDetail(job);
  const title = bulkJobTitle(job);
  // Every entry has left (answered, or in a request the service already has): a cancel can no longer save anything,
  // it only stops the card waiting for the answers, which still arrive and are charged if found.
  const inFlight = job.inFlight ?? 0;
  const allSent = !done && job.status !== 'cancelled' && inFlight > 0 && job.done + inFlight >= job.total;
  const allSentId = useId();

  return (
    <Section
      title={title}
      className="sp-bulk"
      headingRef={headingRef}
      actions={
        done ? (
          <Button size="sm" variant="ghost" icon="x" onClick={dismiss}>
            {t('progress_close')}
          </Button>
        ) : job.status === 'cancelled' ? null : (
          <Button
            size="sm"
            variant={allSent ? 'secondary' : 'danger'}
            icon={allSent ? 'x' : 'stop'}
            loading={cancelling}
            onClick={() => void cancel()}
            aria-describedby={allSent ? allSentId : undefined}
          >
            {allSent ? t('progress_stop_waiting') : t('progress_cancel')}
          </Button>
        )
      }
    >
      <div className="sp-stack">
        <ProgressBar
          label={t('progress_bar_label')}
          value={job.done}
          max={job.total}
          detail={detail}
          tone={job.status === 'failed' ? 'danger' : job.status === 'done' ? 'success' : job.status === 'cancelled' ? 'warning' : 'accent'}
        />
        <BulkLiveStatus job={job} />
        {allSent && (
          <p className="sp-hint" id={allSentId} data-testid="bulk-all-sent">
            {t('a11y_bulk_all_sent', formatCredits(inFlight))}
          </p>
        )}
        <BulkMoneyNotes job={job} />
        {retryable > 0 && (
          <div className="ui-button-row">
            <RetryButton jobId={job.id} interrupted loading={retrying} onRetry={(all, quoted) => void retry(all, quoted)}>
              {interrupted > 0 ? t('progress_retry_all', formatCount(retryable)) : t('progress_retry_unfinished', formatCount(retryable))}
            </RetryButton>
            {interrupted > 0 && retryable > interrupted && (
              <RetryButton jobId={job.id} interrupted={false} variant="secondary" loading={retrying} onRetry={(all, quoted) => void retry(all, quoted)}>
                {t('progress_retry_others', formatCount(retryable - interrupted))}
              </RetryButton>
            )}
          </div>
        )}
        {job.error && <ErrorState error={job.error} compact />}
        {error && <ErrorState error={error} onRetry={() => void refreshRows(job)} compact />}
        {reloading && (
          <p className="sp-hint" role="status" data-testid="bulk-reading-results">
            {t('progress_reading_results')}
          </p>
        )}
        {shownRows && shownRows.length > 0 && !reloading && (
          <>
            <div className="sp-toolbar">
              <span className="sp-toolbar__label ui-num">{tn('progress_rows', shownRows.length)}</span>
              <ExportActions
                what={t('progress_export_what')}
                fileBase={t('progress_export_file')}
                table={async () => bulkTable(await exportRows(job, shownRows))}
                json={() => exportRows(job, shownRows)}
              />
              {/* contacts: keep the enriched people in a list, or push them to the webhook. */}
              <AddToListButton
                label={t('progress_add_to_list')}
                recordIds={() => shownRows.flatMap((r) => (r.status === 'enriched' && r.contact?._id ? [recordIdFor('person', '', r.contact)] : []))}
              />
              <WebhookSendButton disabled={job.status === 'queued' || job.status === 'running'} source={() => ({ kind: 'bulk', jobId: job.id })} />
            </div>
            <Table<BulkRow>
              label={t('progress_table_label')}
              rows={shownRows}
              rowKey={(row) => `${row.field_type}:${row.value}`}
              rowHeight={44}
              maxHeight={396}
              columns={bulkColumns((row) => {
                if (!row.contact) return;
                const lookup = lookupForContact(row.contact, { [row.field_type]: row.value });
                if (!lookup) return;
                nav.openContact({
                  lookup,
                  label: fullNameOf(row.contact) || row.value,
                  contact: row.contact,
                  provenance: rowProvenance(row, job.createdAt),
                });
              })}
            />
          </>
        )}
        {/* Last in the card, so what is on screen comes first for anything that reads the card in order. */}
        <p className="ui-visually-hidden" role="status" data-testid="bulk-announcement">
          {announcement}
        </p>
      </div>
    </Section>
  );
}

/** Focus the first heading in `container` (made focusable by script only): where Close leaves the user. */
function focusFirstHeading(container: Element | null) {
  const heading = container?.querySelector<HTMLElement>('h2, h3, h4');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}

/** Where a row's answer came from, as its profile says it: the cache, the book or a teammate (free), or this job (paid). */
function rowProvenance(row: BulkRow, jobCreatedAt: number): Provenance {
  if (row.savedAt !== undefined) return { source: 'saved', fetchedAt: row.savedAt, creditsCharged: 0 };
  // As a single lookup a teammate bought reads it (lib/engine/lookups.ts): bought by the team, free here.
  if (row.team) return { source: 'live', fetchedAt: row.team.boughtAt, creditsCharged: 0, boughtByTeam: row.team };
  return { source: row.fromCache ? 'cache' : 'live', fetchedAt: jobCreatedAt, creditsCharged: row.fromCache ? 0 : 1 };
}

function inputText(row: BulkRow): string {
  return row.field_type === 'social_profile' ? displayUrl(row.value) : row.value;
}

/** Who a row is: the answer's name, else the name the page or the file gave (`label`), else what was looked up. */
function rowName(row: BulkRow): string {
  return (row.contact ? fullNameOf(row.contact) : '') || row.label || inputText(row);
}

/** What kind of identifier a row was looked up by ("profile", "email", "phone"). */
function inputKind(row: BulkRow): string {
  return row.field_type === 'social_profile' ? t('progress_profile') : row.field_type;
}

function bulkColumns(open: (row: BulkRow) => void): Array<Column<BulkRow>> {
  return [
    {
      id: 'contact',
      header: t('progress_col_contact'),
      sortValue: (row) => rowName(row).toLowerCase(),
      cell: (row) =>
        row.contact ? (
          <span className="ui-cell-stack">
            <button type="button" className="ui-cell-button" onClick={() => open(row)}>
              {fullNameOf(row.contact) || row.label || t('progress_unnamed')}
            </button>
            <span className="ui-cell-stack__sub" title={row.value}>
              {[row.contact.employment?.job?.title, inputText(row)].filter(Boolean).join(' · ')}
            </span>
          </span>
        ) : row.label ? (
          // Not answered (yet): the person as the page or the file named them, and what they are looked up by.
          <span className="ui-cell-stack">
            <span>{row.label}</span>
            <span className="ui-cell-stack__sub" title={row.value}>
              {`${inputKind(row)} · ${inputText(row)}`}
            </span>
          </span>
        ) : (
          <span className="ui-cell-stack">
            <span title={row.value}>{inputText(row)}</span>
            <span className="ui-cell-stack__sub">{inputKind(row)}</span>
          </span>
        ),
    },
    {
      id: 'status',
      header: t('progress_col_status'),
      width: '96px',
      sortValue: (row) => row.status,
      cell: (row) => (
        <StatusChip
          tone={statusTones[row.status]}
          title={
            row.error?.message ??
            (row.savedAt !== undefined ? t('progress_from_saved_free') : row.team ? t('progress_from_team_free', row.team.boughtBy) : row.fromCache ? t('progress_from_cache_free') : undefined)
          }
        >
          {row.savedAt !== undefined ? t('progress_status_saved') : row.team ? t('progress_status_team') : row.fromCache && row.status === 'enriched' ? t('progress_status_cached') : statusLabel(row.status)}
        </StatusChip>
      ),
    },
  ];
}

const BULK_COLUMNS = ['input', 'input_type', 'input_name', 'status', 'from_cache', 'from_contacts', ...CONTACT_COLUMNS] as const;

export function bulkTable(rows: readonly BulkRow[]): Tabular {
  return {
    columns: BULK_COLUMNS,
    labels: {
      input: t('progress_label_input'),
      input_type: t('progress_label_input_type'),
      input_name: t('progress_label_input_name'),
      status: t('progress_col_status'),
      from_cache: t('progress_label_from_cache'),
      from_contacts: t('progress_label_from_contacts'),
      ...CONTACT_LABELS,
    },
    rows: rows.map((row) => ({
      input: row.value,
      input_type: row.field_type,
      input_name: row.label ?? '',
      status: statusLabel(row.status),
      from_cache: row.fromCache ? t('progress_yes') : t('progress_no'),
      from_contacts: row.savedAt !== undefined ? t('progress_yes') : t('progress_no'),
      ...(row.contact ? flattenContact(row.contact, row.answeredAt) : {}),
    })),
  };
}
