/**
 * A team hub in the e2e: the admin's API as curl would call it, a second member's browser (a Chromium profile of its
 * own with the built extension), the options page's sign-in, and the Contact view's lookup at the price its button
 * shows. Shared by tests/e2e/hub.spec.ts (proxy mode) and tests/e2e/hub-book.spec.ts (the shared book without it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import type { RunningHub } from '@/hub/server';
import { EXTENSION_DIR, expect } from '../fixtures';
import { chromiumPath, extensionArgs } from './chromium';
import { waitForBackgroundReady } from './profile-reset';

/** The hub's admin API, as an admin's curl would call it. */
export async function hubCall(hub: RunningHub, path: string, init: { token?: string; method?: string; body?: unknown } = {}): Promise<Record<string, unknown>> {
  const res = await fetch(`${hub.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`hub ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A second member's browser: a Chromium profile of its own with the built extension, its worker ready. */
export async function secondBrowser(): Promise<{ context: BrowserContext; worker: Worker; extensionId: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'ipe-hub-b-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: chromiumPath(), headless: true, args: extensionArgs(EXTENSION_DIR), viewport: { width: 1280, height: 800 } });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  await waitForBackgroundReady(worker, 30_000);
  return {
    context,
    worker,
    extensionId: new URL(worker.url()).host,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the options page's "Team hub" section, as a member types it. */
export async function signIn(options: Page, hubUrl: string, invite: string, name: string): Promise<void> {
  const section = options.getByRole('form', { name: 'Team hub' });
  await section.getByLabel('Hub address').fill(hubUrl);
  await section.getByLabel('Invite code').fill(invite);
  await section.getByLabel('Your name (optional)').fill(name);
  await section.getByRole('button', { name: 'Sign in to the hub' }).click();
}

/**
 * The Contact view's lookup box: types an identifier and buys it at the price its button shows, which must be `price`
 * ("1 credit", or "free" when a teammate bought the person).
 */
export async function lookUp(panel: Page, identifier: string, price = '1 credit'): Promise<void> {
  await panel.getByRole('tab', { name: 'Contact' }).click();
  const box = panel.getByRole('tabpanel', { name: 'Contact' }).getByTestId('lookup-box');
  await box.getByRole('textbox', { name: 'Look up a person or company' }).fill(identifier);
  const buy = box.getByRole('button', { name: `Look up · ${price}` });
  await expect(buy).toBeEnabled({ timeout: 15_000 });
  await buy.click();
}

/** The side panel of a second member's browser for a page it opens (as the first browser's `openPanelFor` does). */
export async function openPanelIn(member: { context: BrowserContext; worker: Worker; extensionId: string }, url: string): Promise<Page> {
  const tab = await member.context.newPage();
  await tab.goto(url);
  const tabId = await member.worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id ?? -1, url);
  const panel = await member.context.newPage();
  await panel.setViewportSize({ width: 360, height: 900 });
  await panel.goto(`chrome-extension://${member.extensionId}/sidepanel.html?tabId=${tabId}`);
  return panel;
}
