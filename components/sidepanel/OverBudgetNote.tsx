/**
 * What an over-budget paid button cannot say in its label: the price, what is left today, the cheaper
 * choice (the background words it, lib/engine/estimate.ts) and a way to the daily-budget setting.
 */
import { browser } from 'wxt/browser';
import { Button } from '@/components/ui';
import { t } from '@/lib/i18n/t';
import type { CostEstimate } from '@/lib/model/lookup';

export function OverBudgetNote({ estimate }: { estimate: CostEstimate | null | undefined }) {
  if (!estimate?.blockedByBudget) return null;
  return (
    <div className="sp-stack" role="note" data-testid="over-budget">
      <p className="sp-hint">{estimate.label}</p>
      <div className="ui-button-row">
        <Button size="sm" variant="ghost" icon="settings" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('progress_budget_settings')}
        </Button>
      </div>
    </div>
  );
}
