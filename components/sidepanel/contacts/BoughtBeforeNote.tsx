import { Button } from '@/components/ui';
import { t, tn } from '@/lib/i18n/t';

/**
 * "2 of them you bought before": filled from the contact book, free; or, chosen, bought again. The price on the button
 * follows the choice (the estimate counts them either way).
 */
export function BoughtBeforeNote({
  count,
  fresh,
  onFresh,
  busy = false,
  className = 'sp-bulkbar__note',
}: {
  count: number;
  fresh: boolean;
  onFresh: (fresh: boolean) => void;
  /** The choice is being priced or the job started: the button waits (a click then would race the start). */
  busy?: boolean;
  className?: string;
}) {
  return (
    <p className={className} data-testid="bulk-bought-before">
      {fresh ? tn('progress_bought_before_fresh', count) : tn('progress_bought_before_saved', count)}{' '}
      <Button size="sm" variant="ghost" disabled={busy} onClick={() => onFresh(!fresh)}>
        {fresh ? t('progress_use_saved') : tn('progress_buy_fresh', count)}
      </Button>
    </p>
  );
}
