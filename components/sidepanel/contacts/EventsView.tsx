import { useState } from 'react';
import { Button, SearchField, StatusChip, timeAgo } from '@/components/ui';
import type { LookupEvent } from '@/lib/contacts/schema';
import { useDebounced, useNow, useRequest } from '@/components/shared/hooks';
import { useNavigation } from '../navigation';
import { RequestList } from '../RequestList';
import { openRecord } from './open-record';
import { t, tn } from '@/lib/i18n/t';

// Functions, not strings: the words come from the browser's i18n, asked at render time.
const ENDPOINT_WORDS: Record<string, () => string> = {
  'contact/enrich': () => t('book_event_contact'),
  'bulk/enrich': () => t('book_event_bulk'),
  'contact/similar': () => t('book_event_lookalike_contacts'),
  'contact/search': () => t('book_event_search'),
  'company/enrich': () => t('book_event_company'),
  'company/similar': () => t('book_event_lookalike_companies'),
  'email/verify': () => t('book_event_verification'),
};

/** Every paid lookup as an event, newest first: misses and verifications stay visible after the cache forgets them. */
export function EventsView({ active }: { active: boolean }) {
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, 250);
  const events = useRequest('contacts/events', active ? { query: debounced.trim() || undefined, limit: 300 } : null);
  const now = useNow();
  return (
    <div className="sp-view">
      <SearchField label={t('book_events_search')} value={query} onChange={(e) => setQuery(e.target.value)} />
      <RequestList
        request={events}
        loadingRows={4}
        loadingLabel={t('book_events_loading')}
        empty={{ icon: 'clock', title: t('book_events_empty_title'), text: t('book_events_empty_text') }}
        label={t('book_events_label')}
      >
        {(all) => all.map((event) => <EventRow key={event.id} event={event} now={now} />)}
      </RequestList>
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
            {ENDPOINT_WORDS[event.endpoint]?.() ?? event.endpoint} · {timeAgo(event.at, now)} · {tn('credits', event.creditsCharged)}
            {gone && t('book_event_gone')}
          </p>
          {!event.found && (
            <StatusChip tone="neutral" className="sp-history__chip">
              {t('book_event_no_match')}
            </StatusChip>
          )}
        </div>
        {event.recordId && !gone && (
          <div className="sp-history__actions">
            <Button
              size="sm"
              detail={t('credits_free')}
              // Every row's button read "Open · free": the name says which lookup it opens.
              aria-label={t('a11y_open_named_free', event.label)}
              onClick={() => void openRecord(event.recordId ?? '', nav).then((ok) => setGone(!ok))}
            >
              {t('sidepanel_open')}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
