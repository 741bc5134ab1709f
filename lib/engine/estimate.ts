/**
 * The cost preview shown before every paid action: the lookup plan's price (lib/engine/plan.ts, the same
 * computation the run and the ledger use), plus whether today's budget would block it and, when it would, the
 * sentence that says the price, what is left and the cheaper choice.
 */
import type { Cache } from '../cache/cache';
import type { CompanyWindows } from '../credits/company-window';
import type { ContactOptions, CostAction, CostEstimate } from '../model/lookup';
import { bulkMost, planFromCache, type LookupRequest, type PlanSettings } from './plan';
import { dedupeEntries } from './bulk-dedupe';
import { openSaved, type OpenSavedContacts } from './saved-contacts';
import type { OpenTeamBook } from './team-book';
import { batchTotal, planBatch } from './plan-batch';
import { plural } from '../credits/words';
import type { Ledger } from '../credits/ledger';
import { t, tn } from '../i18n/t';

export { plural };

/** Bulk rows asked together when pricing a selection (the job's own batch size). */
const ESTIMATE_PAGE = 1_000;

export interface EstimateDeps {
  cache: Cache;
  /** The account's company windows (./company-window.ts); none: no company repeat is priced as free. */
  windows?: CompanyWindows | undefined;
  ledger: Ledger;
  /** The user's lookup defaults: a preview without options prices what a click would run. */
  settings?: () => Promise<PlanSettings>;
  /** The contact book, for bulk entries bought before (lib/engine/saved-contacts.ts); none: nothing is saved. */
  saved?: OpenSavedContacts;
  /** The team hub's book (./team-book.ts): a person a teammate bought is priced free; none: no team. */
  team?: OpenTeamBook | undefined;
  now?: () => number;
}

/** The plan's request for a previewed action (null for bulk, priced below). */
function requestOf(action: CostAction): LookupRequest | null {
  switch (action.action) {
    case 'contact/enrich':
      return { op: 'contact/enrich', lookup: action.lookup, options: action.options, refresh: action.refresh, alsoKnownAs: action.alsoKnownAs };
    case 'contact/similar':
      return { op: 'contact/similar', lookup: action.lookup };
    case 'company/enrich':
      return { op: 'company/enrich', url: action.url, refresh: action.refresh };
    case 'company/similar':
      // Without a URL nothing can be cached: any string gives the price.
      return { op: 'company/similar', url: action.url ?? '', size: action.size, revealAll: action.revealAll, refresh: !action.url };
    case 'email/verify':
      return { op: 'email/verify', email: action.email };
    case 'contact/search':
      // The search as it will be sent, filters and page: the lookup plans `{ op, filters }` from the same request
      // (lib/engine/lookups.ts), so the cache key is one computation and a page already fetched is priced free, as
      // its run charges it. Without filters only the page size is known: the price of a page that size.
      return { op: 'contact/search', filters: action.filters ?? { page_size: action.pageSize } };
    case 'bulk/enrich':
    case 'companies/enrich':
    case 'bulk/retry':
      return null;
  }
}

export async function estimateAction(action: CostAction, deps: EstimateDeps): Promise<CostEstimate> {
  const now = (deps.now ?? Date.now)();
  const settings = (await deps.settings?.()) ?? { lookupDefaults: {} };
  const request = requestOf(action);
  if (request) {
    const plan = await planFromCache(request, settings, deps, now);
    const blocked = !(await deps.ledger.allows(plan.maxCredits));
    return {
      credits: plan.maxCredits,
      cached: plan.cachedAt !== null,
      ...(plan.cachedAt !== null ? { cachedAt: plan.cachedAt, cachedFound: plan.cachedFound ?? true } : {}),
      ...(plan.team ? { boughtByTeam: plan.team.purchase } : {}),
      label: blocked ? await overBudgetSentence(plan.maxCredits, await cheaperPrice(request, settings, deps, now), deps.ledger) : plan.label,
      blockedByBudget: blocked,
    };
  }
  if (action.action === 'companies/enrich') return estimateCompanies(action.urls, settings, deps, now);
  // A retry's rows are a job's (lib/engine/bulk-job.ts `retryEstimate`, which the engine's estimate calls): none here.
  if (action.action === 'bulk/retry') throw new Error('A retry is priced by its job: Engine.estimate (lib/engine/bulk-job.ts retryEstimate).');
  return estimateBulk(action as Extract<CostAction, { action: 'bulk/enrich' }>, deps);
}

/**
 * Several company enrichments (lookalikes chosen), each one request: every company priced by its own plan, as each
 * will run (a cached one, or one in the service's 30-day free window, costs nothing), summed; the budget is asked
 * for the sum. `each` carries the companies' own prices, which their requests are held to.
 */
async function estimateCompanies(urls: readonly string[], settings: PlanSettings, deps: EstimateDeps, now: number): Promise<CostEstimate> {
  const each: number[] = [];
  let free = 0;
  for (const url of urls) {
    const plan = await planFromCache({ op: 'company/enrich', url }, settings, deps, now);
    each.push(plan.maxCredits);
    if (plan.maxCredits === 0) free++;
  }
  const credits = each.reduce((a, b) => a + b, 0);
  const blocked = !(await deps.ledger.allows(credits));
  const parts = [t('words_up_to_per_company_enriched', plural(credits))];
  if (free > 0) parts.push(t('words_free_count', free));
  return {
    credits,
    cached: credits === 0,
    label: blocked ? await overBudgetSentence(credits, null, deps.ledger) : parts.join(' · '),
    blockedByBudget: blocked,
    each,
  };
}

async function estimateBulk(action: Extract<CostAction, { action: 'bulk/enrich' }>, deps: EstimateDeps): Promise<CostEstimate> {
  const done = async (credits: number, label: string): Promise<CostEstimate> => {
    const blocked = !(await deps.ledger.allows(credits));
    return { credits, cached: false, label: blocked ? await overBudgetSentence(credits, null, deps.ledger) : label, blockedByBudget: blocked };
  };
  if (!action.entries) {
    const credits = bulkMost(action.count);
    return done(credits, t('words_up_to_per_record', plural(credits)));
  }
  // The job's own rows (one per person) and its own decision of what is free (lib/engine/saved-contacts.ts).
  const rows = dedupeEntries(action.entries, action.requiredFields ?? []);
  const fresh = action.fresh ?? false;
  // Counted with the book even when fresh answers are asked for: the choice says how many it buys again.
  const saved = await openSaved(deps.saved);
  const pages = [];
  // Asked a page at a time, each page one store read (IndexedDB: a row's key and aliases read one by one keep a large
  // selection's price waiting for seconds), as the job asks them: the job's own plan (./plan-batch.ts).
  for (let i = 0; i < rows.length; i += ESTIMATE_PAGE) {
    const { rows: _rows, ...counts } = await planBatch(rows.slice(i, i + ESTIMATE_PAGE), { cache: deps.cache, saved, fresh, team: deps.team });
    pages.push(counts);
  }
  const { cached, saved: bought, team } = batchTotal(pages);
  return estimateBulkCounts({ entries: action.entries.length, unique: rows.length, cached, saved: bought, team, fresh }, deps.ledger);
}

/**
 * The bulk price from counts: `entries` given, `unique` distinct keys, `cached` of them answered free, `saved` of the
 * rest bought before (free from the contact book unless `fresh`). Shared by the preview above and the staged upload's
 * (lib/engine/bulk-staging.ts), which counts page by page; the job makes the same decisions (lib/engine/bulk-job.ts).
 */
export async function estimateBulkCounts(
  counts: { entries: number; unique: number; cached: number; saved?: number; team?: number; fresh?: boolean },
  ledger: Ledger,
): Promise<CostEstimate> {
  const saved = counts.saved ?? 0;
  // Rows a teammate bought (never counted when fresh answers are asked for: the team's book is then not asked).
  const team = counts.fresh ? 0 : (counts.team ?? 0);
  const credits = bulkMost(counts.unique - counts.cached - (counts.fresh ? 0 : saved) - team);
  const parts = [t('words_up_to_per_record', plural(credits))];
  if (counts.cached) parts.push(t('words_cached_count', counts.cached));
  if (saved) parts.push(counts.fresh ? tn('words_saved_bought_again', saved) : tn('words_saved_count', saved));
  if (team) parts.push(tn('words_team_count', team));
  if (counts.unique < counts.entries) parts.push(tn('words_duplicates_skipped', counts.entries - counts.unique));
  const blocked = !(await ledger.allows(credits));
  return {
    credits,
    cached: false,
    label: blocked ? await overBudgetSentence(credits, null, ledger) : parts.join(' · '),
    blockedByBudget: blocked,
    ...(saved ? { saved } : {}),
  };
}

/** The price of the same contact lookup without realtime and waterfall, when that is cheaper and within budget. */
async function cheaperPrice(request: LookupRequest, settings: PlanSettings, deps: EstimateDeps, now: number): Promise<number | null> {
  if (request.op !== 'contact/enrich') return null;
  const effective = { ...settings.lookupDefaults, ...request.options };
  const cheaper = cheaperOptions(effective);
  if (!cheaper) return null;
  const plan = await planFromCache({ ...request, options: { ...cheaper, realtime: false, waterfall: false } }, settings, deps, now);
  return (await deps.ledger.allows(plan.maxCredits)) ? plan.maxCredits : null;
}

/**
 * Over-budget words (a disabled button that says nothing leaves the user stuck): the price, what is left, the cheaper choice when there
 * is one, and where the cap is set.
 */
export async function overBudgetSentence(credits: number, cheaper: number | null, ledger: Ledger): Promise<string> {
  const summary = await ledger.summary();
  // The budget left counts what is held for work in flight (lib/credits/ledger.ts), as the refusal does.
  const left = summary.budgetLeft ?? 0;
  return [
    tn('words_over_budget', left, plural(credits), plural(summary.dailyBudget ?? 0)),
    cheaper !== null ? t('words_without_extras', plural(cheaper)) : '',
    t('words_raise_budget'),
  ]
    .filter(Boolean)
    .join(' ');
}

/** The cheaper variant of a contact lookup: the same lookup without the paid extras, or null when there is none. */
export function cheaperOptions(options: ContactOptions | undefined): ContactOptions | null {
  if (!options?.realtime && !options?.waterfall) return null;
  const { realtime: _r, waterfall: _w, ...rest } = options;
  return rest;
}
