/** Lower-case ASCII slug: accents folded, anything else between words becomes one dash. */
export function slugify(text: string): string {
  let out = '';
  let dash = false;
  for (const ch of text.normalize('NFKD').toLowerCase()) {
    if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) {
      if (dash && out !== '') out += '-';
      out += ch;
      dash = false;
    } else if (!/\p{M}/u.test(ch)) {
      dash = true;
    }
  }
  return out;
}

/** `2019-04` style month text the spec's Job/Education dates use. */
export function monthText(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Relative "last updated" text, as the service shows it. */
export function relativeText(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return '1 day ago';
  if (days < 30) return `${days} days ago`;
  const months = Math.floor(days / 30);
  return months === 1 ? '1 month ago' : `${months} months ago`;
}

/** Fills a pattern: `#` → digit, `?` → upper-case letter. */
export function fillPattern(pattern: string, digit: () => number, letter: () => string): string {
  let out = '';
  for (const ch of pattern) out += ch === '#' ? String(digit()) : ch === '?' ? letter() : ch;
  return out;
}
