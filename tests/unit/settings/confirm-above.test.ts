// "Ask again above N credits": defaults to 100, a patch must be a whole number from 0 to 1,000,000, and a corrupted
// stored value falls back to the default alone (the guard is never switched off by junk in storage).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings, SettingsPatchSchema } from '@/lib/settings/schema';

describe('confirmAboveCredits setting', () => {
  it('defaults to 100 credits', () => {
    expect(DEFAULT_SETTINGS.confirmAboveCredits).toBe(100);
    expect(readSettings({}).confirmAboveCredits).toBe(100);
  });

  it.each([0, 1, 250, 1_000_000])('accepts %d', (n) => {
    expect(SettingsPatchSchema.safeParse({ confirmAboveCredits: n }).success).toBe(true);
  });

  it.each([-1, 2.5, 1_000_001, '100', null])('rejects %s in a patch', (n) => {
    expect(SettingsPatchSchema.safeParse({ confirmAboveCredits: n }).success).toBe(false);
  });

  it('a corrupted stored value falls back to the default and keeps the other fields', () => {
    expect(readSettings({ confirmAboveCredits: -5, dailyBudget: 40 })).toMatchObject({ confirmAboveCredits: 100, dailyBudget: 40 });
    expect(readSettings({ confirmAboveCredits: 500 }).confirmAboveCredits).toBe(500);
  });
});
