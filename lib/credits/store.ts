/**
 * The ledger's record, in the background's IndexedDB (lib/storage/owned-value.ts): the budget check counts it, so a
 * content script must not be able to clear the day's spending, which it could in storage.local on Firefox. Adopted once
 * from storage.local, where earlier versions kept it.
 */
import { storage } from 'wxt/utils/storage';
import { adoptedFrom, createIdbOwnedValue, createMemoryOwnedValue, type OwnedValue } from '../storage/owned-value';
import type { LedgerState, LedgerStore } from './ledger';

export const LEDGER_VALUE = 'creditsLedger';

/** Where earlier versions kept the ledger; `key`: demo mode kept its own (entrypoints/background/demo.ts). */
function legacyLedgerItem(key: `local:${string}`) {
  const item = storage.defineItem<LedgerState>(key, { fallback: { days: {} }, version: 1 });
  return { getValue: () => item.getValue(), removeValue: () => item.removeValue({ removeMeta: true }) };
}

/** The extension's ledger value: `name` in the background's IndexedDB, adopted from `local:<name>`. */
export function ownedLedgerValue(name: string = LEDGER_VALUE): OwnedValue<unknown> {
  return adoptedFrom<unknown>(createIdbOwnedValue(name), legacyLedgerItem(`local:${name}`));
}

/**
 * `value`: where the record lives (the extension: `ownedLedgerValue()`); by default in memory, adopted from
 * storage.local as the extension does (Node: unit tests, bench).
 */
export function createStorageLedgerStore(value: OwnedValue<unknown> = adoptedFrom<unknown>(createMemoryOwnedValue(), legacyLedgerItem(`local:${LEDGER_VALUE}`))): LedgerStore {
  return {
    async load() {
      return readLedger(await value.get());
    },
    save: (state) => value.set(state),
  };
}

/** Stored values are untrusted: keep only finite, non-negative numbers under day keys, hold ids and settled ids. */
export function readLedger(value: unknown): LedgerState {
  const days: LedgerState['days'] = {};
  const record = typeof value === 'object' && value !== null ? (value as { days?: unknown; held?: unknown; settled?: unknown }) : {};
  const held = credits(record.held);
  // Settled ids → when (a finite, non-negative time): the same clean-up as credits.
  const settled = credits(record.settled);
  const state = (): LedgerState => ({ days, ...(Object.keys(held).length ? { held } : {}), ...(Object.keys(settled).length ? { settled } : {}) });
  const raw = record.days;
  if (typeof raw !== 'object' || raw === null) return state();
  for (const [day, actions] of Object.entries(raw as Record<string, unknown>)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || typeof actions !== 'object' || actions === null) continue;
    days[day] = credits(actions);
  }
  return state();
}

/** name → credits, keeping only finite, non-negative numbers. */
function credits(value: unknown): Record<string, number> {
  const clean: Record<string, number> = {};
  if (typeof value !== 'object' || value === null) return clean;
  for (const [name, n] of Object.entries(value as Record<string, unknown>)) {
    if (typeof n === 'number' && Number.isFinite(n) && n >= 0) clean[name] = n;
  }
  return clean;
}
