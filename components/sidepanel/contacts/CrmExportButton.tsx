import { useRef, useState } from 'react';
import { Button, Checkbox, ErrorState, Select, useBusyAction } from '@/components/ui';
import type { EnrichedContact } from '@/lib/api/schemas';
import { CRM_PRESETS, crmTable, fileNameFor, toCsv, type CrmPreset } from '@/lib/export';
import { downloadParts, downloadText } from '@/components/shared/download';
import { csvByPages } from './book-export';
import { t } from '@/lib/i18n/t';

/**
 * CSV for a CRM: pick the import format (HubSpot, Salesforce, Pipedrive or plain) and whether Excel needs a BOM.
 * The people are loaded at click time, from the stored records (never from what the screen happens to show).
 * With `ids` (the whole book's export), the file is written page by page with progress and Cancel (./book-export.ts).
 */
export function CrmExportButton({ load, ids, onWritten, fileBase, what, disabled = false }: {
  load?: () => Promise<Array<{ contact: EnrichedContact; boughtAt?: number }>>;
  ids?: () => Promise<string[]>;
  /** After a file written from `ids`: how many companies it left out (a CRM file holds people only). */
  onWritten?: (companiesLeftOut: number) => void;
  fileBase: string;
  what: string;
  disabled?: boolean;
}) {
  const [preset, setPreset] = useState<CrmPreset>('plain');
  const [bom, setBom] = useState(false);
  const [progress, setProgress] = useState<{ read: number; total: number } | null>(null);
  const cancel = useRef<AbortController | null>(null);
  const { busy, error, run } = useBusyAction(async () => {
    const name = fileNameFor(`${fileBase} ${preset} ${new Date().toISOString().slice(0, 10)}`, 'csv');
    if (!ids) {
      const people = (await load?.()) ?? [];
      downloadText(name, 'text/csv', toCsv(crmTable(people, preset), { bom }));
      return;
    }
    const controller = new AbortController();
    cancel.current = controller;
    try {
      const file = await csvByPages({ ids: await ids(), preset, bom, signal: controller.signal, onProgress: (read, total) => setProgress({ read, total }) });
      downloadParts(name, 'text/csv', file.parts);
      onWritten?.(file.companiesLeftOut);
    } catch (e) {
      // Cancelled: no file, and nothing to report.
      if (!controller.signal.aborted) throw e;
    } finally {
      cancel.current = null;
      setProgress(null);
    }
  });

  return (
    <div className="sp-export" role="group" aria-label={t('book_crm_group', what)}>
      <Select label={t('book_crm_format')} inline value={preset} onChange={(e) => setPreset(e.target.value as CrmPreset)} options={CRM_PRESETS.map((p) => ({ value: p, label: presetName(p) }))} />
      <Checkbox label={t('book_crm_bom')} checked={bom} onChange={(e) => setBom(e.target.checked)} />
      <Button size="sm" icon="download" loading={busy} disabled={disabled} onClick={() => void run()} aria-label={t('sidepanel_export_csv', what)}>
        {t('sidepanel_format_csv')}
      </Button>
      {progress && (
        <>
          <progress value={progress.read} max={Math.max(progress.total, 1)} aria-label={t('book_export_progress', progress.read, progress.total)} />
          <span role="status" data-testid="export-progress">
            {t('book_export_progress', progress.read, progress.total)}
          </span>
          <Button size="sm" variant="ghost" onClick={() => cancel.current?.abort()}>
            {t('book_cancel')}
          </Button>
        </>
      )}
      {error && <ErrorState error={error} compact />}
    </div>
  );
}

/** The import formats by name, in the UI language (locales/<lang>/words.json, `book_crm_*`). */
function presetName(preset: CrmPreset): string {
  switch (preset) {
    case 'plain':
      return t('book_crm_plain');
    case 'hubspot':
      return t('book_crm_hubspot');
    case 'salesforce':
      return t('book_crm_salesforce');
    case 'salesforce_lead':
      return t('book_crm_salesforce_lead');
    case 'pipedrive':
      return t('book_crm_pipedrive');
  }
}
