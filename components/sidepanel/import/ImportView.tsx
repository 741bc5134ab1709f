import { typedNumberCountry } from '@/lib/identity/region';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, ErrorState, formatCount, formatTimeLeft, ProgressBar, Select } from '@/components/ui';
import { BulkMoneyNotes } from '../progress/BulkMoneyNotes';
import { BulkRequiredNote, useBulkRequired } from '../progress/BulkRequiredNote';
import { SpendConfirm, useConfirmAbove } from '../progress/SpendConfirm';
import { bulkJobDetail, bulkJobTitle } from '../progress/bulk-summary';
import { fileNameFor } from '@/lib/export';
import { isFinished } from '@/lib/export/bulk-final';
import { t, tn } from '@/lib/i18n/t';
import {
  appendBatches,
  COLUMN_KINDS,
  createImportStore,
  createRowPlanner,
  createThroughput,
  detectColumns,
  firstRowIsData,
  ImportTooLargeError,
  preambleRows,
  MAX_IMPORT_BYTES,
  parseDelimited,
  writeImportExport,
  type ColumnKind,
  type ImportMeta,
  type PlanSummary,
} from '@/lib/import';
import type { RequestOutput } from '@/lib/messaging/protocol';
import type { BulkJob } from '@/lib/model/state';
import type { ErrorData } from '@/lib/model/errors';
import { BoughtBeforeNote } from '../contacts/BoughtBeforeNote';
import { request, toErrorData, useBackgroundEvent } from '@/components/shared/hooks';
import { useAccount } from '../account';

const SAMPLE_ROWS = 50;
/**
 * Rows planned per page (one read and one write of the user's rows, each one task of the panel: 1,000 held it up to
 * 400 ms on a busy machine) and per slice between the panel's turns.
 */
const PLAN_PAGE = 250;
const PLAN_SLICE = 100;
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const credits = (n: number) => tn('import_credits', n);
const upToCredits = (n: number) => tn('import_up_to_credits', n);
/** A job the user can still cancel (a cancelled one may still have requests out: `isFinished` waits for them). */
const STOPPABLE: ReadonlyArray<BulkJob['status']> = ['queued', 'running'];

type Stage =
  | { step: 'input' }
  | { step: 'reading'; rows: number }
  | { step: 'mapping' }
  | { step: 'staging'; done: number; total: number }
  /** `fresh`: people bought before are bought again instead of filled from the contact book. */
  | { step: 'preview'; summary: PlanSummary; preview: RequestOutput<'bulk/stage-preview'>; fresh: boolean }
  | { step: 'job'; job: BulkJob };

/**
 * Bulk from a file or a paste: read in chunks into IndexedDB, detect the columns (adjustable), stage the
 * entries in the background page by page (a 100,000-row file is far more than one message may carry), preview
 * what is cached, duplicated and the most it can cost, run the queued bulk job, and export the user's rows in
 * their order with their columns followed by the enriched columns.
 */
export function ImportView() {
  const store = useMemo(() => createImportStore(), []);
  const { fields: requiredFields, dropped: droppedRequired } = useBulkRequired();
  const { settings } = useAccount();
  const [stage, setStage] = useState<Stage>({ step: 'input' });
  const [paste, setPaste] = useState('');
  const [meta, setMeta] = useState<ImportMeta | null>(null);
  const [sample, setSample] = useState<string[][]>([]);
  /** Lines the parser could not read as written (an unclosed quote…): said on the mapping screen, not swallowed. */
  const [parseErrors, setParseErrors] = useState<string[]>([]);
  const [hasHeader, setHasHeader] = useState(true);
  const [error, setError] = useState<ErrorData | null>(null);
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  const [bom, setBom] = useState(false);
  /** The background builds a large job's rows in batches: a 100,000-row start takes a while. */
  const [starting, setStarting] = useState(false);
  /** The preview is being priced again for a choice: Start waits for the price it will be held to. */
  const [repricing, setRepricing] = useState(false);
  const confirmAbove = useConfirmAbove();
  /** The staged upload in the background (bulk/stage-open), until the job starts or it is discarded. */
  const staged = useRef<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  /** The first words of each step: focus moves there when a step begins, so a keyboard or screen-reader user is not
   * left on a button that just disappeared (focus fell to the page's body). */
  const stepStart = useRef<HTMLParagraphElement | null>(null);

  /** Rows per second the job was seen to finish, for its time left (lib/import/throughput.ts). */
  const throughput = useRef(createThroughput());
  // The panel (or the browser) was closed while a job ran: the tab opens on that job again, read from the background
  // (which resumed it), with its progress and its Cancel.
  useEffect(() => {
    let live = true;
    void store.latestJob().then(async (last) => {
      if (!last?.jobId) return;
      const job = await request('bulk/get', { jobId: last.jobId }).catch(() => null);
      if (!live || !job) return;
      setMeta(last);
      setHasHeader(last.hasHeader ?? true);
      setStage((now) => (now.step === 'input' ? { step: 'job', job } : now));
    });
    return () => {
      live = false;
    };
  }, [store]);
  if (stage.step === 'job') throughput.current.observe(stage.job.done, Date.now());

  useBackgroundEvent((event) => {
    if (event.type === 'event/bulk' && stage.step === 'job' && event.job.id === stage.job.id) setStage({ step: 'job', job: event.job });
  });
  // Events can be missed while the panel is hidden: read the job's state now and then until it has finished.
  useEffect(() => {
    if (stage.step === 'mapping' || stage.step === 'preview' || stage.step === 'job') stepStart.current?.focus();
  }, [stage.step]);
  const runningJob = stage.step === 'job' && !isFinished(stage.job) ? stage.job.id : null;
  useEffect(() => {
    if (!runningJob) return;
    const timer = setInterval(() => {
      void request('bulk/get', { jobId: runningJob }).then((job) => setStage((s) => (s.step === 'job' && s.job.id === job.id ? { step: 'job', job } : s)), () => undefined);
    }, 2_000);
    return () => clearInterval(timer);
  }, [runningJob]);

  const read = async (source: File | string, name: string) => {
    setError(null);
    const id = crypto.randomUUID();
    const firstRows: string[][] = [];
    let index = 0;
    // The widest row of the whole file, not of the first rows only: the export keeps every cell of every row.
    let widest = 0;
    abort.current = new AbortController();
    setStage({ step: 'reading', rows: 0 });
    try {
      const result = await parseDelimited(source, {
        signal: abort.current.signal,
        onRows: async (rows) => {
          for (const r of rows) {
            if (firstRows.length < SAMPLE_ROWS + 1) firstRows.push(r);
            if (r.length > widest) widest = r.length;
          }
          await store.putRows(rows.map((cells) => ({ importId: id, index: index++, cells, bulkIndex: null })));
        },
        onProgress: ({ rows }) => setStage({ step: 'reading', rows }),
      });
      if (result.aborted || result.rows === 0) {
        await store.remove(id);
        setStage({ step: 'input' });
        if (result.rows === 0) setError({ kind: 'invalid_message', message: t('import_error_no_rows') });
        return;
      }
      // A LinkedIn export's notes before its header are skipped (`preambleRows`).
      const preamble = preambleRows(firstRows);
      const table = firstRows.slice(preamble);
      const header = !firstRowIsData(table[0] ?? []);
      const width = Math.max(widest, ...table.map((r) => r.length));
      const headers = header ? Array.from({ length: width }, (_, i) => table[0]?.[i] ?? t('import_column_n', i + 1)) : Array.from({ length: width }, (_, i) => t('import_column_n', i + 1));
      const body = header ? table.slice(1) : table;
      const guesses = detectColumns(headers, body);
      const next: ImportMeta = { id, name, createdAt: Date.now(), headers, mapping: guesses.map((g) => g.kind), rows: result.rows, preamble, jobId: null };
      await store.putMeta(next);
      setMeta(next);
      setSample(body.slice(0, 5));
      setParseErrors(result.errors);
      setHasHeader(header);
      setStage({ step: 'mapping' });
    } catch (cause) {
      // Too large is the user's to fix (split the file): said as it is, not as an internal error.
      setError(cause instanceof ImportTooLargeError ? { kind: 'invalid_message', message: cause.message } : toErrorData(cause));
      setStage({ step: 'input' });
    }
  };

  /** Drops the staged upload (Back, Start over, Cancel): nothing of it stays in the background. */
  const discardStaged = () => {
    const id = staged.current;
    staged.current = null;
    if (id) void request('bulk/stage-discard', { stagedId: id }).catch(() => undefined);
  };

  const plan = async () => {
    if (!meta) return;
    setError(null);
    discardStaged();
    // National numbers ("0171 1234567") read in the user's country, as the lookup box reads them (lib/identity/region.ts).
    const planner = createRowPlanner({ defaultCountry: typedNumberCountry(settings?.country, navigator.language) ?? undefined });
    const first = (meta.preamble ?? 0) + (hasHeader ? 1 : 0);
    const total = meta.rows - first;
    abort.current = new AbortController();
    const signal = abort.current.signal;
    setStage({ step: 'staging', done: 0, total });
    try {
      // The user's required fields, as bulk can send them: a match without them is free (spec), as in a single lookup.
      const { stagedId } = await request('bulk/stage-open', requiredFields.length > 0 ? { requiredFields } : {});
      staged.current = stagedId;
      // One page's entries are staged (and priced) in the background while the panel plans the next: the two sides
      // work at once instead of in turn. At most one page is in the air, so memory stays a page or two.
      let sending: Promise<void> = Promise.resolve();
      for (let from = first; from < meta.rows; from += PLAN_PAGE) {
        if (signal.aborted) {
          await sending.catch(() => undefined);
          discardStaged();
          setStage({ step: 'mapping' });
          return;
        }
        const rows = await store.rows(meta.id, from, Math.min(meta.rows, from + PLAN_PAGE));
        const planned = [];
        for (const [i, row] of rows.entries()) {
          // A slice at a time, then the panel's turn: no task holds the page for long (a phone number takes a while).
          if (i > 0 && i % PLAN_SLICE === 0) await nextTurn();
          const outcome = planner.add(row.cells, meta.mapping);
          planned.push('bulkIndex' in outcome ? { ...row, bulkIndex: outcome.bulkIndex } : { ...row, bulkIndex: null, skipped: outcome.skipped });
        }
        const writing = store.putRows(planned);
        // The new entries go to the background in messages far under the size limit, then are forgotten here.
        const batches = appendBatches(planner.take());
        const unique = planner.summary.unique;
        await sending;
        sending = (async () => {
          for (const batch of batches) {
            const reply = await request('bulk/stage-append', { stagedId, entries: batch });
            // The background dedupes too; the export maps rows by index, so both must count the same entries.
            if (reply.staged > unique) throw new Error(t('import_error_staging_mismatch'));
          }
        })();
        // Not left unhandled while the next page is read; the loop's next `await sending` throws it.
        sending.catch(() => undefined);
        await writing;
        setStage({ step: 'staging', done: Math.min(meta.rows, from + PLAN_PAGE) - first, total });
      }
      await sending;
      if (planner.summary.unique === 0) {
        discardStaged();
        setError({ kind: 'invalid_message', message: t('import_error_no_entries') });
        setStage({ step: 'mapping' });
        return;
      }
      const preview = await request('bulk/stage-preview', { stagedId });
      if (preview.unique !== planner.summary.unique) throw new Error(t('import_error_staging_mismatch'));
      setStage({ step: 'preview', summary: { ...planner.summary }, preview, fresh: false });
    } catch (cause) {
      discardStaged();
      setError(toErrorData(cause));
      setStage({ step: 'mapping' });
    }
  };

  const start = async () => {
    if (!meta || !staged.current) return;
    setError(null);
    setStarting(true);
    try {
      // Held to the preview's price: rows it counted as cached that are no longer are refused, nothing sent.
      const job = await request('bulk/start', {
        stagedId: staged.current,
        ...(stage.step === 'preview' ? { quotedCredits: stage.preview.estimate.credits, ...(stage.fresh ? { fresh: true } : {}) } : {}),
      });
      // The background removed the staged entries when the job was created.
      staged.current = null;
      const next = { ...meta, jobId: job.id, hasHeader };
      await store.putMeta(next);
      setMeta(next);
      setStage({ step: 'job', job });
    } catch (cause) {
      const data = toErrorData(cause);
      setError(data);
      // Counted again, so the preview shows what the job costs now (the staged entries are kept).
      if (data.kind === 'price_changed' && stage.step === 'preview' && staged.current) {
        const { summary, fresh } = stage;
        await request('bulk/stage-preview', { stagedId: staged.current, fresh, recount: true }).then(
          (preview) => setStage({ step: 'preview', summary, preview, fresh }),
          () => undefined,
        );
      }
    } finally {
      setStarting(false);
    }
  };

  /** Buy the people bought before again, or fill them from the book: the preview is priced again for the choice. */
  const chooseFresh = async (fresh: boolean) => {
    if (stage.step !== 'preview' || !staged.current) return;
    setError(null);
    setRepricing(true);
    const { summary } = stage;
    try {
      const preview = await request('bulk/stage-preview', { stagedId: staged.current, fresh });
      setStage((now) => (now.step === 'preview' ? { step: 'preview', summary, preview, fresh } : now));
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setRepricing(false);
    }
  };

  const download = async () => {
    if (!meta?.jobId) return;
    setError(null);
    try {
      // The job's final state, read now: a row the service answered is never exported as pending.
      const job = await request('bulk/get', { jobId: meta.jobId });
      // Finished means no request of it is still out: a cancelled job's chunk in the air is still being charged.
      if (!isFinished(job)) {
        setError({ kind: 'invalid_message', message: t('import_error_still_running') });
        return;
      }
      abort.current = new AbortController();
      setExporting({ done: 0, total: meta.rows });
      const jobId = meta.jobId;
      const parts = await writeImportExport({
        meta,
        store,
        hasHeader,
        signal: abort.current.signal,
        bulkRows: async (offset, limit) => (await request('bulk/rows', { jobId, offset, limit })).rows,
        onProgress: (done, total) => setExporting({ done, total }),
      });
      const blob = new Blob([bom ? '\uFEFF' : '', ...parts], { type: 'text/csv;charset=utf-8' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileNameFor(t('import_file_name', meta.name.replace(/\.(csv|tsv|txt)$/i, '')), 'csv');
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setExporting(null);
    }
  };

  const setKind = (i: number, kind: ColumnKind) => {
    if (!meta) return;
    const next = { ...meta, mapping: meta.mapping.map((k, j) => (j === i ? kind : k)) };
    setMeta(next);
    void store.putMeta(next);
  };

  const reset = async () => {
    discardStaged();
    // Written before the file picker shows: a panel closed right after "New import" must not open on the job again.
    try {
      if (meta && !meta.jobId) await store.remove(meta.id);
      // Its job stays in the background (and its export in the store): the tab just no longer opens on it.
      if (meta?.jobId) await store.putMeta({ ...meta, dismissed: true });
    } catch (cause) {
      setError(toErrorData(cause));
    }
    throughput.current = createThroughput();
    setMeta(null);
    setStage({ step: 'input' });
  };

  return (
    <section className="sp-stack" aria-label={t('import_section')} data-testid="import-view">
      {error && <ErrorState error={error} compact />}
      {stage.step === 'input' && (
        <>
          <label className="sp-label" htmlFor="ipe-import-file">
            {t('import_file_label')}
          </label>
          <input id="ipe-import-file" type="file" accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values" onChange={(e) => { const f = e.target.files?.[0]; if (f) void read(f, f.name); }} />
          <p className="sp-hint">{t('import_file_hint', String(MAX_IMPORT_BYTES / 1_048_576))}</p>
          <label className="sp-label" htmlFor="ipe-import-paste">
            {t('import_paste_label')}
          </label>
          <textarea id="ipe-import-paste" className="ui-input" rows={5} value={paste} onChange={(e) => setPaste(e.target.value)} placeholder={t('import_paste_example')} />
          <Button size="sm" disabled={!paste.trim()} onClick={() => void read(paste, t('import_pasted_name'))}>
            {t('import_read_paste')}
          </Button>
        </>
      )}
      {stage.step === 'reading' && (
        <div className="sp-export">
          <ProgressBar value={0} max={1} indeterminate label={tn('import_reading', stage.rows)} />
          <Button size="sm" variant="ghost" icon="stop" onClick={() => abort.current?.abort()}>
            {t('import_stop')}
          </Button>
        </div>
      )}
      {meta && stage.step === 'mapping' && (
        <>
          <p className="sp-hint" ref={stepStart} tabIndex={-1}>{t('import_rows_in_file', meta.rows - (meta.preamble ?? 0) - (hasHeader ? 1 : 0), meta.name)}</p>
          {parseErrors.length > 0 && (
            <div className="sp-hint" role="note" data-testid="import-parse-errors">
              <p>{t('import_parse_errors')}</p>
              <ul>
                {parseErrors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </div>
          )}
          <Checkbox label={t('import_first_row_header')} checked={hasHeader} onChange={(e) => setHasHeader(e.target.checked)} />
          <table className="sp-import-map">
            <thead>
              <tr>
                <th scope="col">{t('import_col_column')}</th>
                <th scope="col">{t('import_col_holds')}</th>
                <th scope="col">{t('import_col_example')}</th>
              </tr>
            </thead>
            <tbody>
              {meta.headers.map((header, i) => (
                <tr key={i} data-testid="import-column">
                  <td>{header}</td>
                  <td>
                    <Select label={t('import_column_holds_label', header)} hideLabel value={meta.mapping[i] ?? 'ignore'} onChange={(e) => setKind(i, e.target.value as ColumnKind)} options={COLUMN_KINDS.map((k) => ({ value: k, label: t(`import_kind_${k}`) }))} />
                  </td>
                  <td className="sp-hint">{sample[0]?.[i] ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="sp-export">
            <Button size="sm" variant="primary" onClick={() => void plan()}>
              {t('import_preview_cost')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void reset()}>
              {t('import_start_over')}
            </Button>
          </div>
        </>
      )}
      {stage.step === 'staging' && (
        <div className="sp-export" data-testid="import-staging">
          <ProgressBar value={stage.done} max={Math.max(1, stage.total)} label={t('import_staging', stage.done, stage.total)} />
          <Button size="sm" variant="ghost" icon="stop" onClick={() => abort.current?.abort()}>
            {t('import_cancel')}
          </Button>
        </div>
      )}
      {stage.step === 'preview' && (
        <>
          <dl className="sp-import-preview" data-testid="import-preview">
            {/* Figures as plain digits: the e2e compares them with the sandbox ledger as written. */}
            <dt>{t('import_preview_rows')}</dt>
            <dd data-testid="preview-rows">{String(stage.summary.rows)}</dd>
            <dt>{t('import_preview_unique')}</dt>
            <dd data-testid="preview-unique">{String(stage.preview.unique)}</dd>
            <dt>{t('import_preview_duplicates')}</dt>
            <dd data-testid="preview-duplicates">{String(stage.summary.duplicates + stage.preview.duplicates)}</dd>
            <dt>{t('import_preview_cached')}</dt>
            <dd data-testid="preview-cached">{String(stage.preview.cached)}</dd>
            {stage.preview.saved > 0 && (
              <>
                <dt>{t('import_preview_saved')}</dt>
                <dd data-testid="preview-saved">{String(stage.preview.saved)}</dd>
              </>
            )}
            {stage.preview.team > 0 && !stage.fresh && (
              <>
                {/* The people a teammate bought: the job fills them from the team's book, free (the bulk table's Team rows). */}
                <dt>{t('import_preview_team')}</dt>
                <dd data-testid="preview-team">{String(stage.preview.team)}</dd>
              </>
            )}
            <dt>{t('import_preview_skipped')}</dt>
            <dd data-testid="preview-skipped">{String(stage.summary.skipped)}</dd>
            <dt>{t('import_preview_credits')}</dt>
            <dd data-testid="preview-credits">{credits(stage.preview.estimate.credits)}</dd>
          </dl>
          <p className="sp-hint" ref={stepStart} tabIndex={-1}>{stage.preview.estimate.label}</p>
          <BulkRequiredNote dropped={droppedRequired} />
          {stage.preview.saved > 0 && <BoughtBeforeNote className="sp-hint" count={stage.preview.saved} fresh={stage.fresh} busy={starting || repricing} onFresh={(fresh) => void chooseFresh(fresh)} />}
          <div className="sp-export">
            <SpendConfirm credits={stage.preview.estimate.credits} threshold={confirmAbove} onStart={() => void start()}>
              {({ onClick, largeLabel, asking }) => (
                <Button
                  variant="primary"
                  disabled={stage.preview.estimate.blockedByBudget || repricing || asking}
                  loading={starting}
                  detail={largeLabel ? undefined : upToCredits(stage.preview.estimate.credits)}
                  onClick={onClick}
                >
                  {largeLabel ?? t('import_start')}
                </Button>
              )}
            </SpendConfirm>
            <Button
              size="sm"
              variant="ghost"
              disabled={starting}
              onClick={() => {
                discardStaged();
                setStage({ step: 'mapping' });
              }}
            >
              {t('import_back')}
            </Button>
          </div>
        </>
      )}
      {stage.step === 'job' && (
        <>
          <ProgressBar value={stage.job.done} max={stage.job.total} label={bulkJobTitle(stage.job)} detail={bulkJobDetail(stage.job)} />
          <JobTimeLeft job={stage.job} estimate={throughput.current.estimate(stage.job.total)} />
          <p className="sp-hint" data-testid="import-job-status" ref={stepStart} tabIndex={-1}>
            {stage.job.status === 'done' ? t('import_status_done') : stage.job.status === 'cancelled' ? t('import_status_cancelled') : stage.job.status === 'failed' ? t('import_status_failed') : t('import_status_running')}
          </p>
          <BulkMoneyNotes job={stage.job} />
          <div className="sp-export">
            {STOPPABLE.includes(stage.job.status) && (
              <Button size="sm" variant="ghost" icon="stop" onClick={() => void request('bulk/cancel', { jobId: stage.job.id }).then((job) => setStage({ step: 'job', job }), (c: unknown) => setError(toErrorData(c)))}>
                {t('import_cancel')}
              </Button>
            )}
            <Checkbox label={t('import_bom')} checked={bom} onChange={(e) => setBom(e.target.checked)} />
            <Button size="sm" icon="download" disabled={!isFinished(stage.job)} loading={exporting !== null} onClick={() => void download()}>
              {t('import_download')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void reset()}>
              {t('import_new')}
            </Button>
          </div>
          {exporting && <ProgressBar value={exporting.done} max={exporting.total} label={t('import_writing', exporting.done, exporting.total)} />}
        </>
      )}
    </section>
  );
}

/** "About 2 min left · 310 rows/s": from the rows this panel saw the job finish (lib/import/throughput.ts). */
function JobTimeLeft({ job, estimate }: { job: BulkJob; estimate: ReturnType<ReturnType<typeof createThroughput>['estimate']> }) {
  if (isFinished(job) || job.status === 'cancelled' || !estimate) return null;
  return (
    <p className="sp-hint" data-testid="import-time-left">
      {t('import_time_left', formatTimeLeft(estimate.msLeft), formatCount(Math.round(estimate.rowsPerSecond)))}
    </p>
  );
}
