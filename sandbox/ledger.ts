import type { SqlDatabase } from './db/driver';

export interface LedgerEntry {
  id: number;
  endpoint: string;
  credits: number;
  ref: string | null;
  balance_after: number;
  at: string;
}

const DAY_MS = 86_400_000;

/** The credit ledger: balances live in `accounts`, every charge is a row in `ledger`. */
export class Ledger {
  private readonly balanceStmt;
  private readonly debitStmt;
  private readonly insertStmt;
  private readonly entriesStmt;
  private readonly lastStmt;
  readonly charge: (key: string, endpoint: string, credits: number, ref?: string) => boolean;

  constructor(
    db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {
    this.balanceStmt = db.prepare<[string], { balance: number }>('SELECT balance FROM accounts WHERE key = ?');
    this.debitStmt = db.prepare('UPDATE accounts SET balance = balance - ? WHERE key = ? AND balance >= ?');
    this.insertStmt = db.prepare('INSERT INTO ledger (key, endpoint, credits, ref, balance_after, at) VALUES (?, ?, ?, ?, ?, ?)');
    this.entriesStmt = db.prepare<[string], { id: number; endpoint: string; credits: number; ref: string | null; balance_after: number; at: number }>(
      'SELECT id, endpoint, credits, ref, balance_after, at FROM ledger WHERE key = ? ORDER BY id',
    );
    this.lastStmt = db.prepare<[string, string, string], { at: number }>(
      'SELECT at FROM ledger WHERE key = ? AND endpoint = ? AND ref = ? ORDER BY at DESC LIMIT 1',
    );
    /** Deducts `credits` (0 records a free use) atomically; false, and nothing recorded, when the balance is short. */
    this.charge = db.transaction((key: string, endpoint: string, credits: number, ref?: string): boolean => {
      if (credits > 0 && this.debitStmt.run(credits, key, credits).changes === 0) return false;
      this.insertStmt.run(key, endpoint, credits, ref ?? null, this.balance(key), this.now());
      return true;
    });
  }

  balance(key: string): number {
    return this.balanceStmt.get(key)?.balance ?? 0;
  }

  canAfford(key: string, credits: number): boolean {
    return this.balance(key) >= credits;
  }

  entries(key: string): LedgerEntry[] {
    return this.entriesStmt.all(key).map((e) => ({ ...e, at: new Date(e.at).toISOString() }));
  }

  /** Whether `key` used `endpoint` on `ref` (paid or free) within the last `days` days. */
  usedWithin(key: string, endpoint: string, ref: string, days: number): boolean {
    const last = this.lastStmt.get(key, endpoint, ref);
    return last !== undefined && this.now() - last.at < days * DAY_MS;
  }
}
