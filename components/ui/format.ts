/*
 * Small pure formatters shared by the extension pages, so "3 days ago" and "1 credit" read the same everywhere.
 */
import { cachedFreeLabel } from '@/lib/credits/words';
import type { CostEstimate, Provenance } from '@/lib/messaging/protocol';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "3 days ago": one wording, shared with the background's previews. */
export { timeAgo } from '@/lib/credits/words';

/** "in 3 days", for expiry dates. */
export function timeUntil(at: number, now: number = Date.now()): string {
  const ms = at - now;
  if (ms <= 0) return 'expired';
  if (ms < HOUR) return `in ${Math.max(1, Math.round(ms / MINUTE))} min`;
  if (ms < DAY) return `in ${Math.round(ms / HOUR)} h`;
  const days = Math.round(ms / DAY);
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}

/** "12 s", "2 min 5 s", "1 h 3 min": for ETAs. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "1,234" */
export function formatCount(n: number): string {
  return integer.format(n);
}

/** "1 credit", "12 credits", "free". */
export function formatCredits(n: number): string {
  if (n === 0) return 'free';
  const text = Number.isInteger(n) ? integer.format(n) : decimal.format(n);
  return `${text} ${n === 1 ? 'credit' : 'credits'}`;
}

/** "$12.5M" for funding amounts. */
export function formatMoney(n: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

/** Where an answer came from: "Cached 3 days ago · free" or "Live · 1 credit". */
export function provenanceLabel(p: Provenance, now: number = Date.now()): string {
  if (p.source === 'cache') return cachedFreeLabel(p.fetchedAt, now);
  return `Live · ${formatCredits(p.creditsCharged)}`;
}

/**
 * Short cost text for a button, before the click: "1 credit", "up to 50 credits", "Cached 3 days ago · free".
 * `upTo` marks actions whose charge depends on how many results come back.
 */
export function costLabel(estimate: CostEstimate, options: { upTo?: boolean; now?: number } = {}): string {
  if (estimate.cached) {
    return estimate.cachedAt !== undefined ? cachedFreeLabel(estimate.cachedAt, options.now) : 'Cached · free';
  }
  if (estimate.credits === 0) return 'free';
  const credits = formatCredits(estimate.credits);
  return options.upTo && estimate.credits > 1 ? `up to ${credits}` : credits;
}

/** "12.3k" for follower counts. */
export function formatCompact(n: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}
