import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, ErrorState, ProgressBar, Select } from '@/components/ui';
import { fileNameFor } from '@/lib/export';
import {
  COLUMN_KIND_LABELS,
  COLUMN_KINDS,
  createImportStore,
  createRowPlanner,
  detectColumns,
  firstRowIsData,
  parseDelimited,
  writeImportExport,
  type ColumnKind,
  type ImportMeta,
  type PlanSummary,
} from '@/lib/import';
import { type BulkEntry, type BulkJob, type ErrorData, MAX_MESSAGE_BYTES, type RequestOutput } from '@/lib/messaging/protocol';
import { request, toErrorData, useBackgroundEvent } from '../hooks';

const SAMPLE_ROWS = 50;
const FINAL: ReadonlyArray<BulkJob['status']> = ['done', 'cancelled', 'failed'];

type Stage =
  | { step: 'input' }
  | { step: 'reading'; rows: number }
  | { step: 'mapping' }
  | { step: 'planning'; done: number }
  | { step: 'preview'; summary: PlanSummary; preview: RequestOutput<'contacts/import-preview'> }
  | { step: 'job'; job: BulkJob };

/**
 * Bulk from a file or a paste (issue 14): read in chunks into IndexedDB, detect the columns (adjustable), preview
 * what is cached, duplicated and the most it can cost, run the queued bulk job, and export the user's rows in
 * their order with their columns followed by the enriched columns.
 */
export function ImportView() {
  const store = useMemo(() => createImportStore(), []);
  const [stage, setStage] = useState<Stage>({ step: 'input' });
  const [paste, setPaste] = useState('');
  const [meta, setMeta] = useState<ImportMeta | null>(null);
  const [sample, setSample] = useState<string[][]>([]);
  const [hasHeader, setHasHeader] = useState(true);
  const [error, setError] = useState<ErrorData | null>(null);
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  const [bom, setBom] = useState(false);
  const entries = useRef<BulkEntry[]>([]);
  const abort = useRef<AbortController | null>(null);

  useBackgroundEvent((event) => {
    if (event.type === 'event/bulk' && stage.step === 'job' && event.job.id === stage.job.id) setStage({ step: 'job', job: event.job });
  });
  // Events can be missed while the panel is hidden: read the job's state now and then until it has finished.
  const runningJob = stage.step === 'job' && !FINAL.includes(stage.job.status) ? stage.job.id : null;
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
    abort.current = new AbortController();
    setStage({ step: 'reading', rows: 0 });
    try {
      const result = await parseDelimited(source, {
        signal: abort.current.signal,
        onRows: async (rows) => {
          for (const r of rows) if (firstRows.length < SAMPLE_ROWS + 1) firstRows.push(r);
          await store.putRows(rows.map((cells) => ({ importId: id, index: index++, cells, bulkIndex: null })));
        },
        onProgress: ({ rows }) => setStage({ step: 'reading', rows }),
      });
      if (result.aborted || result.rows === 0) {
        await store.remove(id);
        setStage({ step: 'input' });
        if (result.rows === 0) setError({ kind: 'invalid_message', message: 'The file or text has no rows. Paste rows with an email, a phone or a profile URL.' });
        return;
      }
      const header = !firstRowIsData(firstRows[0] ?? []);
      const width = Math.max(...firstRows.map((r) => r.length));
      const headers = header ? Array.from({ length: width }, (_, i) => firstRows[0]?.[i] ?? `Column ${i + 1}`) : Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
      const body = header ? firstRows.slice(1) : firstRows;
      const guesses = detectColumns(headers, body);
      const next: ImportMeta = { id, name, createdAt: Date.now(), headers, mapping: guesses.map((g) => g.kind), rows: result.rows, jobId: null };
      await store.putMeta(next);
      setMeta(next);
      setSample(body.slice(0, 5));
      setHasHeader(header);
      setStage({ step: 'mapping' });
    } catch (cause) {
      setError(toErrorData(cause));
      setStage({ step: 'input' });
    }
  };

  const plan = async () => {
    if (!meta) return;
    setError(null);
    const planner = createRowPlanner();
    setStage({ step: 'planning', done: 0 });
    try {
      for (let from = hasHeader ? 1 : 0; from < meta.rows; from += 1000) {
        const rows = await store.rows(meta.id, from, Math.min(meta.rows, from + 1000));
        await store.putRows(rows.map((row) => {
          const outcome = planner.add(row.cells, meta.mapping);
          return 'bulkIndex' in outcome ? { ...row, bulkIndex: outcome.bulkIndex } : { ...row, bulkIndex: null, skipped: outcome.skipped };
        }));
        setStage({ step: 'planning', done: from });
      }
      entries.current = planner.entries;
      if (planner.entries.length === 0) {
        setError({ kind: 'invalid_message', message: 'No row has an email, a phone or a profile URL in the chosen columns. Check the column choices.' });
        setStage({ step: 'mapping' });
        return;
      }
      if (JSON.stringify({ type: 'bulk/start', input: { entries: planner.entries } }).length > MAX_MESSAGE_BYTES) {
        setError({ kind: 'invalid_message', message: `${planner.entries.length} entries are more than one bulk job can carry. Split the file in two and import each part.` });
        setStage({ step: 'mapping' });
        return;
      }
      const preview = await request('contacts/import-preview', { entries: planner.entries });
      setStage({ step: 'preview', summary: { ...planner.summary }, preview });
    } catch (cause) {
      setError(toErrorData(cause));
      setStage({ step: 'mapping' });
    }
  };

  const start = async () => {
    if (!meta) return;
    setError(null);
    try {
      const job = await request('bulk/start', { entries: entries.current });
      const next = { ...meta, jobId: job.id };
      await store.putMeta(next);
      setMeta(next);
      setStage({ step: 'job', job });
    } catch (cause) {
      setError(toErrorData(cause));
    }
  };

  const download = async () => {
    if (!meta?.jobId) return;
    setError(null);
    try {
      // The job's final state, read now: a row the service answered is never exported as pending.
      const job = await request('bulk/get', { jobId: meta.jobId });
      if (!FINAL.includes(job.status)) {
        setError({ kind: 'invalid_message', message: 'The job is still running. Export it when it has finished.' });
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
      a.download = fileNameFor(`${meta.name.replace(/\.(csv|tsv|txt)$/i, '')} enriched`, 'csv');
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

  const reset = () => {
    if (meta && !meta.jobId) void store.remove(meta.id);
    setMeta(null);
    setStage({ step: 'input' });
  };

  return (
    <section className="sp-stack" aria-label="Bulk from a file" data-testid="import-view">
      {error && <ErrorState error={error} compact />}
      {stage.step === 'input' && (
        <>
          <label className="sp-label" htmlFor="ipe-import-file">
            CSV or TSV file
          </label>
          <input id="ipe-import-file" type="file" accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values" onChange={(e) => { const f = e.target.files?.[0]; if (f) void read(f, f.name); }} />
          <label className="sp-label" htmlFor="ipe-import-paste">
            Or paste rows (from a spreadsheet or a CSV)
          </label>
          <textarea id="ipe-import-paste" className="ui-input" rows={5} value={paste} onChange={(e) => setPaste(e.target.value)} placeholder={'Email,Name,Company\nana@acme.com,Ana Ruiz,Acme'} />
          <Button size="sm" disabled={!paste.trim()} onClick={() => void read(paste, 'pasted rows')}>
            Read pasted rows
          </Button>
        </>
      )}
      {stage.step === 'reading' && (
        <div className="sp-export">
          <ProgressBar value={0} max={1} indeterminate label={`Reading… ${stage.rows} rows`} />
          <Button size="sm" variant="ghost" icon="stop" onClick={() => abort.current?.abort()}>
            Stop
          </Button>
        </div>
      )}
      {meta && (stage.step === 'mapping' || stage.step === 'planning') && (
        <>
          <p className="sp-hint">
            {meta.rows - (hasHeader ? 1 : 0)} rows in {meta.name}. Check what each column holds; nothing is sent until you start.
          </p>
          <Checkbox label="The first row is a header" checked={hasHeader} onChange={(e) => setHasHeader(e.target.checked)} />
          <table className="sp-import-map">
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">Holds</th>
                <th scope="col">Example</th>
              </tr>
            </thead>
            <tbody>
              {meta.headers.map((header, i) => (
                <tr key={i} data-testid="import-column">
                  <td>{header}</td>
                  <td>
                    <Select label={`What column ${header} holds`} hideLabel value={meta.mapping[i] ?? 'ignore'} onChange={(e) => setKind(i, e.target.value as ColumnKind)} options={COLUMN_KINDS.map((k) => ({ value: k, label: COLUMN_KIND_LABELS[k] }))} />
                  </td>
                  <td className="sp-hint">{sample[0]?.[i] ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="sp-export">
            <Button size="sm" variant="primary" loading={stage.step === 'planning'} onClick={() => void plan()}>
              Preview cost
            </Button>
            <Button size="sm" variant="ghost" onClick={reset}>
              Start over
            </Button>
          </div>
        </>
      )}
      {stage.step === 'preview' && (
        <>
          <dl className="sp-import-preview" data-testid="import-preview">
            <dt>Rows</dt>
            <dd data-testid="preview-rows">{stage.summary.rows}</dd>
            <dt>To look up</dt>
            <dd data-testid="preview-unique">{stage.preview.unique}</dd>
            <dt>Duplicates</dt>
            <dd data-testid="preview-duplicates">{stage.summary.duplicates}</dd>
            <dt>Already cached (free)</dt>
            <dd data-testid="preview-cached">{stage.preview.cached}</dd>
            <dt>Without an email, phone or profile</dt>
            <dd data-testid="preview-skipped">{stage.summary.skipped}</dd>
            <dt>Most it can cost</dt>
            <dd data-testid="preview-credits">{stage.preview.estimate.credits} credits</dd>
          </dl>
          <p className="sp-hint">{stage.preview.estimate.label}</p>
          <div className="sp-export">
            <Button variant="primary" disabled={stage.preview.estimate.blockedByBudget} detail={`up to ${stage.preview.estimate.credits} credits`} onClick={() => void start()}>
              Start bulk enrichment
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setStage({ step: 'mapping' })}>
              Back
            </Button>
          </div>
        </>
      )}
      {stage.step === 'job' && (
        <>
          <ProgressBar value={stage.job.done} max={stage.job.total} label={`${stage.job.done} of ${stage.job.total} · ${stage.job.enriched} enriched · ${stage.job.creditsCharged} credits`} />
          <p className="sp-hint" data-testid="import-job-status">
            {stage.job.status === 'done' ? 'Finished.' : stage.job.status === 'cancelled' ? 'Cancelled.' : stage.job.status === 'failed' ? 'Failed: retry from the bulk view.' : 'Running… you can close the panel; the job continues.'}
          </p>
          <div className="sp-export">
            {!FINAL.includes(stage.job.status) && (
              <Button size="sm" variant="ghost" icon="stop" onClick={() => void request('bulk/cancel', { jobId: stage.job.id }).then((job) => setStage({ step: 'job', job }), (c: unknown) => setError(toErrorData(c)))}>
                Cancel
              </Button>
            )}
            <Checkbox label="For Excel (UTF-8 BOM)" checked={bom} onChange={(e) => setBom(e.target.checked)} />
            <Button size="sm" icon="download" disabled={!FINAL.includes(stage.job.status)} loading={exporting !== null} onClick={() => void download()}>
              Download enriched CSV
            </Button>
            <Button size="sm" variant="ghost" onClick={reset}>
              New import
            </Button>
          </div>
          {exporting && <ProgressBar value={exporting.done} max={exporting.total} label={`Writing ${exporting.done} of ${exporting.total} rows`} />}
        </>
      )}
    </section>
  );
}
