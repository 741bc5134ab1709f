/**
 * The local credits ledger: what this browser spent, by day and by action, from the pricing rules
 * (lib/api/pricing.ts) and the service's own `credits_deducted`. It backs "spent today / this month", the daily
 * budget cap, and the cost preview. Not secret, so a WXT item in storage.local (lib/credits/store.ts).
 *
 * The budget check reserves the most an action can cost before it is sent and settles the real cost after, so
 * two paid actions started together cannot both slip under the cap.
 */
import { HandledError } from '../messaging/router';
import type { CreditsSummary } from '../messaging/protocol';
import { tn } from '../i18n/t';
import { createOrder } from '../async/keyed-order';

/** Paid actions, named like the requests that cause them. */
export type LedgerAction =
  | 'contact/enrich'
  | 'contact/similar'
  | 'contact/search'
  | 'company/enrich'
  | 'company/similar'
  | 'email/verify'
  | 'bulk/enrich';

export interface LedgerState {
  /** Local calendar day (YYYY-MM-DD) → action → credits. */
  days: Record<string, Record<string, number>>;
}

export interface LedgerStore {
  load(): Promise<LedgerState>;
  save(state: LedgerState): Promise<void>;
}

/** Days kept; older days are dropped on write (a year and a month covers "this month" and "this month last year"). */
const KEEP_DAYS = 400;

export function dayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export interface Reservation {
  /** Records what the action really cost and frees the reservation. */
  settle(action: LedgerAction, credits: number): Promise<void>;
  /** Frees the reservation without recording anything (the action failed before being charged). */
  release(): void;
}

export interface Ledger {
  record(action: LedgerAction, credits: number): Promise<void>;
  summary(): Promise<CreditsSummary>;
  /** Spent today plus what in-flight actions may still cost. */
  committedToday(): Promise<number>;
  /** Whether spending `credits` more today stays within the budget. */
  allows(credits: number): Promise<boolean>;
  /** Reserves `maxCredits` or throws `budget_exceeded`. Free actions (0) always pass. */
  reserve(maxCredits: number): Promise<Reservation>;
  clear(): Promise<void>;
}

export function budgetExceeded(credits: number, left: number, budget: number): HandledError {
  return new HandledError({
    kind: 'budget_exceeded',
    message: tn('errors_budget_action', credits, Math.max(0, left), budget),
  });
}

export function createLedger(options: {
  store: LedgerStore;
  dailyBudget: () => Promise<number | null>;
  now?: () => number;
  onChange?: () => void;
}): Ledger {
  const now = options.now ?? Date.now;
  let reserved = 0;
  // Writes are serialised: read-modify-write of one record must not interleave.
  const serial = createOrder();

  /**
   * Adds spent credits; `then` runs once they are saved (or the save failed), inside the same turn, so a reservation
   * it drops is seen by a concurrent `reserve` as reserved or as spent, never as neither.
   */
  function add(action: string, credits: number, then?: () => void): Promise<void> {
    if (!(credits > 0)) {
      then?.();
      return Promise.resolve();
    }
    return serial(async () => {
      try {
        const state = await options.store.load();
        const day = dayKey(now());
        const today = (state.days[day] ??= {});
        today[action] = (today[action] ?? 0) + credits;
        const keep = Object.keys(state.days).sort().slice(-KEEP_DAYS);
        const days: LedgerState['days'] = {};
        for (const k of keep) days[k] = state.days[k] as Record<string, number>;
        await options.store.save({ days });
      } finally {
        then?.();
      }
      options.onChange?.();
    });
  }

  async function spentToday(): Promise<number> {
    const state = await options.store.load();
    return sum(state.days[dayKey(now())] ?? {});
  }

  const ledger: Ledger = {
    record: (action, credits) => add(action, credits),

    async summary() {
      const state = await options.store.load();
      const today = dayKey(now());
      const month = today.slice(0, 7);
      const byAction: Record<string, number> = {};
      let monthTotal = 0;
      for (const [day, actions] of Object.entries(state.days)) {
        if (!day.startsWith(month)) continue;
        for (const [action, credits] of Object.entries(actions)) {
          byAction[action] = (byAction[action] ?? 0) + credits;
          monthTotal += credits;
        }
      }
      const todayTotal = sum(state.days[today] ?? {});
      const budget = await options.dailyBudget();
      return {
        today: todayTotal,
        month: monthTotal,
        byAction,
        dailyBudget: budget,
        // What a lookup may still reserve: the credits held for work in flight are not left (the over-budget sentence
        // and the blocking count them; a header saying "70 left" beside "20 credits left" said two things).
        budgetLeft: budget === null ? null : Math.max(0, budget - todayTotal - reserved),
      };
    },

    async committedToday() {
      return (await spentToday()) + reserved;
    },

    async allows(credits) {
      const budget = await options.dailyBudget();
      if (budget === null || credits <= 0) return true;
      return (await ledger.committedToday()) + credits <= budget;
    },

    async reserve(maxCredits) {
      const credits = Math.max(0, maxCredits);
      const budget = credits > 0 ? await options.dailyBudget() : null;
      if (budget === null) reserved += credits;
      else {
        // In the same turn as the writes of spent credits: a settle that moves credits from reserved to spent
        // cannot land between reading the one and the other (a bulk chunk settling while a lookup reserved saw
        // neither, and the budget was overrun by the whole chunk). Reservations see each other the same way.
        // Without a budget nothing is checked, so nothing waits.
        await serial(async () => {
          const committed = (await spentToday()) + reserved;
          if (committed + credits > budget) throw budgetExceeded(credits, budget - committed, budget);
          reserved += credits;
        });
        // The budget left shown (summary) counts what is held: say it changed.
        if (credits > 0) options.onChange?.();
      }
      let open = true;
      const free = () => {
        if (open) {
          reserved -= credits;
          if (budget !== null && credits > 0) options.onChange?.();
        }
        open = false;
      };
      return {
        settle: (action, actual) => add(action, actual, free),
        release: free,
      };
    },

    clear() {
      return serial(async () => {
        await options.store.save({ days: {} });
        options.onChange?.();
      });
    },
  };
  return ledger;
}

function sum(actions: Record<string, number>): number {
  return Object.values(actions).reduce((n, c) => n + c, 0);
}

/** For Node (bench, tests). */
export function createMemoryLedgerStore(initial: LedgerState = { days: {} }): LedgerStore {
  let state = structuredClone(initial);
  return {
    load: () => Promise.resolve(structuredClone(state)),
    save: (next) => {
      state = structuredClone(next);
      return Promise.resolve();
    },
  };
}
