/**
 * The local credits ledger: what this browser spent, by day and by action, from the pricing rules
 * (lib/api/pricing.ts) and the service's own `credits_deducted`. It backs "spent today / this month", the daily
 * budget cap, and the cost preview. Not secret, but the budget check counts it: kept where only the background can
 * write it (lib/credits/store.ts, lib/storage/owned-value.ts).
 *
 * The budget check reserves the most an action can cost before it is sent and settles the real cost after, so
 * two paid actions started together cannot both slip under the cap. A reservation for work that outlives the worker
 * (a bulk chunk whose request runs on in the offscreen document) is kept in the ledger's own record, by the work's
 * id, and counted by the next worker until its answer settles it (docs/reliability.md, "Budget").
 */
import { HandledError } from '../errors/handled-error';
import type { CreditsSummary } from '../model/state';
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
  /**
   * Credits held for paid work that outlives the worker, by the work's id (`bulk:<job>:<chunk>`). In the same record
   * as the days, so a settle books the charge and frees the hold in one write: a stop between the two cannot count
   * the credits twice or not at all.
   */
  held?: Record<string, number>;
  /**
   * Kept holds already settled, by id → when: a worker stopped after booking a chunk's answer and before storing it
   * completes the chunk from its stored answer again, and must not book it twice. The newest `KEEP_SETTLED` only.
   */
  settled?: Record<string, number>;
}

export interface LedgerStore {
  load(): Promise<LedgerState>;
  save(state: LedgerState): Promise<void>;
}

/** Days kept; older days are dropped on write (a year and a month covers "this month" and "this month last year"). */
const KEEP_DAYS = 400;
/** Settled ids remembered: far more than the chunks a stop can leave between their booking and their storing. */
const KEEP_SETTLED = 500;

export function dayKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export interface Reservation {
  /** Records what the action really cost and frees the reservation (a kept one: at most once per id, ever). */
  settle(action: LedgerAction, credits: number): Promise<void>;
  /** Frees the reservation without recording anything (the action failed before being charged). */
  release(): void;
}

export interface ReserveOptions {
  /**
   * Keeps the reservation in the ledger's record under this id, so a worker started after a stop still counts it
   * (`resume`) until the work's answer settles it. Reserving an id held already replaces that hold.
   */
  id?: string;
}

export interface Ledger {
  record(action: LedgerAction, credits: number): Promise<void>;
  summary(): Promise<CreditsSummary>;
  /** Spent today plus what in-flight actions may still cost. */
  committedToday(): Promise<number>;
  /** Whether spending `credits` more today stays within the budget. */
  allows(credits: number): Promise<boolean>;
  /** Reserves `maxCredits` or throws `budget_exceeded`. Free actions (0) always pass. */
  reserve(maxCredits: number, options?: ReserveOptions): Promise<Reservation>;
  /** A kept reservation (from before a worker stop) taken over to settle it; null when none is held under `id`. */
  resume(id: string): Promise<Reservation | null>;
  /**
   * Books the work `id` once: frees its kept hold if any, and adds `credits` unless `id` was settled before (its
   * answer is being completed again after a stop that came between the booking and the storing).
   */
  settleOnce(id: string, action: LedgerAction, credits: number): Promise<void>;
  /**
   * After a restart: drops the kept reservations of an earlier worker whose work is over (not in `ids`, not taken
   * over by `resume`, not reserved again): nothing will settle them, and counted they would block the budget.
   */
  keepOnly(ids: ReadonlySet<string>): Promise<void>;
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
  /** Held by this worker for work that ends with it (single lookups, a chunk sent from the worker itself). */
  let reserved = 0;
  /** Kept reservations this worker made or took over; the others in the record are an earlier worker's. */
  const mine = new Set<string>();
  // Writes are serialised: read-modify-write of one record must not interleave.
  const serial = createOrder();

  /** Reads, changes and writes the record in turn; `then` runs once it is saved (or the save failed). */
  function write(change: (state: LedgerState) => boolean, then?: () => void): Promise<void> {
    return serial(async () => {
      let changed = false;
      try {
        const state = await options.store.load();
        changed = change(state);
        if (changed) await options.store.save(trimmed(state));
      } finally {
        then?.();
      }
      if (changed) options.onChange?.();
    });
  }

  /**
   * Adds spent credits and frees the kept hold `id` in one write; `then` runs once they are saved, inside the same
   * turn, so a reservation it drops is seen by a concurrent `reserve` as reserved or as spent, never as neither.
   */
  function add(action: string, credits: number, then?: () => void, id?: string): Promise<void> {
    if (!(credits > 0) && id === undefined) {
      then?.();
      return Promise.resolve();
    }
    return write((state) => {
      const freed = id !== undefined && dropHold(state, id);
      if (id !== undefined) {
        if (state.settled?.[id] !== undefined) return freed;
        (state.settled ??= {})[id] = now();
        if (!(credits > 0)) return true;
      }
      if (!(credits > 0)) return freed;
      const today = (state.days[dayKey(now())] ??= {});
      today[action] = (today[action] ?? 0) + credits;
      return true;
    }, then);
  }

  /** What counts against today's budget in a loaded record: spent, held by this worker, kept for work in flight. */
  function committedIn(state: LedgerState, except?: string): number {
    const kept = Object.entries(state.held ?? {}).reduce((n, [id, c]) => (id === except ? n : n + c), 0);
    return sum(state.days[dayKey(now())] ?? {}) + reserved + kept;
  }

  /** The reservation handed to the caller: settle books and frees, release only frees. */
  function handle(credits: number, id: string | undefined, budgeted: boolean): Reservation {
    let open = true;
    if (id !== undefined) {
      const free = () => {
        open = false;
        mine.delete(id);
      };
      return {
        settle: (action, actual) => {
          if (!open) return Promise.resolve();
          free();
          return add(action, actual, undefined, id);
        },
        release: () => {
          if (!open) return;
          free();
          void write((state) => dropHold(state, id)).catch(() => undefined);
        },
      };
    }
    const free = () => {
      if (open) {
        reserved -= credits;
        if (budgeted && credits > 0) options.onChange?.();
      }
      open = false;
    };
    return {
      settle: (action, actual) => add(action, actual, free),
      release: free,
    };
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
        // and the blocking count them; a header saying "70 left" beside "20 credits left" said two things). Kept
        // holds count too: a chunk still in the air after a worker stop is charged when it lands.
        budgetLeft: budget === null ? null : Math.max(0, budget - committedIn(state)),
      };
    },

    async committedToday() {
      return committedIn(await options.store.load());
    },

    async allows(credits) {
      const budget = await options.dailyBudget();
      if (budget === null || credits <= 0) return true;
      return (await ledger.committedToday()) + credits <= budget;
    },

    async reserve(maxCredits, reserveOptions = {}) {
      const credits = Math.max(0, maxCredits);
      const { id } = reserveOptions;
      const budget = credits > 0 ? await options.dailyBudget() : null;
      if (id !== undefined) {
        // Kept before the request can leave: from here on a worker stop cannot lose it.
        await write((state) => {
          if (budget !== null) {
            const committed = committedIn(state, id);
            if (committed + credits > budget) throw budgetExceeded(credits, budget - committed, budget);
          }
          mine.add(id);
          (state.held ??= {})[id] = credits;
          return true;
        });
        return handle(credits, id, budget !== null);
      }
      if (budget === null) reserved += credits;
      else {
        // In the same turn as the writes of spent credits: a settle that moves credits from reserved to spent
        // cannot land between reading the one and the other (a bulk chunk settling while a lookup reserved saw
        // neither, and the budget was overrun by the whole chunk). Reservations see each other the same way.
        // Without a budget nothing is checked, so nothing waits.
        await serial(async () => {
          const committed = committedIn(await options.store.load());
          if (committed + credits > budget) throw budgetExceeded(credits, budget - committed, budget);
          reserved += credits;
        });
        // The budget left shown (summary) counts what is held: say it changed.
        if (credits > 0) options.onChange?.();
      }
      return handle(credits, undefined, budget !== null);
    },

    async resume(id) {
      const state = await options.store.load();
      const credits = state.held?.[id];
      if (credits === undefined) return null;
      mine.add(id);
      return handle(credits, id, true);
    },

    settleOnce(id, action, credits) {
      mine.delete(id);
      return add(action, credits, undefined, id);
    },

    keepOnly(ids) {
      return write((state) => {
        let changed = false;
        for (const id of Object.keys(state.held ?? {})) if (!ids.has(id) && !mine.has(id)) changed = dropHold(state, id) || changed;
        return changed;
      });
    },

    clear() {
      return write((state) => {
        // Spent credits go; holds for work still in the air stay (its answer will settle them).
        state.days = {};
        return true;
      });
    },
  };
  return ledger;
}

function dropHold(state: LedgerState, id: string): boolean {
  if (!state.held || !(id in state.held)) return false;
  delete state.held[id];
  return true;
}

/** Days older than KEEP_DAYS and settled ids beyond KEEP_SETTLED are dropped on write; empty records are left out. */
function trimmed(state: LedgerState): LedgerState {
  const days: LedgerState['days'] = {};
  for (const k of Object.keys(state.days).sort().slice(-KEEP_DAYS)) days[k] = state.days[k] as Record<string, number>;
  const settled = Object.fromEntries(
    Object.entries(state.settled ?? {})
      .sort((a, b) => a[1] - b[1])
      .slice(-KEEP_SETTLED),
  );
  return {
    days,
    ...(state.held && Object.keys(state.held).length > 0 ? { held: state.held } : {}),
    ...(Object.keys(settled).length > 0 ? { settled } : {}),
  };
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
