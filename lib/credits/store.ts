/** The ledger as a typed WXT storage item (storage.local: totals are not secret). */
import { storage } from 'wxt/utils/storage';
import type { LedgerState, LedgerStore } from './ledger';

export function defineLedgerItem() {
  /** Credits spent per local day and action (see lib/credits/ledger.ts). */
  return storage.defineItem<LedgerState>('local:creditsLedger', { fallback: { days: {} }, version: 1 });
}

export function createStorageLedgerStore(item = defineLedgerItem()): LedgerStore {
  return {
    async load() {
      return readLedger(await item.getValue());
    },
    save: (state) => item.setValue(state),
  };
}

/** Stored values are untrusted: keep only finite, non-negative numbers under day keys. */
export function readLedger(value: unknown): LedgerState {
  const days: LedgerState['days'] = {};
  const raw = typeof value === 'object' && value !== null ? (value as { days?: unknown }).days : undefined;
  if (typeof raw !== 'object' || raw === null) return { days };
  for (const [day, actions] of Object.entries(raw as Record<string, unknown>)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || typeof actions !== 'object' || actions === null) continue;
    const clean: Record<string, number> = {};
    for (const [action, credits] of Object.entries(actions as Record<string, unknown>)) {
      if (typeof credits === 'number' && Number.isFinite(credits) && credits >= 0) clean[action] = credits;
    }
    days[day] = clean;
  }
  return { days };
}
