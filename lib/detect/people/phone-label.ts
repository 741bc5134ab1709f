// Does a card's label present a number as the person's own line ("Mobile", "Direkt", "Durchwahl", "Tel. direct",
// "Móvil")? Such a number stays on the card even where the page's address block or footer repeats it: the footer
// then lists a person's line (a one-person office's mobile), it does not make it the organisation's switchboard.
// Read only for the few numbers a footer repeats on a card (`notListed` in group.ts), so it costs nothing elsewhere.
import { plainText } from '../phone-candidates';

/**
 * Label words that say "this person's own line", in the languages the scanner reads (English, German, French,
 * Spanish, and the commonest Dutch, Italian and Portuguese ones). Compared in lower case without accents.
 */
const OWN_LINE_WORDS: ReadonlySet<string> = new Set(
  (
    'm mob mobile mobil mobilnummer mobiltelefon mobilfunk mobiel mobiele cell cellphone cellular handy handynummer ' +
    'direct directe direkt direktwahl durchwahl dw dd ddi portable movil celular cellulare cellulaire gsm telemovel'
  ).split(' '),
);

/** How much text before a number a label may take ("Telefon direkt:", "Mobile phone -"). */
const LOOKBACK = 40;
/** Words read back from the number: "Direct line", "Mobile phone", "Tel. direct". */
const LABEL_WORDS = 2;

/** The text before `el` inside its parent, up to `LOOKBACK` characters (a `<dt>Mobil</dt><dd>…`, a label `<span>`). */
function textBefore(el: Element): string {
  let text = '';
  for (let n = el.previousSibling; n !== null && text.length < LOOKBACK; n = n.previousSibling) text = (n.textContent ?? '') + text;
  if (text.trim() === '' && el.parentElement !== null && el.parentElement.previousElementSibling !== null) {
    // The label is the cell or term before the number's own (`<td>Mobile</td><td><a>…</a></td>`).
    text = el.parentElement.previousElementSibling.textContent ?? '';
  }
  return text.slice(-LOOKBACK);
}

/** Is the end of `prefix` (the text right before a number) a label that presents the number as a person's own? */
export function isOwnLineLabel(prefix: string): boolean {
  // Only the words after the last digit: a label ends at its number ("Tel. 030 1234, mobil: 0171…" labels the
  // second number "mobil", the first "Tel.").
  let cut = prefix.length;
  while (cut > 0 && !isDigitAt(prefix, cut - 1)) cut--;
  const words = prefix
    .slice(Math.max(cut, prefix.length - LOOKBACK))
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w !== '');
  return words.slice(-LABEL_WORDS).some((w) => OWN_LINE_WORDS.has(w));
}

const isDigitAt = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i);
  return c >= 48 && c <= 57;
};

/** The text of a link before its first digit or `+` ("M: +44 7700…" → "M: "). */
function leadOf(el: Element): string {
  const text = (el.textContent ?? '').slice(0, LOOKBACK);
  const at = text.search(/[\d+]/);
  return at === -1 ? text : text.slice(0, at);
}

/**
 * Does the text around `el` label the number `value` (as the scan reported it) as a person's own line? For a number
 * read from a link the label is the text before the link, or the link's own text before the number; for one read
 * from text, the text before it there, else before its element.
 */
export function labelledOwnLine(el: Element, value: string): boolean {
  if (value.startsWith('tel:') || el.localName === 'a') return isOwnLineLabel(textBefore(el) + leadOf(el));
  const text = plainText((el.textContent ?? '').slice(0, 4096));
  const at = text.indexOf(value);
  if (at === -1) return false;
  const before = text.slice(Math.max(0, at - LOOKBACK), at);
  return /\p{L}/u.test(before) ? isOwnLineLabel(before) : isOwnLineLabel(textBefore(el) + before);
}
