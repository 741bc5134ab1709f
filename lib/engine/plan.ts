/**
 * The one lookup plan (so the price shown and the charge come from one decision): for a request, the settings and what
 * the cache knows, everything that decides money — the cache key and its aliases, whether the cache may answer, the
 * most it can cost, the free-repeat rule and the words for it. The price preview (lib/engine/estimate.ts), the budget
 * reservation, the run and the ledger (lib/engine/lookups.ts) all read the same plan, so "Refresh · 1 credit" cannot be
 * charged 0 and "Cached 3 days ago · free" cannot be worded two ways. Defaults are applied here and nowhere else.
 *
 * Pure: the cache state comes in as data (`readCacheState` below gathers it), the clock as `now`.
 */
import { estimateCost, type CostAction as PricedAction } from '../api/pricing';
import { COMPANY_REENRICH_WINDOW_DAYS, SIMILAR_COMPANIES_SIZE, SIMILAR_CONTACTS_SIZE } from '../api/limits';
import type { Cache, CachedAnswer } from '../cache/cache';
import type { CompanyWindows } from '../credits/company-window';
import {
  companyEnrichKey,
  companySimilarKey,
  contactEnrichKey,
  contactSearchKey,
  contactSimilarKey,
  emailVerifyKey,
} from '../cache/keys';
import type { LedgerAction } from '../credits/ledger';
import { cachedFreeLabel, plural, teamBoughtLabel, timeAgo } from '../credits/words';
import { freeAnswersOf, NO_SAVED_CONTACTS, openSaved, type OpenSavedContacts, type SavedContact } from './saved-contacts';
import { findInTeamBook, teamAnswerOf, type OpenTeamBook, type TeamBookHit } from './team-book';
import { bookOptions } from '../hub-client/book-options';
import type { AlsoKnownAs, ContactLookup, ContactOptions } from '../model/lookup';
import { t } from '../i18n/t';
import { aliasLookupsOf } from '../model/lookup';

const DAY_MS = 86_400_000;

/** A lookup as the user asked for it (the protocol's inputs, one shape per paid endpoint). */
export type LookupRequest =
  | { op: 'contact/enrich'; lookup: ContactLookup; options?: ContactOptions | undefined; refresh?: boolean | undefined; alsoKnownAs?: AlsoKnownAs | undefined }
  | { op: 'contact/similar'; lookup: ContactLookup; size?: number | undefined }
  | { op: 'company/enrich'; url: string; fetchRealtime?: boolean | undefined; refresh?: boolean | undefined }
  | { op: 'company/similar'; url: string; size?: number | undefined; revealAll?: boolean | undefined; refresh?: boolean | undefined }
  | { op: 'email/verify'; email: string; refresh?: boolean | undefined }
  | { op: 'contact/search'; filters: Record<string, unknown> & { page_size?: number | undefined } };

/** The same request with every default filled in: what the queue carries and the API parameters are built from. */
export type ResolvedRequest =
  | { op: 'contact/enrich'; lookup: ContactLookup; options: Required<Pick<ContactOptions, 'realtime' | 'waterfall' | 'includeAllExperiences'>> & Pick<ContactOptions, 'required'> }
  | { op: 'contact/similar'; lookup: ContactLookup; size: number }
  | { op: 'company/enrich'; url: string; realtime: boolean; freeRepeat: boolean }
  | { op: 'company/similar'; url: string; size: number; revealAll: boolean }
  | { op: 'email/verify'; email: string }
  | { op: 'contact/search'; filters: Record<string, unknown>; pageSize: number };

export interface PlanSettings {
  /** The user's default contact options (settings); a request's own options win field by field. */
  lookupDefaults: ContactOptions;
}

/** What the cache (and the contact book) know about a plan's keys, gathered by `readCacheState`. */
export interface CacheState {
  /**
   * A live cached answer for the key or one of its aliases; `found` false: the service's "no match", cached. `answer`:
   * the answer itself, so the lookup the plan answers reads the cache once.
   */
  hit: { key: string; fetchedAt: number; found: boolean; answer?: CachedAnswer } | null;
  /**
   * The person as the user bought them before, from the contact book, when the cache does not answer (it keeps answers
   * 30 days; the book keeps every purchase): a contact enrichment is then answered from the book, free.
   */
  saved?: SavedContact | null;
  /**
   * A teammate bought the person (the team hub's book, ./team-book.ts), when neither the cache nor the contact book
   * answers: the lookup is answered from the team's book, free.
   */
  team?: TeamBookHit | null;
  /** When the account last had the company found, even if the cache no longer holds it (the free-repeat window). */
  last: { found: boolean; fetchedAt: number } | null;
  now: number;
}

export interface LookupPlan {
  request: ResolvedRequest;
  ledgerAction: LedgerAction;
  /** Where the answer is stored. */
  key: string;
  /** Other keys that name the same thing (the person's other identifiers): a hit under any of them answers. */
  aliases: string[];
  /** The queue's dedupe key: identical lookups in flight at once are one request. */
  dedupeKey: string;
  /** False for refreshes and realtime lookups: the user asked, and pays, for fresh data. */
  cacheMayAnswer: boolean;
  /** Set when the cache answers: the plan costs nothing and sends nothing. */
  cachedAt: number | null;
  /** Set when the contact book answers (bought before, no longer cached): free, nothing sent. */
  savedAt: number | null;
  /** Set when the team hub's book answers (a teammate bought the person): free, nothing sent to the service. */
  team: TeamBookHit | null;
  /** When the cache answers: whether its answer found the person or company (a row says "no match" before it is opened). */
  cachedFound: boolean | null;
  /** Company re-enrichment within the service's 30-day window: sent, but free. */
  freeRepeat: boolean;
  /** The most this can cost (0 when cached or a free repeat). The budget reserves it; the preview shows it. */
  maxCredits: number;
  /** Plain words for the preview: "1 credit if found · +1 realtime", "Cached 3 days ago · free". */
  label: string;
}

/** The service does not charge a company again within 30 days of the last found answer (spec). */
export function isFreeRepeat(last: CacheState['last'], now: number): boolean {
  return Boolean(last?.found && now - last.fetchedAt < COMPANY_REENRICH_WINDOW_DAYS * DAY_MS);
}

/** Keys only: what `readCacheState` must look at before the plan can be made. */
export function planKeys(request: LookupRequest, settings: PlanSettings): { key: string; aliases: string[]; cacheMayAnswer: boolean } {
  const r = resolve(request, settings, false);
  return { key: keyOf(r), aliases: aliasesOf(request, r), cacheMayAnswer: cacheMayAnswer(request, r) };
}

export function planLookup(request: LookupRequest, settings: PlanSettings, cache: CacheState): LookupPlan {
  const freeRepeat = request.op === 'company/enrich' && isFreeRepeat(cache.last, cache.now);
  const r = resolve(request, settings, freeRepeat);
  const key = keyOf(r);
  const mayAnswer = cacheMayAnswer(request, r);
  const hit = mayAnswer ? cache.hit : null;
  const cachedAt = hit ? hit.fetchedAt : null;
  // The book answers only what the cache may answer (a refresh or a realtime lookup asks, and pays, for fresh data),
  // and only a lookup that asks for nothing more than a plain answer: the book matches a person whatever options they
  // were bought with, so "Waterfall" or "Full history" asked of a plain purchase would get the plain answer back.
  const plain = r.op === 'contact/enrich' && !r.options.waterfall && !r.options.includeAllExperiences;
  const savedAt = mayAnswer && !hit && plain && cache.saved ? cache.saved.boughtAt : null;
  // The team's book was asked with the lookup's own answer-changing options (the hub keeps them with the answer), so
  // any contact lookup the cache may answer can be answered from it.
  const team = mayAnswer && !hit && savedAt === null && r.op === 'contact/enrich' ? (cache.team ?? null) : null;
  const most = cachedAt !== null || savedAt !== null || team ? 0 : estimateCost(pricedAction(r));
  return {
    request: r,
    ledgerAction: r.op,
    key,
    aliases: aliasesOf(request, r),
    dedupeKey: key + (r.op === 'contact/enrich' && r.options.realtime ? '#realtime' : r.op === 'company/enrich' && r.realtime ? '#realtime' : ''),
    cacheMayAnswer: mayAnswer,
    cachedAt,
    savedAt,
    team,
    cachedFound: hit ? hit.found : null,
    freeRepeat,
    maxCredits: most,
    label:
      cachedAt !== null
        ? cachedFreeLabel(cachedAt, cache.now)
        : savedAt !== null
          ? t('words_saved_free', timeAgo(savedAt, cache.now))
          : team
            ? teamBoughtLabel(team.purchase)
            : labelOf(r, cache),
  };
}

/**
 * What the answer cost, from the plan and the outcome: the ledger records this. Never more than `maxCredits`
 * (the pricing rules price an outcome at or below the upper bound), so the preview is never exceeded.
 */
export function chargeOf(plan: LookupPlan, outcome: { found: boolean; returned?: number }): number {
  if (plan.cachedAt !== null || plan.savedAt !== null || plan.team) return 0;
  const charged = estimateCost(pricedAction(plan.request, outcome));
  return Math.min(charged, plan.maxCredits);
}

/**
 * What a live answer cost: the plan's charge for its outcome; for a search, the service's own figure when it reports
 * a larger one (the ledger never under-reports), but never above the plan's most (a hostile answer cannot book more
 * than the preview said). A person the team hub answered from its book (`boughtByTeam`) cost nothing.
 */
export function chargeOfAnswer(plan: LookupPlan, outcome: { found: boolean; value: unknown; boughtByTeam?: unknown }): number {
  if (outcome.found && outcome.boughtByTeam) return 0;
  const returned = outcome.found ? returnedOf(plan.request, outcome.value) : 0;
  const credits = chargeOf(plan, { found: outcome.found, returned });
  const reported = plan.request.op === 'contact/search' ? returned : 0;
  return Math.min(Math.max(credits, reported), plan.maxCredits);
}

/** How many results an answer returned (the charge of per-result endpoints depends on it). */
function returnedOf(r: ResolvedRequest, value: unknown): number {
  if (r.op === 'contact/search') {
    const v = value as { credits_deducted?: number; records_returned?: number } | null;
    return v?.credits_deducted ?? v?.records_returned ?? 0;
  }
  return Array.isArray(value) ? value.length : 1;
}

/**
 * Bulk rows: the most `rows` rows sent can cost (the budget holds it, the preview shows it, the quote is checked against
 * it), and what an answer cost from its outcomes. A row the service enriched is charged whether or not this version can
 * read its contact (`unreadable`, ./unreadable.ts). The bulk job, its preview and the staged preview all price here.
 */
export function bulkMost(rows: number): number {
  return estimateCost({ kind: 'bulkEnrich', inputs: rows });
}

export function bulkChargeOf(outcome: { sent: number; enriched: number; unreadable?: number }): number {
  return estimateCost({ kind: 'bulkEnrich', inputs: outcome.sent, enriched: outcome.enriched + (outcome.unreadable ?? 0) });
}

/**
 * What a plan reads: the cache, the account's company windows (none given: no repeat is known to be free) and the
 * contact book (none given: nothing is saved).
 */
export interface PlanSources {
  cache: Cache;
  windows?: CompanyWindows | undefined;
  saved?: OpenSavedContacts | undefined;
  /** The team hub's book (none given: no team, nothing bought by teammates). */
  team?: OpenTeamBook | undefined;
}

/**
 * Reads what the cache, the book and the windows know for a plan's keys (the only impure step before `planLookup`).
 * The cache and the book are asked as a bulk row asks them (./saved-contacts.ts `freeAnswersOf`): one way to decide
 * what answers a person for nothing, whichever path buys them.
 */
export async function readCacheState(request: LookupRequest, settings: PlanSettings, sources: PlanSources, now: number): Promise<CacheState> {
  const { cache, windows } = sources;
  const { key, aliases, cacheMayAnswer: mayAnswer } = planKeys(request, settings);
  let hit: CacheState['hit'] = null;
  let saved: SavedContact | null = null;
  let team: TeamBookHit | null = null;
  if (mayAnswer) {
    // The key's own answer, else a found answer under one of the other identifiers (lib/cache/cache.ts); else the book.
    const book = request.op === 'contact/enrich' ? await openSaved(sources.saved) : NO_SAVED_CONTACTS;
    const [free] = await freeAnswersOf([{ key, aliases }], cache, book);
    if (free?.source === 'cache') hit = { key, fetchedAt: free.hit.provenance.fetchedAt, found: free.hit.found, answer: free.hit };
    if (free?.source === 'saved') saved = free.saved;
    if (!free && request.op === 'contact/enrich') team = await askTeam(request, settings, sources.team);
  }
  let last: CacheState['last'] = null;
  if (request.op === 'company/enrich' && windows) {
    // The account's window, not the cache's entry: see lib/credits/company-window.ts.
    const foundAt = await windows.lastFound(key);
    if (foundAt !== null) last = { found: true, fetchedAt: foundAt };
  }
  return { hit, saved, team, last, now };
}

/** The team's purchase of a contact lookup's person, asked by every identifier it has and with its own options. */
async function askTeam(request: Extract<LookupRequest, { op: 'contact/enrich' }>, settings: PlanSettings, team: OpenTeamBook | undefined): Promise<TeamBookHit | null> {
  if (!team) return null;
  const r = resolve(request, settings, false);
  if (r.op !== 'contact/enrich') return null;
  const lookups = [request.lookup, ...(request.alsoKnownAs ? aliasLookupsOf(request.alsoKnownAs) : [])];
  return findInTeamBook(team, lookups, bookOptions(r.options));
}

/** `readCacheState` then `planLookup` (a team book hit is priced, its answer not fetched: the price needs only the hit). */
export async function planFromCache(request: LookupRequest, settings: PlanSettings, sources: PlanSources, now: number): Promise<LookupPlan> {
  return planLookup(request, settings, await readCacheState(request, settings, sources, now));
}

/** The answer a teammate bought, read from the team's book for a plan that relies on it. */
export interface TeamAnswer {
  value: unknown;
  purchase: TeamBookHit['purchase'];
}

/**
 * `planFromCache`, with the free answer the plan relies on when it costs nothing (the cache's, or the contact book's with
 * provenance `saved` and when it was bought, or the team book's): read once, for the plan and the lookup. A team book
 * entry whose answer cannot be read now (the hub went away since it was asked) is not relied on: the plan is made again
 * without it, and prices the purchase (a click quoted "free" is then refused as a changed price, nothing sent).
 */
export async function planWithAnswer(
  request: LookupRequest,
  settings: PlanSettings,
  sources: PlanSources,
  now: number,
): Promise<{ plan: LookupPlan; free: CachedAnswer | null; team: TeamAnswer | null }> {
  const state = await readCacheState(request, settings, sources, now);
  const plan = planLookup(request, settings, state);
  if (plan.cachedAt !== null && state.hit?.answer) return { plan, free: state.hit.answer, team: null };
  if (plan.savedAt !== null && state.saved) {
    return { plan, free: { found: true, value: state.saved.contact, provenance: { source: 'saved', fetchedAt: state.saved.boughtAt, creditsCharged: 0 } }, team: null };
  }
  if (plan.team) {
    const value = await teamAnswerOf(sources.team, plan.team.entryId);
    if (value !== null) return { plan, free: null, team: { value, purchase: plan.team.purchase } };
    return { plan: planLookup(request, settings, { ...state, team: null }), free: null, team: null };
  }
  return { plan, free: null, team: null };
}


// ---------------------------------------------------------------------------------------------------------------

function resolve(request: LookupRequest, settings: PlanSettings, freeRepeat: boolean): ResolvedRequest {
  switch (request.op) {
    case 'contact/enrich': {
      const o = { ...settings.lookupDefaults, ...request.options };
      return {
        op: request.op,
        lookup: request.lookup,
        options: {
          realtime: o.realtime ?? false,
          waterfall: o.waterfall ?? false,
          includeAllExperiences: o.includeAllExperiences ?? false,
          ...(o.required?.length ? { required: o.required } : {}),
        },
      };
    }
    case 'contact/similar':
      return { op: request.op, lookup: request.lookup, size: request.size ?? SIMILAR_CONTACTS_SIZE.default };
    case 'company/enrich':
      return { op: request.op, url: request.url, realtime: request.fetchRealtime ?? false, freeRepeat };
    case 'company/similar':
      return { op: request.op, url: request.url, size: request.size ?? SIMILAR_COMPANIES_SIZE.default, revealAll: request.revealAll ?? false };
    case 'email/verify':
      return { op: request.op, email: request.email.trim() };
    case 'contact/search':
      return { op: request.op, filters: request.filters, pageSize: request.filters.page_size ?? 25 };
  }
}

function keyOf(r: ResolvedRequest): string {
  switch (r.op) {
    case 'contact/enrich':
      return contactEnrichKey(r.lookup, r.options);
    case 'contact/similar':
      return contactSimilarKey(r.lookup, r.size);
    case 'company/enrich':
      return companyEnrichKey(r.url);
    case 'company/similar':
      return companySimilarKey(r.url, r.size, r.revealAll);
    case 'email/verify':
      return emailVerifyKey(r.email);
    case 'contact/search':
      return contactSearchKey(r.filters);
  }
}

/** Keys of the person's other identifiers (alsoKnownAs), with the same options, so the same answer serves them. */
function aliasesOf(request: LookupRequest, r: ResolvedRequest): string[] {
  if (request.op !== 'contact/enrich' || r.op !== 'contact/enrich' || !request.alsoKnownAs) return [];
  const key = keyOf(r);
  return aliasKeysOf(request.alsoKnownAs, r.options).filter((k) => k !== key);
}

/** Enrich keys of every identifier in `alsoKnownAs` (bounded: page data is hostile). */
export function aliasKeysOf(aka: AlsoKnownAs, options: ContactOptions): string[] {
  return [...new Set(aliasLookupsOf(aka).map((l) => contactEnrichKey(l, options)))];
}

function cacheMayAnswer(request: LookupRequest, r: ResolvedRequest): boolean {
  if ('refresh' in request && request.refresh) return false;
  if (r.op === 'contact/enrich' && r.options.realtime) return false;
  if (r.op === 'company/enrich' && r.realtime) return false;
  return true;
}

function pricedAction(r: ResolvedRequest, outcome?: { found: boolean; returned?: number }): PricedAction {
  const returned = outcome ? (outcome.found ? (outcome.returned ?? 1) : 0) : undefined;
  switch (r.op) {
    case 'contact/enrich':
      return { kind: 'enrich', realtime: r.options.realtime, waterfall: r.options.waterfall, ...(outcome ? { matched: outcome.found } : {}) };
    case 'contact/similar':
      return { kind: 'similarContacts', ...(returned !== undefined ? { returned } : {}) };
    case 'company/enrich':
      return { kind: 'company', enrichedWithinWindow: r.freeRepeat, ...(outcome ? { found: outcome.found } : {}) };
    case 'company/similar':
      return { kind: 'similarCompanies', size: r.size, revealAll: r.revealAll, ...(returned !== undefined ? { returned } : {}) };
    case 'email/verify':
      return { kind: 'emailVerification', syntaxValid: true };
    case 'contact/search':
      return { kind: 'prospector', pageSize: r.pageSize, ...(returned !== undefined ? { returned } : {}) };
  }
}

function labelOf(r: ResolvedRequest, cache: CacheState): string {
  switch (r.op) {
    case 'contact/enrich': {
      const extras = [r.options.realtime ? t('words_extra_realtime') : '', r.options.waterfall ? t('words_extra_waterfall') : ''].filter(Boolean);
      return [t('words_if_found', plural(1)), ...extras].join(' · ');
    }
    case 'contact/similar':
      return t('words_if_lookalikes', plural(1));
    case 'company/enrich':
      if (r.freeRepeat && cache.last) return t('words_free_enriched', timeAgo(cache.last.fetchedAt, cache.now));
      return t('words_if_found_free_again', plural(1), COMPANY_REENRICH_WINDOW_DAYS);
    case 'company/similar': {
      const most = estimateCost(pricedAction(r));
      return r.revealAll ? t('words_up_to_per_company', plural(most)) : t('words_up_to_per_ten', plural(most));
    }
    case 'email/verify':
      return plural(1);
    case 'contact/search':
      return t('words_up_to_per_result', plural(r.pageSize));
  }
}
