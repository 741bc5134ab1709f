/**
 * Keyboard shortcuts (manifest `commands`): open the side panel; enrich the selected text of the active tab
 * (read with scripting.executeScript under activeTab, which the shortcut itself grants).
 */
import { browser } from 'wxt/browser';
import { classifySelection, intentFor } from '@/lib/selection/classify';
import { countryForTab } from './locale';
import { openPanel, setIntent } from './intents';

async function selectedText(tabId: number): Promise<string> {
  try {
    const [result] = await browser.scripting.executeScript({
      target: { tabId },
      // Text selected inside a form field is not the page's selection: read the field's own.
      func: () => {
        const field = document.activeElement;
        // Never a password field's text (it would be shown in the panel).
        const secret = field instanceof HTMLInputElement && (field.type === 'password' || /password/i.test(field.autocomplete));
        if (!secret && (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) {
          const { selectionStart: from, selectionEnd: to, value } = field;
          if (from !== null && to !== null && to > from) return value.slice(from, to);
        }
        return globalThis.getSelection?.()?.toString() ?? '';
      },
    });
    return typeof result?.result === 'string' ? result.result.slice(0, 2048) : '';
  } catch {
    return '';
  }
}

export async function onCommand(command: string, tab?: { id?: number }): Promise<void> {
  let tabId = tab?.id;
  if (tabId === undefined) {
    const [active] = await browser.tabs.query({ active: true, currentWindow: true });
    tabId = active?.id;
  }
  if (command === 'open-side-panel') {
    openPanel(tabId);
    return;
  }
  if (command === 'enrich-selection') {
    openPanel(tabId);
    if (tabId === undefined) return;
    const text = await selectedText(tabId);
    await setIntent(tabId, intentFor(text, classifySelection(text, { defaultCountry: await countryForTab(tabId) }), Date.now()));
  }
}
