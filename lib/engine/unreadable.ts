/**
 * A paid answer that cannot be read: the service answered 2xx — it processed the request and charged for it — but the
 * body does not match what this version of the extension reads (a field changed shape, a new value). Booking 0 and
 * saying "retrying may help" made the ledger disagree with the service and invited a second charge. Instead:
 *
 * - the ledger books what the service charged (`unreadableCharge`: the plan's charge for a found answer; for per-result
 *   endpoints, whose count is in the unreadable body, the most the plan allowed, so the ledger never under-reports);
 * - the error says the credit was spent and that retrying would charge again (lib/errors/catalogue.ts, `credits` set);
 * - the raw answer (scrubbed of the key by lib/api) is kept, by cache key, and read again when the extension has been
 *   updated (`rereadKeptAnswers`): once it reads, it is stored in the cache and the contact book as if it had just
 *   arrived, and opening the person is free.
 */
import { z } from 'zod';
import { ApiError } from '../api/errors';
import { CompanyResponseSchema, EnrichResponseSchema } from '../api/schemas';
import type { Cache } from '../cache/cache';
import { notifyPaidAnswer, type OnPaidAnswer } from './paid-answer';
import { bulkChargeOf, chargeOf, type LookupPlan } from './plan';

/** The answers kept: one per person or company (the newest), and no more than this many. */
const MAX_KEPT = 200;

/**
 * The API error of a 2xx answer that arrived whole, as JSON, and did not match the contract (the service processed and
 * charged it); null for anything else. Not one: an answer refused unread for its size (no service answer is that
 * large), and a body that is not JSON — cut short in transit, or not the service's — which stays an "unexpected
 * answer" the user may retry (docs/reliability.md, fault matrix).
 */
export function paidButUnreadable(error: unknown): ApiError | null {
  if (!(error instanceof ApiError) || error.kind !== 'bad_response' || error.raw === undefined || !error.issues?.length) return null;
  return error.status !== undefined && error.status >= 200 && error.status < 300 ? error : null;
}

/** What the ledger books for a plan whose paid answer could not be read. */
export function unreadableCharge(plan: LookupPlan): number {
  switch (plan.request.op) {
    case 'contact/similar':
    case 'company/similar':
    case 'contact/search':
      return plan.maxCredits;
    default:
      return chargeOf(plan, { found: true });
  }
}

/**
 * What the ledger books for a bulk chunk whose whole answer could not be read: the service's own `records_enriched`
 * when the body still states it as a count this chunk could have been charged, else the most the chunk could cost
 * (the ledger never under-reports).
 */
export function unreadableBulkCharge(error: ApiError, sent: number): number {
  let stated: unknown;
  try {
    stated = (JSON.parse(error.raw ?? '') as { records_enriched?: unknown } | null)?.records_enriched;
  } catch {
    stated = undefined;
  }
  const enriched = typeof stated === 'number' && Number.isInteger(stated) && stated >= 0 && stated <= sent ? stated : sent;
  return bulkChargeOf({ sent, enriched });
}

const REREADABLE = ['contact/enrich', 'company/enrich'] as const;

export const KeptAnswerSchema = z.strictObject({
  key: z.string().max(2000),
  aliases: z.array(z.string().max(2000)).max(100),
  op: z.enum(REREADABLE),
  /** The body as the service sent it (bounded by the transport's answer cap). */
  body: z.string(),
  at: z.number(),
  creditsCharged: z.number().nonnegative(),
  /** The extension version that could not read it: read again only by another version. */
  version: z.string().max(100),
});
export type KeptAnswer = z.infer<typeof KeptAnswerSchema>;

export interface KeptAnswerStore {
  put(answer: KeptAnswer): Promise<void>;
  list(): Promise<KeptAnswer[]>;
  remove(key: string): Promise<void>;
}

export function createMemoryKeptAnswerStore(): KeptAnswerStore {
  const answers = new Map<string, KeptAnswer>();
  return {
    put: (answer) => {
      answers.set(answer.key, structuredClone(answer));
      return Promise.resolve();
    },
    list: () => Promise.resolve([...answers.values()].map((a) => structuredClone(a))),
    remove: (key) => {
      answers.delete(key);
      return Promise.resolve();
    },
  };
}

/** Keeps a charged, unreadable answer of a plan, when it is one this extension can read again later. */
export async function keepUnreadable(store: KeptAnswerStore, plan: LookupPlan, error: ApiError, facts: { at: number; creditsCharged: number; version: string }): Promise<void> {
  const op = plan.request.op;
  if (error.raw === undefined || !(REREADABLE as readonly string[]).includes(op)) return;
  const kept = await store.list();
  // The oldest go first: a version that cannot read one answer usually cannot read many.
  for (const old of kept.sort((a, b) => a.at - b.at).slice(0, Math.max(0, kept.length - MAX_KEPT + 1))) await store.remove(old.key);
  await store.put({ key: plan.key, aliases: plan.aliases, op: op as KeptAnswer['op'], body: error.raw, ...facts });
}

/** A kept answer read with this version's schemas: its value, or null when it still does not read. */
export function readKept(answer: KeptAnswer): unknown {
  let json: unknown;
  try {
    json = JSON.parse(answer.body) as unknown;
  } catch {
    return null;
  }
  const parsed = (answer.op === 'contact/enrich' ? EnrichResponseSchema : CompanyResponseSchema).safeParse(json);
  return parsed.success ? parsed.data.result : null;
}

/**
 * After an update (a version other than the one that kept them): answers that now read are stored in the cache and
 * handed to the contact book as the purchase they were, then forgotten. Those that still do not read wait for the next
 * version. Returns how many were recovered.
 */
export async function rereadKeptAnswers(deps: { store: KeptAnswerStore; cache: Cache; version: string; onPaidAnswer?: OnPaidAnswer | undefined }): Promise<number> {
  let recovered = 0;
  for (const answer of await deps.store.list()) {
    if (answer.version === deps.version) continue;
    const value = readKept(answer);
    if (value === null) {
      await deps.store.put({ ...answer, version: deps.version });
      continue;
    }
    const fields = { found: true as const, value, creditsCharged: answer.creditsCharged, fetchedAt: answer.at, aliases: answer.aliases };
    await deps.cache.write(answer.key, fields);
    await notifyPaidAnswer(deps.onPaidAnswer, { endpoint: answer.op, key: answer.key, ...fields });
    await deps.store.remove(answer.key);
    recovered++;
  }
  return recovered;
}
