/**
 * The parts of the HTTP leg that are ours around ky (docs/api-decisions.md, D16): the rate-limit gate's own error
 * leaves the call as it is and is never retried, and an abort during ky's wait between two attempts ends the call at
 * once as `aborted` with nothing sent again. A private sandbox: its faults are global.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { isApiError } from '@/lib/api/errors';
import { PATHS } from '@/lib/api/limits';
import { addFault, clientFor, newKey, requestsOf, samples, type Samples } from './sandbox';

let sandbox: RunningSandbox;
let data: Samples;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  data = await samples(sandbox.url);
});
afterAll(() => sandbox.close());

describe('around ky', () => {
  it("the gate's own error is what the call throws, before anything is sent, and is not retried", async () => {
    const key = newKey('test-standard', 'gate');
    const refused = new Error('the queue was cancelled');
    let attempts = 0;
    // Company lookups are retried after a network failure: a gate error read as one would be retried.
    const call = clientFor(sandbox.url, key).companies.enrich({ url: data.companies[0]!.website }, {
      beforeAttempt: () => {
        attempts += 1;
        throw refused;
      },
    });
    await expect(call).rejects.toBe(refused);
    expect(attempts).toBe(1);
    expect(await requestsOf(sandbox.url, key)).toEqual([]);
  });

  it('an abort while ky waits out a Retry-After ends the call as aborted, with no second request', async () => {
    const key = newKey('test-standard', 'abort-wait');
    await addFault(sandbox.url, { mode: '503', count: 1, retryAfterSeconds: 20, paths: [PATHS.company] });
    const controller = new AbortController();
    const call = clientFor(sandbox.url, key, { onRetry: () => controller.abort() }).companies.enrich({ url: data.companies[0]!.website }, { signal: controller.signal });
    const error = await call.then(() => null, (e: unknown) => e);
    expect(isApiError(error, 'aborted')).toBe(true);
    expect((await requestsOf(sandbox.url, key)).map((r) => r.status)).toEqual([503]);
  });
});
