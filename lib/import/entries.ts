/**
 * A user's row → the bulk entry it is enriched by. The bulk endpoint takes an email, a profile URL or a phone
 * (spec: POST /v1/bulk-enrich), strongest first; a row with only a name and a company is kept in the export but
 * not sent (it says why). Rows that normalise to the same entry are one entry: the first is sent, the others are
 * duplicates that share its answer.
 */
import { bulkEntryKey } from '../cache/keys';
import type { BulkEntry } from '../model/lookup';
import { entryLabel } from '../model/lookup';
import { normaliseEmail, normalisePhone, profileOfText } from '../identity';
import { isRoleMailbox } from '../detect/people/names';
import type { ColumnKind } from './columns';
import { t } from '../i18n/t';

export type Mapping = readonly ColumnKind[];

export type RowPlan = { entry: BulkEntry; key: string } | { entry: null; reason: string };

function cell(row: readonly string[], mapping: Mapping, kind: ColumnKind): string {
  const i = mapping.indexOf(kind);
  return i === -1 ? '' : (row[i] ?? '').trim();
}

/**
 * Every filled cell of an identifier kind, in column order: a file may have several (Outlook's Business, Home and
 * Mobile phones; a scraper's profile link of a tool beside the person's own), and a row is read by the first that
 * reads.
 */
function cellsOf(row: readonly string[], mapping: Mapping, kind: ColumnKind): string[] {
  const out: string[] = [];
  mapping.forEach((k, i) => {
    const value = k === kind ? (row[i] ?? '').trim() : '';
    if (value) out.push(value);
  });
  return out;
}

/** "linkedin.com/in/ada" and "www.linkedin.com/in/ada/" are profile URLs too (identity's reading of typed text). */
function profileUrl(text: string): string | null {
  const match = text ? profileOfText(text) : null;
  return match?.kind === 'person' ? match.url : null;
}

/** Who the row is, as the file names them: its full name, else its first and last names. */
function rowLabel(row: readonly string[], mapping: Mapping): string | undefined {
  return entryLabel(cell(row, mapping, 'full_name') || `${cell(row, mapping, 'first_name')} ${cell(row, mapping, 'last_name')}`);
}

/**
 * The values one cell holds, as exports write them: `Jane Doe <jane@acme.com>`, `mailto:jane@acme.com`, several
 * separated by `;`, `,` or Google's ` ::: `, a leading `'` (a spreadsheet's "keep as text"), a phone's extension
 * (`x204`, `ext. 204`). Each candidate is tried in order; the first that reads is the row's.
 */
export function cellValues(text: string): string[] {
  const out: string[] = [];
  // Split on the separators alone and trimmed after: `\s*` around them in the pattern was tried again from every
  // space of a long run of spaces (a 32,767-character cell of spaces: 0.75 s). Each part is looked at once.
  for (const part of text.split(/:::|;|,/)) {
    let value = part.trim().replace(/^'+/, '');
    if (!value) continue;
    const angle = value.lastIndexOf('<');
    if (angle !== -1 && value.endsWith('>')) value = value.slice(angle + 1, -1).trim();
    value = withoutExtension(value.replace(/^mailto:/i, '')).trim();
    if (value) out.push(value);
    if (out.length === MAX_CELL_VALUES) break;
  }
  return out;
}

/** Values one cell gives at most (a real cell holds two or three addresses). */
const MAX_CELL_VALUES = 8;
/** `x204`, `ext. 204`, `Durchwahl 204` at the end: matched on the value's tail only, so spaces before it cost nothing. */
const EXTENSION = /(?:x|ext\.?|extension|durchwahl)\s{0,8}\d{1,6}$/i;

function withoutExtension(value: string): string {
  const text = value.trimEnd();
  const tail = text.slice(-24);
  const match = EXTENSION.exec(tail);
  return match ? text.slice(0, text.length - tail.length + match.index) : text;
}

/** Every value of the cells that `read` accepts, in order, without repeats (bounded: a file is hostile). */
function allOfCells(cells: readonly string[], read: (value: string) => string | null): string[] {
  const out = new Set<string>();
  for (const text of cells) {
    const whole = read(text);
    for (const value of whole !== null ? [whole] : cellValues(text).map(read)) if (value !== null) out.add(value);
    if (out.size >= ALIASES_PER_KIND) break;
  }
  return [...out].slice(0, ALIASES_PER_KIND);
}

/** Other identifiers a row may carry per kind (the alias schema allows more; a real row has two or three). */
const ALIASES_PER_KIND = 8;

export function planRow(row: readonly string[], mapping: Mapping, options: { defaultCountry?: Parameters<typeof normalisePhone>[1]; requiredFields?: readonly string[] } = {}): RowPlan {
  const label = rowLabel(row, mapping);
  // The file's company and job title go with the entry (bounded and collapsed as a label is).
  const company = entryLabel(cell(row, mapping, 'company'));
  const title = entryLabel(cell(row, mapping, 'job_title'));
  const emailCells = cellsOf(row, mapping, 'email');
  const profileCells = cellsOf(row, mapping, 'profile_url');
  const phoneCells = cellsOf(row, mapping, 'phone');
  const emails = allOfCells(emailCells, normaliseEmail);
  const profiles = allOfCells(profileCells, profileUrl);
  const phones = allOfCells(phoneCells, (value) => normalisePhone(value, options.defaultCountry));
  // The row's first identifier is sent (email, then profile, then phone: docs/people.md); its other personal ones are
  // the same person's, so the cache and the contact book answer the row by any of them (a person bought before by
  // their profile is not bought again by their email) and the answer is filed under them too. Only personal ones:
  // a phone column is often the company's switchboard ("Company Main Phone") and a role address (info@, sales@) is
  // everyone's, and filed under those, one person's answer filled every colleague's row free (review).
  const make = (entry: BulkEntry): RowPlan => {
    const others = {
      emails: emails.filter((e) => !(entry.field_type === 'email' && e === entry.value) && !isRoleMailbox(e)),
      profiles: profiles.filter((p) => !(entry.field_type === 'social_profile' && p === entry.value)),
    };
    const alsoKnownAs = {
      ...(others.emails.length ? { emails: others.emails } : {}),
      ...(others.profiles.length ? { profiles: others.profiles } : {}),
    };
    const full = { ...entry, ...(Object.keys(alsoKnownAs).length ? { alsoKnownAs } : {}), ...(label ? { label } : {}), ...(company ? { company } : {}), ...(title ? { title } : {}) };
    return { entry: full, key: bulkEntryKey(full, options.requiredFields ?? []) };
  };
  if (emails[0]) return make({ field_type: 'email', value: emails[0] });
  if (profiles[0]) return make({ field_type: 'social_profile', value: profiles[0] });
  if (phones[0]) return make({ field_type: 'phone', value: phones[0] });
  const [emailCount, profileCount, phoneCount] = [emailCells.length, profileCells.length, phoneCells.length];
  if (emailCount + phoneCount + profileCount > 0) return { entry: null, reason: t('import_row_identifier_unreadable') };
  return { entry: null, reason: t('import_row_no_identifier') };
}

export interface PlanSummary {
  rows: number;
  /** Distinct entries to look up (cached ones included). */
  unique: number;
  duplicates: number;
  skipped: number;
}

/**
 * Plans rows in order, keeping state between calls so a file can be planned chunk by chunk: `bulkIndex` is the
 * position of the row's entry in the bulk job (the job keeps first occurrences in order, lib/engine/bulk-job.ts).
 * `entries` holds the new entries not yet taken: `take()` hands them on (to a staged upload) and forgets them, so
 * only the key → index map grows with the file.
 */
export function createRowPlanner(options: Parameters<typeof planRow>[2] = {}) {
  const indexOfKey = new Map<string, number>();
  const entries: BulkEntry[] = [];
  const summary: PlanSummary = { rows: 0, unique: 0, duplicates: 0, skipped: 0 };
  return {
    entries,
    summary,
    /** The entries added since the last take, in bulk-index order. */
    take(): BulkEntry[] {
      return entries.splice(0, entries.length);
    },
    /** The bulk index of this row's entry, or the reason it is not sent. */
    add(row: readonly string[], mapping: Mapping): { bulkIndex: number } | { skipped: string } {
      summary.rows++;
      const plan = planRow(row, mapping, options);
      if (!plan.entry) {
        summary.skipped++;
        return { skipped: plan.reason };
      }
      const known = indexOfKey.get(plan.key);
      if (known !== undefined) {
        summary.duplicates++;
        return { bulkIndex: known };
      }
      const index = summary.unique;
      indexOfKey.set(plan.key, index);
      entries.push(plan.entry);
      summary.unique++;
      return { bulkIndex: index };
    },
  };
}
