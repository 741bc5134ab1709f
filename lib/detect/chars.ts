// Character classes for the index walks in this folder. A lookup table keeps every test O(1) and
// keeps regular expressions (and their backtracking) out of the scan path entirely.

const DIGIT = 1;
const ALPHA = 2;
/** Characters of an email local part we accept: the common subset of RFC 5322 atext plus dot. */
const LOCAL = 4;
/** Letters, digits and hyphen: the characters of a DNS label. */
const LABEL = 8;
const SPACE = 16;

const table = new Uint8Array(128);
const mark = (c: number, f: number): void => {
  table[c] = (table[c] ?? 0) | f;
};
for (let c = 48; c <= 57; c++) mark(c, DIGIT | LOCAL | LABEL);
for (let c = 65; c <= 90; c++) mark(c, ALPHA | LOCAL | LABEL);
for (let c = 97; c <= 122; c++) mark(c, ALPHA | LOCAL | LABEL);
for (const ch of '._%+-') mark(ch.charCodeAt(0), LOCAL);
mark(45, LABEL); // '-'
for (const ch of ' \t\n\r\f\v') mark(ch.charCodeAt(0), SPACE);

const flag = (c: number, f: number): boolean => c >= 0 && c < 128 && ((table[c] ?? 0) & f) !== 0;

export const isDigit = (c: number): boolean => c >= 48 && c <= 57;
export const isAlpha = (c: number): boolean => flag(c, ALPHA);
export const isAlnum = (c: number): boolean => flag(c, ALPHA | DIGIT);
export const isLocalChar = (c: number): boolean => flag(c, LOCAL);
export const isLabelChar = (c: number): boolean => flag(c, LABEL);
/** ASCII whitespace plus the no-break and other Unicode spaces pages use between words. */
export const isSpace = (c: number): boolean =>
  flag(c, SPACE) || c === 0xa0 || c === 0x2007 || c === 0x202f || (c >= 0x2000 && c <= 0x200a) || c === 0x3000;

export const lower = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);

/**
 * Characters that may sit at the edge of a text node while belonging to an entity that continues
 * in the neighbouring node (`jane<span>@</span>acme.com`, `jane [at] <b>acme</b>`, `+1 415 <b>555…`).
 */
export const isEntityEdgeChar = (c: number): boolean =>
  flag(c, LOCAL | LABEL | SPACE) ||
  c === 64 /* @ */ ||
  c === 91 /* [ */ ||
  c === 93 /* ] */ ||
  c === 40 /* ( */ ||
  c === 41 /* ) */ ||
  c === 123 /* { */ ||
  c === 125 /* } */ ||
  c === 47 /* / */ ||
  c === 58; /* : */
