import { useEffect, useState } from 'react';
import { Button, ErrorState } from '@/components/ui';
import type { ErrorData } from '@/lib/messaging/protocol';
import { request, toErrorData } from '../hooks';
import { t } from '@/lib/i18n/t';

/**
 * Deleting asks first and says what it means: the record leaves the contact book and its lists, but the cached
 * answer stays until it expires, so a new lookup meanwhile is free (deleting must never make the user pay twice
 * by accident). Then "Undo" for the few seconds the book keeps it (lib/contacts UNDO_MS).
 */
export function DeleteControls({ ids, what, onChanged }: { ids: string[]; what: string; onChanged: () => void }) {
  const [asking, setAsking] = useState(false);
  const [undo, setUndo] = useState<{ ids: string[]; until: number; what: string } | null>(null);
  const [error, setError] = useState<ErrorData | null>(null);

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), Math.max(0, undo.until - Date.now()));
    return () => clearTimeout(timer);
  }, [undo]);

  const remove = async () => {
    setError(null);
    try {
      const { removed, undoUntil } = await request('contacts/delete', { ids });
      setAsking(false);
      // `what` is kept as it was: the selection (and so the prop) empties once the rows are gone.
      if (removed) setUndo({ ids, until: undoUntil, what });
      onChanged();
    } catch (cause) {
      setError(toErrorData(cause));
    }
  };
  const restore = async () => {
    if (!undo) return;
    try {
      await request('contacts/restore', { ids: undo.ids });
      setUndo(null);
      onChanged();
    } catch (cause) {
      setError(toErrorData(cause));
    }
  };

  return (
    <>
      {!asking && !undo && (
        <Button size="sm" variant="ghost" icon="trash" disabled={ids.length === 0} onClick={() => setAsking(true)}>
          {t('book_delete')}
        </Button>
      )}
      {asking && (
        <div className="sp-confirm" role="alertdialog" aria-label={t('book_delete_ask', what)}>
          <p>{ids.length === 1 ? t('book_delete_confirm_single', what) : t('book_delete_confirm_many', what)}</p>
          <div className="sp-export">
            <Button size="sm" variant="danger" onClick={() => void remove()}>
              {t('book_delete_what', what)}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
              {t('book_delete_keep')}
            </Button>
          </div>
        </div>
      )}
      {undo && (
        <div className="sp-confirm" role="status">
          <span>{t('book_deleted', undo.what)}</span>
          <Button size="sm" onClick={() => void restore()}>
            {t('book_undo')}
          </Button>
        </div>
      )}
      {error && <ErrorState error={error} compact />}
    </>
  );
}
