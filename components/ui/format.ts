/*
 * Small pure formatters shared by the extension pages, so "3 days ago" and "1 credit" read the same everywhere.
 * Words come from locales/<lang>/words.json; numbers and money are formatted by Intl in the UI language.
 */
import { cachedFreeLabel, teamBoughtLabel, timeAgo } from '@/lib/credits/words';
import { t, tn, uiLanguage } from '@/lib/i18n/t';
import type { CostEstimate, Provenance } from '@/lib/model/lookup';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "3 days ago": one wording, shared with the background's previews. */
export { timeAgo } from '@/lib/credits/words';

/** "in 3 days", for expiry dates. */
export function timeUntil(at: number, now: number = Date.now()): string {
  const ms = at - now;
  if (ms <= 0) return t('words_expired');
  if (ms < HOUR) return t('words_in_minutes', Math.max(1, Math.round(ms / MINUTE)));
  if (ms < DAY) return t('words_in_hours', Math.round(ms / HOUR));
  return tn('words_in_days', Math.round(ms / DAY));
}

/** "12 s", "2 min 5 s", "1 h 3 min": for ETAs. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return t('words_seconds', s);
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? t('words_minutes_seconds', m, s % 60) : t('words_minutes', m);
  const h = Math.floor(m / 60);
  return m % 60 ? t('words_hours_minutes', h, m % 60) : t('words_hours', h);
}

/**
 * Time still to wait or to run ("about 1 s left", "resumes in 3 s"): rounded up, so work that remains never reads
 * "0 s" (a bulk job's first chunk, measured at 300 ms, said "about 0 s left").
 */
export function formatTimeLeft(ms: number): string {
  return formatDuration(Math.max(1, Math.ceil(ms / 1000)) * 1000);
}

/** "71%" ("71 %" in German) for a 0–1 fraction such as a similarity score. */
export function formatPercent(fraction: number): string {
  return new Intl.NumberFormat(uiLanguage(), { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

/** "1,234" ("1.234" in German) */
export function formatCount(n: number): string {
  return new Intl.NumberFormat(uiLanguage(), { maximumFractionDigits: 0 }).format(n);
}

/** "1 credit", "12 credits", "free". */
export function formatCredits(n: number): string {
  if (n === 0) return t('credits_free');
  if (Number.isInteger(n)) return tn('credits', n);
  // A fractional amount is never "one": it takes the plural form, with one decimal.
  return t('credits_other', new Intl.NumberFormat(uiLanguage(), { maximumFractionDigits: 1 }).format(n));
}

/** "$12.5M" for funding amounts (the amounts are in US dollars; the number format follows the UI language). */
export function formatMoney(n: number): string {
  return new Intl.NumberFormat(uiLanguage(), { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

/** Where an answer came from: "Cached 3 days ago · free" or "Live · 1 credit". */
export function provenanceLabel(p: Provenance, now: number = Date.now()): string {
  if (p.source === 'cache') return cachedFreeLabel(p.fetchedAt, now);
  if (p.source === 'saved') return t('words_saved_free', timeAgo(p.fetchedAt, now));
  // A teammate bought them: the team hub answered from its book, free. Who and when, instead of a price.
  if (p.boughtByTeam) return teamBoughtLabel(p.boughtByTeam);
  return t('words_live', formatCredits(p.creditsCharged));
}

/**
 * Short cost text for a button, before the click: "1 credit", "up to 50 credits", "Cached 3 days ago · free".
 * `upTo` marks actions whose charge depends on how many results come back.
 */
export function costLabel(estimate: CostEstimate, options: { upTo?: boolean; now?: number } = {}): string {
  if (estimate.cached) {
    return estimate.cachedAt !== undefined ? cachedFreeLabel(estimate.cachedAt, options.now) : t('words_cached_free_short');
  }
  if (estimate.credits === 0) return t('credits_free');
  const credits = formatCredits(estimate.credits);
  return options.upTo && estimate.credits > 1 ? t('words_up_to', credits) : credits;
}

/** A cached answer that found nobody: a row says "no match" before it is opened (free, like any cached answer). */
export function isCachedMiss(estimate: CostEstimate | null | undefined): boolean {
  return Boolean(estimate?.cached && estimate.cachedFound === false);
}

/** "12.3k" for follower counts. */
export function formatCompact(n: number): string {
  return new Intl.NumberFormat(uiLanguage(), { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}
