/**
 * Helpers of the fault and security suites (tests/e2e/faults.spec.ts, tests/e2e/security.spec.ts): talking to a
 * sandbox's admin routes, sending protocol messages from an extension page, opening the side panel for a tab and
 * firing the context menu's handler. Everything here talks to the real sandbox and the real extension.
 */
import { createServer } from 'node:net';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { SANDBOX_ADMIN_HEADERS } from '@/sandbox/admin-guard';

export type Reply<T = unknown> = { ok: true; data: T } | { ok: false; error: { kind: string; message: string; detail?: string } };

/** One protocol request from an extension page, exactly as the UI sends it. */
export function send<T = unknown>(page: Page, type: string, input: unknown): Promise<Reply<T>> {
  return page.evaluate(([t, i]) => chrome.runtime.sendMessage({ type: t, input: i }), [type, input] as const) as Promise<Reply<T>>;
}

export interface Samples {
  emails: string[];
  socialProfiles: string[];
  companies: Array<{ website: string; name: string }>;
}

export async function samplesOf(sandboxUrl: string): Promise<Samples> {
  return (await (await fetch(`${sandboxUrl}/_sandbox/samples`)).json()) as Samples;
}

export interface FaultSpec {
  mode: '400' | '500' | '503' | '429' | 'malformed' | 'slow';
  count?: number;
  delayMs?: number;
  retryAfterSeconds?: number;
  paths?: string[];
}

/** Queues a fault for the sandbox's next matching API responses. */
export async function injectFault(sandboxUrl: string, spec: FaultSpec): Promise<void> {
  const res = await fetch(`${sandboxUrl}/_sandbox/faults`, {
    method: 'POST',
    headers: { ...SANDBOX_ADMIN_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify(spec),
  });
  if (!res.ok) throw new Error(`fault not accepted: ${res.status} ${await res.text()}`);
}

export async function clearFaults(sandboxUrl: string): Promise<void> {
  await fetch(`${sandboxUrl}/_sandbox/faults`, { method: 'DELETE', headers: { ...SANDBOX_ADMIN_HEADERS } });
}

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  query: Record<string, string>;
  body?: string;
  fault?: string;
}

/** The API requests (`/v1/…`, `/v2/…`) the sandbox received, optionally for one key. */
export async function apiRequests(sandboxUrl: string, key?: string): Promise<LoggedRequest[]> {
  const url = `${sandboxUrl}/_sandbox/requests${key ? `?key=${encodeURIComponent(key)}` : ''}`;
  const { requests } = (await (await fetch(url)).json()) as { requests: LoggedRequest[] };
  return requests.filter((r) => r.path.startsWith('/v1/') || r.path.startsWith('/v2/'));
}

/** The `query_list` of every bulk request the sandbox logged for `key` (multipart field holding a JSON array). */
export async function bulkQueries(sandboxUrl: string, key: string): Promise<Array<{ field_type: string; value: string }>> {
  const bulk = (await apiRequests(sandboxUrl, key)).filter((r) => r.path === '/v1/bulk-enrich' && r.status === 200);
  return bulk.flatMap((r) => {
    const field = /name="query_list"\r?\n(?:[^\r\n]+\r?\n)*\r?\n([^\r\n]*)/.exec(r.body ?? '');
    if (!field?.[1]) throw new Error(`a bulk request without a readable query_list: ${(r.body ?? '').slice(0, 200)}`);
    return JSON.parse(field[1]) as Array<{ field_type: string; value: string }>;
  });
}

export interface LedgerEntry {
  endpoint: string;
  credits: number;
  ref: string;
}

export async function ledgerOf(sandboxUrl: string, key: string): Promise<{ balance: number; entries: LedgerEntry[] }> {
  const res = await fetch(`${sandboxUrl}/_sandbox/ledger?key=${encodeURIComponent(key)}`);
  return (await res.json()) as { balance: number; entries: LedgerEntry[] };
}

/** Refs charged more than once (with credits > 0) for one endpoint: what "charged twice" means in the ledger. */
export function chargedTwice(entries: LedgerEntry[], endpoint: string): string[] {
  const seen = new Map<string, number>();
  for (const e of entries) if (e.endpoint === endpoint && e.credits > 0) seen.set(e.ref, (seen.get(e.ref) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([ref]) => ref);
}

/** A 127.0.0.1 port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((ok) => server.close(ok));
  return port;
}

export async function tabIdOf(worker: Worker, url: string): Promise<number> {
  return worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id ?? -1, url);
}

/** Opens `url` in a tab, then the side panel for that tab at the panel's width (as sidepanel.spec.ts does). */
export async function openPanelFor(
  context: BrowserContext,
  worker: Worker,
  openExtensionPage: (path: string) => Promise<Page>,
  url: string,
): Promise<{ tab: Page; panel: Page; tabId: number }> {
  const tab = await context.newPage();
  await tab.goto(url);
  const tabId = await tabIdOf(worker, url);
  if (tabId < 0) throw new Error(`no tab for ${url}`);
  const panel = await openExtensionPage(`sidepanel.html?tabId=${tabId}`);
  await panel.setViewportSize({ width: 360, height: 900 });
  return { tab, panel, tabId };
}

/** Right-click → Enrich “text” on a tab, through the background's real menu handler. */
export async function enrichSelection(worker: Worker, tabId: number, text: string): Promise<void> {
  await worker.evaluate(
    ([selectionText, id]) =>
      (globalThis as unknown as { inPageEnrich: { onContextMenuClick(i: unknown, t: unknown): Promise<void> } }).inPageEnrich.onContextMenuClick(
        { menuItemId: 'ipe-enrich-selection', selectionText },
        { id },
      ),
    [text, tabId] as const,
  );
}

/** Waits until the worker flagged itself ready (after a restart too); returns the flag's time. */
export async function readyAt(worker: Worker): Promise<number> {
  return worker.evaluate(
    async () => ((await chrome.storage.session.get('backgroundReady')).backgroundReady as { at: number } | undefined)?.at ?? 0,
  );
}

/** Faults still queued (a fault is used up when its request arrives, before any slow answer leaves). */
export async function pendingFaults(sandboxUrl: string): Promise<Array<{ mode: string; remaining: number }>> {
  return ((await (await fetch(`${sandboxUrl}/_sandbox/faults`)).json()) as { faults: Array<{ mode: string; remaining: number }> }).faults;
}
