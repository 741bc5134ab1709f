/**
 * A cheap upper-bound check of a message's serialised size, done before any schema parses it: a huge message must not
 * cost the background its memory. `JSON.stringify` would first build the whole string (40 MB for a 40 MB message) just
 * to measure it; this walk adds up lengths and stops as soon as the budget is spent, so its cost is bounded by the
 * limit, not the message.
 */

/** Largest message we accept, serialised; a page cannot flood the background. */
export const MAX_MESSAGE_BYTES = 2_000_000;

/**
 * True when `value`, serialised as JSON, would take more than `maxChars` characters (or cannot be serialised).
 * Exact for plain data without escaped characters; containers are charged for their brackets and separators
 * before their items are visited, so a huge (even sparse) array or object ends the walk at once.
 */
export function exceedsSize(value: unknown, maxChars: number): boolean {
  let budget = maxChars;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') budget -= item.length + 2;
    else if (typeof item === 'number') budget -= String(item).length;
    else if (typeof item === 'boolean') budget -= item ? 4 : 5;
    else if (item === null || item === undefined) budget -= 4;
    else if (Array.isArray(item)) {
      budget -= 2 + Math.max(0, item.length - 1);
      if (budget < 0) return true;
      for (let i = 0; i < item.length; i++) stack.push(item[i]);
    } else if (typeof item === 'object') {
      const keys = Object.keys(item);
      budget -= 2 + Math.max(0, keys.length - 1);
      if (budget < 0) return true;
      for (const key of keys) {
        budget -= key.length + 3; // quotes and colon
        if (budget < 0) return true;
        stack.push((item as Record<string, unknown>)[key]);
      }
    } else return true; // functions, symbols, bigints: nothing a message may carry
    if (budget < 0) return true;
  }
  return false;
}
