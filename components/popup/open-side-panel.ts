/**
 * Opens the side panel for a tab. Must run synchronously inside the click handler: both browsers only open a
 * panel during a user gesture (Chrome `sidePanel.open`, Firefox `sidebarAction.open`).
 */
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n/t';

interface PanelApis {
  sidePanel?: { open(options: { tabId: number }): Promise<void> };
  sidebarAction?: { open(): Promise<void> };
}

export function openSidePanel(tabId: number | null): Promise<void> {
  const apis = browser as unknown as PanelApis;
  if (apis.sidePanel && tabId !== null) return apis.sidePanel.open({ tabId });
  if (apis.sidebarAction) return apis.sidebarAction.open();
  return Promise.reject(new Error(t('popup_no_side_panel_api')));
}
