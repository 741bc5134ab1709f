import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { Icon, type IconName } from './Icon';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  icon?: IconName;
  /** A small count after the label. */
  badge?: number | null;
}

export interface TabsProps<Id extends string> {
  /** Prefix for element ids; TabPanel must use the same. */
  idBase: string;
  items: ReadonlyArray<TabItem<Id>>;
  value: Id;
  onChange: (id: Id) => void;
  label: string;
}

/** WAI-ARIA tabs: one tab stop, arrow keys / Home / End move between tabs and activate them. */
export function Tabs<Id extends string>({ idBase, items, value, onChange, label }: TabsProps<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((t) => t.id === value);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    const target = items[next];
    if (!target) return;
    onChange(target.id);
    refs.current.get(target.id)?.focus();
  };
  return (
    <div className="ui-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            ref={(el) => {
              if (el) refs.current.set(item.id, el);
              else refs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${item.id}`}
            aria-selected={selected}
            aria-controls={`${idBase}-panel-${item.id}`}
            tabIndex={selected ? 0 : -1}
            className={`ui-tab${selected ? ' ui-tab--selected' : ''}`}
            onClick={() => onChange(item.id)}
          >
            {item.icon && <Icon name={item.icon} size={14} />}
            <span>{item.label}</span>
            {item.badge !== undefined && item.badge !== null && item.badge > 0 && (
              <span className="ui-tab__badge ui-num">{item.badge > 999 ? '999+' : item.badge}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}

export interface TabPanelProps {
  idBase: string;
  id: string;
  active: boolean;
  children: ReactNode;
}

/** Keeps inactive panels mounted (their state survives tab switches) but hidden. */
export function TabPanel({ idBase, id, active, children }: TabPanelProps) {
  return (
    <div
      className="ui-tabpanel"
      role="tabpanel"
      id={`${idBase}-panel-${id}`}
      aria-labelledby={`${idBase}-tab-${id}`}
      hidden={!active}
      tabIndex={-1}
    >
      {children}
    </div>
  );
}
