import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { Icon } from './Icon';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  hideLabel?: boolean;
}

/** A labelled text input with an optional hint and an error tied to it (aria-describedby / aria-invalid). */
export function TextField({ label, hint, error, hideLabel = false, className, ...rest }: TextFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`ui-field${className ? ` ${className}` : ''}`}>
      <label className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="ui-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint && (
        <p className="ui-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="ui-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: string;
  /** The input itself (to give it focus back, say). */
  ref?: Ref<HTMLInputElement>;
}

/** A search box with a leading icon; the label is visually hidden but read by screen readers. */
export function SearchField({ label, className, ...rest }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={`ui-search${className ? ` ${className}` : ''}`}>
      <label className="ui-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <Icon name="search" size={14} className="ui-search__icon" />
      <input id={id} type="search" className="ui-input ui-search__input" placeholder={label} {...rest} />
    </div>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
  /** Extra words under the label ("+1 credit"). */
  description?: ReactNode;
  hideLabel?: boolean;
}

export function Checkbox({ label, description, hideLabel = false, className, ...rest }: CheckboxProps) {
  const id = useId();
  return (
    <div className={`ui-checkbox${className ? ` ${className}` : ''}`}>
      <input id={id} type="checkbox" aria-describedby={description ? `${id}-d` : undefined} {...rest} />
      <label htmlFor={id} className={hideLabel ? 'ui-visually-hidden' : undefined}>
        {label}
      </label>
      {description && (
        <span className="ui-checkbox__description" id={`${id}-d`}>
          {description}
        </span>
      )}
    </div>
  );
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  hideLabel?: boolean;
  inline?: boolean;
}

export function Select({ label, options, hideLabel = false, inline = false, className, ...rest }: SelectProps) {
  const id = useId();
  return (
    <div className={`ui-field${inline ? ' ui-field--inline' : ''}${className ? ` ${className}` : ''}`}>
      <label className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'} htmlFor={id}>
        {label}
      </label>
      <select id={id} className="ui-input ui-select" {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
