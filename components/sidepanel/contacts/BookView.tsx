import { useState } from 'react';
import { Button, EmptyState, ErrorState, SearchField, Select, SkeletonList } from '@/components/ui';
import { BOOK_SORTS, type BookEntry, type BookSort } from '@/lib/contacts/schema';
import { useDebounced, useRequest } from '../hooks';
import { AddToListButton } from '../lists/AddToListButton';
import { useNavigation } from '../navigation';
import { CrmExportButton } from './CrmExportButton';
import { DeleteControls } from './DeleteControls';
import { openRecord, peopleOf, recordsById } from './open-record';
import { WebhookSendButton } from './WebhookSendButton';

const SORT_LABELS: Record<BookSort, string> = {
  'bought-desc': 'Newest first',
  'bought-asc': 'Oldest first',
  name: 'Name',
  company: 'Company',
  credits: 'Most credits',
};

/** Everything the user paid for, as people: "Weston Hills · Marketing Manager, Jones LLC", bought when, for how much. */
export function BookView({ active }: { active: boolean }) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<BookSort>('bought-desc');
  const debounced = useDebounced(query, 250);
  const list = useRequest('contacts/list', active ? { query: debounced.trim() || undefined, sort, limit: 500 } : null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const entries = list.state.status === 'success' ? list.state.data.entries : [];
  const total = list.state.status === 'success' ? list.state.data.total : 0;
  const chosen = () => (selected.size ? [...selected] : entries.map((e) => e.id));
  const scope = selected.size ? `${selected.size} selected` : `all ${entries.length}`;

  return (
    <div className="sp-view" data-testid="contact-book">
      <div className="sp-toolbar">
        <SearchField label="Search contacts" value={query} onChange={(e) => setQuery(e.target.value)} className="sp-grow" />
        <Select label="Sort" hideLabel inline value={sort} onChange={(e) => setSort(e.target.value as BookSort)} options={BOOK_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))} />
      </div>
      {list.state.status === 'loading' && <SkeletonList rows={4} avatar={false} label="Loading contacts" />}
      {list.state.status === 'error' && <ErrorState error={list.state.error} onRetry={list.reload} />}
      {list.state.status === 'success' && entries.length === 0 && (
        <EmptyState icon="users" title={debounced ? 'Nothing matches' : 'No contacts yet'}>
          <p>{debounced ? `No contact matches “${debounced}”.` : 'Every person and company you pay to enrich is kept here until you delete it.'}</p>
        </EmptyState>
      )}
      {/* Delete stays mounted while the list reloads or empties: deleting the last contact shown keeps its Undo. */}
      <div className="sp-export">
        {entries.length > 0 && <AddToListButton recordIds={chosen} />}
        {entries.length > 0 && <WebhookSendButton source={() => ({ kind: 'contact', ids: chosen().slice(0, 1000) })} />}
        <DeleteControls ids={[...selected]} what={selected.size === 1 ? 'this contact' : `${selected.size} contacts`} onChanged={() => { setSelected(new Set()); list.reload(); }} />
      </div>
      {entries.length > 0 && (
        <>
          <p className="sp-hint">
            {total} contact{total === 1 ? '' : 's'} · actions apply to {scope}
          </p>
          <CrmExportButton what="contacts" fileBase="contacts" load={async () => peopleOf(await recordsById(chosen()))} />
          <ul className="sp-history" aria-label="Contacts">
            {entries.map((entry) => (
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
        <input type="checkbox" aria-label={`Select ${entry.name}`} checked={checked} onChange={(e) => onCheck(e.target.checked)} />
        <div className="sp-history__text">
          <p className="sp-history__label" title={entry.line}>
            {entry.line}
          </p>
          <p className="sp-history__meta">
            {entry.handle && `${entry.handle} · `}bought {new Date(entry.lastBoughtAt).toISOString().slice(0, 10)} · {entry.creditsSpent} credit{entry.creditsSpent === 1 ? '' : 's'}
            {gone && ' · no longer available'}
          </p>
        </div>
        <div className="sp-history__actions">
          <Button size="sm" detail="free" aria-label={`Open ${entry.name} · free`} onClick={() => void openRecord(entry.id, nav).then((ok) => setGone(!ok))}>
            Open
          </Button>
        </div>
      </div>
    </li>
  );
}

