/**
 * How a typed filter matches text, in every list the user can filter (the people on a page, the contact book, the
 * lookup history, the cache; suggestions rank by it too): letter case and accents never matter ("muller" finds
 * "Müller", "soren" finds "Søren", "lodz" finds "Łódź"), and every word must appear somewhere, in any order ("doe jane"
 * finds "Jane Doe", "engineer acme" a title and a company).
 */

/**
 * Combining accents of the Latin, Greek and Cyrillic scripts, after NFKD has split them off their letters. Only these:
 * in other scripts a combining mark is part of the letter (Devanagari vowel signs, Japanese dakuten: カ is not ガ).
 */
const ACCENT_BLOCKS: ReadonlyArray<readonly [number, number]> = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];
const dropAccent = (mark: string): string => {
  const c = mark.codePointAt(0) ?? 0;
  return ACCENT_BLOCKS.some(([from, to]) => c >= from && c <= to) ? '' : mark;
};

/** Letters NFKD leaves whole, and what a person types for them on a plain keyboard. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  þ: 'th',
};
const SPECIAL_LETTERS = /[ßøłđðħæœıþ]/g;

/** Lower case without accents; "ß" reads as "ss", "ø" as "o", "ł" as "l". The form both sides are compared in. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, dropAccent)
    .toLowerCase()
    .replace(SPECIAL_LETTERS, (c) => PLAIN_LETTERS[c] ?? c);
}

/** A word of the query as typed, and, for a piece of a phone number ("(212)", "555-0100", "+44"), its digits alone. */
interface QueryWord {
  text: string;
  digits: string | null;
}

const PHONE_PIECE = /^[+(]?\d[\d().\-/]*$/;
/** Fewer digits than this match only as typed: "(0" or "1-" alone would match nearly every number. */
const MIN_DIGITS = 3;

/** The words of a query, folded; empty for a query of spaces. */
function queryWords(query: string): QueryWord[] {
  return foldText(query)
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .map((text) => {
      if (!PHONE_PIECE.test(text)) return { text, digits: null };
      const bare = text.replace(/\D/g, '');
      // A country code keeps its "+", so "+44" matches a number that starts +44, not one with 44 anywhere.
      const digits = text.startsWith('+') ? `+${bare}` : bare;
      return { text, digits: bare.length >= MIN_DIGITS && digits !== text ? digits : null };
    });
}

/**
 * A test for text (already folded with `foldText`) against `query`, or null when the query has no words (nothing is
 * filtered out). Made once per query, run per row. A piece of a phone number matches as typed or as its digits, so
 * "(212) 555-0100" finds a number kept as "+12125550100" when the text holds it in that form.
 */
export function textQuery(query: string | undefined): ((folded: string) => boolean) | null {
  const words = queryWords(query ?? '');
  if (words.length === 0) return null;
  return (folded) => words.every((w) => folded.includes(w.text) || (w.digits !== null && folded.includes(w.digits)));
}

/**
 * The rows of a list that `query` matches, in order; `rows` itself when the query has no words. `textOf` gives a row's
 * folded text; `digits` says the query holds a digit, for lists whose numbers cost more to spell out in full (a
 * number's national form) and are spelled out only then.
 */
export function filterByText<R>(rows: readonly R[], query: string, textOf: (row: R, digits: boolean) => string): readonly R[] {
  const matches = textQuery(query);
  if (matches === null) return rows;
  const digits = /\d/.test(query);
  return rows.filter((row) => matches(textOf(row, digits)));
}
