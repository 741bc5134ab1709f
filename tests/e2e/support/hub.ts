/**
 * Set-up of the team hub's e2e suites (tests/e2e/hub*.spec.ts): the hub's admin API as an admin's curl calls it,
 * a team made and handed its key, a second member's own Chromium profile and its side panel, the options page's
 * sign-in, the Contact view's lookup at the price its button shows, and everything a browser of the extension keeps.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import type { RunningHub } from '@/hub/server';
import { createTeam } from '@/hub/teams';
import { EXTENSION_DIR, expect } from '../fixtures';
import { chromiumPath, extensionArgs } from './chromium';
import { waitForBackgroundReady } from './profile-reset';
import { budget } from '../../time-budget';

/** The hub's admin API, as an admin's curl would call it. */
export async function hubCall(hub: Pick<RunningHub, 'url'>, path: string, init: { token?: string; method?: string; body?: unknown } = {}): Promise<Record<string, unknown>> {
  const res = await fetch(`${hub.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`hub ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * A team whose admin signed in over HTTP, with the team's key in the hub (proxy mode) when `proxy` is given, and
 * one single-use member invite per name in `invite`.
 */
export async function makeTeam(
  hub: RunningHub,
  name: string,
  opts: { proxy?: { apiKey: string; upstreamUrl: string }; invite: string[] },
): Promise<{ adminToken: string; invites: Record<string, string> }> {
  const { adminInvite } = await createTeam(hub.database.db, name);
  const admin = await hubCall(hub, '/hub/invites/redeem', { body: { code: adminInvite, name: 'Admin' } });
  const adminToken = admin.token as string;
  if (opts.proxy) await hubCall(hub, '/hub/admin/team', { token: adminToken, method: 'PUT', body: { proxy: opts.proxy } });
  const invites: Record<string, string> = {};
  for (const who of opts.invite) invites[who] = (await hubCall(hub, '/hub/admin/invites', { token: adminToken, body: { role: 'member' } })).code as string;
  return { adminToken, invites };
}

export interface SecondBrowser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  close: () => Promise<void>;
}

/** A second member's browser: a Chromium profile of its own with the built extension, its worker ready. */
export async function secondBrowser(): Promise<SecondBrowser> {
  const dir = mkdtempSync(join(tmpdir(), 'ipe-hub-b-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: chromiumPath(), headless: true, args: extensionArgs(EXTENSION_DIR), viewport: { width: 1280, height: 800 } });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: budget(30_000) }));
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

/** An extension page of the second browser (`options.html`, `sidepanel.html?tabId=…`). */
export async function pageOf(b: SecondBrowser, path: string): Promise<Page> {
  const page = await b.context.newPage();
  await page.goto(`chrome-extension://${b.extensionId}/${path}`);
  return page;
}

/** Signs in through the options page's "Team hub" section, as a member types it. */
export async function signIn(options: Page, hubUrl: string, invite: string, name: string): Promise<void> {
  const section = options.getByRole('form', { name: 'Team hub' });
  await section.getByLabel('Hub address').fill(hubUrl);
  await section.getByLabel('Invite code').fill(invite);
  await section.getByLabel('Your name (optional)').fill(name);
  await section.getByRole('button', { name: 'Sign in to the hub' }).click();
}

/** Signs in and waits for "Signed in to <team> as <name>". */
export async function signedIn(options: Page, hubUrl: string, invite: string, name: string, team: string): Promise<void> {
  await signIn(options, hubUrl, invite, name);
  await expect(options.getByTestId('hub-signed-in')).toContainText(`Signed in to ${team} as ${name}`, { timeout: budget(15_000) });
}

/** Everything the extension keeps in a browser: every storage area and every IndexedDB database of its origin. */
export async function everythingStored(worker: Worker): Promise<string> {
  return worker.evaluate(async () => {
    const areas = await Promise.all([chrome.storage.local.get(null), chrome.storage.session.get(null), chrome.storage.sync.get(null)]);
    const databases: Record<string, Record<string, unknown[]>> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const stores: Record<string, unknown[]> = {};
      for (const store of Array.from(db.objectStoreNames)) {
        stores[store] = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result as unknown[]);
          all.onerror = () => reject(all.error);
        });
      }
      db.close();
      databases[info.name] = stores;
    }
    return JSON.stringify({ areas, databases });
  });
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
  await expect(buy).toBeEnabled({ timeout: budget(15_000) });
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
