// Is a short text a person's name, a job title, a company's name? Small pure checks the grouping
// uses on the text of one block. Inputs are capped before any pattern runs, and every pattern is
// a single pass over disjoint character classes (nothing to backtrack into).
import { isNotNameWord, NAME_HONORIFICS, startsPlaceName, SURNAME_PARTICLES } from '../../identity/name';

/** Longer than this is a sentence, not a name or a title. */
const MAX_NAME = 70;
const MAX_TITLE = 100;
const MAX_PHRASE_SCAN = 512;

/** Name particles written in lower case (`Ludwig van Beethoven`, `Ana de la Cruz`), and Spanish `y` inside a name. */
const PARTICLES: ReadonlySet<string> = new Set([...SURNAME_PARTICLES, 'y']);
/** Honorifics that may lead a name; kept in the displayed name, not counted as one of its words. */
const HONORIFICS = NAME_HONORIFICS;

/** The lower-case letters an honorific may start with (`dr`, `prof`, `mr`, `sir`): the only lower-case start of a name. */
const HONORIFIC_INITIALS = [...new Set([...HONORIFICS].map((h) => h.charAt(0)))].join('');

/** Link and button texts that name a channel, not a person or a company. */
const GENERIC_LABELS: ReadonlySet<string> = new Set(
  (
    'email|e-mail|mail|phone|tel|call|fax|mobile|linkedin|profile|view profile|full profile|vcard|download vcard|website|' +
    'web|site|homepage|home page|visit|visit website|read more|more|learn more|bio|biography|contact|contact us|share|' +
    'follow|connect|message|twitter|x|github|office|direct|main|in|li|ln'
  ).split('|'),
);

/** Navigation texts: a menu of links to other sites is not a list of companies. */
const NAV_LABELS: ReadonlySet<string> = new Set(
  (
    'about|about us|blog|careers|jobs|docs|documentation|pricing|login|log in|sign in|sign up|shop|store|news|' +
    'events|videos|podcast|help|support|faq|privacy|terms|imprint|impressum|cookies|sitemap|status|rss|facebook|' +
    'instagram|youtube|tiktok|our open source|open source'
  ).split('|'),
);

/**
 * Local parts of shared mailboxes: a role, a desk or a place, not a person (`info@`, `press@`, `kontakt@`, `rathaus@`),
 * in English, German, French and Spanish.
 */
const ROLE_MAILBOXES: ReadonlySet<string> = new Set(
  (
    'admin admissions billing careers contact contactus enquiries enquiry events hello help hr info inquiries jobs ' +
    'legal marketing media news newsletter noreply no-reply office partners press privacy reception recruiting ' +
    'sales security service support team webmaster welcome mail email post tips editor editors desk booking bookings ' +
    // German.
    'kontakt presse pressestelle medien redaktion abo aboservice zentrale buero verwaltung sekretariat rathaus kanzlei ' +
    'praxis poststelle kundenservice vertrieb bewerbung karriere anfrage anfragen hinweis tipps buchung ' +
    // French and Spanish.
    'bonjour accueil redaction equipe contacto prensa ventas oficina ayuda soporte informacion'
  ).split(' '),
);

/** The characters `personName` strips from a name's end (the class of its pattern). */
const TRAILING_SEPARATORS = ',;:|–—-';
const WORD = /^(?:\p{Lu}[\p{L}\p{M}'’-]*\.?|\p{Lu}\.)$/u;
const LETTER = /\p{L}/u;
const DIGIT = /\d/;
/** Printable ASCII only (anything else takes the normalising path, which is always right). */
const ASCII = /^[ -~]*$/;

/** Whitespace other than a plain space, or two spaces in a row: what `squash` has to rewrite. */
const UNSQUASHED = /[^\S ]| {2}/;
const SPACE = 32;

/** Whitespace collapsed, ends trimmed (page text is full of line breaks and `&nbsp;`). */
export function squash(text: string): string {
  // Most texts are clean already (a card's lines; a line read again as a name): a test without a
  // copy is much cheaper than a replace that rebuilds the string, and this runs on every line.
  if (text.charCodeAt(0) !== SPACE && text.charCodeAt(text.length - 1) !== SPACE && !UNSQUASHED.test(text)) return text;
  return text.replace(/\s+/g, ' ').trim();
}

/** The longest role mailbox: a longer local part is no role, known without copying it. */
const LONGEST_ROLE = Math.max(...[...ROLE_MAILBOXES].map((role) => role.length));

/** True for `info@acme.com`-style shared mailboxes (the local part, `+tag` ignored), and `office.921015@`, `presse-berlin@`: a role word first. */
export function isRoleMailbox(email: string): boolean {
  const at = email.indexOf('@');
  let end = at === -1 ? email.length : at;
  const plus = email.indexOf('+');
  if (plus !== -1 && plus < end) end = plus;
  if (end <= LONGEST_ROLE && ROLE_MAILBOXES.has(email.slice(0, end).toLowerCase())) return true;
  const first = /^[a-z]+(?=[._-])/i.exec(email.slice(0, Math.min(end, LONGEST_ROLE + 1)));
  return first !== null && ROLE_MAILBOXES.has(first[0].toLowerCase());
}

/** "Email", "LinkedIn", "Read more": a link or button text that says what it is, not who. */
export function isGenericLabel(text: string): boolean {
  return GENERIC_LABELS.has(labelKey(text));
}

const labelKey = (text: string): string => squash(text).toLowerCase().replace(/[:.!›»→]+$/u, '').trim();

/**
 * The text as a person's displayed name, or null. Two to five capitalised words (particles and a
 * leading honorific allowed), letters only, no label words: "Dr. Ana de la Cruz", "JANE DOE",
 * "Chen Wei" — not "Contact Us", "Jane", "Room 4.12". `squashed`: the text is squashed already (a line the
 * record reader made), no need to test it again.
 */
export function personName(raw: string, squashed = false): string | null {
  if (raw.length > MAX_NAME * 2) return null;
  let text = squashed ? raw : squash(raw);
  // The first word is an honorific or capitalised (the loop below): a text that starts with any other ASCII
  // character is no name, known without splitting it. Most lines a record shows are no name, and this runs on each.
  const first = text.charCodeAt(0);
  if (first < 128 && (first < 65 || first > 90) && !HONORIFIC_INITIALS.includes(text.charAt(0))) return null;
  // Trailing separators ("Jane Doe –") off; the pattern runs only when the last character is one.
  if (TRAILING_SEPARATORS.includes(text.charAt(text.length - 1))) text = text.replace(/[,;:|–—-]+$/u, '').trim();
  if (text.length < 3 || text.length > MAX_NAME || DIGIT.test(text) || text.includes('@')) return null;
  // A name has two words or more: a one-word line ("LinkedIn", a company) needs no splitting to know.
  if (!text.includes(' ')) return null;
  const words = text.split(' ');
  let counted = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const lower = word.toLowerCase();
    if (i === 0 && HONORIFICS.has(lower)) continue;
    const last = lower.charAt(lower.length - 1);
    const bare = last === '.' || last === ',' ? lower.slice(0, -1) : lower;
    if (isNotNameWord(bare) || (counted === 0 && startsPlaceName(bare))) return null;
    if (PARTICLES.has(lower) && i > 0 && i < words.length - 1) continue;
    if (!WORD.test(word)) return null;
    counted++;
  }
  return counted >= 2 && counted <= 5 ? text : null;
}

/**
 * The last person's name in a run of text ("Contact Jane Doe (" → "Jane Doe"): the longest
 * capitalised run closest to the end that reads as a name.
 */
export function lastNameIn(raw: string): string | null {
  const text = raw.length > MAX_PHRASE_SCAN ? raw.slice(raw.length - MAX_PHRASE_SCAN) : raw;
  // A word with a digit in it (a postcode's "EC4Y 1AA", "3OG") ends a name: its letters are no name's part.
  const words = text.split(/[^\p{L}\p{M}\p{N}'’.-]+/u);
  for (let end = words.length; end > 0; end--) {
    let from = Math.max(0, end - 5);
    for (let k = end - 1; k >= from; k--) {
      if (/\p{N}/u.test(words[k] as string)) {
        from = k + 1;
        break;
      }
    }
    for (let start = from; start < end - 1; start++) {
      const name = personName(words.slice(start, end).join(' '));
      if (name !== null) return name;
    }
  }
  return null;
}

/** A short descriptive line that can be a job title ("Partner", "Head of Sales, EMEA"). */
export function titleText(raw: string): string | null {
  if (raw.length > MAX_TITLE * 2) return null;
  // "· CTO at Northwind": separators left over from the line before.
  // "– Registrar – jane@…": the first part of a line of separated parts.
  const text = squash(raw).replace(/^[·•|,;:–—-]+\s*/u, '').split(/\s[·•|–—]\s|\s[·•|–—]$/u)[0] ?? '';
  if (text.length < 2 || text.length > MAX_TITLE || !LETTER.test(text) || text.includes('@') || text.includes('://')) return null;
  // Phone lines, "Office: …" labels, room numbers and obfuscated addresses are not titles.
  if (isGenericLabel(text) || /^[+(\d]/.test(text) || text.includes(':') || /\d{3}/.test(text)) return null;
  if (/[[({]at[\])}]/i.test(text)) return null;
  return text;
}

/** A short label a page shows for someone or something: letters, at most six words, no address, link or label word. */
function isShortLabel(text: string, maxLength: number): boolean {
  if (text.length < 2 || text.length > maxLength || !LETTER.test(text) || text.includes('@') || text.includes('://')) return false;
  return !isGenericLabel(text) && !NAV_LABELS.has(labelKey(text)) && text.split(' ').length <= 6;
}

/** A company's displayed name: a short label that is not a channel or a call to action. */
export function companyName(raw: string): string | null {
  if (raw.length > MAX_NAME * 2) return null;
  // "Northwind Labs · Full-time": the name is what comes before a separator.
  const text = squash(raw).split(/\s[·•|]\s/u)[0] ?? '';
  return isShortLabel(text, 60) ? text : null;
}

/**
 * A cell's text under a header that says "Name" (`氏名`, "Nom complet"): the page says it is a name, so a name
 * `personName` cannot read (written in a script without capitals, or in lower case) is taken when it is a short
 * label without digits.
 */
export function columnName(raw: string): string | null {
  if (raw.length > MAX_NAME * 2) return null;
  const text = squash(raw);
  return !DIGIT.test(text) && isShortLabel(text, MAX_NAME) ? text : null;
}

/** The part of an identifier its hint words come from: an email's local part, a URL's last segment, a host without `www.`. */
function hintPart(identifier: string): [number, number] {
  const at = identifier.indexOf('@');
  if (at !== -1) return [0, at];
  if (identifier.includes('/')) return [identifier.lastIndexOf('/', identifier.length - 2) + 1, identifier.length];
  return [identifier.startsWith('www.') ? 4 : 0, identifier.length]; // a host: its labels (`shop.fabrikam.co.uk`)
}

/**
 * Lower-case word stems of an identifier (profile slug, email local part): hints, never a displayed name.
 * Runs of two or more ASCII letters. The grouper asks this for every identifier of every record (docs/performance.md
 * measured 16 ms of a 5 MB directory's grouping in the regex split and filter), so ASCII identifiers, nearly all
 * of them, are read in one pass over their characters; anything else takes the case-folding path, which is
 * always right (`İ` lower-cases to `i` plus a combining dot).
 */
export function hintWords(identifier: string): string[] {
  const [start, end] = hintPart(identifier);
  const words: string[] = [];
  let from = -1;
  for (let i = start; i <= end; i++) {
    const c = i < end ? identifier.charCodeAt(i) : 0;
    if (c > 127) return foldedHintWords(identifier.slice(start, end));
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) {
      if (from === -1) from = i;
    } else if (from !== -1) {
      if (i - from >= 2) words.push(identifier.slice(from, i).toLowerCase());
      from = -1;
    }
  }
  return words;
}

/** `hintWords` for text beyond ASCII: lower-case first, then the same runs of letters. */
function foldedHintWords(part: string): string[] {
  return part
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 2);
}

/**
 * The hint words of a record's identifiers, split out the first time a candidate name is compared with them: a
 * record whose lines hold no name never needs them.
 */
export class Hints {
  private words: string[] | null = null;

  /** `identifiers`: emails, profile and company URLs, hosts (repeats are read once). */
  constructor(private readonly identifiers: readonly string[]) {}

  get list(): readonly string[] {
    if (this.words === null) {
      const words: string[] = [];
      // A card's address is usually found twice (the mailto: link and its text); hints are only ever asked "does
      // any match", so the same identifier's words again would change nothing.
      const seen: string[] = [];
      for (const id of this.identifiers) {
        if (seen.includes(id)) continue;
        seen.push(id);
        for (const word of hintWords(id)) words.push(word);
      }
      this.words = words;
    }
    return this.words;
  }
}

/** Does a candidate name share a word with the hints (`Jane Doe` ↔ `jane-doe-nw`, `jdoe@`)? */
export function matchesHints(name: string, of: Hints): boolean {
  const hints = of.list;
  if (hints.length === 0) return false;
  const lower = name.toLowerCase();
  // Accents off ("José" ↔ jose); ASCII has none, and most names are ASCII: skip the normalising copy.
  const plain = ASCII.test(lower) ? lower : lower.normalize('NFD').replace(/\p{M}/gu, '');
  // The name's words are its runs of two or more a–z letters, each compared as it is found: this runs for every
  // candidate name of every record, and most names match on their first word.
  let from = -1;
  for (let i = 0; i <= plain.length; i++) {
    const c = i < plain.length ? plain.charCodeAt(i) : 0;
    if (c >= 97 && c <= 122) {
      if (from === -1) from = i;
      continue;
    }
    if (from !== -1 && i - from >= 2 && isHintWord(plain.slice(from, i), hints)) return true;
    from = -1;
  }
  return false;
}

/** A word of a name is a hint, or (three letters or more) part of a longer hint (`wei` in `chenwei`). */
function isHintWord(word: string, hints: readonly string[]): boolean {
  for (const h of hints) if (h === word || (h.length >= 4 && word.length >= 3 && h.includes(word))) return true;
  return false;
}
