import { useEffect, useState } from 'react';
import { Button, EmptyState, ErrorState, SearchField, Select, SkeletonList } from '@/components/ui';
import { BOOK_SORTS, type BookEntry, type BookSort } from '@/lib/contacts/schema';
import { useDebounced, useRequest } from '@/components/shared/hooks';
import { AddToListButton } from '../lists/AddToListButton';
import { useNavigation } from '../navigation';
import { BookIndexing, useBookIndexing } from './BookIndexing';
import { CrmExportButton } from './CrmExportButton';
import { DeleteControls } from './DeleteControls';
import { allMatchingIds, openRecord } from './open-record';
import { idSources, WebhookSendButton } from './WebhookSendButton';
import { t, tn, uiLanguage } from '@/lib/i18n/t';

// Functions, not strings: the words come from the browser's i18n, asked at render time.
const SORT_LABELS: Record<BookSort, () => string> = {
  'bought-desc': () => t('book_sort_newest'),
  'bought-asc': () => t('book_sort_oldest'),
  name: () => t('book_sort_name'),
  company: () => t('book_sort_company'),
  credits: () => t('book_sort_credits'),
};

/** One formatter per language: made per row, 500 rows spent a tenth of their render making formatters. */
let dates: { language: string; format: Intl.DateTimeFormat } | null = null;
const boughtDate = (at: number): string => {
  const language = uiLanguage();
  if (dates?.language !== language) dates = { language, format: new Intl.DateTimeFormat(language, { dateStyle: 'medium' }) };
  return dates.format.format(at);
};

/** Rows added to the page per frame: 500 rows rendered at once held the panel ~260 ms under load (goal: no task over 200 ms). */
const ROWS_PER_FRAME = 100;

/** How many of `total` rows to render now: the first ROWS_PER_FRAME at once, then ROWS_PER_FRAME more each frame. */
function useRowsShown(total: number, page: unknown): number {
  // Counted per page: a new page (a search, a reload) starts again from the first rows, in the render that shows it.
  const [state, setState] = useState<{ page: unknown; shown: number }>({ page, shown: ROWS_PER_FRAME });
  const shown = state.page === page ? state.shown : ROWS_PER_FRAME;
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setState({ page, shown: shown + ROWS_PER_FRAME }), 0);
    return () => clearTimeout(timer);
  }, [page, shown, total]);
  return Math.min(shown, total);
}

/** Everything the user paid for, as people: "Weston Hills · Marketing Manager, Jones LLC", bought when, for how much. */
export function BookView({ active }: { active: boolean }) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<BookSort>('bought-desc');
  const debounced = useDebounced(query, 250);
  const view = { query: debounced.trim() || undefined, sort };
  const list = useRequest('contacts/list', active ? { ...view, limit: 500 } : null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [companiesLeftOut, setCompaniesLeftOut] = useState(0);
  const entries = list.state.status === 'success' ? list.state.data.entries : [];
  const total = list.state.status === 'success' ? list.state.data.total : 0;
  const damaged = list.state.status === 'success' ? (list.state.data.damaged ?? 0) : 0;
  // After an update of the book's store its first page waits for the book to be indexed again: said, with progress.
  const indexing = useBookIndexing(list.state.status === 'loading');
  const shown = useRowsShown(entries.length, list.state.status === 'success' ? list.state.data : null);
  // Nothing selected: every contact the search matches, read at the click, not the 500 rows loaded (the hint said
  // "actions apply to all 2,000" while Export, Send and Add to list took 500).
  const chosen = (): Promise<string[]> => (selected.size ? Promise.resolve([...selected]) : allMatchingIds(view));
  const scope = selected.size ? tn('book_scope_selected', selected.size) : t('book_scope_all', total);

  return (
    <div className="sp-view" data-testid="contact-book">
      <div className="sp-toolbar">
        <SearchField label={t('book_search_label')} value={query} onChange={(e) => setQuery(e.target.value)} className="sp-grow" />
        <Select label={t('book_sort_label')} hideLabel inline value={sort} onChange={(e) => setSort(e.target.value as BookSort)} options={BOOK_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s]() }))} />
      </div>
      {indexing && <BookIndexing progress={indexing} />}
      {list.state.status === 'loading' && !indexing && <SkeletonList rows={4} avatar={false} label={t('book_loading')} />}
      {list.state.status === 'error' && <ErrorState error={list.state.error} onRetry={list.reload} />}
      {list.state.status === 'success' && entries.length === 0 && (
        <EmptyState icon="users" title={debounced ? t('book_nothing_matches') : t('book_empty_title')}>
          <p>{debounced ? t('book_no_match_query', debounced) : t('book_empty_text')}</p>
        </EmptyState>
      )}
      {damaged > 0 && (
        <p className="sp-hint" role="note" data-testid="book-damaged">
          {tn('book_damaged_set_aside', damaged)}
        </p>
      )}
      {/* Delete stays mounted while the list reloads or empties: deleting the last contact shown keeps its Undo. */}
      <div className="sp-export">
        {entries.length > 0 && <AddToListButton recordIds={chosen} />}
        {entries.length > 0 && <WebhookSendButton source={async () => idSources(await chosen())} />}
        <DeleteControls ids={[...selected]} what={selected.size === 1 ? t('book_what_this_contact') : tn('book_what_contacts', selected.size)} onChanged={() => { setSelected(new Set()); list.reload(); }} />
      </div>
      {entries.length > 0 && (
        <>
          <p className="sp-hint">
            {tn('book_count_scope', total, scope)}
          </p>
          <CrmExportButton what={t('book_export_what')} fileBase={t('book_export_file')} ids={chosen} onWritten={setCompaniesLeftOut} />
          {companiesLeftOut > 0 && (
            <p className="sp-hint" role="status">
              {tn('book_export_companies_left_out', companiesLeftOut)}
            </p>
          )}
          <ul className="sp-history" aria-label={t('book_tab_contacts')}>
            {entries.slice(0, shown).map((entry) => (
              <BookRow
                key={entry.id}
                entry={entry}
                checked={selected.has(entry.id)}
                onCheck={(on) => setSelected((s) => { const n = new Set(s); if (on) n.add(entry.id); else n.delete(entry.id); return n; })}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function BookRow({ entry, checked, onCheck }: { entry: BookEntry; checked: boolean; onCheck: (on: boolean) => void }) {
  const nav = useNavigation();
  const [gone, setGone] = useState(false);
  return (
    <li className="sp-history__item" data-testid="book-row">
      <div className="sp-history__main">
        <input type="checkbox" aria-label={t('sidepanel_select_value', entry.name)} checked={checked} onChange={(e) => onCheck(e.target.checked)} />
        <div className="sp-history__text">
          <p className="sp-history__label" title={entry.line}>
            {entry.line}
          </p>
          <p className="sp-history__meta">
            {entry.handle && `${entry.handle} · `}
            {t('book_row_bought', boughtDate(entry.lastBoughtAt), tn('credits', entry.creditsSpent))}
            {gone && t('book_row_gone')}
          </p>
        </div>
        <div className="sp-history__actions">
          <Button size="sm" detail={t('credits_free')} aria-label={t('book_open_free', entry.name)} onClick={() => void openRecord(entry.id, nav).then((ok) => setGone(!ok))}>
            {t('sidepanel_open')}
          </Button>
        </div>
      </div>
    </li>
  );
}

