// Person and company names as lookup keys: compared loosely, so "Jane  Doe" and "jane doe" are one key.

/** Case folded, accents kept, whitespace collapsed, Unicode NFKC. */
export function normaliseName(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
