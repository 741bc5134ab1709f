import { describe, expect, it } from 'vitest';
import { parseTimeScale, scaleWait } from '../../../scripts/time-scale';

// The one slowness factor of the tests' budgets (TEST_TIME_SCALE) and the demo tour's waits (--patience).
describe('the time scale', () => {
  const refusal = (raw: string) => `SCALE must be from 1 to 20; got "${raw}"`;

  it('is the fallback when not given, and the number given from 1 to 20', () => {
    expect(parseTimeScale(undefined, 3, refusal)).toBe(3);
    expect(parseTimeScale('1', 3, refusal)).toBe(1);
    expect(parseTimeScale('2.5', 3, refusal)).toBe(2.5);
    expect(parseTimeScale('20', 3, refusal)).toBe(20);
  });

  it.each(['0', '0.99', '20.5', 'three', '', ' ', 'NaN', '-Infinity'])('refuses "%s" with the setting’s own words', (raw) => {
    expect(() => parseTimeScale(raw, 3, refusal)).toThrow(`SCALE must be from 1 to 20; got "${raw}"`);
  });

  it('multiplies a written wait, in whole milliseconds', () => {
    expect(scaleWait(15_000, 3)).toBe(45_000);
    expect(scaleWait(333, 1.5)).toBe(500);
  });
});
