import { type HTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
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
  /**
   * The heading's level in the view's outline (h1 is the page's name): 2 for a view's own sections, 3 under a
   * view's h2 (a profile's name, the page's title), 4 inside a section of those.
   */
  headingLevel?: 2 | 3 | 4;
  /**
   * Where focus goes when the control that had it disappears (a finished or cancelled job's button): the heading
   * becomes focusable by script only (tabIndex -1), never a Tab stop.
   */
  headingRef?: Ref<HTMLHeadingElement>;
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
  headingRef,
}: SectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : headingLevel === 4 ? 'h4' : 'h3';
  const isOpen = !collapsible || open;
  return (
    <section className={`ui-section${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-h`}>
      <div className="ui-section__header">
        <Heading className="ui-section__title" id={`${id}-h`} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
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
