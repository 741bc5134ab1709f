/**
 * `required` semantics (spec): a match counts only if every required field is present in the returned contact.
 * Names are the `required` values of GET /v1/enrich; bulk `required_fields` use the same names. One rule for the
 * sandbox (which answers by it) and the extension (whose contact book fills a lookup with required fields only from
 * a saved answer that has them, lib/contacts/saved.ts).
 */
import { ENRICH_REQUIRED_VALUES } from './limits';

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
