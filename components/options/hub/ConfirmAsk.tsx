/**
 * The hub's "are you sure?" for an action that cannot be undone (revoking a member, turning proxy mode off): the
 * question, the action in danger colours, and Cancel focused first so Enter does not confirm by accident.
 */
import { Button } from '@/components/ui';
import { t } from '@/lib/i18n/t';

export function ConfirmAsk({ label, question, action, busy, onConfirm, onCancel }: {
  label: string;
  question: string;
  action: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div role="alertdialog" aria-label={label} className="hub-confirm">
      <p>{question}</p>
      <div className="hub-budget">
        <Button size="sm" variant="danger" loading={busy} onClick={onConfirm}>
          {action}
        </Button>
        <Button size="sm" variant="ghost" autoFocus onClick={onCancel}>
          {t('book_cancel')}
        </Button>
      </div>
    </div>
  );
}
