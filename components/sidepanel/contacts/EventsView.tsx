import { useState } from 'react';
import { Button, EmptyState, ErrorState, SearchField, SkeletonList, StatusChip, timeAgo } from '@/components/ui';
import type { LookupEvent } from '@/lib/contacts/schema';
import { useDebounced, useNow, useRequest } from '../hooks';
import { useNavigation } from '../navigation';
import { openRecord } from './open-record';

const ENDPOINT_WORDS: Record<string, string> = {
  'contact/enrich': 'Contact',
  'bulk/enrich': 'Bulk',
  'contact/similar': 'Lookalike contacts',
  'contact/search': 'Search',
  'company/enrich': 'Company',
  'company/similar': 'Lookalike companies',
  'email/verify': 'Verification',
};

/** Every paid lookup as an event, newest first: misses and verifications stay visible after the cache forgets them. */
export function EventsView({ active }: { active: boolean }) {
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, 250);
  const events = useRequest('contacts/events', active ? { query: debounced.trim() || undefined, limit: 300 } : null);
  const now = useNow();
  return (
    <div className="sp-view">
      <SearchField label="Search lookups" value={query} onChange={(e) => setQuery(e.target.value)} />
      {events.state.status === 'loading' && <SkeletonList rows={4} avatar={false} label="Loading lookups" />}
      {events.state.status === 'error' && <ErrorState error={events.state.error} onRetry={events.reload} />}
      {events.state.status === 'success' && events.state.data.length === 0 && (
        <EmptyState icon="clock" title="No lookups yet">
          <p>Each paid lookup is listed here, found or not.</p>
        </EmptyState>
      )}
      {events.state.status === 'success' && events.state.data.length > 0 && (
        <ul className="sp-history" aria-label="Past lookups">
          {events.state.data.map((event) => (
            <EventRow key={event.id} event={event} now={now} />
          ))}
        </ul>
      )}
    </div>
  );
}

function EventRow({ event, now }: { event: LookupEvent; now: number }) {
  const nav = useNavigation();
  const [gone, setGone] = useState(false);
  return (
    <li className="sp-history__item" data-testid="history-row">
      <div className="sp-history__main">
        <div className="sp-history__text">
          <p className="sp-history__label" title={event.label}>
            {event.label}
          </p>
          <p className="sp-history__meta">
            {ENDPOINT_WORDS[event.endpoint] ?? event.endpoint} · {timeAgo(event.at, now)} · {event.creditsCharged} credit{event.creditsCharged === 1 ? '' : 's'}
            {gone && ' · deleted from your contacts'}
          </p>
          {!event.found && (
            <StatusChip tone="neutral" className="sp-history__chip">
              No match
            </StatusChip>
          )}
        </div>
        {event.recordId && !gone && (
          <div className="sp-history__actions">
            <Button size="sm" detail="free" onClick={() => void openRecord(event.recordId ?? '', nav).then((ok) => setGone(!ok))}>
              Open
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
