import { createHash } from 'node:crypto';

export interface LoggedRequest {
  id: number;
  time: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Masked key (`test…dard#1a2b3c`): distinguishable, not reusable. */
  key: string | null;
  status: number;
  /** Body of POST requests, cut at 20,000 characters (privacy tests check what left the browser). */
  body?: string;
  durationMs: number;
  fault?: string;
}

const MAX_ENTRIES = 10_000;
const MAX_BODY = 20_000;

export function maskKey(key: string | undefined): string | null {
  if (!key) return null;
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 6);
  return key.length <= 8 ? `…#${hash}` : `${key.slice(0, 4)}…${key.slice(-4)}#${hash}`;
}

/** Log of the API requests the sandbox received (newest last, bounded). */
export class RequestLog {
  private entries: LoggedRequest[] = [];
  private nextId = 1;

  add(entry: Omit<LoggedRequest, 'id'>): void {
    const body = entry.body === undefined ? undefined : entry.body.slice(0, MAX_BODY);
    this.entries.push({ id: this.nextId++, ...entry, ...(body === undefined ? {} : { body }) });
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  list(filter: { key?: string } = {}): LoggedRequest[] {
    if (!filter.key) return [...this.entries];
    const masked = maskKey(filter.key);
    return this.entries.filter((e) => e.key === masked);
  }

  clear(): void {
    this.entries = [];
  }
}
