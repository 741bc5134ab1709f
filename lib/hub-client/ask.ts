/**
 * "Does the team have this person?", asked of the team hub's book (`POST /hub/book/ask`, `GET /hub/book/:id`) for the
 * engine's port (lib/engine/team-book.ts), in proxy mode and without it alike:
 *
 * - asks that start together (a page's rows priced at once) go as one request, up to the hub's 1,000 lookups; so do
 *   the answers asked together (a bulk job filling the rows a teammate bought: `POST /hub/book/answers`), a few
 *   hundred a request, so a 1,000-row import reads them in four requests rather than a thousand;
 * - each identifier's answer is kept briefly (ASK_TTL_MS): a price is asked again on every credits event, and a row
 *   priced, then clicked, asks twice;
 * - a hub that does not answer is left alone for DOWN_MS: pricing a page then does not wait on it once per row.
 *
 * Any failure answers "not in the book" (null): the lookup is then priced and bought as without a hub. Answers are
 * validated and bounded (the hub is a server the user chose, but its answers still cross a trust boundary).
 */
import ky from 'ky';
import { z } from 'zod';
import { maxAnswerBytes } from '../api/limits';
import { EnrichedContactSchema } from '../api/schemas';
import { contactEnrichKey } from '../cache/keys';
import type { TeamBook, TeamBookHit } from '../engine/team-book';
import type { ContactLookup } from '../model/lookup';

/** How long an identifier's answer from the book is used before it is asked again. */
export const ASK_TTL_MS = 30_000;
/** How long a hub that failed to answer is not asked again. */
export const DOWN_MS = 5_000;
/** The hub's own limit of lookups per ask. */
const MAX_PER_ASK = 1_000;
/** Answers per request: a contact may be tens of kB, so a request's answer stays a few MB. */
const MAX_ANSWERS_PER_ASK = 250;
const MAX_REMEMBERED = 10_000;
/**
 * How long an ask may take: the hub's work grows with its lookups (each one normalised, then one query for all), so a
 * staged import's ask of 1,000 gets longer than a page's ask of a few. An ask that times out prices its people as
 * paid (not knowing is not owning), so too short a wait on a busy hub quotes a teammate's people again.
 */
const askTimeoutMs = (lookups: number): number => 5_000 + 15 * lookups;
const ANSWER_TIMEOUT_MS = 15_000;

const HitSchema = z.object({
  entryId: z.string().min(1).max(100),
  boughtBy: z.object({ name: z.string().min(1).max(100) }),
  firstBoughtAt: z.iso.datetime({ offset: true }),
  options: z.string().max(500),
});
const AskAnswerSchema = z.object({ results: z.array(z.object({ hits: z.array(HitSchema).max(100) })) });
const EntrySchema = z.object({ answer: z.unknown(), options: z.string().max(500) });
const AnswersSchema = z.object({ answers: z.array(EntrySchema.nullable()) });

type Hit = z.infer<typeof HitSchema>;

export interface TeamBookClientOptions {
  hubUrl: string;
  token: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** Called after every answer of the hub: the outbox sends what waits (lib/hub-client/outbox.ts). */
  onHubAnswered?: () => void;
}

/** The parsed text, or undefined when it is not JSON (a hub's answer that does not read is no answer, not a hub down). */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Who a lookup names, normalised (lib/identity through the cache's key): the brief memory's key. */
const identityOf = (lookup: ContactLookup): string => contactEnrichKey(lookup);

export function createTeamBookClient(options: TeamBookClientOptions): TeamBook & { forget(): void } {
  const now = options.now ?? Date.now;
  const http = ky.create({
    prefixUrl: options.hubUrl,
    headers: { accept: 'application/json', authorization: `Bearer ${options.token}` },
    redirect: 'manual',
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const known = new Map<string, { hits: Hit[]; at: number }>();
  let downUntil = 0;
  let pending: Array<{ lookup: ContactLookup; resolve: (hits: Hit[] | null) => void }> = [];
  let scheduled = false;
  let pendingAnswers: Array<{ entryId: string; resolve: (contact: unknown) => void }> = [];
  let answersScheduled = false;

  function failed(): null {
    downUntil = now() + DOWN_MS;
    return null;
  }

  async function askNow(batch: typeof pending): Promise<void> {
    let results: Array<{ hits: Hit[] }> | null = null;
    try {
      const response = await http.post('hub/book/ask', { json: { lookups: batch.map((p) => p.lookup) }, timeout: askTimeoutMs(batch.length), throwHttpErrors: false });
      // One lookup the hub cannot read (page data is hostile) refuses the whole ask: the others are asked one by one.
      if (response.status === 400 && batch.length > 1) {
        await Promise.all(batch.map((p) => askNow([p])));
        return;
      }
      if (response.ok) {
        const parsed = AskAnswerSchema.safeParse(await response.json());
        if (parsed.success && parsed.data.results.length === batch.length) results = parsed.data.results;
      }
      // A refusal (signed out, bad request) is not the hub being down: only no answer at all holds asks back.
      if (response.status >= 500) failed();
      else options.onHubAnswered?.();
    } catch {
      failed();
    }
    const at = now();
    // Remembered briefly; a long session pricing many pages starts the memory again rather than growing it.
    if (known.size > MAX_REMEMBERED) known.clear();
    batch.forEach((p, i) => {
      const hits = results?.[i]?.hits ?? null;
      if (hits) known.set(identityOf(p.lookup), { hits, at });
      p.resolve(hits);
    });
  }

  function flush(): void {
    scheduled = false;
    const all = pending;
    pending = [];
    for (let i = 0; i < all.length; i += MAX_PER_ASK) void askNow(all.slice(i, i + MAX_PER_ASK));
  }

  /** The book's entries for one identifier: remembered, or asked with whatever else is asked in this turn. */
  function hitsOf(lookup: ContactLookup): Promise<Hit[] | null> {
    const remembered = known.get(identityOf(lookup));
    if (remembered && now() - remembered.at < ASK_TTL_MS) return Promise.resolve(remembered.hits);
    if (now() < downUntil) return Promise.resolve(null);
    return new Promise((resolve) => {
      pending.push({ lookup, resolve });
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 0);
      }
    });
  }

  function flushAnswers(): void {
    answersScheduled = false;
    const all = pendingAnswers;
    pendingAnswers = [];
    for (let i = 0; i < all.length; i += MAX_ANSWERS_PER_ASK) void answersNow(all.slice(i, i + MAX_ANSWERS_PER_ASK));
  }

  /**
   * A teammate's extension wrote the answer: held to the service's own contract and size for one contact, as the
   * service's answer would be (lib/api/transport.ts), before it reaches the cache, the book and the panel.
   */
  function contactOf(answer: unknown): unknown {
    if (JSON.stringify(answer ?? null).length > maxAnswerBytes(1)) return null;
    const contact = EnrichedContactSchema.safeParse(answer);
    return contact.success ? contact.data : null;
  }

  async function answersNow(batch: typeof pendingAnswers): Promise<void> {
    let contacts: unknown[] | null = null;
    try {
      const response = await http.post('hub/book/answers', { json: { entryIds: batch.map((p) => p.entryId) }, timeout: ANSWER_TIMEOUT_MS, throwHttpErrors: false });
      if (response.status === 404) {
        // A hub from before the many-form: one entry per request.
        await Promise.all(batch.map(async (p) => p.resolve(await answerOne(p.entryId))));
        return;
      }
      if (response.ok) {
        const text = await response.text();
        options.onHubAnswered?.();
        const parsed = text.length > maxAnswerBytes(batch.length) ? null : AnswersSchema.safeParse(jsonOf(text));
        if (parsed?.success && parsed.data.answers.length === batch.length) contacts = parsed.data.answers.map((entry) => (entry ? contactOf(entry.answer) : null));
      } else if (response.status >= 500) failed();
    } catch {
      failed();
    }
    batch.forEach((p, i) => p.resolve(contacts?.[i] ?? null));
  }

  async function answerOne(entryId: string): Promise<unknown> {
    try {
      const response = await http.get(`hub/book/${encodeURIComponent(entryId)}`, { timeout: ANSWER_TIMEOUT_MS, throwHttpErrors: false });
      if (!response.ok) {
        if (response.status >= 500) failed();
        return null;
      }
      const text = await response.text();
      options.onHubAnswered?.();
      if (text.length > maxAnswerBytes(1)) return null;
      const entry = EntrySchema.safeParse(jsonOf(text));
      return entry.success ? contactOf(entry.data.answer) : null;
    } catch {
      return failed();
    }
  }

  return {
    async find(lookups, bookOptions): Promise<TeamBookHit | null> {
      const answers = await Promise.all(lookups.slice(0, 30).map(hitsOf));
      // The entry first bought, among those bought with the same answer-changing options (the hub's own rule).
      const hits = answers.flatMap((h) => h ?? []).filter((h) => h.options === bookOptions);
      const first = hits.sort((a, b) => Date.parse(a.firstBoughtAt) - Date.parse(b.firstBoughtAt))[0];
      return first ? { entryId: first.entryId, purchase: { boughtBy: first.boughtBy.name, boughtAt: Date.parse(first.firstBoughtAt) } } : null;
    },
    answer(entryId) {
      return new Promise((resolve) => {
        pendingAnswers.push({ entryId, resolve });
        if (!answersScheduled) {
          answersScheduled = true;
          setTimeout(flushAnswers, 0);
        }
      });
    },
    /** Forgets what the book said (after this member bought someone, or on leaving). */
    forget() {
      known.clear();
    },
  };
}
