/**
 * Single lookups, end to end: plan → cache → budget → queue → API → cache → ledger. One function per request of
 * the protocol; the background's handlers only call these. Every decision about money comes from the lookup plan
 * (./plan.ts): the preview the user saw and the charge recorded here are the same computation.
 *
 * Every answer carries its provenance (cache or live, when, what it cost), so the UI can say "Cached 3 days ago ·
 * free" or "Live · 1 credit". Identical lookups in flight at once are one request (the queue's dedupe key), and a
 * lookup of a person a bulk chunk is already asking for waits for that answer (./in-flight.ts).
 */
import type { EnrichmentClient, Lookup } from '../api/client';
import { assertKey } from '../api/errors';
import { companyAliasKeys, contactAliasKeys } from '../cache/aliases';
import type { Cache } from '../cache/cache';
import type { CompanyWindows } from '../credits/company-window';
import type { Ledger, Reservation } from '../credits/ledger';
import type { RequestOutput } from '../messaging/protocol';
import type { ContactOptions, Provenance } from '../model/lookup';
import { HandledError } from '../errors/handled-error';
import type { ParsedInput } from '../messaging/router';
import type { InFlight } from './in-flight';
import type { OnPaidAnswer } from './paid-answer';
import type { OpenSavedContacts } from './saved-contacts';
import { claim, settle as settlePaid } from './paid';
import { chargeOfAnswer, planWithAnswer, type LookupPlan, type LookupRequest, type PlanSettings, type ResolvedRequest, type TeamAnswer } from './plan';
import type { OpenTeamBook } from './team-book';
import { keepUnreadable, paidButUnreadable, unreadableCharge, type KeptAnswerStore } from './unreadable';
import { toErrorData } from '../errors/to-error-data';
import type { Priority, TaskContext, TaskKind, TaskQueue } from '../queue/queue';
import { t } from '../i18n/t';
import { normaliseEmail, normalisePhone, profileOfText, websiteDomain } from '../identity';

export const LOOKUP_KIND = 'lookup';

/** A queued lookup: its plan (the typed request with defaults applied). Serialisable; never contains the API key. */
export type LookupPayload =
  /**
   * `account` and `queuedAt`, for a company enrichment: whose 30-day window a found answer starts, and a time no later
   * than the service's (lib/credits/company-window.ts).
   */
  | { op: 'plan'; plan: LookupPlan; group?: string; account?: string | null; queuedAt?: number }
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
  /** The account's company re-enrichment windows: what makes a repeat free, and what a found company answer restarts. */
  windows?: CompanyWindows;
  ledger: Ledger;
  queue: () => TaskQueue;
  /** The API client for one task: its gate, its 429 hook and (for key checks) a candidate key. */
  clientFor: (ctx: TaskContext, candidateKey?: string) => EnrichmentClient;
  hasKey: () => Promise<boolean>;
  settings: () => Promise<PlanSettings>;
  /** Background-wide set of lookups in flight (shared with bulk jobs). */
  inFlight: InFlight;
  /** Called after every live answer is stored: the contact book keeps what was paid for. */
  onPaidAnswer?: OnPaidAnswer;
  /** The contact book: a person bought before whom the cache no longer holds is answered from it, free (./plan.ts). */
  saved?: OpenSavedContacts;
  /** The team hub's book: a person a teammate bought is answered from it, free (./plan.ts, ./team-book.ts). */
  team?: OpenTeamBook;
  /** Where paid answers that could not be read are kept for a later version (./unreadable.ts). */
  keptAnswers?: KeptAnswerStore;
  /** This extension's version, stamped on kept answers. */
  version?: string;
  now?: () => number;
}

/** GET /v1/enrich parameters of a resolved contact lookup: built at the call, from the plan. */
export function enrichParams(r: Extract<ResolvedRequest, { op: 'contact/enrich' }>): Record<string, unknown> {
  return {
    ...r.lookup,
    ...(r.options.required?.length ? { required: r.options.required } : {}),
    include_all_experiences: r.options.includeAllExperiences,
    realtime: r.options.realtime,
    waterfall: r.options.waterfall,
  };
}

/** Keys a found answer also answers: the person's identifiers in the answer plus those the page gave. */
function answerAliases(plan: LookupPlan, value: unknown): string[] {
  const r = plan.request;
  const fromAnswer =
    r.op === 'contact/enrich'
      ? contactAliasKeys(value, r.options as ContactOptions, plan.key)
      : r.op === 'company/enrich'
        ? companyAliasKeys(value, plan.key)
        : [];
  return [...new Set([...fromAnswer, ...plan.aliases])].filter((k) => k !== plan.key);
}

/** A queued lookup of a cancelled batch, stopped at its gate before it was sent: nothing was charged. */
export class LookupCancelledError extends Error {
  readonly kind = 'aborted' as const;
  constructor() {
    super('Cancelled before it was sent: nothing was charged.'); // i18n-ignore: developer message; toErrorData words it as errors_cancelled_before_finished
    this.name = 'LookupCancelledError';
  }
}

/** Cancelled batch ids remembered (a batch id is used once; older ones cannot have tasks left). */
const MAX_CANCELLED_GROUPS = 100;

export function createLookupService(options: LookupServiceOptions) {
  const { cache, windows, ledger, inFlight } = options;
  /** The budget reservations of the callers waiting for each lookup (by dedupe key): the first is settled as its charge. */
  const holds = new Map<string, Reservation[]>();
  const now = options.now ?? Date.now;
  const candidates = new Map<string, string>();
  const cancelledGroups = new Set<string>();

  // ------------------------------------------------------------------------------------------- the task kind

  async function call(r: ResolvedRequest, client: EnrichmentClient): Promise<Lookup<unknown>> {
    switch (r.op) {
      case 'contact/enrich':
        return client.contacts.enrich(enrichParams(r));
      case 'contact/similar':
        return client.contacts.similar({ ...r.lookup, size: r.size });
      case 'company/enrich':
        return client.companies.enrich({ url: r.url, fetch_realtime: r.realtime });
      case 'company/similar':
        return client.companies.similar({ url: r.url, size: r.size, reveal_all: r.revealAll });
      case 'email/verify':
        return { found: true, result: await client.emails.verify(r.email) };
      case 'contact/search':
        return { found: true, result: await client.contacts.search({ ...r.filters }) };
    }
  }

  /**
   * The answer is paid for: book the charge first, then store it, then tell the listeners. A failing ledger
   * write never throws the answer away (the user would pay again on the next click).
   */
  async function settle(plan: LookupPlan, outcome: Lookup<unknown>, queued: { account?: string | null; queuedAt?: number } = {}): Promise<LiveAnswer> {
    const value = outcome.found ? outcome.result : null;
    const boughtByTeam = outcome.found ? outcome.boughtByTeam : undefined;
    const booked = chargeOfAnswer(plan, { found: outcome.found, value, boughtByTeam });
    const fetchedAt = now();
    const aliases = outcome.found ? answerAliases(plan, value) : [];
    await settlePaid(
      {
        book: () => book(plan, booked),
        // A "no match" for text that never read as an identifier (a Sales Navigator link, a mistyped address) is not
        // kept: its key is the raw text, and the miss would answer that text for days after the parser learns to read it.
        store: async () => {
          if (!outcome.found && !identifierReads(plan.request)) return;
          const fields = outcome.found ? { found: true, value, aliases } : { found: false, value: null, errorText: outcome.errorText };
          await cache.write(plan.key, { ...fields, creditsCharged: booked, fetchedAt }).catch(() => undefined);
        },
        companyWindow: outcome.found ? () => companyFound(plan, [plan.key, ...aliases], fetchedAt, queued) : undefined,
        answers: () => [{ endpoint: plan.request.op, key: plan.key, aliases, found: outcome.found, value, creditsCharged: booked, fetchedAt }],
      },
      options.onPaidAnswer,
    );
    return {
      found: outcome.found,
      value,
      ...(outcome.found ? {} : { errorText: outcome.errorText }),
      provenance: { source: 'live', fetchedAt, creditsCharged: booked, ...(boughtByTeam ? { boughtByTeam } : {}) },
    };
  }

  /**
   * The waiting caller's reservation becomes the charge in one step: booked, then freed after the save. Booking it
   * apart and releasing the hold after the answer counted the charge twice in between, and a lookup asked then under a
   * tight budget was refused. A task resumed after a restart has no caller and books on its own.
   */
  async function book(plan: LookupPlan, credits: number): Promise<void> {
    const held = holds.get(plan.dedupeKey)?.[0];
    await (held ? held.settle(plan.ledgerAction, credits) : ledger.record(plan.ledgerAction, credits)).catch((error: unknown) =>
      console.warn('In-Page Enrich: credits not recorded', error),
    );
  }

  /**
   * A found company restarts the account's 30-day window, paid or free (lib/credits/company-window.ts), under each key
   * that names it: its site and its company page are one company to the service. From when it was queued (the
   * service's window starts when it processes the request, after that), and only for the account that sent it.
   */
  async function companyFound(plan: LookupPlan, keys: string[], fetchedAt: number, queued: { account?: string | null; queuedAt?: number }): Promise<void> {
    if (plan.request.op !== 'company/enrich') return;
    const at = Math.min(fetchedAt, queued.queuedAt ?? fetchedAt);
    for (const key of keys) await windows?.found(key, at, queued.account).catch(() => undefined);
  }

  /** Sends the plan's request and settles its answer; a paid answer that cannot be read is booked as charged. */
  async function send(plan: LookupPlan, client: EnrichmentClient, queued: { account?: string | null; queuedAt?: number }): Promise<LiveAnswer> {
    let outcome: Lookup<unknown>;
    try {
      outcome = await call(plan.request, client);
    } catch (error) {
      const unreadable = paidButUnreadable(error);
      if (!unreadable) throw error;
      // The service processed and charged it (2xx): the ledger agrees with the service, the raw answer waits for a
      // version that reads it, and the words say the credits were spent (lib/errors/catalogue.ts).
      const credits = unreadableCharge(plan);
      const at = now();
      const kept = options.keptAnswers;
      await settlePaid(
        {
          book: () => book(plan, credits),
          store: async () => {
            if (kept) await keepUnreadable(kept, plan, unreadable, { at, creditsCharged: credits, version: options.version ?? 'unknown' }).catch(() => undefined);
          },
          companyWindow: () => companyFound(plan, [plan.key], at, queued),
          answers: () => [],
        },
        undefined,
      );
      throw new HandledError({ ...toErrorData(unreadable), credits });
    }
    return settle(plan, outcome, queued);
  }

  async function run(payload: LookupPayload, ctx: TaskContext): Promise<LiveAnswer | { valid: boolean }> {
    if (payload.op === 'key/check') {
      const candidate = payload.candidate ? candidates.get(payload.candidate) : undefined;
      if (payload.candidate && !candidate) throw new HandledError({ kind: 'aborted', message: t('errors_key_check_interrupted') });
      return options.clientFor(ctx, candidate).checkKey();
    }
    if (payload.op !== 'plan' || typeof payload.plan !== 'object') {
      // A task stored by an older version: its shape is unknown, so it is not sent (nothing was charged for it).
      throw new HandledError({ kind: 'aborted', message: t('errors_lookup_outdated') });
    }
    const group = payload.group;
    if (group === undefined) return send(payload.plan, options.clientFor(ctx), payload);
    // A batch's lookup checks its batch at the gate, before and after waiting for its rate-limit slot.
    const gated: TaskContext = {
      ...ctx,
      beforeAttempt: async () => {
        if (cancelledGroups.has(group)) throw new LookupCancelledError();
        await ctx.beforeAttempt();
        if (cancelledGroups.has(group)) throw new LookupCancelledError();
      },
    };
    return send(payload.plan, options.clientFor(gated), payload);
  }

  const kind: TaskKind<LookupPayload, unknown> = {
    run,
    // Only a company enrichment can be repeated without a second charge (free within 30 days, spec). Every
    // other paid lookup that was in flight is dropped: nobody is waiting for it any more, and the user's next
    // click shows its cost again.
    onInterrupted: (payload) => Promise.resolve(payload.op === 'plan' && payload.plan.request.op === 'company/enrich' ? 'repeat' : 'drop'),
  };

  // ------------------------------------------------------------------------------------------- requests

  async function requireKey() {
    assertKey(await options.hasKey());
  }

  /**
   * Plan (it reads the cache, and the contact book for a person, once: a free answer comes with it), then the queue
   * (the budget reserves the plan's most).
   * `quotedCredits`: the price the user's click showed. A request that would cost more (the cached answer a "free"
   * button promised expired, or the cache was cleared, after the price was shown) is refused before anything is
   * reserved or sent: a paid action never costs more than the button said.
   */
  async function lookup(request: LookupRequest, priority: Priority, group?: string, quotedCredits?: number): Promise<LiveAnswer> {
    const settings = await options.settings();
    const claimed = await claim<{ plan: LookupPlan; hit: LiveAnswer | null; team?: TeamAnswer }>({ inFlight, ledger }, async () => {
      const { plan, free: hit, team } = await planWithAnswer(request, settings, { cache, windows, saved: options.saved, team: options.team }, now());
      if (hit) return { value: { plan, hit }, waitOn: [], hold: [], budget: null };
      // A teammate bought the person: their answer, read from the team's book, is stored and booked like a live one at
      // the plan's charge, 0 (as in proxy mode, where the hub gives it in the service's answer).
      if (team) return { value: { plan, hit: null, team }, waitOn: [], hold: [], budget: null };
      if (quotedCredits !== undefined && plan.maxCredits > quotedCredits) {
        throw new HandledError({ kind: 'price_changed', message: t('errors_price_changed_title'), quotedCredits, credits: plan.maxCredits });
      }
      await requireKey();
      // A bulk chunk (or a lookup by another identifier) asking for the same person: wait, then read again.
      const keys = [plan.key, ...plan.aliases];
      return { value: { plan, hit: null }, waitOn: plan.cacheMayAnswer ? keys : [], hold: keys, budget: { credits: plan.maxCredits } };
    });
    const { plan, hit, team } = claimed.value;
    if (hit) return hit;
    if (team) return settle(plan, { found: true, result: team.value, boughtByTeam: team.purchase });
    if (claimed.refused !== undefined) throw claimed.refused;
    const reservation = claimed.reservation!;
    try {
      const held = holds.get(plan.dedupeKey) ?? [];
      holds.set(plan.dedupeKey, [...held, reservation]);
      try {
        const company = plan.request.op === 'company/enrich' && windows ? { account: await windows.account(), queuedAt: now() } : {};
        const { result } = options.queue().enqueue<LiveAnswer>({
          kind: LOOKUP_KIND,
          priority,
          payload: { op: 'plan', plan, ...(group !== undefined ? { group } : {}), ...company } satisfies LookupPayload,
          dedupeKey: plan.dedupeKey,
        });
        return await result;
      } finally {
        const left = (holds.get(plan.dedupeKey) ?? []).filter((r) => r !== reservation);
        if (left.length > 0) holds.set(plan.dedupeKey, left);
        else holds.delete(plan.dedupeKey);
        reservation.release();
      }
    } finally {
      claimed.release();
    }
  }

  const outcome = <T>(a: LiveAnswer) =>
    a.found
      ? { found: true as const, result: a.value as T, provenance: a.provenance }
      : { found: false as const, errorText: a.errorText ?? t('errors_no_match_found'), provenance: a.provenance };

  return {
    kind,

    async contactEnrich(input: ParsedInput<'contact/enrich'>, priority: Priority = 'interactive'): Promise<RequestOutput<'contact/enrich'>> {
      const { quotedCredits, ...rest } = input;
      return outcome(await lookup({ op: 'contact/enrich', ...rest }, priority, undefined, quotedCredits));
    },

    async contactSimilar(input: ParsedInput<'contact/similar'>, priority: Priority = 'interactive'): Promise<RequestOutput<'contact/similar'>> {
      const { quotedCredits, ...rest } = input;
      const answer = await lookup({ op: 'contact/similar', ...rest }, priority, undefined, quotedCredits);
      return { result: (answer.found ? answer.value : []) as RequestOutput<'contact/similar'>['result'], provenance: answer.provenance };
    },

    async companyEnrich(input: ParsedInput<'company/enrich'>, priority: Priority = 'interactive'): Promise<RequestOutput<'company/enrich'>> {
      const { group, quotedCredits, ...rest } = input;
      if (group !== undefined && cancelledGroups.has(group)) throw new LookupCancelledError();
      return outcome(await lookup({ op: 'company/enrich', ...rest }, priority, group, quotedCredits));
    },

    async companySimilar(input: ParsedInput<'company/similar'>, priority: Priority = 'interactive'): Promise<RequestOutput<'company/similar'>> {
      const { quotedCredits, ...rest } = input;
      return outcome(await lookup({ op: 'company/similar', ...rest }, priority, undefined, quotedCredits));
    },

    async emailVerify(input: ParsedInput<'email/verify'>, priority: Priority = 'interactive'): Promise<RequestOutput<'email/verify'>> {
      const { quotedCredits, ...rest } = input;
      const answer = await lookup({ op: 'email/verify', ...rest }, priority, undefined, quotedCredits);
      return { result: answer.value as RequestOutput<'email/verify'>['result'], provenance: answer.provenance };
    },

    async contactSearch(input: ParsedInput<'contact/search'>, priority: Priority = 'interactive'): Promise<RequestOutput<'contact/search'>> {
      const { quotedCredits, ...filters } = input;
      const answer = await lookup({ op: 'contact/search', filters }, priority, undefined, quotedCredits);
      return { result: answer.value as RequestOutput<'contact/search'>['result'], provenance: answer.provenance };
    },

    /** Stops the batch's lookups not sent yet; returns how many were waiting. */
    async cancelGroup(group: string): Promise<{ cancelled: number }> {
      cancelledGroups.add(group);
      if (cancelledGroups.size > MAX_CANCELLED_GROUPS) cancelledGroups.delete(cancelledGroups.values().next().value as string);
      const removed = await options
        .queue()
        .cancel((t) => t.kind === LOOKUP_KIND && (t.payload as { group?: unknown }).group === group, new LookupCancelledError());
      return { cancelled: removed.length };
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

/** Whether the identifier a request's cache key is made of read as one (lib/identity), rather than as raw text. */
function identifierReads(request: LookupRequest): boolean {
  switch (request.op) {
    case 'contact/enrich':
    case 'contact/similar': {
      const { email, social_profile, phone } = request.lookup;
      if (email) return normaliseEmail(email) !== null;
      if (social_profile) return profileOfText(social_profile)?.kind === 'person';
      if (phone) return normalisePhone(phone) !== null;
      return true;
    }
    case 'company/enrich':
    case 'company/similar':
      return profileOfText(request.url) !== null || websiteDomain(request.url) !== null;
    case 'email/verify':
      return normaliseEmail(request.email) !== null;
    case 'contact/search':
      return true;
  }
}
