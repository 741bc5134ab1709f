import type { SqlDatabase } from './db/driver';
import { Accounts } from './accounts';
import { FaultQueue } from './faults';
import { Ledger } from './ledger';
import type { ResolvedOptions } from './options';
import { SlidingLogLimiter } from './rate-limit';
import { RequestLog } from './request-log';
import { Store } from './store';

/** Everything the routes share for one running sandbox. */
export interface SandboxState {
  db: SqlDatabase;
  options: ResolvedOptions;
  accounts: Accounts;
  ledger: Ledger;
  limiter: SlidingLogLimiter;
  faults: FaultQueue;
  requests: RequestLog;
  store: Store;
}

export function createState(db: SqlDatabase, options: ResolvedOptions): SandboxState {
  return {
    db,
    options,
    accounts: new Accounts(db),
    ledger: new Ledger(db),
    limiter: new SlidingLogLimiter(options.rateLimit.max, options.rateLimit.windowMs),
    faults: new FaultQueue(),
    requests: new RequestLog(),
    store: new Store(db),
  };
}
