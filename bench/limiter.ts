/**
 * Scheduler benchmark: the background's own engine (limiter → queue → API client → cache → ledger) in Node,
 * against a real sandbox whose rate window is compressed (200 per 4 s instead of per minute) so a run takes
 * seconds. Node has no IndexedDB: the cache, bulk and task stores are the in-memory implementations of the same
 * interfaces (the logic under test is identical; the stores are what the e2e tests cover in Chromium).
 *
 * Keys:
 * - limiter_utilisation: requests the sandbox received in the first k full windows after the first one, divided by
 *   what it allows in k windows (k = whole windows the run spanned), from the sandbox's own request times.
 * - limiter_self_429: 429 answers the sandbox gave us (nothing else uses the key, so every one is our pacing's fault).
 * - bulk_requests_per_10k: HTTP requests to enrich 10,000 distinct emails in one bulk job.
 * - repeat_requests: HTTP requests made when the same 1,000 lookups are asked again (all cached).
 */
import { startSandbox } from '../sandbox/server';
import { createMemoryCacheStore } from '../lib/cache/store';
import { createMemoryLedgerStore } from '../lib/credits/ledger';
import { createMemoryKeyStore } from '../lib/keystore';
import { createMemoryBulkStore } from '../lib/engine/bulk-store';
import { createEngine } from '../lib/engine/engine';
import { createMemoryLimiter, limiterConfigFor } from '../lib/queue/limiter';
import { createMemoryTaskStore } from '../lib/queue/task-store';
import { DEFAULT_SETTINGS } from '../lib/settings/schema';

const WINDOW_MS = 4000;
const MAX = 200;
const LOOKUPS = 1000;
const BULK = 10_000;

interface LoggedRequest {
  time: string;
  path: string;
  status: number;
}

async function requests(url: string, key: string): Promise<LoggedRequest[]> {
  const res = await fetch(`${url}/_sandbox/requests?key=${encodeURIComponent(key)}`);
  return ((await res.json()) as { requests: LoggedRequest[] }).requests;
}

function engineFor(url: string, key: string) {
  const engine = createEngine({
    // The same margins as in production (1 % of the limit), with a guard scaled to a loopback round trip.
    limiter: createMemoryLimiter(limiterConfigFor(MAX, WINDOW_MS, 25)),
    taskStore: createMemoryTaskStore(),
    cacheStore: createMemoryCacheStore(),
    bulkStore: createMemoryBulkStore(),
    ledgerStore: createMemoryLedgerStore(),
    keystore: createMemoryKeyStore(key),
    settings: () => Promise.resolve({ ...DEFAULT_SETTINGS, apiBaseUrl: url }),
  });
  return engine;
}

async function waitForJob(engine: ReturnType<typeof engineFor>, id: string): Promise<void> {
  for (;;) {
    const job = await engine.bulk.get(id);
    if (job.status !== 'queued' && job.status !== 'running') return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function run(opts: { json: boolean }): Promise<Record<string, number>> {
  const sandbox = await startSandbox({ port: 0, quiet: true, rateLimit: { max: MAX, windowMs: WINDOW_MS } });
  try {
    // ---------------------------------------------------------------- 1,000 single lookups at full speed
    const key = `test-standard-bench${Date.now()}`;
    const engine = engineFor(sandbox.url, key);
    await engine.start();
    const emails = Array.from({ length: LOOKUPS }, (_, i) => `bench.person${i}@nowhere-${i % 13}.com`);
    const started = Date.now();
    await Promise.all(emails.map((email) => engine.lookups.contactEnrich({ lookup: { email } })));
    const elapsed = Date.now() - started;
    const log = (await requests(sandbox.url, key)).filter((r) => r.path === '/v1/enrich');
    const times = log.map((r) => Date.parse(r.time)).sort((a, b) => a - b);
    const first = times[0] ?? 0;
    const windows = Math.max(1, Math.floor(((times.at(-1) ?? first) - first) / WINDOW_MS));
    const inWindows = times.filter((t) => t < first + windows * WINDOW_MS).length;
    const utilisation = inWindows / (windows * MAX);
    const self429 = log.filter((r) => r.status === 429).length;

    // ---------------------------------------------------------------- the same 1,000 again: all cached
    const before = log.length;
    await Promise.all(emails.map((email) => engine.lookups.contactEnrich({ lookup: { email } })));
    const repeat = (await requests(sandbox.url, key)).filter((r) => r.path === '/v1/enrich').length - before;

    // ---------------------------------------------------------------- 10,000 emails in one bulk job
    const bulkKey = `test-standard-benchbulk${Date.now()}`;
    const bulkEngine = engineFor(sandbox.url, bulkKey);
    await bulkEngine.start();
    const entries = Array.from({ length: BULK }, (_, i) => ({ field_type: 'email' as const, value: `bulk.person${i}@nowhere-${i % 17}.com` }));
    const bulkStarted = Date.now();
    const job = await bulkEngine.bulk.start(entries);
    await waitForJob(bulkEngine, job.id);
    const bulkMs = Date.now() - bulkStarted;
    const bulkRequests = (await requests(sandbox.url, bulkKey)).filter((r) => r.path === '/v1/bulk-enrich').length;

    const results = {
      limiter_utilisation: Math.round(utilisation * 1000) / 1000,
      limiter_self_429: self429,
      bulk_requests_per_10k: bulkRequests,
      repeat_requests: repeat,
    };
    if (!opts.json || process.stdout.isTTY) {
      console.log(`sandbox rate limit ${MAX} per ${WINDOW_MS} ms; stores in memory (Node has no IndexedDB)`);
      console.log(`${LOOKUPS} lookups in ${elapsed} ms: ${inWindows} requests in the first ${windows} full windows (allowed ${windows * MAX})`);
      console.log(`limiter_utilisation      ${results.limiter_utilisation}`);
      console.log(`limiter_self_429         ${results.limiter_self_429}`);
      console.log(`repeat_requests          ${results.repeat_requests}  (1,000 cached lookups asked again)`);
      console.log(`bulk_requests_per_10k    ${results.bulk_requests_per_10k}  (${BULK} emails in ${bulkMs} ms)`);
    }
    return results;
  } finally {
    await sandbox.close();
  }
}
