/**
 * `required` semantics (spec): a match counts only if every required field is present in the returned contact.
 * Names are the `required` values of GET /v1/enrich; bulk `required_fields` use the same names. One rule for the
 * sandbox (which answers by it) and the extension (whose contact book fills a lookup with required fields only from
 * a saved answer that has them, lib/contacts/saved.ts).
 */
import { BULK_REQUIRED_FIELD_TYPES, ENRICH_REQUIRED_VALUES } from './limits';

/** The spec's `required` values (one list, lib/api/limits.ts). */
export type RequiredField = (typeof ENRICH_REQUIRED_VALUES)[number];

interface ContactEmails {
  current_work_email?: unknown;
  current_work_email_status?: unknown;
  other_current_work_emails?: unknown;
  personal_emails?: unknown;
  phone_numbers?: unknown;
  social_profiles?: unknown;
}

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function workEmails(c: ContactEmails): Array<{ email: string; status: string }> {
  const out: Array<{ email: string; status: string }> = [];
  if (typeof c.current_work_email === 'string' && c.current_work_email !== '') {
    out.push({ email: c.current_work_email, status: String(c.current_work_email_status ?? '') });
  }
  for (const w of arr(c.other_current_work_emails)) {
    const entry = w as { work_email?: unknown; status?: unknown };
    if (typeof entry.work_email === 'string' && entry.work_email !== '') out.push({ email: entry.work_email, status: String(entry.status ?? '') });
  }
  return out;
}

const hasEmail = (c: ContactEmails) => workEmails(c).length > 0 || arr(c.personal_emails).length > 0;
const hasPhone = (c: ContactEmails) => arr(c.phone_numbers).length > 0;

const CHECKS: Record<RequiredField, (c: ContactEmails) => boolean> = {
  email: hasEmail,
  /** "verified work email" */
  work_email: (c) => workEmails(c).some((w) => w.status === 'verified'),
  /** "valid or probable work email" */
  any_work_email: (c) => workEmails(c).some((w) => w.status === 'verified' || w.status === 'probable'),
  personal_email: (c) => arr(c.personal_emails).length > 0,
  phone: hasPhone,
  email_or_phone: (c) => hasEmail(c) || hasPhone(c),
  social_profile: (c) => arr(c.social_profiles).length > 0,
};

export function meetsRequired(contact: ContactEmails, required: readonly RequiredField[]): boolean {
  return required.every((field) => CHECKS[field](contact));
}

/** `required_fields` of bulk enrichment: a narrower list than single lookups take (lib/api/limits.ts). */
export type BulkRequiredField = (typeof BULK_REQUIRED_FIELD_TYPES)[number];

const BULK_TAKES: ReadonlySet<string> = new Set(BULK_REQUIRED_FIELD_TYPES);

/** Fields whose presence guarantees another's: a verified work email is a valid-or-probable one, any email is "email or phone". */
const IMPLIED_BY: Partial<Record<RequiredField, readonly BulkRequiredField[]>> = {
  any_work_email: ['work_email'],
  email_or_phone: ['email', 'work_email', 'personal_email', 'phone'],
};

/**
 * The user's required fields as a bulk job can send them. Bulk has no "valid or probable work email" and no "email or
 * phone": when another sent field already implies one, nothing is lost; otherwise it is `dropped`, the job's matches
 * without it are still charged, and every screen that starts a job says so (one decision for the selection bar and
 * the file import).
 */
export function bulkRequired(required: readonly RequiredField[]): { fields: BulkRequiredField[]; dropped: RequiredField[] } {
  const fields = required.filter((field): field is BulkRequiredField => BULK_TAKES.has(field));
  const dropped = required.filter((field) => !BULK_TAKES.has(field) && !(IMPLIED_BY[field] ?? []).some((f) => fields.includes(f)));
  return { fields, dropped };
}
