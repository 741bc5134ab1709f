import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { recordIdFor } from '@/lib/contacts/record';
import { WebhookSendButton } from './contacts/WebhookSendButton';
import { AddToListButton } from './lists/AddToListButton';
import {
  Button,
  type Column,
  displayUrl,
  ErrorState,
  formatCount,
  formatCredits,
  formatDuration,
  PaidButton,
  ProgressBar,
  Section,
  StatusChip,
  Table,
  type Tone,
} from '@/components/ui';
import { CONTACT_COLUMNS, CONTACT_LABELS, flattenContact, fullNameOf, type Tabular } from '@/lib/export';
import { finalBulkRows, isFinished, readAllRows, settledRows } from '@/lib/export/bulk-final';
import type { BulkEntry, BulkJob, BulkRow, ErrorData, RequestInput } from '@/lib/messaging/protocol';

type BulkRequiredField = NonNullable<RequestInput<'bulk/start'>['requiredFields']>[number];
import type { Settings } from '@/lib/settings/schema';
import { useAccount } from './account';
import { ExportActions } from './ExportActions';
import { invalidateEstimates, request, toErrorData, useBackgroundEvent, useEstimate } from './hooks';
import { lookupForContact } from './lookup';
import { useNavigation } from './navigation';

export interface BulkSelectionBarProps {
  entries: BulkEntry[];
  onClear: () => void;
  onStarted: (job: BulkJob) => void;
  disabled?: boolean;
}

/** Sticky bar for the current selection: how many, what it can cost, and the button that starts the bulk job. */
/** The user's "required fields" that bulk enrichment understands (spec: bulk takes a narrower list than single). */
function bulkRequiredFields(settings: Settings | null): BulkRequiredField[] {
  const allowed: readonly string[] = ['email', 'work_email', 'personal_email', 'phone', 'social_profile'];
  return (settings?.lookupDefaults.required ?? []).filter((f): f is BulkRequiredField => allowed.includes(f));
}

export function BulkSelectionBar({ entries, onClear, onStarted, disabled = false }: BulkSelectionBarProps) {
  const { settings } = useAccount();
  const requiredFields = bulkRequiredFields(settings);
  const required = requiredFields.length > 0 ? { requiredFields } : {};
  const { estimate } = useEstimate(entries.length > 0 ? { action: 'bulk/enrich', count: entries.length, entries, ...required } : null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<ErrorData | null>(null);
  if (entries.length === 0) return null;
  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const job = await request('bulk/start', { entries, ...required });
      onStarted(job);
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setStarting(false);
    }
  };
  return (
    <div className="sp-bulkbar" role="region" aria-label="Selection">
      {error && <ErrorState error={error} onRetry={() => void start()} compact />}
      <div className="sp-bulkbar__row">
        <span className="sp-bulkbar__count ui-num">{formatCount(entries.length)} selected</span>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear
        </Button>
        <PaidButton
          size="sm"
          variant="primary"
          icon="zap"
          upTo
          estimate={estimate}
          loading={starting}
          disabled={disabled}
          onClick={() => void start()}
          aria-label={`Enrich ${entries.length} selected${estimate ? ` · up to ${formatCredits(estimate.credits)}` : ''}`}
        >
          Enrich selected
        </PaidButton>
      </div>
      <p className="sp-bulkbar__note">Charged only for contacts that are found; misses are free.</p>
    </div>
  );
}

const statusWords: Record<BulkRow['status'], { label: string; tone: Tone }> = {
  pending: { label: 'Pending', tone: 'info' },
  enriched: { label: 'Enriched', tone: 'success' },
  not_found: { label: 'No match', tone: 'neutral' },
  error: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

const finished = isFinished;

async function loadAllRows(jobId: string): Promise<BulkRow[]> {
  return readAllRows((offset, limit) => request('bulk/rows', { jobId, offset, limit }));
}

/**
 * The rows an export is taken from: once the job is finished, its final rows read from the background now, never
 * the panel's copy, which can still be the one loaded before the job finished ("Pending" rows the ledger had
 * already charged, issue 14). A running job is exported as it stands.
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

/** One bulk job: live progress (done/total, ETA from the queue), cancel, then the results table and exports. */
export function BulkJobPanel({ initialJob, onDismiss }: { initialJob: BulkJob; onDismiss: () => void }) {
  const [job, setJob] = useState(initialJob);
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

  const cancel = async () => {
    setCancelling(true);
    try {
      onJob(await request('bulk/cancel', { jobId: job.id }));
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setCancelling(false);
    }
  };

  // Failed and interrupted entries go out again only when the user asks: the service may have charged for an
  // interrupted request already (docs/reliability.md), so the button states the most it can cost.
  const retry = async (interrupted: boolean) => {
    setRetrying(true);
    setError(null);
    try {
      onJob(await request('bulk/retry', { jobId: job.id, interrupted }));
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setRetrying(false);
    }
  };

  const done = finished(job);
  const retryable = done ? (job.failed ?? 0) : 0;
  const interrupted = done ? Math.min(job.interrupted ?? 0, retryable) : 0;
  const inFlight = job.inFlight ?? 0;
  // Rows a cancelled or failed job never reached stay "pending" in the store; they will not run any more.
  // A finished ('done') job has no such rows: a pending one there is only a stale read, refreshed by onJob.
  const shownRows = useMemo(() => (rows ? settledRows(job, rows) : rows), [rows, job]);
  const detail = [
    `${formatCount(job.done)} of ${formatCount(job.total)} done`,
    `${formatCount(job.enriched)} found`,
    inFlight > 0 ? `${formatCount(inFlight)} sent, answer pending` : null,
    done || job.status === 'cancelled'
      ? job.creditsCharged === 0
        ? inFlight > 0
          ? 'nothing charged yet'
          : 'nothing charged'
        : `${formatCredits(job.creditsCharged)} charged`
      : job.etaMs !== null
        ? `about ${formatDuration(job.etaMs)} left`
        : null,
  ]
    .filter(Boolean)
    .join(' · ');

  const title =
    job.status === 'done'
      ? 'Bulk enrichment finished'
      : job.status === 'cancelled'
        ? inFlight > 0
          ? 'Cancelling…'
          : 'Bulk enrichment cancelled'
        : job.status === 'failed'
          ? 'Bulk enrichment failed'
          : 'Enriching…';

  return (
    <Section
      title={title}
      className="sp-bulk"
      actions={
        done ? (
          <Button size="sm" variant="ghost" icon="x" onClick={onDismiss}>
            Close
          </Button>
        ) : job.status === 'cancelled' ? null : (
          <Button size="sm" variant="danger" icon="stop" loading={cancelling} onClick={() => void cancel()}>
            Cancel
          </Button>
        )
      }
    >
      <div className="sp-stack">
        <ProgressBar
          label="Bulk enrichment progress"
          value={job.done}
          max={job.total}
          detail={detail}
          tone={job.status === 'failed' ? 'danger' : job.status === 'done' ? 'success' : job.status === 'cancelled' ? 'warning' : 'accent'}
        />
        {job.status === 'cancelled' && inFlight > 0 && (
          <p className="sp-hint" role="status" data-testid="bulk-cancel-in-flight">
            {`${formatCount(inFlight)} ${inFlight === 1 ? 'entry was' : 'entries were'} already sent when you cancelled. The service charges a request when it arrives, so ${inFlight === 1 ? 'it' : 'they'} may still be charged (up to ${formatCredits(inFlight)}); the results will be shown when they come back.`}
          </p>
        )}
        {interrupted > 0 && (
          <p className="sp-hint" role="note" data-testid="bulk-interrupted">
            {`${formatCount(interrupted)} ${interrupted === 1 ? 'entry was' : 'entries were'} being sent when the browser stopped the extension. The service may already have charged for ${interrupted === 1 ? 'it' : 'them'}: retrying ${interrupted === 1 ? 'it' : 'them'} can charge again (up to ${formatCredits(interrupted)}).`}
          </p>
        )}
        {retryable > 0 && (
          <div className="ui-button-row">
            <Button size="sm" icon="refresh" loading={retrying} detail={`up to ${formatCredits(retryable)}`} onClick={() => void retry(true)}>
              {interrupted > 0 ? `Retry all ${formatCount(retryable)}` : `Retry ${formatCount(retryable)} unfinished`}
            </Button>
            {interrupted > 0 && retryable > interrupted && (
              <Button size="sm" variant="secondary" icon="refresh" loading={retrying} detail={`up to ${formatCredits(retryable - interrupted)}`} onClick={() => void retry(false)}>
                {`Retry only the ${formatCount(retryable - interrupted)} others`}
              </Button>
            )}
          </div>
        )}
        {job.error && <ErrorState error={job.error} compact />}
        {error && <ErrorState error={error} onRetry={() => void refreshRows(job)} compact />}
        {shownRows && shownRows.length > 0 && (
          <>
            <div className="sp-toolbar">
              <span className="sp-toolbar__label ui-num">{formatCount(shownRows.length)} rows</span>
              <ExportActions
                what="bulk results"
                fileBase="bulk enrichment"
                table={async () => bulkTable(await exportRows(job, shownRows))}
                json={() => exportRows(job, shownRows)}
              />
              {/* contacts (issue 14): keep the enriched people in a list, or push them to the webhook. */}
              <AddToListButton
                label="Add enriched to list"
                recordIds={() => shownRows.flatMap((r) => (r.status === 'enriched' && r.contact?._id ? [recordIdFor('person', '', r.contact)] : []))}
              />
              <WebhookSendButton disabled={job.status === 'queued' || job.status === 'running'} source={() => ({ kind: 'bulk', jobId: job.id })} />
            </div>
            <Table<BulkRow>
              label="Bulk enrichment results"
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
                  provenance: { source: row.fromCache ? 'cache' : 'live', fetchedAt: job.createdAt, creditsCharged: row.fromCache ? 0 : 1 },
                });
              })}
            />
          </>
        )}
      </div>
    </Section>
  );
}

function inputText(row: BulkRow): string {
  return row.field_type === 'social_profile' ? displayUrl(row.value) : row.value;
}

function bulkColumns(open: (row: BulkRow) => void): Array<Column<BulkRow>> {
  return [
    {
      id: 'contact',
      header: 'Contact',
      sortValue: (row) => (row.contact ? fullNameOf(row.contact) : row.value).toLowerCase(),
      cell: (row) =>
        row.contact ? (
          <span className="ui-cell-stack">
            <button type="button" className="ui-cell-button" onClick={() => open(row)}>
              {fullNameOf(row.contact) || 'Unnamed contact'}
            </button>
            <span className="ui-cell-stack__sub" title={row.value}>
              {[row.contact.employment?.job?.title, inputText(row)].filter(Boolean).join(' · ')}
            </span>
          </span>
        ) : (
          <span className="ui-cell-stack">
            <span title={row.value}>{inputText(row)}</span>
            <span className="ui-cell-stack__sub">{row.field_type === 'social_profile' ? 'profile' : row.field_type}</span>
          </span>
        ),
    },
    {
      id: 'status',
      header: 'Status',
      width: '96px',
      sortValue: (row) => row.status,
      cell: (row) => (
        <StatusChip tone={statusWords[row.status].tone} title={row.error?.message ?? (row.fromCache ? 'From the cache · free' : undefined)}>
          {row.fromCache && row.status === 'enriched' ? 'Cached' : statusWords[row.status].label}
        </StatusChip>
      ),
    },
  ];
}

const BULK_COLUMNS = ['input', 'input_type', 'status', 'from_cache', ...CONTACT_COLUMNS] as const;

export function bulkTable(rows: readonly BulkRow[]): Tabular {
  return {
    columns: BULK_COLUMNS,
    labels: { input: 'Input', input_type: 'Input type', status: 'Status', from_cache: 'From cache', ...CONTACT_LABELS },
    rows: rows.map((row) => ({
      input: row.value,
      input_type: row.field_type,
      status: statusWords[row.status].label,
      from_cache: row.fromCache ? 'yes' : 'no',
      ...(row.contact ? flattenContact(row.contact) : {}),
    })),
  };
}
