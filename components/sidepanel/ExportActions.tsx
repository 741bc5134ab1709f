import { useState } from 'react';
import { Button, CopyButton } from '@/components/ui';
import { fileNameFor, type Tabular, toCsv, toJson, toTsv } from '@/lib/export';
import { downloadText } from '@/components/shared/download';
import { t } from '@/lib/i18n/t';

export interface ExportActionsProps {
  /** Builds the table at click time (lists can be long); it may read first (a bulk job's final rows). */
  table: () => Tabular | Promise<Tabular>;
  /** The raw records for JSON. */
  json: () => unknown;
  fileBase: string;
  /** What is being exported, for accessible names: "lookalike companies". */
  what: string;
  disabled?: boolean;
}

/** Export any list: CSV and JSON downloads, and copy as TSV for pasting into a spreadsheet. */
export function ExportActions({ table, json, fileBase, what, disabled = false }: ExportActionsProps) {
  const stamp = new Date().toISOString().slice(0, 10);
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async (kind: 'csv' | 'json') => {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'csv') downloadText(fileNameFor(`${fileBase} ${stamp}`, 'csv'), 'text/csv', toCsv(await table()));
      else downloadText(fileNameFor(`${fileBase} ${stamp}`, 'json'), 'application/json', toJson(await json()));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="sp-export" role="group" aria-label={t('sidepanel_export_group', what)}>
      <Button size="sm" icon="download" disabled={disabled} loading={busy === 'csv'} aria-label={t('sidepanel_export_csv', what)} onClick={() => void save('csv')}>
        {t('sidepanel_format_csv')}
      </Button>
      <Button
        size="sm"
        icon="download"
        disabled={disabled}
        loading={busy === 'json'}
        aria-label={t('sidepanel_export_json', what)}
        onClick={() => void save('json')}
      >
        {t('sidepanel_format_json')}
      </Button>
      {!disabled && (
        <CopyButton
          value={async () => toTsv(await table())}
          label={t('sidepanel_export_copy')}
          accessibleLabel={t('sidepanel_export_copy_label', what)}
          showLabel
          variant="secondary"
        />
      )}
      {error && (
        <p className="sp-hint" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
