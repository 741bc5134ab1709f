import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { describeError, type ErrorAction, errorDetails, formatWait } from '@/lib/errors/catalogue';
import type { ErrorData } from '@/lib/model/errors';
import { Button } from './Button';
import { formatCredits } from './format';
import { Icon } from './Icon';
import { t } from '@/lib/i18n/t';

export interface ErrorStateProps {
  error: ErrorData;
  /** Offered when the catalogue lists 'retry'; also called when a 'wait' countdown ends. */
  onRetry?: () => void;
  /**
   * Handlers for actions the page can perform ('upgrade-plan', 'add-credits', or overrides).
   * 'open-settings' and 'copy-details' work without one.
   */
  actions?: Partial<Record<ErrorAction, () => void>>;
  compact?: boolean;
  /**
   * The most the retry may cost (the price it is held to), shown on its button: a retry of a paid lookup is a new
   * paid request ("Try again · 1 credit"), never an unpriced click.
   */
  retryCredits?: number | undefined;
}

const actionLabels: Record<ErrorAction, () => string> = {
  'open-settings': () => t('common_open_settings'),
  retry: () => t('common_try_again'),
  'copy-details': () => t('ui_copy_details'),
  'upgrade-plan': () => t('ui_see_plans'),
  wait: () => t('ui_waiting'),
  'add-credits': () => t('ui_add_credits'),
};

const severityClass = { info: 'info', warning: 'warning', error: 'danger' } as const;

/**
 * Every failure, in the shared catalogue's words, with its recovery actions as buttons. A rate-limit wait counts
 * down and retries by itself.
 */
export function ErrorState({ error, onRetry, actions = {}, compact = false, retryCredits }: ErrorStateProps) {
  const description = describeError(error);
  const [copied, setCopied] = useState(false);
  const waitMs = description.retryInMs;
  const remaining = useCountdown(waitMs, onRetry);

  const run = (action: ErrorAction) => {
    const custom = actions[action];
    if (custom) return custom();
    if (action === 'retry') return onRetry?.();
    if (action === 'open-settings') return void browser.runtime.openOptionsPage();
    if (action === 'copy-details') {
      void navigator.clipboard.writeText(errorDetails(error)).then(
        () => setCopied(true),
        () => setCopied(false),
      );
    }
  };

  const available = description.actions.filter((action) => {
    if (action === 'wait') return false;
    if (action === 'retry') return Boolean(onRetry || actions.retry);
    if (action === 'open-settings' || action === 'copy-details') return true;
    return Boolean(actions[action]);
  });

  const tone = severityClass[description.severity];
  return (
    <div
      className={`ui-error ui-error--${tone}${compact ? ' ui-error--compact' : ''}`}
      role={description.severity === 'error' ? 'alert' : 'status'}
    >
      <span className="ui-error__icon">
        <Icon name={description.severity === 'info' ? 'info' : 'alert'} size={compact ? 16 : 18} />
      </span>
      <div className="ui-error__content">
        <p className="ui-error__title">{description.title}</p>
        <p className="ui-error__message">{description.message}</p>
        {remaining !== null && remaining > 0 && (
          // Hidden from screen readers: inside this alert it was read again every second. The message above already
          // says how long the wait is, once.
          <p className="ui-error__wait ui-num" aria-hidden="true">
            {t('ui_resumes_in', formatWait(remaining))}
          </p>
        )}
        {available.length > 0 && (
          <div className="ui-error__actions">
            {available.map((action, i) => (
              <Button
                key={action}
                size="sm"
                variant={i === 0 ? 'primary' : 'secondary'}
                icon={action === 'copy-details' ? (copied ? 'check' : 'copy') : action === 'retry' ? 'refresh' : undefined}
                onClick={() => run(action)}
                detail={action === 'retry' && retryCredits !== undefined ? formatCredits(retryCredits) : undefined}
              >
                {action === 'copy-details' && copied ? t('ui_copied') : actionLabels[action]()}
              </Button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/** Counts down `ms` in whole seconds; calls `onDone` once at zero. */
function useCountdown(ms: number | undefined, onDone: (() => void) | undefined): number | null {
  const [deadline] = useState(() => (ms === undefined ? null : Date.now() + ms));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) {
        clearInterval(timer);
        onDone?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, onDone]);
  return deadline === null ? null : Math.max(0, deadline - now);
}
