import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button, ErrorState } from '@/components/ui';
import type { ErrorData } from '@/lib/model/errors';
import { request, toErrorData } from '@/components/shared/hooks';
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
  const root = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const questionId = useId();
  // Each step replaces the buttons of the one before (Delete → the question → Undo), so focus is placed again once
  // the next step is on screen; left alone it fell to <body>.
  const [focusNext, setFocusNext] = useState<'dialog' | 'trigger' | 'undo' | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(null);
    if (focusNext === 'dialog') dialog.current?.focus();
    else root.current?.querySelector<HTMLButtonElement>(`[data-focus="${focusNext}"]:not(:disabled)`)?.focus();
  }, [focusNext]);

  const ask = () => {
    setAsking(true);
    setFocusNext('dialog');
  };
  const keep = () => {
    setAsking(false);
    setFocusNext('trigger');
  };
  const onDialogKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    keep();
  };

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => {
      // The Undo button goes with the time it had: focus on it returns to Delete.
      const focused = root.current?.contains(document.activeElement) ?? false;
      setUndo(null);
      if (focused) setFocusNext('trigger');
    }, Math.max(0, undo.until - Date.now()));
    return () => clearTimeout(timer);
  }, [undo]);

  const remove = async () => {
    setError(null);
    try {
      const { removed, undoUntil } = await request('contacts/delete', { ids });
      setAsking(false);
      // `what` is kept as it was: the selection (and so the prop) empties once the rows are gone.
      if (removed) setUndo({ ids, until: undoUntil, what });
      setFocusNext(removed ? 'undo' : 'trigger');
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
      setFocusNext('trigger');
      onChanged();
    } catch (cause) {
      setError(toErrorData(cause));
    }
  };

  return (
    // `display: contents` (contacts.css): a handle for placing focus that leaves the toolbar's layout as it was.
    <div className="sp-delete" ref={root}>
      {!asking && !undo && (
        <Button size="sm" variant="ghost" icon="trash" disabled={ids.length === 0} onClick={ask} data-focus="trigger">
          {t('book_delete')}
        </Button>
      )}
      {asking && (
        // Focused when it opens (tabIndex -1: by script only), so the question is read; Escape keeps the contacts.
        <div
          className="sp-confirm"
          role="alertdialog"
          aria-label={t('book_delete_ask', what)}
          aria-describedby={questionId}
          tabIndex={-1}
          ref={dialog}
          onKeyDown={onDialogKey}
        >
          <p id={questionId}>{ids.length === 1 ? t('book_delete_confirm_single', what) : t('book_delete_confirm_many', what)}</p>
          <div className="sp-export">
            <Button size="sm" variant="danger" onClick={() => void remove()}>
              {t('book_delete_what', what)}
            </Button>
            <Button size="sm" variant="ghost" onClick={keep}>
              {t('book_delete_keep')}
            </Button>
          </div>
        </div>
      )}
      {undo && (
        <div className="sp-confirm" role="status">
          <span>{t('book_deleted', undo.what)}</span>
          <Button size="sm" onClick={() => void restore()} data-focus="undo">
            {t('book_undo')}
          </Button>
        </div>
      )}
      {error && <ErrorState error={error} compact />}
    </div>
  );
}
