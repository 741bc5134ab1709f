import { Button, CopyButton } from '@/components/ui';
import { fileNameFor, type Tabular, toCsv, toJson, toTsv } from '@/lib/export';
import { downloadText } from './download';

export interface ExportActionsProps {
  /** Builds the table at click time (lists can be long). */
  table: () => Tabular;
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
  return (
    <div className="sp-export" role="group" aria-label={`Export ${what}`}>
      <Button
        size="sm"
        icon="download"
        disabled={disabled}
        aria-label={`Download ${what} as CSV`}
        onClick={() => downloadText(fileNameFor(`${fileBase} ${stamp}`, 'csv'), 'text/csv', toCsv(table()))}
      >
        CSV
      </Button>
      <Button
        size="sm"
        icon="download"
        disabled={disabled}
        aria-label={`Download ${what} as JSON`}
        onClick={() => downloadText(fileNameFor(`${fileBase} ${stamp}`, 'json'), 'application/json', toJson(json()))}
      >
        JSON
      </Button>
      {!disabled && <CopyButton value={() => toTsv(table())} label="Copy for sheets" accessibleLabel={`Copy ${what} for spreadsheets`} showLabel variant="secondary" />}
    </div>
  );
}
