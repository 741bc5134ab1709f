import { useState } from 'react';
import { Button, Checkbox, ErrorState, Select, useBusyAction } from '@/components/ui';
import type { EnrichedContact } from '@/lib/api/schemas';
import { CRM_PRESETS, crmTable, fileNameFor, toCsv, type CrmPreset } from '@/lib/export';
import { downloadText } from '../download';
import { t } from '@/lib/i18n/t';

/**
 * CSV for a CRM: pick the import format (HubSpot, Salesforce, Pipedrive or plain) and whether Excel needs a BOM.
 * The people are loaded at click time, from the stored records (never from what the screen happens to show).
 */
export function CrmExportButton({ load, fileBase, what, disabled = false }: {
  load: () => Promise<Array<{ contact: EnrichedContact; boughtAt?: number }>>;
  fileBase: string;
  what: string;
  disabled?: boolean;
}) {
  const [preset, setPreset] = useState<CrmPreset>('plain');
  const [bom, setBom] = useState(false);
  const { busy, error, run } = useBusyAction(async () => {
    const people = await load();
    const stamp = new Date().toISOString().slice(0, 10);
    downloadText(fileNameFor(`${fileBase} ${preset} ${stamp}`, 'csv'), 'text/csv', toCsv(crmTable(people, preset), { bom }));
  });

  return (
    <div className="sp-export" role="group" aria-label={t('book_crm_group', what)}>
      <Select label={t('book_crm_format')} inline value={preset} onChange={(e) => setPreset(e.target.value as CrmPreset)} options={CRM_PRESETS.map((p) => ({ value: p, label: presetName(p) }))} />
      <Checkbox label={t('book_crm_bom')} checked={bom} onChange={(e) => setBom(e.target.checked)} />
      <Button size="sm" icon="download" loading={busy} disabled={disabled} onClick={() => void run()} aria-label={t('sidepanel_export_csv', what)}>
        {t('sidepanel_format_csv')}
      </Button>
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
