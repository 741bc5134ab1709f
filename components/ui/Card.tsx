import { type HTMLAttributes, type ReactNode, useId, useState } from 'react';
import { Icon } from './Icon';

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  children: ReactNode;
  padding?: 'none' | 'sm' | 'md';
  interactive?: boolean;
}

export function Card({ children, padding = 'md', interactive = false, className, ...rest }: CardProps) {
  return (
    <div
      className={`ui-card ui-card--pad-${padding}${interactive ? ' ui-card--interactive' : ''}${className ? ` ${className}` : ''}`}
      {...rest}
    >
      {children}
    </div>
  );
}

export interface SectionProps {
  title: ReactNode;
  /** Right-aligned header content: a count, a button. */
  actions?: ReactNode;
  /** Small text after the title, e.g. a count. */
  meta?: ReactNode;
  children: ReactNode;
  /** When set, the section can be folded; the value is the initial state. */
  collapsible?: boolean;
  defaultOpen?: boolean;
  className?: string;
  headingLevel?: 2 | 3;
}

/** A titled block of a view. Collapsible sections use a real button with aria-expanded. */
export function Section({
  title,
  actions,
  meta,
  children,
  collapsible = false,
  defaultOpen = true,
  className,
  headingLevel = 3,
}: SectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const isOpen = !collapsible || open;
  return (
    <section className={`ui-section${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-h`}>
      <div className="ui-section__header">
        <Heading className="ui-section__title" id={`${id}-h`}>
          {collapsible ? (
            <button
              type="button"
              className="ui-section__toggle"
              aria-expanded={open}
              aria-controls={`${id}-c`}
              onClick={() => setOpen((o) => !o)}
            >
              <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
              <span>{title}</span>
            </button>
          ) : (
            title
          )}
          {meta !== undefined && <span className="ui-section__meta">{meta}</span>}
        </Heading>
        {actions && <div className="ui-section__actions">{actions}</div>}
      </div>
      <div className="ui-section__body" id={`${id}-c`} hidden={!isOpen}>
        {isOpen ? children : null}
      </div>
    </section>
  );
}

/** Label/value pairs in two columns; values wrap, labels stay narrow. Empty values are skipped. */
export function DefinitionList({ items }: { items: Array<[label: string, value: ReactNode]> }) {
  const shown = items.filter(([, v]) => v !== null && v !== undefined && v !== '' && v !== false);
  if (shown.length === 0) return null;
  return (
    <dl className="ui-dl">
      {shown.map(([label, value]) => (
        <div className="ui-dl__row" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
