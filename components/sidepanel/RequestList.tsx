import type { ReactNode } from 'react';
import { EmptyState, ErrorState, type IconName, SkeletonList } from '@/components/ui';
import type { AsyncState } from '@/components/shared/hooks';

/**
 * A list loaded with useRequest, in its states: a skeleton while loading, the error with Retry, an empty state
 * when there is nothing, and otherwise the items in a `sp-history` list.
 */
export function RequestList<T>({
  request,
  loadingLabel,
  loadingRows,
  empty,
  label,
  children,
}: {
  request: { state: AsyncState<T[]>; reload: () => void };
  loadingLabel: string;
  loadingRows: number;
  empty: { icon: IconName; title: string; text: string };
  /** The list's accessible name. */
  label: string;
  /** The rows (`<li>`s). */
  children: (items: T[]) => ReactNode;
}) {
  const { state, reload } = request;
  return (
    <>
      {state.status === 'loading' && <SkeletonList rows={loadingRows} avatar={false} label={loadingLabel} />}
      {state.status === 'error' && <ErrorState error={state.error} onRetry={reload} />}
      {state.status === 'success' && state.data.length === 0 && (
        <EmptyState icon={empty.icon} title={empty.title}>
          <p>{empty.text}</p>
        </EmptyState>
      )}
      {state.status === 'success' && state.data.length > 0 && (
        <ul className="sp-history" aria-label={label}>
          {children(state.data)}
        </ul>
      )}
    </>
  );
}

/** One row of a `sp-history` list: an optional control before the text (a checkbox), the label, a meta line, and actions. */
export function ListRow({ testId, before, label, meta, actions }: { testId?: string; before?: ReactNode; label: ReactNode; meta: ReactNode; actions: ReactNode }) {
  return (
    <li className="sp-history__item" data-testid={testId}>
      <div className="sp-history__main">
        {before}
        <div className="sp-history__text">
          <p className="sp-history__label">{label}</p>
          <p className="sp-history__meta">{meta}</p>
        </div>
        <div className="sp-history__actions">{actions}</div>
      </div>
    </li>
  );
}
