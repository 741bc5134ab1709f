/**
 * "Open saved · bought 40 days ago · free": beside a priced lookup whose answer the user bought before (the contact
 * book keeps it after the cache's freshness has run out), the free way to see it again.
 */
import { Button, type ButtonProps } from '@/components/ui';
import { timeAgo } from '@/lib/credits/words';
import { t } from '@/lib/i18n/t';
import type { Saved } from './use-saved';

export function OpenSavedButton({ saved, size }: { saved: Saved; size?: ButtonProps['size'] }) {
  return (
    <Button
      variant="secondary"
      icon="user"
      {...(size ? { size } : {})}
      detail={t('sidepanel_contact_saved_detail', timeAgo(saved.record.lastBoughtAt))}
      onClick={saved.open}
    >
      {t('sidepanel_contact_open_saved')}
    </Button>
  );
}
