import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { setIntent, takeIntent } from '@/entrypoints/background/intents';
import type { PanelIntent } from '@/lib/messaging/protocol';

const LOOKUP: PanelIntent = { kind: 'lookup', meaning: { kind: 'email', email: 'jane.doe@acme.com' }, at: 1 };

// The popup's lookup box hands a lookup to the tab's panel through the background; a panel that is just
// opening takes the tab's intent while the popup sets it.
describe('panel intents: taken once, never lost', () => {
  beforeEach(() => fakeBrowser.reset());

  it('an intent set while a take is reading storage is not deleted by that take: the next take has it', async () => {
    const first = takeIntent(7);
    const set = setIntent(7, LOOKUP);
    const firstTaken = await first;
    await set;
    const taken = [firstTaken, await takeIntent(7)].filter((i) => i !== null);
    expect(taken).toEqual([LOOKUP]);
  });

  it('is consumed: a panel that opens later does not open it again', async () => {
    await setIntent(7, LOOKUP);
    expect(await takeIntent(7)).toEqual(LOOKUP);
    expect(await takeIntent(7)).toBeNull();
  });

  it('belongs to its tab', async () => {
    await setIntent(7, LOOKUP);
    expect(await takeIntent(8)).toBeNull();
    expect(await takeIntent(7)).toEqual(LOOKUP);
  });
});
