/**
 * Right-click → "Enrich “selection”" and "Enrich this contact" on mailto: and profile links: classify what was
 * clicked (lib/selection), remember it as the tab's panel intent and open the side panel on it. When the
 * selection means several things the panel offers the choices; when it means nothing the panel says so.
 */
import { browser, type Browser } from 'wxt/browser';
import { classifySelection, intentFor } from '@/lib/selection/classify';
import { countryForTab } from './locale';
import { openPanel, setIntent } from './intents';
import { t } from '@/lib/i18n/t';

export const MENU_SELECTION = 'ipe-enrich-selection';
export const MENU_LINK = 'ipe-enrich-link';
export const MENU_COMPANY_LINK = 'ipe-enrich-company-link';

/** Person profile links (LinkedIn's URL forms) and mailto: links. */
export const LINK_PATTERNS = ['https://*.linkedin.com/in/*', 'https://linkedin.com/in/*', 'mailto:*'];
/** Company page links: the same lookup path, worded as a company (it opens the Company view). */
export const COMPANY_LINK_PATTERNS = ['https://*.linkedin.com/company/*', 'https://linkedin.com/company/*'];

function create(props: Browser.contextMenus.CreateProperties): Promise<void> {
  return new Promise((resolve) => {
    browser.contextMenus.create(props, () => {
      // A pattern the browser does not accept (e.g. mailto: in an older Chromium) must not cost us the menu.
      if (browser.runtime.lastError && props.targetUrlPatterns) {
        const { targetUrlPatterns, ...rest } = props;
        browser.contextMenus.create({ ...rest, targetUrlPatterns: targetUrlPatterns.filter((p) => !p.startsWith('mailto:')) }, () => resolve());
        return;
      }
      resolve();
    });
  });
}

/**
 * The menu, in the browser's language. Run at install and at every browser start: Firefox does not keep the menus of
 * an add-on with a persistent background page across restarts (they were gone after the first restart); Chromium
 * keeps them, and making them again costs nothing.
 */
export async function createMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  await create({ id: MENU_SELECTION, title: t('menu_enrich_selection'), contexts: ['selection'] });
  await create({ id: MENU_LINK, title: t('menu_enrich_contact'), contexts: ['link'], targetUrlPatterns: LINK_PATTERNS });
  await create({ id: MENU_COMPANY_LINK, title: t('menu_enrich_company'), contexts: ['link'], targetUrlPatterns: COMPANY_LINK_PATTERNS });
}

export interface MenuClick {
  menuItemId: string | number;
  selectionText?: string;
  linkUrl?: string;
}

/** The click handler (also reachable from e2e tests through `self.inPageEnrich`, see index.ts). */
export function onContextMenuClick(info: MenuClick, tab?: { id?: number }): Promise<void> {
  const tabId = tab?.id;
  // First, synchronously: the panel only opens inside the click's user gesture.
  openPanel(tabId);
  const text = info.menuItemId === MENU_LINK || info.menuItemId === MENU_COMPANY_LINK ? (info.linkUrl ?? '') : (info.selectionText ?? '');
  if (tabId === undefined) return Promise.resolve();
  return countryForTab(tabId).then((country) => setIntent(tabId, intentFor(text, classifySelection(text, { defaultCountry: country }), Date.now())));
}
