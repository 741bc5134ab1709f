/** An engine with in-memory stores against a real sandbox (Node has no IndexedDB; the logic is the same). */
import { afterAll, beforeAll } from 'vitest';
import { startSandbox } from '@/sandbox/server';
import { createMemoryCacheStore } from '@/lib/cache/store';
import { createMemoryLedgerStore } from '@/lib/credits/ledger';
import { createMemoryCompanyWindowStore, type CompanyWindowStore } from '@/lib/credits/company-window';
import { createMemoryKeyStore } from '@/lib/keystore';
import { createMemoryBulkStore } from '@/lib/engine/bulk-store';
import { createEngine, type EngineSettings } from '@/lib/engine/engine';
import { createMemoryLimiter, DEFAULT_LIMITER_CONFIG, type LimiterConfig } from '@/lib/queue/limiter';
import type { OnPaidAnswer } from '@/lib/engine/paid-answer';
import type { OpenSavedContacts } from '@/lib/engine/saved-contacts';
import type { OpenTeamBook } from '@/lib/engine/team-book';
import { createMemoryTaskStore } from '@/lib/queue/task-store';
import { DEFAULT_SETTINGS } from '@/lib/settings/schema';
import { createDirectSend, type HttpAnswer } from '@/lib/api/http';
import type { PaidRequests } from '@/lib/engine/bulk-job';

export function engineFor(
  baseUrl: string,
  apiKey: string,
  opts: {
    limiter?: LimiterConfig;
    settings?: Partial<EngineSettings>;
    onPaidAnswer?: OnPaidAnswer;
    savedContacts?: OpenSavedContacts;
    /** The team hub's book (lib/engine/team-book.ts). */
    teamBook?: OpenTeamBook;
    /** Another engine's cache store: what one buys, the other reads (as two tabs' lookups share the background's). */
    cacheStore?: ReturnType<typeof createMemoryCacheStore>;
    /** Another engine's company windows (the same browser with another key, or after a restart). */
    companyWindowStore?: CompanyWindowStore;
  } = {},
) {
  const settings: EngineSettings = { ...DEFAULT_SETTINGS, apiBaseUrl: baseUrl, ...opts.settings };
  const cacheStore = opts.cacheStore ?? createMemoryCacheStore();
  const ledgerStore = createMemoryLedgerStore();
  const keystore = createMemoryKeyStore(apiKey);
  const companyWindowStore = opts.companyWindowStore ?? createMemoryCompanyWindowStore();
  const engine = createEngine({
    limiter: createMemoryLimiter(opts.limiter ?? DEFAULT_LIMITER_CONFIG),
    taskStore: createMemoryTaskStore(),
    cacheStore,
    bulkStore: createMemoryBulkStore(),
    ledgerStore,
    keystore,
    companyWindowStore,
    settings: () => Promise.resolve(settings),
    ...(opts.onPaidAnswer ? { onPaidAnswer: opts.onPaidAnswer } : {}),
    ...(opts.savedContacts ? { savedContacts: opts.savedContacts } : {}),
    ...(opts.teamBook ? { teamBook: opts.teamBook } : {}),
  });
  return { engine, cacheStore, settings, keystore, companyWindowStore };
}

export interface SandboxRequest {
  path: string;
  status: number;
  query: Record<string, string>;
  /** The request body as the sandbox logged it (multipart for bulk-enrich). */
  body?: string;
}

export async function sandboxRequests(url: string, key: string): Promise<SandboxRequest[]> {
  const res = await fetch(`${url}/_sandbox/requests?key=${encodeURIComponent(key)}`);
  return ((await res.json()) as { requests: SandboxRequest[] }).requests;
}

export interface SandboxLedgerEntry {
  endpoint: string;
  credits: number;
  ref: string | null;
}

export async function sandboxLedger(url: string, key: string): Promise<SandboxLedgerEntry[]> {
  const res = await fetch(`${url}/_sandbox/ledger?key=${encodeURIComponent(key)}`);
  return ((await res.json()) as { entries: SandboxLedgerEntry[] }).entries;
}

export async function samples(url: string): Promise<{ emails: string[]; phones: string[]; socialProfiles: string[]; companies: Array<{ website: string }> }> {
  return (await (await fetch(`${url}/_sandbox/samples`)).json()) as never;
}

export const uniqueKey = (base = 'test-standard') => `${base}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * A worker that dies: after `kill()`, every call into `target` hangs forever (the process is gone, nothing it started
 * can write any more). Its HTTP requests still reach the sandbox, as they would from a killed worker.
 */
export function killable<T extends object>(target: T): { store: T; kill(): void } {
  let dead = false;
  const store = new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => (dead ? new Promise(() => undefined) : (value as (...a: unknown[]) => unknown).apply(obj, args));
    },
  });
  return { store, kill: () => (dead = true) };
}

/** Polls `fn` until `ok` holds (at most 400 tries, 25 ms apart), else fails naming `what`. */
export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = await fn();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The offscreen document as the engine sees it (entrypoints/offscreen/paid-requests.ts): it sends the request, keeps
 * the answer under the chunk's id, and outlives the worker. Node has no offscreen document; the requests are real.
 */
export function outlivingRequests(): PaidRequests {
  const running = new Map<string, Promise<HttpAnswer | null>>();
  const direct = createDirectSend();
  return {
    sendFor: (id) => (request, signal) => {
      const answer = direct(request, signal);
      running.set(id, answer.catch(() => null));
      return answer;
    },
    answerOf: (id) => running.get(id) ?? Promise.resolve(null),
    forget: (id) => {
      running.delete(id);
      return Promise.resolve();
    },
  };
}

/**
 * A sandbox of the calling file's own, started before its tests and closed after: the faults it injects (a 500, an
 * unreadable answer) reach no other file's requests, nor theirs this one's.
 */
export function ownSandbox(): { readonly url: string } {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
  });
  afterAll(() => sandbox?.close());
  return {
    get url() {
      if (!sandbox) throw new Error('ownSandbox: read the url inside a test, after beforeAll');
      return sandbox.url;
    },
  };
}
