import { useDeferredValue, useMemo, useRef, useState, type RefObject } from 'react';
import { Button, SearchField } from '@/components/ui';
import { t, tn } from '@/lib/i18n/t';

/** A long list's filter: what is typed, and the rows it keeps (the same array when it keeps them all). */
export interface ListFilterState<Row> {
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
  return { query, setQuery, applied: applied.trim(), shown, filtering: shown !== rows, input };
}

/**
 * A section's count while a filter is on: "36 of 300", and "· 1 selected not shown" when the filter hides rows the
 * user chose (they stay chosen: the selection bar's count and price include them).
 */
export function filteredCount(list: ListFilterState<unknown>, total: number, hiddenSelected = 0): string {
  const count = list.filtering ? t('people_filter_meta', list.shown.length, total) : String(total);
  return hiddenSelected > 0 ? `${count} · ${tn('people_filter_hidden_selected', hiddenSelected)}` : count;
}

/**
 * The filter box above a list longer than `longerThan` rows, the count a screen reader hears, and what it says when
 * nothing matches. The caller leaves its table out while `nothingMatches(list)`.
 */
export function ListFilter<Row>({
  list,
  total,
  label,
  longerThan,
  of = 'people',
}: {
  list: ListFilterState<Row>;
  total: number;
  label: string;
  longerThan: number;
  /** What the rows are: people ("No one here matches") or things ("Nothing here matches"). */
  of?: 'people' | 'things';
}) {
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
