/** The last few verifications (from the cache, so reopening one is free), each with its verdict. */
import { useEffect, useState } from 'react';
import { Skeleton, StatusChip, timeAgo, verdictOf, verdictWords } from '@/components/ui';
import { background } from '@/lib/messaging/extension';
import { type RecentVerification, readVerification, verificationEntries } from './verification-history';
import { t } from '@/lib/i18n/t';

const SHOWN = 4;

export interface RecentVerificationsProps {
  /** Changes when a new verification finished: reload. */
  revision: number;
  onPick: (email: string) => void;
}

export function RecentVerifications({ revision, onPick }: RecentVerificationsProps) {
  const [items, setItems] = useState<RecentVerification[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const history = await background.request('history/list', { limit: 100 });
      const entries = verificationEntries(history, SHOWN);
      const opened = await Promise.all(
        entries.map(async (entry) => ({
          key: entry.key,
          email: entry.label,
          fetchedAt: entry.fetchedAt,
          result: readVerification(await background.request('history/open', { key: entry.key }).catch(() => null)),
        })),
      );
      if (!cancelled) {
        setItems(opened);
        setFailed(false);
      }
    })().catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [revision]);

  if (failed) return null;
  return (
    <section className="pop-recent" aria-labelledby="pop-recent-title">
      <h2 className="pop-title" id="pop-recent-title">
        {t('popup_recent')}
      </h2>
      {items === null ? (
        <div aria-label={t('popup_recent_loading')} className="pop-recent__loading">
          <Skeleton height={14} />
          <Skeleton height={14} width="80%" />
        </div>
      ) : items.length === 0 ? (
        <p className="pop-empty">{t('popup_recent_empty')}</p>
      ) : (
        <ul className="pop-recent__list">
          {items.map((item) => {
            const words = item.result ? verdictWords[verdictOf(item.result)] : null;
            return (
              <li key={item.key}>
                <button
                  type="button"
                  className="pop-recent__item"
                  onClick={() => onPick(item.email)}
                  title={t('popup_recent_pick', item.email)}
                >
                  <span className="pop-recent__email ui-mono ui-truncate">{item.email}</span>
                  {words && <StatusChip tone={words.tone}>{words.label}</StatusChip>}
                  <span className="pop-recent__when ui-subtle">{timeAgo(item.fetchedAt)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
