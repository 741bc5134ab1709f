import type { SqlDatabase } from './db/driver';

export type Plan = 'standard' | 'enterprise';

export interface Account {
  key: string;
  plan: Plan;
  balance: number;
}

/** The three documented keys; `<base>-<suffix>` creates an isolated account of the same kind on first use. */
export const SANDBOX_ACCOUNT_TEMPLATES: Record<string, { plan: Plan; balance: number }> = {
  'test-standard': { plan: 'standard', balance: 100_000 },
  'test-enterprise': { plan: 'enterprise', balance: 100_000 },
  'test-empty': { plan: 'standard', balance: 0 },
};

export const SANDBOX_KEYS = Object.keys(SANDBOX_ACCOUNT_TEMPLATES);

/** The template account a key stands for, or undefined when the key is not a sandbox key. */
export function accountTemplate(key: string): { plan: Plan; balance: number } | undefined {
  const exact = SANDBOX_ACCOUNT_TEMPLATES[key];
  if (exact) return exact;
  for (const [base, template] of Object.entries(SANDBOX_ACCOUNT_TEMPLATES)) {
    if (key.length > base.length + 1 && key.startsWith(`${base}-`)) return template;
  }
  return undefined;
}

export class Accounts {
  private readonly select;
  private readonly insert;

  constructor(
    db: SqlDatabase,
    private readonly now: () => number = Date.now,
  ) {
    this.select = db.prepare<[string], Account>('SELECT key, plan, balance FROM accounts WHERE key = ?');
    this.insert = db.prepare('INSERT OR IGNORE INTO accounts (key, plan, balance, created_at) VALUES (?, ?, ?, ?)');
    for (const [key, t] of Object.entries(SANDBOX_ACCOUNT_TEMPLATES)) this.insert.run(key, t.plan, t.balance, this.now());
  }

  /** The account for a key, created on first use for sandbox keys; undefined for unknown keys (→ 401). */
  resolve(key: string | undefined): Account | undefined {
    if (!key) return undefined;
    const found = this.select.get(key);
    if (found) return found;
    const template = accountTemplate(key);
    if (!template) return undefined;
    this.insert.run(key, template.plan, template.balance, this.now());
    return this.select.get(key);
  }
}
