/**
 * How a typed filter matches text, in every list the user can filter (the people on a page, the contact book, the
 * lookup history, the cache): letter case and accents never matter ("muller" finds "Müller", "zoe" finds "Zoë"), and
 * every word must appear somewhere, in any order ("doe jane" finds "Jane Doe", "engineer acme" a title and a company).
 */

/** Lower case without accents or other combining marks; "ß" reads as "ss". The form both sides are compared in. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss');
}

/** A word of the query as typed, and, for a piece of a phone number ("(212)", "555-0100"), its digits alone. */
interface QueryWord {
  text: string;
  digits: string | null;
}

const PHONE_PIECE = /^[+(]?\d[\d().\-/]*$/;

/** The words of a query, folded; empty for a query of spaces. */
function queryWords(query: string): QueryWord[] {
  return foldText(query)
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .map((text) => {
      const digits = PHONE_PIECE.test(text) ? text.replace(/\D/g, '') : '';
      return { text, digits: digits.length > 0 && digits !== text ? digits : null };
    });
}

/**
 * A test for text (already folded with `foldText`) against `query`, or null when the query has no words (nothing is
 * filtered out). Made once per query, run per row. A piece of a phone number matches as typed or as its digits, so
 * "(212) 555-0100" finds a number kept as "+12125550100".
 */
export function textQuery(query: string | undefined): ((folded: string) => boolean) | null {
  const words = queryWords(query ?? '');
  if (words.length === 0) return null;
  return (folded) => words.every((w) => folded.includes(w.text) || (w.digits !== null && folded.includes(w.digits)));
}

/** Does `query` match any of `texts` taken together? True for an empty query. For one-off checks; lists use `textQuery`. */
export function matchesText(query: string | undefined, ...texts: ReadonlyArray<string | null | undefined>): boolean {
  const test = textQuery(query);
  return test === null || test(foldText(texts.filter((s) => s).join('\n')));
}
