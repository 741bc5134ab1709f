/**
 * What the side panel should show next for a tab (set by the context menu, the shortcuts, the content script's
 * "open panel"). Kept in memory for the panel that opens a moment later, and in storage.session for a worker
 * restart; consumed by 'panel/intent'.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { type PanelIntent, PanelIntentSchema } from '@/lib/model/lookup';
import { broadcast } from './broadcast';
import { createKeyedOrder } from '@/lib/async/keyed-order';

const intentKey = (tabId: number) => `session:intent.${tabId}` as const;
const memory = new Map<number, PanelIntent>();

/**
 * Setting and taking a tab's intent run one after another: a panel's take that was reading storage when a new intent arrived
 * used to delete that intent on its way out, so neither the take nor the panel ever saw it (a flaky e2e run).
 */
const inTurn = createKeyedOrder<number>();

/** Stores the intent, then tells open panels: the event is a signal to take it, so it is consumed exactly once. */
export function setIntent(tabId: number, intent: PanelIntent): Promise<void> {
  return inTurn(tabId, async () => {
    memory.set(tabId, intent);
    await storage.setItem(intentKey(tabId), intent);
    broadcast({ type: 'event/intent', tabId, intent });
  });
}

export function takeIntent(tabId: number): Promise<PanelIntent | null> {
  return inTurn(tabId, async () => {
    const stored = memory.get(tabId) ?? (await storage.getItem(intentKey(tabId)));
    memory.delete(tabId);
    await storage.removeItem(intentKey(tabId));
    const parsed = PanelIntentSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  });
}

type SidebarBrowser = { sidebarAction?: { open(): Promise<void> } };

/**
 * Opens the side panel for a tab. Must be called synchronously inside the user's gesture (menu click, command,
 * button): browsers refuse to open panels otherwise. Without a gesture (tests, automation) it fails quietly;
 * the intent is still stored and the panel picks it up when opened.
 */
export function openPanel(tabId: number | undefined): void {
  try {
    if (browser.sidePanel?.open) {
      if (tabId !== undefined) browser.sidePanel.open({ tabId }).catch(() => undefined);
      return;
    }
    (browser as unknown as SidebarBrowser).sidebarAction?.open().catch(() => undefined);
  } catch {
    // No gesture / no panel API: the intent waits for the panel.
  }
}
