import { useState } from 'react';
import { type TabItem, TabPanel, Tabs } from '@/components/ui';
import { useAccount } from './account';
import { BookView } from './contacts/BookView';
import { EventsView } from './contacts/EventsView';
import { WebhookSettings } from './contacts/WebhookSettings';
import { ImportView } from './import/ImportView';
import { ListsView } from './lists/ListsView';
import { NoKeyState } from './NoKeyState';
import './contacts/contacts.css';
import { t } from '@/lib/i18n/t';

type Part = 'book' | 'lists' | 'import' | 'events' | 'webhook';

// A function, not a constant: the words come from the browser's i18n, asked at render time.
const parts = (): ReadonlyArray<TabItem<Part>> => [
  { id: 'book', label: t('book_tab_contacts') },
  { id: 'lists', label: t('book_tab_lists') },
  { id: 'import', label: t('book_tab_import') },
  { id: 'events', label: t('book_tab_lookups') },
  { id: 'webhook', label: t('book_tab_webhook') },
];

/**
 * History is the contact book: what you paid for, kept until you delete it (not the cache, which
 * forgets after 30 days), your saved lists, bulk from a file, every lookup as an event (misses included), and
 * where "Send to webhook" goes.
 */
export function HistoryView({ active }: { active: boolean }) {
  const [part, setPart] = useState<Part>('book');
  const { hasKey, state: accountState } = useAccount();
  return (
    <div className="sp-view">
      {accountState.status === 'success' && !hasKey && <NoKeyState what={t('book_nokey_what')} />}
      <Tabs idBase="sp-book" label={t('book_tab_contacts')} items={parts()} value={part} onChange={setPart} />
      <TabPanel idBase="sp-book" id="book" active={part === 'book'}>
        <BookView active={active && part === 'book'} />
      </TabPanel>
      <TabPanel idBase="sp-book" id="lists" active={part === 'lists'}>
        <ListsView active={active && part === 'lists'} />
      </TabPanel>
      <TabPanel idBase="sp-book" id="import" active={part === 'import'}>
        <ImportView />
      </TabPanel>
      <TabPanel idBase="sp-book" id="events" active={part === 'events'}>
        <EventsView active={active && part === 'events'} />
      </TabPanel>
      <TabPanel idBase="sp-book" id="webhook" active={part === 'webhook'}>
        {part === 'webhook' && <WebhookSettings />}
      </TabPanel>
    </div>
  );
}
