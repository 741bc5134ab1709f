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
