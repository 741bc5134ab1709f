// Person and company names as lookup keys: compared loosely, so "Jane  Doe" and "jane doe" are one key.

/** Case folded, accents kept, whitespace collapsed, Unicode NFKC. */
export function normaliseName(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Lower-case words that start a family name ("Ludwig van Beethoven", "Ana de la Cruz", "Omar ibn Said"). One list for
 * every reader of names: the page's people (which also let Spanish "y" stand inside a name), the lookup box's
 * "van Dijk, Jan" and the CRM export's first/last split.
 */
export const SURNAME_PARTICLES: ReadonlySet<string> = new Set(
  'van von der den de del della dei di da das dos do du la le ter ten zu zum zur bin ibn al el'.split(' '),
);
