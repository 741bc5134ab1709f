/**
 * When this account last had a company found, for the service's 30-day window: "no further charge if the company was
 * enriched in the previous 30 days" (spec, company enrichment). The window is the account's, not the browser's, so
 * it is not read from the cache:
 * - a cleared cache, a deleted history entry or a cache lifetime under 30 days must not forget it (the preview said
 *   "1 credit" where the service charged nothing, and the ledger booked it);
 * - another API key must not inherit it (the preview said "free" where the service charged the new account 1 credit,
 *   and the ledger and the daily budget missed it).
 * So each record is filed under a hash of the key (never the key itself) and the company's cache key, in a store of its
 * own. A found answer restarts the window, a free repeat included, as the sandbox counts it (docs/api-decisions.md).
 */
import { COMPANY_REENRICH_WINDOW_DAYS } from '../api/limits';
import { accountOf } from '../keystore';

const DAY_MS = 86_400_000;
export const COMPANY_WINDOW_MS = COMPANY_REENRICH_WINDOW_DAYS * DAY_MS;

/** Where the records live: one time per id (account hash and company key). */
export interface CompanyWindowStore {
  get(id: string): Promise<number | undefined>;
  set(id: string, foundAt: number): Promise<void>;
  /** Drops records older than `before` (they no longer make anything free). */
  purge(before: number): Promise<void>;
}

export interface CompanyWindows {
  /** When the current key's account last had this company found, or null (unknown: the lookup is priced in full). */
  lastFound(companyKey: string): Promise<number | null>;
  /**
   * A found answer for the company, paid or free: the account's window (re)starts at `at`. `sentBy`: the account that
   * was current when the lookup was queued; when another key is saved by the time the answer arrives, nothing is filed
   * (the answer may have been bought by either account: pricing the next lookup in full over-counts, never under).
   */
  found(companyKey: string, at: number, sentBy?: string | null): Promise<void>;
  /** The current key's account (`accountOf`), or null without a key. */
  account(): Promise<string | null>;
  /**
   * Once per installation: the windows the cache knew before they were kept apart (an update must not price at 1 credit
   * the refresh of a company enriched last week, which the service gives free). Filed under the key saved at the time.
   */
  seedOnce(found: () => Promise<Array<{ key: string; at: number }>>): Promise<void>;
  purge(now: number): Promise<void>;
}

export function createCompanyWindows(options: { store: CompanyWindowStore; apiKey: () => Promise<string | null> }): CompanyWindows {
  let known: { key: string; account: Promise<string> } | null = null;
  async function account(): Promise<string | null> {
    const key = await options.apiKey();
    if (!key) return null;
    if (known?.key !== key) known = { key, account: accountOf(key) };
    return known.account;
  }
  return {
    account,
    async lastFound(companyKey) {
      const current = await account();
      return current === null ? null : ((await options.store.get(`${current}|${companyKey}`)) ?? null);
    },
    async found(companyKey, at, sentBy) {
      const current = await account();
      if (current === null || (sentBy !== undefined && sentBy !== current)) return;
      await options.store.set(`${current}|${companyKey}`, at);
    },
    purge: (now) => options.store.purge(now - COMPANY_WINDOW_MS),
    async seedOnce(found) {
      if ((await options.store.get(SEEDED)) !== undefined) return;
      const current = await account();
      if (current !== null) for (const { key, at } of await found()) await options.store.set(`${current}|${key}`, at);
      // Never purged (its time is beyond any window's end).
      await options.store.set(SEEDED, Number.MAX_SAFE_INTEGER);
    },
  };
}

/** The record saying the windows were seeded from the cache (no account id has a `#`). */
const SEEDED = '#seeded';

export function createMemoryCompanyWindowStore(): CompanyWindowStore {
  const records = new Map<string, number>();
  return {
    get: (id) => Promise.resolve(records.get(id)),
    set: (id, at) => {
      records.set(id, Math.max(at, records.get(id) ?? 0));
      return Promise.resolve();
    },
    purge: (before) => {
      for (const [id, at] of records) if (at < before) records.delete(id);
      return Promise.resolve();
    },
  };
}
