/**
 * The words for money and age, one wording each: the price preview, the provenance chip and the history all say
 * "Cached 3 days ago · free" the same way (two functions used to round differently). Worded through the
 * browser's i18n (locales/<lang>/words.json), so the background's previews follow the browser's language.
 */
import { t, tn, uiLanguage } from '@/lib/i18n/t';

const DAY_MS = 86_400_000;

/** "1 credit", "12 credits", in the UI language. */
export function plural(n: number): string {
  return tn('credits', n);
}

/** "just now", "5 min ago", "3 h ago", "3 days ago": the one wording of an age (the UI's timeAgo is this). */
export function timeAgo(at: number, now: number = Date.now()): string {
  const ms = Math.max(0, now - at);
  const minute = 60_000;
  const hour = 60 * minute;
  if (ms < 45_000) return t('words_just_now');
  if (ms < hour) return t('words_minutes_ago', Math.max(1, Math.round(ms / minute)));
  if (ms < DAY_MS) return t('words_hours_ago', Math.round(ms / hour));
  const days = Math.round(ms / DAY_MS);
  if (days < 45) return tn('words_days_ago', days);
  const months = Math.round(days / 30);
  if (months < 18) return tn('words_months_ago', months);
  return tn('words_years_ago', Math.round(days / 365));
}

/** "Cached 3 days ago · free": the one wording of a cached answer, for previews and provenance alike. */
export function cachedFreeLabel(fetchedAt: number, now: number = Date.now()): string {
  return t('words_cached_free', timeAgo(fetchedAt, now));
}

/**
 * "Bought by your team (Ada, Nov 28, 2026) · free": a teammate bought the person (the team hub's book), for the price
 * before the click and the answer's provenance alike.
 */
export function teamBoughtLabel(purchase: { boughtBy: string; boughtAt: number }): string {
  return t('hub_bought_by_team', purchase.boughtBy, new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'medium' }).format(purchase.boughtAt));
}
