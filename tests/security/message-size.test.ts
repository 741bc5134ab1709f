/**
 * A huge message must not cost the background its memory: oversized messages are refused by a cheap length walk before
 * any schema or JSON.stringify touches them, and the walk's cost is bounded by the limit, not by the message.
 */
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES } from '@/lib/messaging/protocol';
import { exceedsSize } from '@/lib/messaging/size';

const entries = (n: number, chars: number) => Array.from({ length: n }, (_, i) => ({ field_type: 'email', value: `${'x'.repeat(chars)}${i}@a.com` }));

describe('exceedsSize agrees with the serialised length on real messages', () => {
  it.each<[string, unknown]>([
    ['a settings request', { type: 'settings/get', input: {} }],
    ['a lookup', { type: 'contact/enrich', input: { lookup: { email: 'jane@example.com' }, options: { realtime: true } } }],
    ['a 1,000-row bulk start', { type: 'bulk/start', input: { entries: entries(1000, 40) } }],
    ['a page scan with 500 emails', { type: 'content/scan', scan: { emails: Array.from({ length: 500 }, (_, i) => `p${i}@example.com`) }, scanId: 'a', complete: true }],
  ])('%s: a limit of exactly its length passes, one character less does not', (_why, message) => {
    const length = JSON.stringify(message).length;
    expect(exceedsSize(message, length)).toBe(false);
    expect(exceedsSize(message, length - 1)).toBe(true);
  });
});

describe('oversized and odd messages are refused', () => {
  it.each<[string, unknown]>([
    ['one 2.1 MB string', { type: 'selection/classify', input: { text: 'x'.repeat(2_100_000) } }],
    ['1,100 bulk entries of 2,000 characters', { type: 'bulk/start', input: { entries: entries(1100, 1990) } }],
    ['a million tiny keys', Object.fromEntries(Array.from({ length: 1_000_000 }, (_, i) => [`k${i}`, 0]))],
    ['three million empty arrays', Array.from({ length: 3_000_000 }, () => [])],
    // JSON.stringify would try to build a 5 GB string; the walk stops at the array's length.
    ['a sparse array claiming a billion items', new Array(1_000_000_000)],
    ['a function', () => 1],
  ])('%s', (_why, message) => {
    expect(exceedsSize(message, MAX_MESSAGE_BYTES)).toBe(true);
  });

  it('stops reading a huge object once the budget is spent', () => {
    let reads = 0;
    const big = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`key${i}`, 'v'.repeat(100)]));
    const counted = new Proxy(big, {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(exceedsSize(counted, 100_000)).toBe(true);
    // About 100,000 / 110 characters per entry are read, not 200,000 entries.
    expect(reads).toBeLessThan(2_000);
  });
});
