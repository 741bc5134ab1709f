import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';

export interface FollowedTab {
  tabId: number | null;
  /** Changes on every navigation of the tab (including single-page navigation), to rescan. */
  visit: number;
}

/**
 * The tab the panel works on. With `?tabId=N` (tests open the panel as a normal tab that way, and the popup may
 * pass it) the panel stays on that tab; otherwise it follows the active tab of its own window. Either way a URL
 * change or a finished load of that tab counts as a new visit.
 */
export function useFollowedTab(fixedTabId: number | null): FollowedTab {
  const [tabId, setTabId] = useState<number | null>(fixedTabId);
  const [visit, setVisit] = useState(0);

  useEffect(() => {
    if (fixedTabId !== null) return;
    let live = true;
    let windowId: number | undefined;
    void browser.windows
      .getCurrent()
      .then((w) => {
        windowId = w.id;
        return browser.tabs.query({ active: true, windowId: w.id });
      })
      .then(([tab]) => {
        if (live && tab?.id !== undefined) setTabId(tab.id);
      })
      .catch(() => undefined);
    const onActivated = (info: { tabId: number; windowId: number }) => {
      if (windowId === undefined || info.windowId === windowId) setTabId(info.tabId);
    };
    browser.tabs.onActivated.addListener(onActivated);
    return () => {
      live = false;
      browser.tabs.onActivated.removeListener(onActivated);
    };
  }, [fixedTabId]);

  useEffect(() => {
    if (tabId === null) return;
    const onUpdated = (id: number, change: { url?: string; status?: string }) => {
      if (id !== tabId) return;
      if (change.url !== undefined || change.status === 'complete') setVisit((v) => v + 1);
    };
    browser.tabs.onUpdated.addListener(onUpdated);
    return () => browser.tabs.onUpdated.removeListener(onUpdated);
  }, [tabId]);

  return { tabId, visit };
}

/** `?tabId=N` from the panel's own address, if present and sane. */
export function tabIdFromLocation(search: string = window.location.search): number | null {
  const raw = new URLSearchParams(search).get('tabId');
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  return Number(raw);
}
