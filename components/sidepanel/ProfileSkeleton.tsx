import { Skeleton } from '@/components/ui';
import { t } from '@/lib/i18n/t';
import { StopWaiting, WaitNotice } from './progress/WaitNotice';

export interface ProfileSkeletonProps {
  /** What is being looked up, named in the status line. */
  label: string;
  /** Extra words after the label, e.g. "live data takes about 15 s". */
  note?: string | null;
  shape?: 'circle' | 'square';
  testId?: string;
  /** Offered once the lookup has been out a while: the view goes back to its price, the answer is still kept. */
  onStopWaiting?: () => void;
}

/**
 * The loading state of a contact or company: the layout of the profile to come, what is being looked up, and, when
 * the lookup waits for the rate limit or a 429 pause, why, for how long, and a way to cancel it (WaitNotice reads
 * the queue itself, so the views that show this skeleton need no change).
 */
export function ProfileSkeleton({ label, note, shape = 'circle', testId, onStopWaiting }: ProfileSkeletonProps) {
  return (
    <div className="sp-skeleton-profile" role="status" aria-busy="true" aria-live="polite" data-testid={testId}>
      <div className="sp-skeleton-profile__head">
        <Skeleton width={56} height={56} radius={shape === 'circle' ? '50%' : 6} />
        <div className="sp-skeleton-profile__lines">
          <Skeleton width="60%" height={16} />
          <Skeleton width="85%" height={12} />
          <Skeleton width="40%" height={10} />
        </div>
      </div>
      <p className="sp-skeleton-profile__note">
        {t('progress_looking_up')} <strong>{label}</strong>
        {note ? ` · ${note}` : '…'}
      </p>
      <WaitNotice />
      {onStopWaiting && <StopWaiting onStop={onStopWaiting} />}
      {[0, 1, 2].map((i) => (
        <div key={i} className="sp-skeleton-profile__block">
          <Skeleton width="30%" height={11} />
          <Skeleton width="90%" height={10} />
          <Skeleton width="75%" height={10} />
        </div>
      ))}
    </div>
  );
}
