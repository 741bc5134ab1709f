import type { CostEstimate } from '@/lib/model/lookup';
import { Button, type ButtonProps } from './Button';
import { Chip } from './Chip';
import { costLabel, isCachedMiss } from './format';
import { t } from '@/lib/i18n/t';

export interface CostBadgeProps {
  estimate: CostEstimate | null | undefined;
  /** While the estimate is being fetched. */
  loading?: boolean;
  /** The charge depends on how many results come back ("up to 50 credits"). */
  upTo?: boolean;
}

/** What an action will cost, before the click: "1 credit", "Cached 3 days ago · free", "Over daily budget". */
export function CostBadge({ estimate, loading = false, upTo = false }: CostBadgeProps) {
  if (loading || !estimate) {
    return (
      <Chip tone="neutral" className="ui-cost ui-cost--loading">
        <span aria-label={t('ui_estimating_cost')}>…</span>
      </Chip>
    );
  }
  if (estimate.blockedByBudget) {
    return (
      <Chip tone="warning" icon="alert" className="ui-cost" title={estimate.label}>
        {t('ui_over_daily_budget')}
      </Chip>
    );
  }
  return (
    <Chip
      tone={estimate.cached || estimate.credits === 0 ? 'success' : 'neutral'}
      icon={estimate.cached ? 'clock' : 'coins'}
      className="ui-cost"
      title={estimate.label}
    >
      {costLabel(estimate, { upTo })}
    </Chip>
  );
}

export interface PaidButtonProps extends Omit<ButtonProps, 'detail'> {
  estimate: CostEstimate | null | undefined;
  upTo?: boolean;
  /** Extra words after the cost, e.g. "~15 s". */
  note?: string;
  /**
   * For a button in a narrow row: a cached answer reads "free", or "no match" when the service found nobody; its age
   * is in the tooltip (`label`; the row's chips keep their room; "Open · Cached 3 days ago · free" left them a few
   * letters at 320 px).
   */
  compact?: boolean;
}

/**
 * A button for a paid action that always states its price in its own label ("Enrich · 1 credit"), so the cost
 * is read before the click — also by screen readers. Disabled while the estimate loads or when over budget.
 */
export function PaidButton({ estimate, upTo = false, note, compact = false, disabled, title, ...rest }: PaidButtonProps) {
  const full = estimate
    ? estimate.blockedByBudget
      ? t('ui_over_budget')
      : costLabel(estimate, { upTo })
    : '…';
  const cost = compact && estimate?.cached && !estimate.blockedByBudget ? (isCachedMiss(estimate) ? t('ui_cached_no_match') : t('credits_free')) : full;
  const detail = note ? `${cost} · ${note}` : cost;
  return (
    <Button
      {...rest}
      detail={detail}
      disabled={disabled || !estimate || estimate.blockedByBudget}
      title={title ?? estimate?.label}
    />
  );
}
