/**
 * "Open saved · bought 40 days ago · free": beside a priced lookup whose answer the user bought before (the contact
 * book keeps it after the cache's freshness has run out, issue 14), the free way to see it again.
 */
import { Button, type ButtonProps } from '@/components/ui';
import type { SavedRecord } from '@/lib/contacts';
import { timeAgo } from '@/lib/credits/words';
import { t } from '@/lib/i18n/t';
import { useNavigation } from '../navigation';
import { openRecord } from './open-record';

export function OpenSavedButton({ saved, recheck, size }: { saved: SavedRecord; recheck: () => void; size?: ButtonProps['size'] }) {
  const nav = useNavigation();
  return (
    <Button
      variant="secondary"
      icon="user"
      {...(size ? { size } : {})}
      detail={t('sidepanel_contact_saved_detail', timeAgo(saved.lastBoughtAt))}
      // Deleted from the book since it was asked: ask again (the button goes, the priced lookup stays).
      onClick={() => void openRecord(saved.id, nav).then((shown) => shown || recheck())}
    >
      {t('sidepanel_contact_open_saved')}
    </Button>
  );
}
