import { describe, expect, it } from 'vitest';
import { keyHint } from '@/lib/keystore';

describe('key hint', () => {
  it.each<[string | null, string | null]>([
    [null, null],
    ['', null],
    ['short', '…'],
    ['test-standard-abcd', '…abcd'],
    ['sk_live_0123456789wxyz', '…wxyz'],
  ])('%s → %s', (key, hint) => {
    expect(keyHint(key)).toBe(hint);
  });

  it('never reveals more than four characters of a real key', () => {
    const key = 'sk_live_0123456789wxyz';
    expect(keyHint(key)!.replace('…', '').length).toBeLessThanOrEqual(4);
  });
});
