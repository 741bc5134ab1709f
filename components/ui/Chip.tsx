import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import { t } from '@/lib/i18n/t';

export type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info';

export interface ChipProps {
  children: ReactNode;
  tone?: Tone;
  icon?: IconName;
  title?: string;
  className?: string;
  /**
   * The chip shows a value from the page or the API (an email, a slug, a phone), not a UI word: it is marked
   * `translate="no"` so the browser's page translation leaves it alone, and the German UI test skips it.
   */
  data?: boolean;
}

/** A small label: a skill, an industry, a count. */
export function Chip({ children, tone = 'neutral', icon, title, className, data = false }: ChipProps) {
  return (
    <span className={`ui-chip ui-chip--${tone}${className ? ` ${className}` : ''}`} title={title} translate={data ? 'no' : undefined}>
      {icon && <Icon name={icon} size={12} />}
      <span className="ui-chip__text">{children}</span>
    </span>
  );
}

export interface StatusChipProps {
  tone: Tone;
  children: ReactNode;
  title?: string;
  className?: string;
}

/** A status with a coloured dot: "Enriched", "Not found", "Pending". Colour is never the only signal: text is. */
export function StatusChip({ tone, children, title, className }: StatusChipProps) {
  return (
    <span className={`ui-status ui-status--${tone}${className ? ` ${className}` : ''}`} title={title}>
      <span className="ui-status__dot" aria-hidden="true" />
      <span className="ui-status__text">{children}</span>
    </span>
  );
}

/** A wrapping list of chips. */
export function ChipList({ items, tone, label, max }: { items: string[]; tone?: Tone; label: string; max?: number }) {
  const shown = max !== undefined ? items.slice(0, max) : items;
  const rest = items.length - shown.length;
  return (
    <ul className="ui-chip-list" aria-label={label}>
      {shown.map((item, i) => (
        <li key={`${i}-${item}`}>
          <Chip tone={tone}>{item}</Chip>
        </li>
      ))}
      {rest > 0 && (
        <li>
          <Chip>{t('ui_more', rest)}</Chip>
        </li>
      )}
    </ul>
  );
}
