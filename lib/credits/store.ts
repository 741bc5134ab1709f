/** The ledger as a typed WXT storage item (storage.local: totals are not secret). */
import { storage } from 'wxt/utils/storage';
import type { LedgerState, LedgerStore } from './ledger';

/** `key`: demo mode keeps its own (entrypoints/background/demo.ts). */
export function defineLedgerItem(key: `local:${string}` = 'local:creditsLedger') {
  /** Credits spent per local day and action (see lib/credits/ledger.ts). */
  return storage.defineItem<LedgerState>(key, { fallback: { days: {} }, version: 1 });
}

export function createStorageLedgerStore(item = defineLedgerItem()): LedgerStore {
  return {
    async load() {
      return readLedger(await item.getValue());
    },
    save: (state) => item.setValue(state),
  };
}

/** Stored values are untrusted: keep only finite, non-negative numbers under day keys and hold ids. */
export function readLedger(value: unknown): LedgerState {
  const days: LedgerState['days'] = {};
  const record = typeof value === 'object' && value !== null ? (value as { days?: unknown; held?: unknown }) : {};
  const held = credits(record.held);
  const state = (): LedgerState => (Object.keys(held).length ? { days, held } : { days });
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
