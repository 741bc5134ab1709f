import { useEffect } from 'react';
import { type TabItem, TabPanel, Tabs } from '@/components/ui';
import { AccountProvider } from './account';
import { CompanyView } from './CompanyView';
import { ContactSearchView } from './ContactSearchView';
import { ContactView } from './ContactView';
import { HistoryView } from './HistoryView';
import { IntentBanner } from './IntentBanner';
import { LookalikesView } from './LookalikesView';
import { NavigationProvider, useNavigation, type ViewId } from './navigation';
import { PanelHeader } from './PanelHeader';
import { ThisPageView } from './ThisPageView';
import { useFollowedTab } from './useFollowedTab';
import './sidepanel.css';
import { t } from '@/lib/i18n/t';

// A function, not a constant: the words come from the browser's i18n, asked at render time.
const tabs = (): ReadonlyArray<TabItem<ViewId>> => [
  { id: 'page', label: t('sidepanel_tab_page') },
  { id: 'contact', label: t('sidepanel_tab_contact') },
  { id: 'company', label: t('sidepanel_tab_company') },
  { id: 'lookalikes', label: t('sidepanel_tab_lookalikes') },
  { id: 'search', label: t('sidepanel_tab_search') },
  { id: 'history', label: t('sidepanel_tab_history') },
];

/** The side panel: header, view tabs, and the views (kept mounted so each keeps its state across switches). */
export function SidePanelApp({ fixedTabId }: { fixedTabId: number | null }) {
  return (
    <AccountProvider>
      <NavigationProvider>
        <Shell fixedTabId={fixedTabId} />
      </NavigationProvider>
    </AccountProvider>
  );
}

function Shell({ fixedTabId }: { fixedTabId: number | null }) {
  const nav = useNavigation();
  const { tabId, visit } = useFollowedTab(fixedTabId);
  useFocusFollowsView(nav.view);
  return (
    <div className="sp-app">
      <PanelHeader />
      <nav className="sp-nav" aria-label={t('sidepanel_views_label')}>
        <Tabs idBase="sp" label={t('sidepanel_views_label')} items={tabs()} value={nav.view} onChange={nav.show} />
      </nav>
      <IntentBanner tabId={tabId} />
      <main className="sp-main">
        <TabPanel idBase="sp" id="page" active={nav.view === 'page'}>
          <ThisPageView tabId={tabId} visit={visit} />
        </TabPanel>
        <TabPanel idBase="sp" id="contact" active={nav.view === 'contact'}>
          <ContactView />
        </TabPanel>
        <TabPanel idBase="sp" id="company" active={nav.view === 'company'}>
          <CompanyView />
        </TabPanel>
        <TabPanel idBase="sp" id="lookalikes" active={nav.view === 'lookalikes'}>
          <LookalikesView />
        </TabPanel>
        <TabPanel idBase="sp" id="search" active={nav.view === 'search'}>
          <ContactSearchView />
        </TabPanel>
        <TabPanel idBase="sp" id="history" active={nav.view === 'history'}>
          <HistoryView active={nav.view === 'history'} />
        </TabPanel>
      </main>
    </div>
  );
}

/**
 * When a button in one view opens another ("Enrich" → Contact), the button disappears with its view and keyboard
 * focus would fall back to the document. Move it to the newly shown view instead.
 */
function useFocusFollowsView(view: ViewId) {
  useEffect(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || (active instanceof HTMLElement && active.closest('[hidden]') !== null);
    if (lost) document.getElementById(`sp-panel-${view}`)?.focus({ preventScroll: true });
  }, [view]);
}
