/**
 * The import preview's step for changes to prices and spending limits: each shown old → new, applied only when the
 * user ticks it (off by default), like the API address step beside it.
 */
import { Checkbox } from '@/components/ui';
import type { PriceChange } from '@/lib/settings-transfer';
import { t } from '@/lib/i18n/t';

export interface PriceChangesStepProps {
  changes: readonly PriceChange[];
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function PriceChangesStep({ changes, checked, onChange }: PriceChangesStepProps) {
  return (
    <div className="opt-confirm" role="note" data-testid="import-price-changes">
      <p>{t('options_import_prices_warning')}</p>
      <ul className="opt-issues">
        {changes.map((change) => (
          <li key={change.field}>{change.text}</li>
        ))}
      </ul>
      <Checkbox
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        label={t('options_import_prices_opt_in')}
        description={t('options_import_prices_hint')}
      />
    </div>
  );
}
