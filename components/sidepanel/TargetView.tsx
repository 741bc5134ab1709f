import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { Card, ErrorState } from '@/components/ui';
import type { CostEstimate, Provenance } from '@/lib/model/lookup';
import type { ErrorData } from '@/lib/model/errors';
import { useAccount } from './account';
import type { AsyncState } from '@/components/shared/hooks';
import { ViewLookupBox } from './LookupBox';
import { NoKeyState } from './NoKeyState';
import { OverBudgetNote } from './OverBudgetNote';

/**
 * A view that shows one open target (a contact, a company): the no-key state when there is neither a target nor a
 * key, `empty` when there is no target, and otherwise the lookup box above the target's own loader, mounted afresh
 * for each opening (its nonce).
 */
export function TargetView<T extends { nonce: number }>({
  target,
  noKeyWhat,
  empty,
  loader,
}: {
  target: T | null;
  /** What the no-key state says a key would open. */
  noKeyWhat: string;
  /** The empty state shown below the lookup box when nothing is open. */
  empty: ReactNode;
  loader: (target: T) => ReactNode;
}) {
  const { hasKey, state: accountState } = useAccount();
  if (!target && accountState.status === 'success' && !hasKey) return <NoKeyState what={noKeyWhat} />;
  // The lookup box stays at the same place in the tree whether or not a target is open: it was inside a <div> when
  // nothing was open and beside the target otherwise, so the first lookup from an empty view remounted it, which
  // dropped focus to <body> and cleared the text just typed.
  return (
    <>
      <ViewLookupBox />
      {target ? <Fragment key={target.nonce}>{loader(target)}</Fragment> : <div className="sp-view">{empty}</div>}
    </>
  );
}

/**
 * The loading rules a target's loader shares: a record the target already carries is shown as it is (no request);
 * otherwise, once the account is known and there is a key, the lookup starts by itself when the user already
 * clicked a priced button for it (`autorun`) or the answer is cached (free). Returns the outcome to show (the last
 * one stays up while a refresh runs) and whether the loader should show the no-key state instead.
 */
export function useTargetOutcome<R, O>({
  target,
  record,
  action,
  show,
  start,
  cached,
}: {
  target: { autorun?: boolean; quotedCredits?: number; provenance?: Provenance };
  /** The record the target carries, if any. */
  record: R | undefined;
  action: { state: AsyncState<O>; set: (outcome: O) => void };
  /** The outcome for a carried record. */
  show: (record: R, provenance: Provenance) => O;
  /**
   * Starts the lookup, held to a price: the one the clicked button showed (`target.quotedCredits`), or 0 when it
   * starts by itself because the answer is cached (free). A price that rose in between is refused (`price_changed`).
   */
  start: (quotedCredits: number | undefined) => void;
  cached: boolean;
}): { outcome: O | undefined; ready: boolean; noKey: boolean } {
  const { hasKey, state: accountState } = useAccount();
  const { state, set } = action;
  const showRef = useRef(show);
  const startRef = useRef(start);
  useEffect(() => {
    showRef.current = show;
    startRef.current = start;
  });

  useEffect(() => {
    if (record) set(showRef.current(record, target.provenance ?? { source: 'cache', fetchedAt: Date.now(), creditsCharged: 0 }));
  }, [target, record, set]);

  const ready = accountState.status === 'success';
  useEffect(() => {
    if (record || state.status !== 'idle' || !ready || !hasKey) return;
    if (target.autorun) startRef.current(target.quotedCredits);
    else if (cached) startRef.current(0);
  }, [target, record, state.status, cached, ready, hasKey]);

  const outcome = state.status === 'success' ? state.data : state.status === 'loading' ? state.previous : undefined;
  return { outcome, ready, noKey: !record && ready && !hasKey };
}

/** The eyebrow and label above a target's error or no-match state. */
export function TargetHeader({ eyebrow, label }: { eyebrow: string; label: string }) {
  return (
    <div className="sp-target">
      <p className="sp-eyebrow">{eyebrow}</p>
      <h2 className="sp-target__label">{label}</h2>
    </div>
  );
}

/** The card that asks before a paid lookup: what is looked up, at what price, and the priced button(s). */
export function ConfirmCard({
  testId,
  eyebrow,
  title,
  text,
  estimate,
  priceChanged,
  children,
}: {
  testId: string;
  eyebrow: string;
  title: string;
  text: ReactNode;
  estimate: CostEstimate | null | undefined;
  /** The last click was refused because the price rose after it was shown: said above the new price. */
  priceChanged?: ErrorData | null;
  /** The buttons. */
  children: ReactNode;
}) {
  return (
    <div className="sp-view">
      <Card className="sp-confirm" data-testid={testId}>
        <p className="sp-eyebrow">{eyebrow}</p>
        <h2 className="sp-confirm__title">{title}</h2>
        {priceChanged && <ErrorState error={priceChanged} compact />}
        <p className="sp-confirm__text">{text}</p>
        <div className="ui-button-row">{children}</div>
        <OverBudgetNote estimate={estimate} />
      </Card>
    </div>
  );
}
