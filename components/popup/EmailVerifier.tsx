/**
 * The popup's email verifier: syntax checked locally first (nothing is sent for "bob@"), the price shown on the
 * button before the call (cached → free), Enter to verify, the verdict explained, and what it cost afterwards.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button, ErrorState, VerificationChip, formatCredits, timeAgo } from '@/components/ui';
import { estimateCost } from '@/lib/api/pricing';
import { RequestFailed } from '@/lib/errors/handled-error';
import { background } from '@/lib/messaging/extension';
import type { RequestOutput } from '@/lib/messaging/protocol';
import type { CostEstimate } from '@/lib/model/lookup';
import type { ErrorData } from '@/lib/model/errors';
import { checkEmailSyntax } from './email-syntax';
import { verifyHelp } from './verify-help';
import { t } from '@/lib/i18n/t';

type Outcome = RequestOutput<'email/verify'> & { email: string };

type State =
  | { status: 'idle' }
  | { status: 'checking'; email: string }
  | { status: 'done'; outcome: Outcome }
  | { status: 'error'; email: string; error: ErrorData };

const PRICE = estimateCost({ kind: 'emailVerification' });

export interface EmailVerifierProps {
  /** Called after every verification, so the recent list and today's credits refresh. */
  onVerified: () => void;
  /** Prefill (a recent verification clicked). */
  prefill?: { email: string; nonce: number } | null;
}

export function EmailVerifier({ onVerified, prefill }: EmailVerifierProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [syntaxError, setSyntaxError] = useState<string | null>(null);
  const [estimate, setEstimate] = useState<CostEstimate | null>(null);
  const [state, setState] = useState<State>({ status: 'idle' });
  const input = useRef<HTMLInputElement>(null);

  const [seenPrefill, setSeenPrefill] = useState(prefill?.nonce);
  if (prefill && prefill.nonce !== seenPrefill) {
    setSeenPrefill(prefill.nonce);
    setDraft(prefill.email);
    setSyntaxError(null);
  }

  useEffect(() => {
    input.current?.focus();
  }, []);

  // The price of the address as typed: "1 credit", or "Cached 3 days ago · free". Asked of the background only
  // for well-formed addresses, debounced; it never calls the API.
  const syntax = checkEmailSyntax(draft);
  const candidate = syntax.ok === true ? syntax.email : null;
  // Bumped after each verification, so the price is asked again (a checked address is now free from the cache).
  const [verifications, setVerifications] = useState(0);
  useEffect(() => {
    setEstimate(null);
    if (!candidate) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      background.request('credits/estimate', { action: 'email/verify', email: candidate }).then(
        (e) => !cancelled && setEstimate(e),
        () => undefined,
      );
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [candidate, verifications]);

  /** `quotedCredits`: the price the button showed; a dearer check is refused (`price_changed`), nothing sent. */
  async function verify(email: string, refresh: boolean, quotedCredits?: number) {
    setState({ status: 'checking', email });
    try {
      const answer = await background.request('email/verify', {
        email,
        ...(refresh ? { refresh: true } : {}),
        ...(quotedCredits !== undefined ? { quotedCredits } : {}),
      });
      setState({ status: 'done', outcome: { ...answer, email } });
      setVerifications((n) => n + 1);
      onVerified();
    } catch (e) {
      const error: ErrorData =
        e instanceof RequestFailed ? e.error : { kind: 'internal', message: e instanceof Error ? e.message : String(e) };
      setState({ status: 'error', email, error });
      // The price shown was stale: ask again, so the button shows what a check costs now.
      if (error.kind === 'price_changed') setVerifications((n) => n + 1);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkEmailSyntax(draft);
    if (checked.ok === 'empty') {
      setSyntaxError(t('popup_type_an_email'));
      return;
    }
    if (checked.ok === false) {
      setSyntaxError(t('popup_syntax_nothing_sent', checked.message));
      return;
    }
    setSyntaxError(null);
    // Held to the price the button shows (below: the estimate's, else the list price while it is asked for).
    void verify(checked.email, false, estimate?.credits ?? PRICE);
  };

  const busy = state.status === 'checking';
  // The verdict for this very address is on screen: the button offers to check it *again* (from the cache, free),
  // so "free" never stands as the price of the check whose "1 credit charged" is shown below it.
  const showingTyped = state.status === 'done' && state.outcome.email.toLowerCase() === draft.trim().toLowerCase();
  // Short on the button (the popup is narrow); the long form ("Cached 3 days ago · free") goes in the help line.
  // While a typed address is priced, no figure: the list price stood there for a moment after every check, and read
  // "Check again · 1 credit" above a verdict that checking again would give free from the cache.
  const price = estimate?.blockedByBudget
    ? t('ui_over_budget')
    : estimate?.cached
      ? t('credits_free')
      : estimate
        ? formatCredits(estimate.credits)
        : candidate
          ? '…'
          : formatCredits(PRICE);
  const help = verifyHelp(syntaxError, estimate, showingTyped);
  return (
    <section className="pop-verify" aria-labelledby={`${id}-title`}>
      <h2 className="pop-title" id={`${id}-title`}>
        {t('popup_verify_title')}
      </h2>
      <form className="pop-verify__form" onSubmit={submit} noValidate>
        <label className="ui-visually-hidden" htmlFor={`${id}-input`}>
          {t('popup_email_to_verify')}
        </label>
        <input
          ref={input}
          id={`${id}-input`}
          className="ui-input pop-verify__input"
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('popup_email_placeholder')}
          value={draft}
          maxLength={320}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            setSyntaxError(null);
          }}
          aria-invalid={syntaxError ? true : undefined}
          aria-describedby={`${id}-help`}
        />
        <Button
          type="submit"
          variant="primary"
          loading={busy}
          disabled={estimate?.blockedByBudget === true}
          detail={price}
          title={estimate?.label}
        >
          {showingTyped ? t('popup_verify_again') : t('popup_verify')}
        </Button>
      </form>
      <p id={`${id}-help`} className={syntaxError ? 'pop-help pop-help--error' : 'pop-help'} aria-live="polite">
        {help}
      </p>
      {estimate?.blockedByBudget && (
        <p className="pop-help pop-help--warning">{t('popup_over_budget_help')}</p>
      )}
      <div className="pop-verify__result" aria-live="polite" aria-busy={busy || undefined}>
        {state.status === 'checking' && (
          <p className="pop-checking">
            <span className="ui-spinner" aria-hidden="true" /> {t('popup_checking')} <span className="ui-mono">{state.email}</span>…
          </p>
        )}
        {/* A syntax error is about the address typed now: the previous address's verdict under it read as this one's. */}
        {state.status === 'done' && !syntaxError && <VerificationResult outcome={state.outcome} onRecheck={() => void verify(state.outcome.email, true, PRICE)} />}
        {state.status === 'error' && (
          <ErrorState error={state.error} compact onRetry={() => void verify(state.email, false, estimate?.credits ?? PRICE)} retryCredits={estimate?.credits ?? PRICE} />
        )}
      </div>
    </section>
  );
}

function VerificationResult({ outcome, onRecheck }: { outcome: Outcome; onRecheck: () => void }) {
  const { result, provenance } = outcome;
  const fromCache = provenance.source === 'cache';
  return (
    <div className="pop-result" data-testid="verification-result">
      <p className="pop-result__email ui-mono">{outcome.email}</p>
      <VerificationChip result={{ verified: result.verified, catch_all: result.catch_all ?? null }} explain />
      <p className="pop-result__cost">
        {fromCache ? (
          <>
            {t('popup_from_cache')} · <strong>{t('credits_free')}</strong> ({t('ui_checked_ago', timeAgo(provenance.fetchedAt))})
          </>
        ) : (
          <>
            {t('popup_checked_live')} ·{' '}
            <strong>
              {provenance.creditsCharged > 0 ? t('popup_charged', formatCredits(provenance.creditsCharged)) : t('popup_no_credit_charged')}
            </strong>
          </>
        )}
      </p>
      {fromCache && (
        <Button size="sm" variant="ghost" icon="refresh" onClick={onRecheck} detail={formatCredits(PRICE)}>
          {t('popup_check_again_live')}
        </Button>
      )}
    </div>
  );
}
