/**
 * Single lookups, end to end: cache → budget → queue → API → ledger → cache. One function per request of the
 * protocol; the background's handlers only call these. Every answer carries its provenance (cache or live, when,
 * what it cost), so the UI can say "Cached 3 days ago · free" or "Live · 1 credit".
 *
 * Realtime lookups and explicit refreshes skip the cache read (the user asked, and paid, for fresh data) but
 * still write their answer to it. Identical lookups in flight at once are one request (the queue's dedupe key is
 * the cache key).
 */
import type { EnrichmentClient, Lookup } from '../api/client';
import { COMPANY_REENRICH_WINDOW_DAYS } from '../api/limits';
import { estimateCost, type CostAction as PricedAction } from '../api/pricing';
import { companyAliasKeys, contactAliasKeys } from '../cache/aliases';
import type { Cache } from '../cache/cache';
import {
  companyEnrichKey,
  companySimilarKey,
  contactEnrichKey,
  contactSearchKey,
  contactSimilarKey,
  emailVerifyKey,
} from '../cache/keys';
import type { Ledger, LedgerAction } from '../credits/ledger';
import type { ContactLookup, ContactOptions, Provenance, RequestOutput } from '../messaging/protocol';
import { HandledError } from '../messaging/router';
import type { ParsedInput } from '../messaging/router';
import type { Priority, TaskContext, TaskKind, TaskQueue } from './queue';

export const LOOKUP_KIND = 'lookup';
const DAY_MS = 86_400_000;

type Params = Record<string, unknown>;

/** A queued lookup. Serialisable (it is persisted); never contains the API key. */
export type LookupPayload =
  | { op: 'contact/enrich'; key: string; params: Params; realtime: boolean; waterfall: boolean }
  | { op: 'contact/similar'; key: string; params: Params }
  | { op: 'company/enrich'; key: string; params: Params; freeRepeat: boolean }
  | { op: 'company/similar'; key: string; params: Params; size: number; revealAll: boolean }
  | { op: 'email/verify'; key: string; email: string }
  | { op: 'contact/search'; key: string; body: Params }
  /** A key check; `candidate` names an in-memory slot holding a key to test (keys are never persisted). */
  | { op: 'key/check'; candidate: string | null };

export interface LiveAnswer {
  found: boolean;
  value: unknown;
  errorText?: string;
  provenance: Provenance;
}

export interface LookupServiceOptions {
  cache: Cache;
  ledger: Ledger;
  queue: () => TaskQueue;
  /** The API client for one task: its gate, its 429 hook and (for key checks) a candidate key. */
  clientFor: (ctx: TaskContext, candidateKey?: string) => EnrichmentClient;
  hasKey: () => Promise<boolean>;
  lookupDefaults: () => Promise<ContactOptions>;
  now?: () => number;
}

export function toEnrichParams(lookup: ContactLookup, options: ContactOptions): Params {
  return {
    ...lookup,
    ...(options.required?.length ? { required: options.required } : {}),
    include_all_experiences: options.includeAllExperiences ?? false,
    realtime: options.realtime ?? false,
    waterfall: options.waterfall ?? false,
  };
}

/** The options of a queued contact lookup (the key's options), read back from its query parameters. */
export function optionsOfParams(params: Params): ContactOptions {
  const required = Array.isArray(params.required) ? (params.required as ContactOptions['required']) : undefined;
  return {
    ...(required?.length ? { required } : {}),
    includeAllExperiences: params.include_all_experiences === true,
    waterfall: params.waterfall === true,
  };
}

export function createLookupService(options: LookupServiceOptions) {
  const { cache, ledger } = options;
  const now = options.now ?? Date.now;
  const candidates = new Map<string, string>();

  // ------------------------------------------------------------------------------------------- the task kind

  /**
   * Records the charge and caches the answer, with its aliases when found (`aliases` lists the other keys the
   * same result answers: lib/cache/aliases.ts).
   */
  async function settle(action: LedgerAction, key: string, outcome: Lookup<unknown>, priced: PricedAction, aliases?: (result: unknown) => string[]): Promise<LiveAnswer> {
    const credits = estimateCost(priced);
    const fetchedAt = now();
    const answer = outcome.found
      ? { found: true, value: outcome.result, creditsCharged: credits, fetchedAt, ...(aliases ? { aliases: aliases(outcome.result) } : {}) }
      : { found: false, value: null, errorText: outcome.errorText, creditsCharged: credits, fetchedAt };
    // The answer is paid for: keep it first, and never let a failing ledger write throw it away (the user would
    // pay again on the next click). A lost ledger entry only understates "spent today".
    await cache.write(key, answer).catch(() => undefined);
    await ledger.record(action, credits).catch((error: unknown) => console.warn('In-Page Enrich: credits not recorded', error));
    return {
      found: outcome.found,
      value: answer.value,
      ...(outcome.found ? {} : { errorText: outcome.errorText }),
      provenance: { source: 'live', fetchedAt, creditsCharged: credits },
    };
  }

  async function run(payload: LookupPayload, ctx: TaskContext): Promise<LiveAnswer | { valid: boolean }> {
    if (payload.op === 'key/check') {
      const candidate = payload.candidate ? candidates.get(payload.candidate) : undefined;
      if (payload.candidate && !candidate) throw new HandledError({ kind: 'aborted', message: 'The key check was interrupted; test the key again.' });
      return options.clientFor(ctx, candidate).checkKey();
    }
    const client = options.clientFor(ctx);
    switch (payload.op) {
      case 'contact/enrich': {
        const outcome = await client.contacts.enrich(payload.params);
        const options = optionsOfParams(payload.params);
        return settle('contact/enrich', payload.key, outcome, { kind: 'enrich', realtime: payload.realtime, waterfall: payload.waterfall, matched: outcome.found }, (contact) =>
          contactAliasKeys(contact, options, payload.key),
        );
      }
      case 'contact/similar': {
        const outcome = await client.contacts.similar(payload.params);
        const returned = outcome.found ? outcome.result.length : 0;
        return settle('contact/similar', payload.key, outcome, { kind: 'similarContacts', returned });
      }
      case 'company/enrich': {
        const outcome = await client.companies.enrich(payload.params as { url: string });
        return settle('company/enrich', payload.key, outcome, { kind: 'company', found: outcome.found, enrichedWithinWindow: payload.freeRepeat }, (company) =>
          companyAliasKeys(company, payload.key),
        );
      }
      case 'company/similar': {
        const outcome = await client.companies.similar(payload.params as { url: string });
        const returned = outcome.found ? outcome.result.length : 0;
        return settle('company/similar', payload.key, outcome, { kind: 'similarCompanies', size: payload.size, revealAll: payload.revealAll, returned });
      }
      case 'email/verify': {
        const result = await client.emails.verify(payload.email);
        return settle('email/verify', payload.key, { found: true, result }, { kind: 'emailVerification', syntaxValid: true });
      }
      case 'contact/search': {
        const result = await client.contacts.search(payload.body);
        return settle('contact/search', payload.key, { found: true, result }, { kind: 'prospector', pageSize: result.page_size ?? 0, returned: result.credits_deducted ?? result.records_returned ?? 0 });
      }
    }
  }

  const kind: TaskKind<LookupPayload, unknown> = {
    run,
    // Only a company enrichment can be repeated without a second charge (free within 30 days, spec). Every
    // other paid lookup that was in flight is dropped: nobody is waiting for it any more, and the user's next
    // click shows its cost again.
    onInterrupted: (payload) => Promise.resolve(payload.op === 'company/enrich' ? 'repeat' : 'drop'),
  };

  // ------------------------------------------------------------------------------------------- requests

  async function requireKey() {
    if (!(await options.hasKey())) {
      throw new HandledError({ kind: 'no_key', message: 'No API key is set. Add your key in the options page, or use the demo sandbox.' });
    }
  }

  async function live(payload: LookupPayload, maxCredits: number, dedupeKey: string | undefined, priority: Priority): Promise<LiveAnswer> {
    await requireKey();
    const reservation = await ledger.reserve(maxCredits);
    try {
      const { result } = options.queue().enqueue<LiveAnswer>({ kind: LOOKUP_KIND, priority, payload, ...(dedupeKey ? { dedupeKey } : {}) });
      return await result;
    } finally {
      reservation.release();
    }
  }

  /** Cache first unless told otherwise, then live. */
  async function cachedOrLive(key: string, skipCache: boolean, payload: LookupPayload, maxCredits: number, priority: Priority, dedupeSuffix = ''): Promise<LiveAnswer> {
    if (!skipCache) {
      const hit = await cache.read(key);
      if (hit) return hit;
    }
    return live(payload, maxCredits, key + dedupeSuffix, priority);
  }

  const outcome = <T>(a: LiveAnswer) =>
    a.found
      ? { found: true as const, result: a.value as T, provenance: a.provenance }
      : { found: false as const, errorText: a.errorText ?? 'No match found.', provenance: a.provenance };

  return {
    kind,

    async contactEnrich(input: ParsedInput<'contact/enrich'>, priority: Priority = 'interactive'): Promise<RequestOutput<'contact/enrich'>> {
      const opts: ContactOptions = { ...(await options.lookupDefaults()), ...input.options };
      const key = contactEnrichKey(input.lookup, opts);
      const realtime = opts.realtime ?? false;
      const waterfall = opts.waterfall ?? false;
      const max = estimateCost({ kind: 'enrich', realtime, waterfall });
      const answer = await cachedOrLive(
        key,
        Boolean(input.refresh) || realtime,
        { op: 'contact/enrich', key, params: toEnrichParams(input.lookup, opts), realtime, waterfall },
        max,
        priority,
        realtime ? '#realtime' : '',
      );
      return outcome(answer);
    },

    async contactSimilar(input: ParsedInput<'contact/similar'>, priority: Priority = 'interactive'): Promise<RequestOutput<'contact/similar'>> {
      const size = input.size ?? 10;
      const key = contactSimilarKey(input.lookup, size);
      const answer = await cachedOrLive(key, false, { op: 'contact/similar', key, params: { ...input.lookup, size } }, estimateCost({ kind: 'similarContacts' }), priority);
      return { result: (answer.found ? answer.value : []) as RequestOutput<'contact/similar'>['result'], provenance: answer.provenance };
    },

    async companyEnrich(input: ParsedInput<'company/enrich'>, priority: Priority = 'interactive'): Promise<RequestOutput<'company/enrich'>> {
      const key = companyEnrichKey(input.url);
      const realtime = input.fetchRealtime ?? false;
      const last = await cache.peek(key);
      const freeRepeat = Boolean(last?.found && last.creditsCharged >= 0 && now() - last.fetchedAt < COMPANY_REENRICH_WINDOW_DAYS * DAY_MS);
      const max = freeRepeat ? 0 : estimateCost({ kind: 'company' });
      const answer = await cachedOrLive(
        key,
        Boolean(input.refresh) || realtime,
        { op: 'company/enrich', key, params: { url: input.url, fetch_realtime: realtime }, freeRepeat },
        max,
        priority,
        realtime ? '#realtime' : '',
      );
      return outcome(answer);
    },

    async companySimilar(input: ParsedInput<'company/similar'>, priority: Priority = 'interactive'): Promise<RequestOutput<'company/similar'>> {
      const size = input.size ?? 10;
      const revealAll = input.revealAll ?? false;
      const key = companySimilarKey(input.url, size, revealAll);
      const max = estimateCost({ kind: 'similarCompanies', size, revealAll });
      const answer = await cachedOrLive(
        key,
        Boolean(input.refresh),
        { op: 'company/similar', key, params: { url: input.url, size, reveal_all: revealAll }, size, revealAll },
        max,
        priority,
      );
      return outcome(answer);
    },

    async emailVerify(input: ParsedInput<'email/verify'>, priority: Priority = 'interactive'): Promise<RequestOutput<'email/verify'>> {
      const key = emailVerifyKey(input.email);
      const answer = await cachedOrLive(key, Boolean(input.refresh), { op: 'email/verify', key, email: input.email.trim() }, estimateCost({ kind: 'emailVerification' }), priority);
      return { result: answer.value as RequestOutput<'email/verify'>['result'], provenance: answer.provenance };
    },

    async contactSearch(input: ParsedInput<'contact/search'>, priority: Priority = 'interactive'): Promise<RequestOutput<'contact/search'>> {
      const key = contactSearchKey(input);
      const max = estimateCost({ kind: 'prospector', pageSize: input.page_size ?? 25 });
      const answer = await cachedOrLive(key, false, { op: 'contact/search', key, body: { ...input } }, max, priority);
      return { result: answer.value as RequestOutput<'contact/search'>['result'], provenance: answer.provenance };
    },

    /** Free key check (docs/api-decisions.md D5); a candidate key is held in memory only, never queued. */
    async checkKey(candidate?: string): Promise<{ valid: boolean }> {
      if (!candidate) await requireKey();
      const slot = candidate ? crypto.randomUUID() : null;
      if (slot && candidate) candidates.set(slot, candidate);
      try {
        const { result } = options.queue().enqueue<{ valid: boolean }>({ kind: LOOKUP_KIND, priority: 'interactive', payload: { op: 'key/check', candidate: slot } satisfies LookupPayload });
        return await result;
      } finally {
        if (slot) candidates.delete(slot);
      }
    },
  };
}

export type LookupService = ReturnType<typeof createLookupService>;
