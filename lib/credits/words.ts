/**
 * The words for money and age, one wording each: the price preview, the provenance chip and the history all say
 * "Cached 3 days ago · free" the same way (issue 11: two functions used to round differently).
 */
const DAY_MS = 86_400_000;

export function plural(n: number, word = 'credit'): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "just now", "5 min ago", "3 h ago", "3 days ago": the one wording of an age (the UI's timeAgo is this). */
export function timeAgo(at: number, now: number = Date.now()): string {
  const ms = Math.max(0, now - at);
  const minute = 60_000;
  const hour = 60 * minute;
  if (ms < 45_000) return 'just now';
  if (ms < hour) return `${Math.max(1, Math.round(ms / minute))} min ago`;
  if (ms < DAY_MS) return `${Math.round(ms / hour)} h ago`;
  const days = Math.round(ms / DAY_MS);
  if (days < 45) return days === 1 ? '1 day ago' : `${days} days ago`;
  const months = Math.round(days / 30);
  if (months < 18) return months === 1 ? '1 month ago' : `${months} months ago`;
  const years = Math.round(days / 365);
  return years === 1 ? '1 year ago' : `${years} years ago`;
}

/** "Cached 3 days ago · free": the one wording of a cached answer, for previews and provenance alike. */
export function cachedFreeLabel(fetchedAt: number, now: number = Date.now()): string {
  return `Cached ${timeAgo(fetchedAt, now)} · free`;
}

