import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export interface EmptyStateProps {
  icon?: IconName;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  compact?: boolean;
}

/** Nothing to show yet — said plainly, with the next step as a button. Never a blank screen. */
export function EmptyState({ icon = 'info', title, children, actions, compact = false }: EmptyStateProps) {
  return (
    <div className={`ui-empty${compact ? ' ui-empty--compact' : ''}`}>
      <span className="ui-empty__icon">
        <Icon name={icon} size={compact ? 18 : 22} />
      </span>
      <p className="ui-empty__title">{title}</p>
      {children && <div className="ui-empty__body">{children}</div>}
      {actions && <div className="ui-empty__actions">{actions}</div>}
    </div>
  );
}
