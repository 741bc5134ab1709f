/**
 * Which column of a user's file holds what: from the header first (any case, accents and punctuation
 * ignored; the words for a person's name and company are the ones page tables are read by, lib/model/header-words.ts),
 * then from the values when the header says nothing (a column of addresses with an "@" is an email column whatever
 * it is called). The user can change any choice before anything is sent.
 */
import { normaliseEmail, normalisePhone, profileOfText, websiteDomain } from '../identity';
import { headerWords, normaliseHeader, personHeaderKind } from '../model/header-words';

export { normaliseHeader };

const looksLikeEmail = (text: string): boolean => normaliseEmail(text) !== null;

export const COLUMN_KINDS = ['email', 'phone', 'profile_url', 'first_name', 'last_name', 'full_name', 'company', 'job_title', 'domain', 'ignore'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

/** The words of the identifier columns (a person's other columns are lib/model/header-words.ts). */
const IDENTIFIER_WORDS: Record<'email' | 'phone' | 'profile_url' | 'domain', readonly string[]> = {
  email: [
    'email', 'e mail', 'mail', 'email address', 'e mail address', 'mail address', 'work email', 'business email', 'primary email', 'email 1',
    'emailadresse', 'e mail adresse', 'mailadresse', 'geschaftliche e mail',
    'courriel', 'adresse email', 'adresse e mail', 'adresse mail', 'mail professionnel', 'e mail professionnel',
    'correo', 'correo electronico', 'email de trabajo', 'direccion de correo', 'direccion de correo electronico',
  ],
  phone: [
    'phone', 'phone number', 'telephone', 'telephone number', 'tel', 'mobile', 'mobile phone', 'mobile number', 'cell', 'cell phone', 'work phone', 'direct dial', 'direct phone',
    'telefon', 'telefonnummer', 'handy', 'handynummer', 'mobilnummer', 'mobiltelefon',
    'numero de telephone', 'portable', 'telephone portable', 'tel portable', 'mobile professionnel',
    'telefono', 'numero de telefono', 'movil', 'telefono movil', 'celular',
  ],
  profile_url: [
    'linkedin', 'linkedin url', 'linkedin profile', 'linkedin profile url', 'linkedin link', 'person linkedin url', 'profile url', 'profile', 'profile link', 'social profile', 'li url',
    'linkedin profil', 'profil url', 'profil linkedin', 'url du profil', 'lien linkedin',
    'perfil', 'perfil de linkedin', 'url de linkedin', 'url linkedin', 'url del perfil',
  ],
  domain: [
    'domain', 'company domain', 'website', 'company website', 'web site', 'url', 'site', 'homepage', 'company url', 'web',
    'webseite', 'domane', 'internetseite',
    'site web', 'site internet', 'domaine',
    'sitio web', 'pagina web', 'dominio',
  ],
};
const identifierWords = headerWords(IDENTIFIER_WORDS);

/**
 * Words that name the company inside a longer header ("Company / Account", "Firma (aktuell)", "Nombre de empresa"),
 * in the languages of the exact words (lib/model/header-words.ts). Checked after the identifiers: "Company website"
 * is a domain, "Company phone" a phone.
 */
const COMPANY_IN_HEADER = /\b(company|account|organi[sz]ation|employer|firma|firmenname|unternehmen|arbeitgeber|entreprise|societe|empresa|compania|organizacion|azienda|societa|bedrijf|foretag)\b/;
/** Headers about a company that are not its name: "Account Owner", "Company Size", "Account ID". */
const NOT_COMPANY_NAME = /\b(owner|id|size|industry|sector|category|revenue|employees|headcount|number|no|nr|code|stage|tier|address|street|city|country|location|zip|postal|description|about|notes?|founded)\b/;

/**
 * A column's kind by its header. A job title is read (it goes with the row to the export and the entry); a department
 * is not.
 */
export function kindOfHeader(header: string): ColumnKind | null {
  const exact = identifierWords(header);
  if (exact !== null) return exact;
  const h = normaliseHeader(header);
  // A column about an address is not the address: Google's "E-mail 1 - Label" (holding "* Work"), "Phone 1 - Type",
  // Apollo's "Email Status" and "Email Sent".
  if (/\b(label|type|status|opt ?out|bounced|sent|verified|source|count|date)\b/.test(h)) return null;
  // Words that decide on their own inside a longer header ("Contact Email (work)", "LinkedIn Profile URL").
  if (/\blinkedin\b/.test(h)) return 'profile_url';
  if (/\b(e ?mail|courriel|correo)\b/.test(h)) return 'email';
  if (/\b(phone|telephone|telefon|telefono|mobile|handy|movil)\b/.test(h)) return 'phone';
  if (/\b(website|domain|domaine|dominio)\b/.test(h)) return 'domain';
  const person = personHeaderKind(header);
  if (person !== null) return person === 'department' ? null : person;
  return COMPANY_IN_HEADER.test(h) && !NOT_COMPANY_NAME.test(h) ? 'company' : null;
}

/** The kind most values of a column look like, or null. Needs most non-empty values to agree. */
export function kindOfValues(values: readonly string[]): ColumnKind | null {
  const sample = values.map((v) => v.trim()).filter(Boolean).slice(0, 100);
  if (sample.length === 0) return null;
  const share = (test: (v: string) => boolean) => sample.filter(test).length / sample.length;
  if (share(looksLikeEmail) >= 0.6) return 'email';
  if (share((v) => profileOfText(v) !== null || /linkedin\.com\/in\//i.test(v)) >= 0.6) return 'profile_url';
  if (share((v) => normalisePhone(v) !== null || /^\+?[\d\s().-]{7,20}$/.test(v)) >= 0.6) return 'phone';
  if (share((v) => !v.includes('@') && !/\s/.test(v) && websiteDomain(v) !== null) >= 0.6) return 'domain';
  return null;
}

const IDENTIFIERS: ReadonlySet<ColumnKind> = new Set(['email', 'phone', 'profile_url', 'domain']);
/** Kinds a file may hold in several columns, all read (an Outlook file's three phones). */
const MULTI: ReadonlySet<ColumnKind> = new Set(['email', 'phone', 'profile_url']);

export interface ColumnGuess {
  index: number;
  header: string;
  kind: ColumnKind;
  /** Where the guess came from, for the mapping screen ("from the header", "from the values"). */
  source: 'header' | 'values' | 'none';
}

/**
 * One kind per column. A name, a company or a domain is given to the first column that claims it, later ones are "Not
 * used" until the user says otherwise; an identifier (email, phone, profile) may have several columns, each row read
 * by the first of them that holds one (lib/import/entries.ts).
 */
export function detectColumns(headers: readonly string[], sampleRows: ReadonlyArray<readonly string[]>): ColumnGuess[] {
  const taken = new Set<ColumnKind>();
  const guesses = headers.map((header, index): ColumnGuess => {
    const byHeader = kindOfHeader(header);
    const byValues = kindOfValues(sampleRows.map((r) => r[index] ?? ''));
    // The values outvote a header that names another identifier: LinkedIn's export calls its profile links "URL",
    // which alone reads as a website.
    if (byHeader && byValues && byValues !== byHeader && IDENTIFIERS.has(byHeader) && IDENTIFIERS.has(byValues)) {
      return { index, header, kind: byValues, source: 'values' };
    }
    if (byHeader) return { index, header, kind: byHeader, source: 'header' };
    return byValues ? { index, header, kind: byValues, source: 'values' } : { index, header, kind: 'ignore', source: 'none' };
  });
  // Header matches claim first, then value guesses, left to right.
  for (const source of ['header', 'values'] as const) {
    for (const g of guesses) {
      if (g.source !== source || g.kind === 'ignore' || MULTI.has(g.kind)) continue;
      if (taken.has(g.kind)) g.kind = 'ignore';
      else taken.add(g.kind);
    }
  }
  return guesses;
}

/** True when the first row is data, not a header (it holds an email, a profile URL or a phone). */
export function firstRowIsData(row: readonly string[]): boolean {
  return row.some((cell) => looksLikeEmail(cell.trim()) || /linkedin\.com\/in\//i.test(cell) || normalisePhone(cell) !== null);
}

/**
 * Lines before a file's table that are no part of it: LinkedIn's Connections.csv opens with "Notes:", a sentence and a
 * blank line before its header. Leading rows of at most one value, when a wider row follows, and never a row that is
 * data (at most 10).
 */
export function preambleRows(rows: ReadonlyArray<readonly string[]>): number {
  const filled = (row: readonly string[]) => row.filter((cell) => cell.trim() !== '').length;
  let lead = 0;
  while (lead < Math.min(10, rows.length) && filled(rows[lead] as readonly string[]) <= 1 && !firstRowIsData(rows[lead] as readonly string[])) lead++;
  return lead > 0 && lead < rows.length && filled(rows[lead] as readonly string[]) >= 2 ? lead : 0;
}
