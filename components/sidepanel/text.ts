/*
 * Pure helpers to turn loosely shaped API values into short display text. Values are always rendered as text by
 * React (never as HTML), so these only pick and join.
 */
import type { ApiDate, Location } from '@/lib/api/schemas';
import { t, uiLanguage } from '@/lib/i18n/t';

/** {month: 3, year: 2019} → "Mar 2019" ("März 2019"): month names in the UI language. */
export function formatApiDate(date: ApiDate | null | undefined): string | null {
  if (!date?.year) return null;
  if (!(date.month && date.month >= 1 && date.month <= 12)) return String(date.year);
  const at = new Date(0);
  at.setUTCFullYear(date.year, date.month - 1, 1);
  // Month and year formatted together: German writes "März 2019" there but "Mär" alone.
  return new Intl.DateTimeFormat(uiLanguage(), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(at);
}

/** "Mar 2019 – present" from two loose date texts. */
export function dateRange(start: string | null | undefined, end: string | null | undefined, current = false): string | null {
  const s = start?.trim() || null;
  const e = end?.trim() || (current ? t('sidepanel_date_present') : null);
  if (!s && !e) return null;
  return `${s ?? '?'} – ${e ?? '?'}`;
}

export function locationText(location: Location | null | undefined): string | null {
  if (!location) return null;
  if (location.name?.trim()) return location.name.trim();
  return joinText([location.locality, location.region, location.country], ', ');
}

export function joinText(parts: ReadonlyArray<string | null | undefined>, separator = ' · '): string | null {
  const kept = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').map((p) => p.trim());
  return kept.length > 0 ? kept.join(separator) : null;
}

const TITLE_KEYS = ['title', 'name', 'organisation', 'organization', 'publisher', 'description'];

/** The best title of an object whose shape the spec does not show (publications, patents, groups…). */
export function objectTitle(value: Record<string, unknown>): string | null {
  for (const key of TITLE_KEYS) {
    const v = value[key];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  const first = Object.values(value).find((v) => typeof v === 'string' && v.trim() !== '');
  return typeof first === 'string' ? first.trim() : null;
}

/** "money_raised" → "Money raised". */
export function humanKey(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The service's list values as words: ["sales", "business_development"] → "Sales, Business development". */
export function humanList(values: readonly string[] | null | undefined): string | null {
  const words = (values ?? []).filter((v) => typeof v === 'string' && v.trim() !== '').map(humanKey);
  return words.length > 0 ? words.join(', ') : null;
}

/** Long text trimmed for a first glance; the full text stays one click away. */
export function clip(text: string, max: number): { text: string; clipped: boolean } {
  if (text.length <= max) return { text, clipped: false };
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return { text: `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`, clipped: true };
}
