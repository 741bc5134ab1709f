// "Refused by the service" is said of the key the service refused: a 401's error carries the key its request was
// sent with (in memory), and a refusal of another key (sent before the user saved a new one) leaves the saved one clean.
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { keyRefusedBy } from '@/lib/api/transport';
import { createMemoryKeyStore } from '@/lib/keystore';
import { createKeyRejection } from '@/entrypoints/background/key-rejection';
import { engineFor, samples, uniqueKey } from '../engine/engine-helpers';

const url = inject('sandboxUrl');

describe('the refused key', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a 401 from the sandbox carries the key its request was sent with', async () => {
    const wrong = `wrong-${uniqueKey()}`;
    const { engine } = engineFor(url, wrong);
    await engine.start();
    const [email] = (await samples(url)).emails;
    const error = await engine.lookups.contactEnrich({ lookup: { email: email! } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'invalid_key' });
    expect(keyRefusedBy(error)).toBe(wrong);
    expect(keyRefusedBy(new Error('other'))).toBeUndefined();
  });

  it('noted for the saved key; a refusal of the key saved before it says nothing; a new key starts clean', async () => {
    const keystore = createMemoryKeyStore('key-a-123456789');
    const rejection = createKeyRejection(keystore, () => 1000);
    await rejection.note('key-a-123456789');
    expect(await rejection.at()).toBe(1000);
    await keystore.set('key-b-123456789');
    expect(await rejection.at()).toBeNull();
    // The answer to a request sent with key A arrives after B was saved.
    await rejection.note('key-a-123456789');
    expect(await rejection.at()).toBeNull();
    await rejection.note('key-b-123456789');
    expect(await rejection.at()).toBe(1000);
    await rejection.forget();
    expect(await rejection.at()).toBeNull();
  });
});
