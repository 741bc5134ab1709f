/**
 * "No key" is one check (assertKey in lib/api/errors.ts) with one kind and one wording, whether the background's
 * handlers (through the real router, as a page receives it), the lookups engine or the transport meets it. A key cleared while a lookup waits for its rate-limit slot
 * reads "add your key" (`no_key`), not "the service rejected the key", and nothing reaches the sandbox.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Services } from '@/entrypoints/background/services';
import { createRouter, type SenderInfo } from '@/lib/messaging/router';
import { assertKey, isApiError } from '@/lib/api/errors';
import { toErrorData } from '@/lib/errors/to-error-data';
import { describeError } from '@/lib/errors/catalogue';
import { engineFor, uniqueKey } from '../engine/engine-helpers';
import { clientFor, newKey, requestsOf, samples } from './sandbox';

const base = inject('sandboxUrl');

/** What the one check throws. */
function noKey(): unknown {
  try {
    assertKey('');
  } catch (e) {
    return e;
  }
  throw new Error('assertKey accepted an empty key');
}

describe('no key', () => {
  it('is one error: kind no_key, the catalogue says to add a key', () => {
    const error = noKey();
    expect(isApiError(error, 'no_key')).toBe(true);
    const data = toErrorData(error);
    expect(data.kind).toBe('no_key');
    expect(describeError(data).actions).toContain('open-settings');
    expect(() => assertKey('a-key')).not.toThrow();
  });

  it('a key cleared while the call waits at the rate-limit gate: no_key, nothing sent', async () => {
    const key = newKey('test-standard', 'cleared');
    let current: string | undefined = key;
    let reachedGate!: () => void;
    const atGate = new Promise<void>((resolve) => (reachedGate = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const client = clientFor(base, undefined, { getApiKey: () => Promise.resolve(current) });
    const call = client.contacts.enrich({ email: (await samples(base)).emails[0]! }, { beforeAttempt: () => (reachedGate(), gate) });
    await atGate;
    current = undefined;
    open();
    const error = await call.then(() => null, (e: unknown) => e);
    expect(toErrorData(error).kind).toBe('no_key');
    expect(await requestsOf(base, key)).toEqual([]);
  });

  it('a key cleared while a queued lookup waits for its slot (engine): no_key, only the first lookup was sent', async () => {
    const key = uniqueKey();
    const { engine, keystore } = engineFor(base, key, { limiter: { limit: 1, windowMs: 5_000, guardMs: 0 } });
    const emails = (await samples(base)).emails;
    expect((await engine.lookups.contactEnrich({ lookup: { email: emails[0]! } })).found).toBe(true);
    const waiting = engine.lookups.contactEnrich({ lookup: { email: emails[1]! } }).then(() => null, (e: unknown) => e);
    await expect.poll(() => engine.queue.tasks().length).toBe(1);
    await keystore.clear();
    const data = toErrorData(await waiting);
    expect(data.kind).toBe('no_key');
    expect(data.message).toBe(toErrorData(noKey()).message);
    expect((await requestsOf(base, key)).map((r) => r.query.email)).toEqual([emails[0]]);
  });

  it('a bulk start after the key was removed (background handler, through the router): no_key in the same words, nothing sent', async () => {
    const key = uniqueKey();
    const { createHandlers } = await import('@/entrypoints/background/handlers');
    const { engine, keystore } = engineFor(base, key);
    await keystore.clear();
    const services = { engine, keystore } as unknown as Services;
    const route = createRouter({
      ownId: 'ext',
      ownOrigin: 'chrome-extension://ext/',
      handlers: createHandlers(() => Promise.resolve(services), () => Promise.resolve(services)),
      context: (sender: SenderInfo) => sender,
      onContent: () => Promise.resolve(undefined),
      toErrorData,
    });
    const email = (await samples(base)).emails[0]!;
    const reply = await route({ type: 'bulk/start', input: { entries: [{ field_type: 'email', value: email }] } }, { id: 'ext', url: 'chrome-extension://ext/sidepanel.html' });
    expect(reply).toEqual({ ok: false, error: toErrorData(noKey()) });
    expect(await engine.bulk.list()).toEqual([]);
    expect(await requestsOf(base, key)).toEqual([]);
  });
});
