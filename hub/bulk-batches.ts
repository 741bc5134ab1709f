/**
 * Bulk enrich requests of one team gathered across members (docs/hub.md, "Bulk requests gathered across members").
 * Requests with the same required fields that reach this hub process while a gathered request waits (its short
 * gathering window, and its place under the team key's rate limit) leave as ONE upstream bulk request of at most
 * the service's 1,000 entries; its answer is split back by entry. A person named by several entries (of one member
 * or of several) is sent once: the first entry to arrive buys it, the others get its answer free.
 *
 * A member's request is never cut across two upstream requests, so its answer is one service answer: one charge,
 * one error. What does not fit in the open batch closes it (it leaves at once) and opens the next.
 */
import { BULK_MAX_INPUTS } from '../lib/api/limits';
import type { BulkQuery } from '../lib/api/requests';
import type { HubDb } from './db/open';
import { acquireSlot, releaseSlot, returnSlot, type RateLimit } from './limiter';

export interface BulkPart {
  /** The member who sent it: named to teammates whose entries its purchase answers. */
  buyer: { id: string; name: string };
  /** The entries to buy, each with the normalised identity that makes two entries one person. */
  entries: ReadonlyArray<{ query: BulkQuery; identity: string }>;
  /** Aborted when the member stops waiting: a part not yet sent is left out (and its place given back). */
  signal?: AbortSignal | undefined;
}

/** Where and how the gathered request goes: the team's service, key and limit (the same for every part of a key). */
export interface BulkUpstream {
  db: HubDb;
  teamId: string;
  url: string;
  apiKey: string;
  requiredFields: readonly string[];
  limit: RateLimit;
  maxQueueMs: number;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** One part's entry of a readable answer, in the part's order. */
export interface SplitEntry {
  contact: unknown;
  /** Who bought it: this entry's own purchase when `self`, else an earlier entry of the same gathered request. */
  self: boolean;
  buyer: { id: string; name: string };
}

export type BulkOutcome =
  /** The service answered 2xx with one entry per sent entry. `sent`: how many entries the gathered request had. */
  | { kind: 'answered'; entries: SplitEntry[]; status: number; sent: number }
  /** Any other answer of the service (an error, or a 2xx that cannot be split), passed to every part alike. */
  | { kind: 'service'; status: number; contentType: string; bytes: ArrayBuffer; retryAfter: string | null }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; message: string }
  | { kind: 'rate_limited'; retryAfterMs: number }
  /** The member stopped waiting before the request left: nothing was sent for them. */
  | { kind: 'left' };

interface Waiting {
  part: BulkPart;
  settle(outcome: BulkOutcome): void;
  fail(error: unknown): void;
}

class Batch {
  readonly waiting: Waiting[] = [];
  readonly identities = new Set<string>();
  /** Aborted once every part has left: the wait for a place then ends (nothing will be sent). */
  readonly everyoneLeft = new AbortController();
  readonly windowOver: Promise<void>;
  endWindow!: () => void;

  constructor() {
    this.windowOver = new Promise<void>((resolve) => (this.endWindow = resolve));
  }

  fits(part: BulkPart): boolean {
    let added = 0;
    for (const e of new Set(part.entries.map((x) => x.identity))) if (!this.identities.has(e)) added++;
    return this.identities.size + added <= BULK_MAX_INPUTS;
  }

  add(part: BulkPart): Promise<BulkOutcome> {
    for (const e of part.entries) this.identities.add(e.identity);
    part.signal?.addEventListener('abort', () => {
      if (this.waiting.every((w) => w.part.signal?.aborted)) this.everyoneLeft.abort();
    });
    return new Promise<BulkOutcome>((settle, fail) => this.waiting.push({ part, settle, fail }));
  }
}

export class BulkBatches {
  private readonly open = new Map<string, Batch>();

  /** `windowMs`: how long a gathered request waits for more parts at least (it also gathers while waiting for a place). */
  constructor(private readonly windowMs: number) {}

  /**
   * Sends `part` with the parts of the same `key` (team and required fields) that join it; resolves with its share
   * of the answer.
   */
  submit(key: string, upstream: BulkUpstream, part: BulkPart): Promise<BulkOutcome> {
    let batch = this.open.get(key);
    if (batch && !batch.fits(part)) {
      // Full: it leaves as soon as it has its place, and this part starts the next one.
      this.open.delete(key);
      batch.endWindow();
      batch = undefined;
    }
    if (!batch) {
      const fresh = new Batch();
      this.open.set(key, fresh);
      batch = fresh;
      this.run(key, fresh, upstream).catch((error: unknown) => {
        if (this.open.get(key) === fresh) this.open.delete(key);
        for (const w of fresh.waiting) w.fail(error);
      });
    }
    return batch.add(part);
  }

  private async run(key: string, batch: Batch, upstream: BulkUpstream): Promise<void> {
    const timer = setTimeout(() => batch.endWindow(), this.windowMs);
    // The place is waited for during the window: more parts join while either lasts.
    const place = await acquireSlot(upstream.db, upstream.teamId, upstream.limit, upstream.maxQueueMs, batch.everyoneLeft.signal);
    await batch.windowOver;
    clearTimeout(timer);
    if (this.open.get(key) === batch) this.open.delete(key);

    const live: Waiting[] = [];
    for (const w of batch.waiting) {
      if (w.part.signal?.aborted) w.settle({ kind: 'left' });
      else live.push(w);
    }
    if ('retryAfterMs' in place) {
      for (const w of live) w.settle({ kind: 'rate_limited', retryAfterMs: place.retryAfterMs });
      return;
    }
    if (live.length === 0) {
      await returnSlot(upstream.db, place.slot);
      return;
    }

    // Each person once, bought by the first entry naming them.
    const sent: BulkQuery[] = [];
    const firstOf = new Map<string, { index: number; waiting: Waiting; entry: number }>();
    for (const w of live) {
      w.part.entries.forEach((e, entry) => {
        if (firstOf.has(e.identity)) return;
        firstOf.set(e.identity, { index: sent.length, waiting: w, entry });
        sent.push(e.query);
      });
    }

    const outcome = await send(upstream, sent).finally(() => releaseSlot(upstream.db, place.slot));
    if (outcome.kind !== 'readable') {
      for (const w of live) w.settle(outcome);
      return;
    }
    for (const w of live) {
      const entries = w.part.entries.map((e, entry): SplitEntry => {
        const first = firstOf.get(e.identity) as { index: number; waiting: Waiting; entry: number };
        return { contact: outcome.contacts[first.index] ?? null, self: first.waiting === w && first.entry === entry, buyer: first.waiting.part.buyer };
      });
      w.settle({ kind: 'answered', entries, status: outcome.status, sent: sent.length });
    }
  }
}

type SendOutcome = Exclude<BulkOutcome, { kind: 'answered' | 'rate_limited' | 'left' }> | { kind: 'readable'; status: number; contacts: unknown[] };

/** The gathered request, in the documented form (multipart fields holding JSON arrays). */
async function send(upstream: BulkUpstream, queryList: BulkQuery[]): Promise<SendOutcome> {
  const form = new FormData();
  form.set('required_fields', JSON.stringify(upstream.requiredFields.map((field_type) => ({ field_type }))));
  form.set('query_list', JSON.stringify(queryList));
  let response: Response;
  let bytes: ArrayBuffer;
  try {
    response = await upstream.fetch(`${upstream.url.replace(/\/+$/, '')}/v1/bulk-enrich`, {
      method: 'POST',
      headers: { 'x-api-key': upstream.apiKey, accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(upstream.timeoutMs),
    });
    bytes = await response.arrayBuffer();
  } catch (e) {
    if (e instanceof Error && e.name === 'TimeoutError') return { kind: 'timeout' };
    return { kind: 'unreachable', message: e instanceof Error ? e.message : String(e) };
  }
  const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
  if (response.ok) {
    const contacts = contactsOf(bytes, queryList.length);
    if (contacts) return { kind: 'readable', status: response.status, contacts };
  }
  return { kind: 'service', status: response.status, contentType, bytes, retryAfter: response.headers.get('retry-after') };
}

/** The answer's contacts, one per entry sent; null when the answer cannot be matched to the entries by position. */
function contactsOf(bytes: ArrayBuffer, expected: number): unknown[] | null {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as { contacts?: unknown };
    if (!Array.isArray(parsed.contacts) || parsed.contacts.length !== expected) return null;
    return parsed.contacts.map((row: unknown) => (row as { enriched_contact?: unknown } | null)?.enriched_contact ?? null);
  } catch {
    return null;
  }
}
