import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { accountTemplate, Accounts } from '@/sandbox/accounts';
import { fromBetterSqlite3 } from '@/sandbox/db/open';
import { createSchema } from '@/sandbox/db/schema';
import { Ledger } from '@/sandbox/ledger';

const DAY = 86_400_000;

function setup(): { accounts: Accounts; ledger: Ledger; clock: { now: number } } {
  const db = fromBetterSqlite3(new Database(':memory:'));
  createSchema(db);
  const clock = { now: Date.UTC(2026, 0, 1) };
  return { accounts: new Accounts(db, () => clock.now), ledger: new Ledger(db, () => clock.now), clock };
}

describe('sandbox accounts', () => {
  it.each([
    ['test-standard', { plan: 'standard', balance: 100_000 }],
    ['test-enterprise', { plan: 'enterprise', balance: 100_000 }],
    ['test-empty', { plan: 'standard', balance: 0 }],
    ['test-standard-run42', { plan: 'standard', balance: 100_000 }],
    ['test-enterprise-x', { plan: 'enterprise', balance: 100_000 }],
    ['test-empty-abc', { plan: 'standard', balance: 0 }],
    ['test-standard-', undefined],
    ['test-standardx', undefined],
    ['prod-key', undefined],
    ['', undefined],
  ])('%s → %o', (key, expected) => {
    expect(accountTemplate(key)).toEqual(expected);
  });

  it('creates suffixed accounts on first use, each with its own balance', () => {
    const { accounts, ledger } = setup();
    expect(accounts.resolve('test-standard-a')?.balance).toBe(100_000);
    expect(accounts.resolve('test-standard-b')?.balance).toBe(100_000);
    expect(ledger.charge('test-standard-a', 'enrich', 3)).toBe(true);
    expect(ledger.balance('test-standard-a')).toBe(99_997);
    expect(ledger.balance('test-standard-b')).toBe(100_000);
    expect(accounts.resolve('test-standard-a')?.balance).toBe(99_997);
  });

  it.each([[undefined], [''], ['nope']])('refuses %o', (key) => {
    expect(setup().accounts.resolve(key)).toBeUndefined();
  });
});

describe('credit ledger', () => {
  it('records each charge with the balance after it', () => {
    const { accounts, ledger } = setup();
    accounts.resolve('test-standard-l');
    ledger.charge('test-standard-l', 'enrich', 1, '7');
    ledger.charge('test-standard-l', 'bulk-enrich', 250, 'records:250');
    expect(ledger.entries('test-standard-l').map((e) => [e.endpoint, e.credits, e.ref, e.balance_after])).toEqual([
      ['enrich', 1, '7', 99_999],
      ['bulk-enrich', 250, 'records:250', 99_749],
    ]);
  });

  it('refuses a charge above the balance and records nothing', () => {
    const { accounts, ledger } = setup();
    accounts.resolve('test-empty-l');
    expect(ledger.canAfford('test-empty-l', 1)).toBe(false);
    expect(ledger.charge('test-empty-l', 'enrich', 1)).toBe(false);
    expect(ledger.entries('test-empty-l')).toEqual([]);
    expect(ledger.balance('test-empty-l')).toBe(0);
  });

  it('records free uses (0 credits) even on an empty account', () => {
    const { accounts, ledger } = setup();
    accounts.resolve('test-empty-free');
    expect(ledger.charge('test-empty-free', 'company', 0, '12')).toBe(true);
    expect(ledger.entries('test-empty-free')).toHaveLength(1);
  });

  it.each([
    [0, true],
    [29 * DAY, true],
    [30 * DAY - 1, true],
    [30 * DAY, false],
    [45 * DAY, false],
  ])('a company enriched %i ms ago is within the 30-day window: %s', (ago, within) => {
    const { accounts, ledger, clock } = setup();
    accounts.resolve('test-standard-w');
    ledger.charge('test-standard-w', 'company', 1, '12');
    clock.now += ago;
    expect(ledger.usedWithin('test-standard-w', 'company', '12', 30)).toBe(within);
    expect(ledger.usedWithin('test-standard-w', 'company', '13', 30)).toBe(false);
    expect(ledger.usedWithin('test-standard-other', 'company', '12', 30)).toBe(false);
  });
});
