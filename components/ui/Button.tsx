import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: IconName;
  /** Shows a spinner, keeps the label (so the width does not jump) and blocks clicks. */
  loading?: boolean;
  /** Secondary text after the label, e.g. the cost: "Enrich · 1 credit". */
  detail?: ReactNode;
  block?: boolean;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  icon,
  loading = false,
  detail,
  block = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['ui-button', `ui-button--${variant}`, `ui-button--${size}`];
  // The separator between label and detail is drawn by CSS; spell it out for the accessible name.
  const label =
    rest['aria-label'] ??
    (typeof children === 'string' && (typeof detail === 'string' || typeof detail === 'number') ? `${children} · ${detail}` : undefined);
  if (block) classes.push('ui-button--block');
  if (className) classes.push(className);
  return (
    <button
      type={type}
      className={classes.join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
      aria-label={label}
    >
      {loading ? <span className="ui-spinner" aria-hidden="true" /> : icon ? <Icon name={icon} size={size === 'sm' ? 14 : 15} /> : null}
      {children !== undefined && <span className="ui-button__label">{children}</span>}
      {detail !== undefined && detail !== null && <span className="ui-button__detail">{detail}</span>}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: IconName;
  /** Required: the accessible name (also shown as the tooltip). */
  label: string;
  variant?: 'ghost' | 'secondary';
  size?: ButtonSize;
}

export function IconButton({ icon, label, variant = 'ghost', size = 'md', className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      className={`ui-icon-button ui-icon-button--${variant} ui-icon-button--${size}${className ? ` ${className}` : ''}`}
      aria-label={label}
      title={label}
      {...rest}
    >
      <Icon name={icon} size={size === 'sm' ? 14 : 16} />
    </button>
  );
}
