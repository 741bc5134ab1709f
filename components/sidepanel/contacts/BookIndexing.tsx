import { useEffect, useState } from 'react';
import { ProgressBar } from '@/components/ui';
import { background } from '@/lib/messaging/extension';
import { t } from '@/lib/i18n/t';

export type IndexingProgress = { done: number; total: number };

/** How often the view asks how far the book's update has come while it waits for its page. */
const POLL_MS = 500;

/** "Updating your contact book… 2,500 of 10,000": what the bar says (never more done than there are). */
export function indexingDetail({ done, total }: IndexingProgress): string {
  return t('book_updating_detail', Math.min(done, total), total);
}

/**
 * While the book's rows and search lines are derived after an upgrade of its store (lib/contacts/idb-store.ts), the
 * contacts view's first page waits for them: at 100,000 contacts that is minutes. Asked every half second while
 * `waiting`; null when the book answers at once (or is not being updated).
 */
export function useBookIndexing(waiting: boolean): IndexingProgress | null {
  const [progress, setProgress] = useState<IndexingProgress | null>(null);
  useEffect(() => {
    if (!waiting) {
      setProgress(null);
      return;
    }
    let stopped = false;
    const ask = () =>
      void background.request('contacts/indexing', {}).then(
        ({ indexing }) => !stopped && setProgress(indexing),
        () => undefined,
      );
    ask();
    const timer = setInterval(ask, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waiting]);
  return progress;
}

/** The update's progress bar, in place of the loading rows. */
export function BookIndexing({ progress }: { progress: IndexingProgress }) {
  return (
    <div className="sp-stack" role="status" data-testid="book-indexing">
      <p className="sp-hint">{t('book_updating_why')}</p>
      <ProgressBar value={progress.done} max={progress.total} label={t('book_updating_label')} detail={indexingDetail(progress)} />
    </div>
  );
}
