import { useEffect, useState } from 'react';
import { Button, type ButtonSize, IconButton } from './Button';
import { t } from '@/lib/i18n/t';

export interface CopyButtonProps {
  /** Text to copy, or a function producing it at click time (for big exports; it may read first). */
  value: string | (() => string | Promise<string>);
  /** Accessible name / visible label. */
  label: string;
  /** Show the label as text (a Button) rather than an icon-only button. */
  showLabel?: boolean;
  size?: ButtonSize;
  variant?: 'ghost' | 'secondary';
  /** A fuller accessible name when the visible label is short ("Copy" → "Copy Ada's email"). */
  accessibleLabel?: string;
}

/** Copies to the clipboard and confirms in place ("Copied") for a moment; announced to screen readers. */
export function CopyButton({ value, label, showLabel = false, size = 'sm', variant = 'ghost', accessibleLabel }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1600);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    const text = new Promise<string>((resolve) => resolve(typeof value === 'function' ? value() : value));
    // The click's permission to write the clipboard lasts only for this task. A ClipboardItem takes the text as a
    // promise, so an export that first re-reads its rows still writes with it; writeText after an await would not.
    const written =
      typeof ClipboardItem === 'function' && typeof navigator.clipboard.write === 'function'
        ? navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((s) => new Blob([s], { type: 'text/plain' })) })])
        : text.then((s) => navigator.clipboard.writeText(s));
    written
      .then(
        () => setState('copied'),
        () => setState('failed'),
      );
  };
  const status = state === 'copied' ? t('ui_copied') : state === 'failed' ? t('ui_copy_failed') : null;
  return (
    <>
      {showLabel ? (
        <Button
          size={size}
          variant={variant === 'ghost' ? 'ghost' : 'secondary'}
          icon={state === 'copied' ? 'check' : 'copy'}
          onClick={copy}
          aria-label={status ?? accessibleLabel}
        >
          {status ?? label}
        </Button>
      ) : (
        <IconButton size={size} variant={variant} icon={state === 'copied' ? 'check' : 'copy'} label={status ?? label} onClick={copy} />
      )}
      <span className="ui-visually-hidden" role="status">
        {status ?? ''}
      </span>
    </>
  );
}
