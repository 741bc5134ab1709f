export interface LoggedRequest {
  id: number;
  time: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Masked key (`test…dard#1a2b3c`): distinguishable, not reusable. */
  key: string | null;
  status: number;
  /**
   * The first 20,000 bytes of the body of an authenticated POST (privacy tests check what left the browser);
   * absent when the key was refused (the body is never read) and dropped from the oldest entries beyond the
   * log's excerpt budget.
   */
  body?: string;
  /** Size of the whole body in bytes. */
  bodyBytes?: number;
  durationMs: number;
  fault?: string;
}

const MAX_ENTRIES = 10_000;
/** Characters of body excerpts the whole log keeps (about 16 MB of memory); older excerpts go first. */
export const MAX_EXCERPT_CHARS = 8_000_000;

export function maskKey(key: string | undefined): string | null {
  if (!key) return null;
  const hash = fnv1a(key).toString(16).padStart(8, '0').slice(0, 6);
  return key.length <= 8 ? `…#${hash}` : `${key.slice(0, 4)}…${key.slice(-4)}#${hash}`;
}

/**
 * Log of the API requests the sandbox received (newest last), bounded in entries and in excerpt characters, so a
 * flood of large authenticated POSTs (any `test-standard-<suffix>` key is valid) cannot grow it without end.
 */
export class RequestLog {
  private entries: LoggedRequest[] = [];
  /** Entries still holding an excerpt, oldest first, and the characters they hold. */
  private withBody: LoggedRequest[] = [];
  private excerptChars = 0;
  private nextId = 1;

  constructor(private readonly maxExcerptChars = MAX_EXCERPT_CHARS) {}

  /** `body` must already be an excerpt (see `bodyExcerpt` in body.ts). */
  add(entry: Omit<LoggedRequest, 'id'>): void {
    const logged: LoggedRequest = { id: this.nextId++, ...entry };
    this.entries.push(logged);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    if (logged.body === undefined) return;
    this.withBody.push(logged);
    this.excerptChars += logged.body.length;
    let dropped = 0;
    while (this.excerptChars > this.maxExcerptChars && dropped < this.withBody.length - 1) {
      const oldest = this.withBody[dropped++] as LoggedRequest;
      this.excerptChars -= oldest.body?.length ?? 0;
      delete oldest.body;
    }
    if (dropped > 0) this.withBody.splice(0, dropped);
  }

  list(filter: { key?: string } = {}): LoggedRequest[] {
    if (!filter.key) return [...this.entries];
    const masked = maskKey(filter.key);
    return this.entries.filter((e) => e.key === masked);
  }

  clear(): void {
    this.entries = [];
    this.withBody = [];
    this.excerptChars = 0;
  }
}

/**
 * 32-bit FNV-1a of the key's UTF-16 units: enough to tell keys apart in a log, synchronous, and the same in Node and
 * in the extension's demo mode (which has no node:crypto and only an async SubtleCrypto).
 */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
