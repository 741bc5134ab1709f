import { bulkRequired } from '@/lib/api/required';
import { t } from '@/lib/i18n/t';
import { REQUIRED_FIELD_LABELS } from '@/lib/settings/required-words';
import { useAccount } from '../account';

/** The user's required fields as a bulk job sends them (lib/api/required.ts), from the saved settings. */
export function useBulkRequired() {
  const { settings } = useAccount();
  return bulkRequired(settings?.lookupDefaults.required ?? []);
}

/** Said before a bulk job's price: a required field bulk cannot send does not make its misses free. */
export function BulkRequiredNote({ dropped }: { dropped: readonly (keyof typeof REQUIRED_FIELD_LABELS)[] }) {
  if (dropped.length === 0) return null;
  const words = dropped.map((field) => `“${REQUIRED_FIELD_LABELS[field]}”`).join(', ');
  return (
    <p className="sp-bulkbar__note" role="note" data-testid="bulk-required-note">
      {t('progress_required_not_in_bulk', words)}
    </p>
  );
}
