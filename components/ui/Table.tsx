import { type ReactNode, type UIEvent, useCallback, useMemo, useRef, useState } from 'react';
import { Icon } from './Icon';
import { t } from '@/lib/i18n/t';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  columnId: string;
  direction: SortDirection;
}

export interface Column<Row> {
  id: string;
  /** Header text; also the accessible name of the column. */
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /** CSS grid track, e.g. '72px' or 'minmax(0, 2fr)'. Default: a flexible share. */
  width?: string;
  /** Makes the column sortable. */
  sortValue?: (row: Row) => string | number | null;
  align?: 'start' | 'end' | 'center';
  /** Keep the header for screen readers only (e.g. an actions column). */
  hideHeader?: boolean;
}

export interface TableSelection<Row> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Accessible name of one row's checkbox: "Select Acme Inc". */
  rowLabel: (row: Row) => string;
  /** Rows that cannot be selected (already enriched, say). */
  isSelectable?: (row: Row) => boolean;
}

export interface TableProps<Row> {
  label: string;
  rows: readonly Row[];
  columns: ReadonlyArray<Column<Row>>;
  rowKey: (row: Row) => string;
  /** Every row has this height (px): what makes windowing cheap. */
  rowHeight?: number;
  /** Height of the scrolling area (px) once the rows no longer fit. */
  maxHeight?: number;
  selection?: TableSelection<Row>;
  defaultSort?: SortState;
  /** Shown instead of the body when there are no rows. */
  empty?: ReactNode;
}

const OVERSCAN = 6;
const HEADER_HEIGHT = 32;

/**
 * A windowed table for long lists (500 lookalikes, 1,000 bulk rows): only the rows in view (plus a few) are in the
 * DOM, absolutely positioned in a body as tall as all rows. ARIA table roles with aria-rowcount/aria-rowindex keep
 * the full size known to assistive technology. Sorting is by column header buttons (aria-sort).
 */
export function Table<Row>({
  label,
  rows,
  columns,
  rowKey,
  rowHeight = 40,
  maxHeight = 420,
  selection,
  defaultSort,
  empty,
}: TableProps<Row>) {
  const [sort, setSort] = useState<SortState | undefined>(defaultSort);
  const [scrollTop, setScrollTop] = useState(0);
  const frame = useRef(0);

  const sorted = useMemo(() => {
    const column = sort && columns.find((c) => c.id === sort.columnId);
    if (!sort || !column?.sortValue) return rows;
    const value = column.sortValue;
    const factor = sort.direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      if (va === vb) return 0;
      if (va === null) return 1;
      if (vb === null) return -1;
      return (va < vb ? -1 : 1) * factor;
    });
  }, [rows, columns, sort]);

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(top));
  }, []);

  const template = [selection ? '32px' : null, ...columns.map((c) => c.width ?? 'minmax(0, 1fr)')]
    .filter(Boolean)
    .join(' ');

  const bodyHeight = sorted.length * rowHeight;
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(sorted.length, Math.ceil((scrollTop + maxHeight) / rowHeight) + OVERSCAN);
  const visible = sorted.slice(first, last);

  const selectable = selection
    ? sorted.filter((row) => selection.isSelectable?.(row) ?? true).map((row) => rowKey(row))
    : [];
  const selectedCount = selection ? selectable.filter((k) => selection.selected.has(k)).length : 0;
  const allSelected = selectable.length > 0 && selectedCount === selectable.length;

  const toggleSort = (column: Column<Row>) => {
    setSort((current) =>
      current?.columnId === column.id
        ? { columnId: column.id, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { columnId: column.id, direction: typeof column.sortValue?.(sorted[0] as Row) === 'number' ? 'desc' : 'asc' },
    );
  };

  if (rows.length === 0 && empty) return <>{empty}</>;

  return (
    <div
      className="ui-table"
      role="table"
      aria-label={label}
      aria-rowcount={sorted.length + 1}
      tabIndex={0}
      onScroll={onScroll}
      style={{ maxHeight: maxHeight + HEADER_HEIGHT }}
    >
      <div className="ui-table__head" role="rowgroup">
        <div className="ui-table__row ui-table__row--head" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template, height: HEADER_HEIGHT }}>
          {selection && (
            <div className="ui-table__cell ui-table__cell--check" role="columnheader">
              <input
                type="checkbox"
                aria-label={allSelected ? t('ui_clear_selection') : t('ui_select_all', selectable.length)}
                checked={allSelected}
                ref={(el) => {
                  if (el) el.indeterminate = selectedCount > 0 && !allSelected;
                }}
                disabled={selectable.length === 0}
                onChange={() => selection.onChange(allSelected ? new Set() : new Set(selectable))}
              />
            </div>
          )}
          {columns.map((column) => {
            const sortedBy = sort?.columnId === column.id ? sort.direction : null;
            return (
              <div
                key={column.id}
                className={`ui-table__cell ui-table__cell--${column.align ?? 'start'}`}
                role="columnheader"
                aria-sort={column.sortValue ? (sortedBy === 'asc' ? 'ascending' : sortedBy === 'desc' ? 'descending' : 'none') : undefined}
              >
                {column.sortValue ? (
                  <button type="button" className="ui-table__sort" onClick={() => toggleSort(column)}>
                    <span className={column.hideHeader ? 'ui-visually-hidden' : undefined}>{column.header}</span>
                    <Icon name={sortedBy === 'asc' ? 'arrowUp' : 'arrowDown'} size={12} className={sortedBy ? 'ui-table__sort-icon--on' : 'ui-table__sort-icon'} />
                  </button>
                ) : (
                  <span className={column.hideHeader ? 'ui-visually-hidden' : undefined}>{column.header}</span>
                )}
              </div>
            );
          })}
        </div>
      </div>
      <div className="ui-table__body" role="rowgroup" style={{ height: bodyHeight }}>
        {visible.map((row, i) => {
          const index = first + i;
          const key = rowKey(row);
          const canSelect = selection ? (selection.isSelectable?.(row) ?? true) : false;
          const isSelected = selection?.selected.has(key) ?? false;
          return (
            <div
              key={key}
              className={`ui-table__row${isSelected ? ' ui-table__row--selected' : ''}`}
              role="row"
              aria-rowindex={index + 2}
              style={{ gridTemplateColumns: template, height: rowHeight, transform: `translateY(${index * rowHeight}px)` }}
            >
              {selection && (
                <div className="ui-table__cell ui-table__cell--check" role="cell">
                  <input
                    type="checkbox"
                    aria-label={selection.rowLabel(row)}
                    checked={isSelected}
                    disabled={!canSelect}
                    onChange={() => {
                      const next = new Set(selection.selected);
                      if (isSelected) next.delete(key);
                      else next.add(key);
                      selection.onChange(next);
                    }}
                  />
                </div>
              )}
              {columns.map((column) => (
                <div key={column.id} className={`ui-table__cell ui-table__cell--${column.align ?? 'start'}`} role="cell">
                  {column.cell(row, index)}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
