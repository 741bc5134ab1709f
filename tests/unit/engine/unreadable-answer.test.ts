// A paid answer that cannot be read: the service answered 2xx (processed, charged) in a shape this version does not
// read. It used to book 0 credits and say "retrying may help": the local ledger disagreed with the service and the
// Retry bought the person again. Now the charge is booked, the words say it was spent, and the raw answer is kept to
// be read after an update.
import { describe, expect, it } from 'vitest';
import { SANDBOX_ADMIN_HEADERS } from '@/sandbox/admin-guard';
import { createMemoryCacheStore } from '@/lib/cache/store';
import { createMemoryLedgerStore } from '@/lib/credits/ledger';
import { createMemoryKeyStore } from '@/lib/keystore';
import { createMemoryBulkStore } from '@/lib/engine/bulk-store';
import { createEngine } from '@/lib/engine/engine';
import { createMemoryKeptAnswerStore, rereadKeptAnswers } from '@/lib/engine/unreadable';
import { describeError } from '@/lib/errors/catalogue';
import { toErrorData } from '@/lib/errors/to-error-data';
import { createMemoryLimiter, DEFAULT_LIMITER_CONFIG } from '@/lib/queue/limiter';
import { createMemoryTaskStore } from '@/lib/queue/task-store';
import { DEFAULT_SETTINGS } from '@/lib/settings/schema';
import type { ErrorData } from '@/lib/messaging/protocol';
import { ownSandbox, samples, sandboxLedger, sandboxRequests, uniqueKey } from './engine-helpers';

// A sandbox of its own: the faults this file injects reach no other file's requests.
const own = ownSandbox();

async function fault(mode: string, paths: string[]) {
  const res = await fetch(`${own.url}/_sandbox/faults`, {
    method: 'POST',
    headers: { ...SANDBOX_ADMIN_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ mode, count: 1, paths }),
  });
  expect(res.ok).toBe(true);
}

function setup(key: string, version = '1.0.0') {
  const keptAnswerStore = createMemoryKeptAnswerStore();
  const cacheStore = createMemoryCacheStore();
  const engine = createEngine({
    limiter: createMemoryLimiter(DEFAULT_LIMITER_CONFIG),
    taskStore: createMemoryTaskStore(),
    cacheStore,
    bulkStore: createMemoryBulkStore(),
    ledgerStore: createMemoryLedgerStore(),
    keystore: createMemoryKeyStore(key),
    settings: () => Promise.resolve({ ...DEFAULT_SETTINGS, apiBaseUrl: own.url }),
    keptAnswerStore,
    version,
  });
  return { engine, keptAnswerStore };
}

const charged = async (key: string) => (await sandboxLedger(own.url, key)).reduce((n, e) => n + e.credits, 0);

describe('a paid answer that cannot be read', () => {
  it('a lookup: booked as the service charged it, worded as spent (no Retry), the raw answer kept', async () => {
    const key = uniqueKey();
    const { engine, keptAnswerStore } = setup(key);
    await engine.start();
    const [email] = (await samples(own.url)).emails;
    await fault('unreadable', ['/v1/enrich']);
    const error = await engine.lookups.contactEnrich({ lookup: { email: email! } }).then(
      () => null,
      (e: { data?: ErrorData }) => e.data ?? null,
    );
    expect(error).toMatchObject({ kind: 'bad_response', status: 200, credits: 1 });
    expect(await charged(key)).toBe(1);
    expect((await engine.ledger.summary()).today).toBe(1);
    const words = describeError(error!);
    expect(words.actions).not.toContain('retry');
    expect(words.message).toMatch(/charged 1 credit/);
    const [kept] = await keptAnswerStore.list();
    expect(kept).toMatchObject({ op: 'contact/enrich', creditsCharged: 1, version: '1.0.0' });
    expect(kept!.body).toContain(email!);
  });

  it('an answer that reads after an update is stored as the purchase it was: the next lookup is free and sends nothing', async () => {
    const key = uniqueKey();
    const { engine, keptAnswerStore } = setup(key);
    await engine.start();
    const [, email] = (await samples(own.url)).emails;
    await fault('unreadable', ['/v1/enrich']);
    await engine.lookups.contactEnrich({ lookup: { email: email! } }).catch(() => undefined);
    // This version still cannot read it: kept, stamped with the version that tried.
    expect(await rereadKeptAnswers({ store: keptAnswerStore, cache: engine.cache, version: '1.0.1' })).toBe(0);
    const [kept] = await keptAnswerStore.list();
    expect(kept!.version).toBe('1.0.1');
    // A later version that knows the new shape reads the same record out of it: stand in for it by unwrapping.
    const answer = JSON.parse(kept!.body) as { result: string };
    await keptAnswerStore.put({ ...kept!, version: '1.0.1', body: JSON.stringify({ ...answer, result: JSON.parse(answer.result) as unknown }) });
    const contacts: string[] = [];
    expect(await rereadKeptAnswers({ store: keptAnswerStore, cache: engine.cache, version: '1.1.0', onPaidAnswer: (a) => void contacts.push(a.key) })).toBe(1);
    expect(contacts).toHaveLength(1);
    expect(await keptAnswerStore.list()).toEqual([]);
    const before = (await sandboxRequests(own.url, key)).length;
    const again = await engine.lookups.contactEnrich({ lookup: { email: email! } });
    expect(again).toMatchObject({ found: true, provenance: { source: 'cache' } });
    expect((await sandboxRequests(own.url, key)).length).toBe(before);
    expect(await charged(key)).toBe(1);
    expect((await engine.ledger.summary()).today).toBe(1);
  });

  it('a 2xx body cut short (not JSON) stays an unexpected answer: nothing booked, nothing kept, Try again offered', async () => {
    const key = uniqueKey();
    const { engine, keptAnswerStore } = setup(key);
    await engine.start();
    const [, , email] = (await samples(own.url)).emails;
    // `malformed`: the sandbox answers a broken body instead of doing the work (it charges nothing).
    await fault('malformed', ['/v1/enrich']);
    const error = await engine.lookups.contactEnrich({ lookup: { email: email! } }).then(
      () => null,
      (e: unknown) => toErrorData(e),
    );
    expect(error).toMatchObject({ kind: 'bad_response', status: 200 });
    expect(error!.credits).toBeUndefined();
    expect(describeError(error!).actions).toContain('retry');
    expect((await engine.ledger.summary()).today).toBe(0);
    expect(await charged(key)).toBe(0);
    expect(await keptAnswerStore.list()).toEqual([]);
  });
});
