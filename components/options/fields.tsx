/**
 * Form pieces the UI kit lacks, styled with its classes: a labelled field around any control (the kit's TextField
 * cannot hold an input with a button beside it), a radio card, and a polite status line.
 */
import { type ReactNode, useId } from 'react';
import { Icon } from '@/components/ui';

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  /** Renders the control; receives the ids to wire up. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p className="ui-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="ui-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled whole-number input (days, credits): the one shape every numeric setting takes. */
export function WholeNumberField({
  label,
  hint,
  error,
  value,
  onChange,
  max,
}: Omit<FieldProps, 'children'> & { value: string; onChange: (value: string) => void; max?: number }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="ui-input opt-input--num"
          type="number"
          min={0}
          max={max}
          step={1}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
        />
      )}
    </Field>
  );
}

export interface RadioCardProps {
  name: string;
  value: string;
  checked: boolean;
  onSelect: (value: string) => void;
  title: ReactNode;
  children?: ReactNode;
  disabled?: boolean;
}

/** One choice of a radio group, shown as a card with a title and an explanation. */
export function RadioCard({ name, value, checked, onSelect, title, children, disabled }: RadioCardProps) {
  const id = useId();
  return (
    <div className={`opt-radio${checked ? ' opt-radio--checked' : ''}`}>
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-describedby={children ? `${id}-desc` : undefined}
        onChange={() => onSelect(value)}
      />
      <div className="opt-radio__text">
        <label htmlFor={id} className="opt-radio__title">
          {title}
        </label>
        {children && (
          <div className="opt-radio__desc" id={`${id}-desc`}>
            {children}
          </div>
        )}
      </div>
    </div>
  );
}

export type Status = { tone: 'success' | 'info' | 'warning' | 'danger'; text: string } | null;

/** A short outcome line ("Saved.", "Permission declined") announced politely to screen readers. */
export function StatusLine({ status }: { status: Status }) {
  return (
    <p className={`opt-status${status ? ` opt-status--${status.tone}` : ''}`} role="status" aria-live="polite">
      {status && (
        <>
          <Icon name={status.tone === 'success' ? 'check' : status.tone === 'info' ? 'info' : 'alert'} size={14} />
          <span>{status.text}</span>
        </>
      )}
    </p>
  );
}
