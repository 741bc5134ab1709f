import { useDeferredValue, useMemo, useRef, useState, type RefObject } from 'react';
import { Button, SearchField, formatCount } from '@/components/ui';
import { t, tn } from '@/lib/i18n/t';

/** A long list's filter: what is typed, and the rows it keeps (the same array when it keeps them all). */
export interface ListFilterState<Row> {
  /** Every row, filtered or not. */
  rows: readonly Row[];
  query: string;
  setQuery: (query: string) => void;
  /** The query the rows follow: a step behind the typing, so typing stays instant over thousands of rows. */
  applied: string;
  shown: readonly Row[];
  filtering: boolean;
  input: RefObject<HTMLInputElement | null>;
}

/**
 * Filters `rows` with `filter` (lib/model/text-query.ts's rule, through `filterPeople` or `filterIdentifiers`), which
 * returns `rows` itself when nothing is filtered out.
 */
export function useListFilter<Row>(rows: readonly Row[], filter: (rows: readonly Row[], query: string) => readonly Row[]): ListFilterState<Row> {
  const [query, setQuery] = useState('');
  const applied = useDeferredValue(query);
  const shown = useMemo(() => filter(rows, applied), [rows, applied, filter]);
  const input = useRef<HTMLInputElement>(null);
  return { rows, query, setQuery, applied: applied.trim(), shown, filtering: shown !== rows, input };
}

/**
 * A section's count while a filter is on: "36 of 300", and "· 1 selected not shown" when the filter hides rows the
 * user chose (they stay chosen: the selection bar's count and price include them). `chosen`: the shared selection and
 * a row's key in it, for a list whose rows can be selected.
 */
export function filteredCount<Row>(list: ListFilterState<Row>, chosen?: { selected: ReadonlySet<string>; key: (row: Row) => string }): string {
  const total = list.rows.length;
  if (!list.filtering) return formatCount(total);
  const count = t('people_filter_meta', formatCount(list.shown.length), formatCount(total));
  if (chosen === undefined) return count;
  const shown = new Set(list.shown);
  const hidden = list.rows.filter((row) => !shown.has(row) && chosen.selected.has(chosen.key(row))).length;
  return hidden > 0 ? `${count} · ${tn('people_filter_hidden_selected', hidden)}` : count;
}

/**
 * The selection change of a table that shows `list.shown`: its own rows' keys as the table says, every other key
 * (rows the filter hides, other tables' rows) as it was. "Select all" and "Clear" so act on the rows shown only.
 */
export function selectionOfShown<Row>(list: ListFilterState<Row>, key: (row: Row) => string, selected: ReadonlySet<string>, next: ReadonlySet<string>): Set<string> {
  const own = new Set(list.shown.map(key));
  const merged = new Set([...selected].filter((k) => !own.has(k)));
  for (const k of next) if (own.has(k)) merged.add(k);
  return merged;
}

/**
 * The filter box above a list longer than `longerThan` rows, the count a screen reader hears, and what it says when
 * nothing matches. The caller leaves its table out while `nothingMatches(list)`.
 */
export function ListFilter<Row>({
  list,
  label,
  longerThan,
  of = 'people',
}: {
  list: ListFilterState<Row>;
  label: string;
  longerThan: number;
  /** What the rows are: people ("No one here matches") or things ("Nothing here matches"). */
  of?: 'people' | 'things';
}) {
  const total = list.rows.length;
  const none = t(of === 'people' ? 'people_filter_none' : 'people_filter_none_things', list.applied);
  const clear = (): void => {
    list.setQuery('');
    // The button goes with the message: the focus goes back to the box, not to the top of the panel.
    list.input.current?.focus();
  };
  return (
    <>
      {(total > longerThan || list.query !== '') && (
        <SearchField ref={list.input} label={label} value={list.query} onChange={(e) => list.setQuery(e.target.value)} className="sp-list-filter" />
      )}
      {/* Always in the page, so a screen reader hears each change of the count. */}
      <p className="ui-visually-hidden" role="status">
        {!list.filtering ? '' : list.shown.length === 0 ? none : t('people_filter_shown', list.shown.length, total)}
      </p>
      {nothingMatches(list) && (
        <p className="sp-list-filter__none">
          {none}{' '}
          <Button size="sm" variant="ghost" onClick={clear}>
            {t('people_filter_clear')}
          </Button>
        </p>
      )}
    </>
  );
}

export const nothingMatches = (list: ListFilterState<unknown>): boolean => list.filtering && list.shown.length === 0;
