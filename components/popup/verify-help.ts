import { costLabel } from '@/components/ui';
import type { CostEstimate } from '@/lib/model/lookup';
import { t } from '@/lib/i18n/t';

/**
 * The line under the verify box. Right after a paid check the address is in the cache, so its price is "free":
 * said as "the answer comes from the cache" it read as the story of the check just charged ("Checked live · 1 credit
 * charged" above it). While that address's verdict is on screen, the line speaks of checking it *again*.
 */
export function verifyHelp(syntaxError: string | null, estimate: CostEstimate | null, showingTyped: boolean): string {
  if (syntaxError !== null) return syntaxError;
  if (!estimate?.cached) return t('popup_press_enter');
  return showingTyped ? t('popup_again_from_cache') : t('popup_checked_before', costLabel(estimate));
}
