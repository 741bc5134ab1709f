/**
 * Automatic scanning (settings.scanMode 'sites' / 'everywhere'): the scanner is registered as a dynamic content
 * script for the origins the user granted (the options page requests them through the permissions API).
 * 'on-request' — the default — registers nothing: the scanner only runs when the user asks.
 * Scanning never calls the API: it only lists what is on the page (privacy: docs/reliability.md).
 */
import { browser } from 'wxt/browser';
import { grantedOrigins, scanOrigins } from '@/lib/permissions';
import type { Settings } from '@/lib/settings/schema';
import { createOrder } from '@/lib/async/keyed-order';

export const AUTO_SCAN_ID = 'ipe-auto-scan';

/**
 * One registration change at a time, each from the settings as they are when its turn comes: "Add site" fires the
 * permission event and the settings watch together, and two overlapping calls each saw no script and registered it
 * twice (the second failed), or a call holding the settings from before the change applied them last.
 */
const inOrder = createOrder();

export function applyAutoScan(current: () => Promise<Pick<Settings, 'scanMode' | 'scanSites'>>): Promise<string[]> {
  return inOrder(async () => register(await current()));
}

async function register(settings: Pick<Settings, 'scanMode' | 'scanSites'>): Promise<string[]> {
  const wanted = scanOrigins(settings);
  const granted = await grantedOrigins(browser.permissions, wanted);
  const matches = wanted.filter((origin) => granted.has(origin));
  const existing = await browser.scripting.getRegisteredContentScripts({ ids: [AUTO_SCAN_ID] }).catch(() => []);
  if (matches.length === 0) {
    if (existing.length > 0) await browser.scripting.unregisterContentScripts({ ids: [AUTO_SCAN_ID] });
    return [];
  }
  const script = {
    id: AUTO_SCAN_ID,
    matches,
    js: ['content-scripts/content.js'],
    runAt: 'document_idle' as const,
    allFrames: false,
    persistAcrossSessions: true,
  };
  if (existing.length > 0) await browser.scripting.updateContentScripts([script]);
  else await browser.scripting.registerContentScripts([script]);
  return matches;
}
