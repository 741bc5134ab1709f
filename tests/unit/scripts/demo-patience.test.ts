import { afterEach, describe, expect, it } from 'vitest';
import { parsePatience, patient, setPatience } from '../../../scripts/demo/patience';

// `npm start -- --patience=N`: the demo tour's waits on a slow machine (the demo tour's e2e test passes its time scale).
describe('the demo tour’s patience', () => {
  afterEach(() => setPatience(1));

  it('is 1 when not given, so the written waits hold on a quiet machine', () => {
    expect(parsePatience(undefined)).toBe(1);
    expect(patient(15_000)).toBe(15_000);
  });

  it('multiplies every wait by the factor given', () => {
    setPatience(parsePatience('3'));
    expect(patient(15_000)).toBe(45_000);
    setPatience(parsePatience('1.5'));
    expect(patient(170_000)).toBe(255_000);
  });

  it.each(['0', '0.5', '21', 'abc', '', ' ', 'Infinity'])('refuses "%s" with the reason', (raw) => {
    expect(() => parsePatience(raw)).toThrow(/--patience takes a number from 1 to 20/);
  });
});
