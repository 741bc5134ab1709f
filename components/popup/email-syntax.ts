/**
 * The syntax check the popup runs before any call, so "bob@" never costs a credit. It accepts exactly what the
 * API client accepts (EmailVerificationParamsSchema), and explains what is missing in words.
 */
import { EmailVerificationParamsSchema } from '@/lib/api/requests';

export type EmailSyntax = { ok: true; email: string } | { ok: false; message: string } | { ok: 'empty' };

const emailSchema = EmailVerificationParamsSchema.shape.email;

export function checkEmailSyntax(input: string): EmailSyntax {
  const text = input.trim();
  if (text === '') return { ok: 'empty' };
  const parsed = emailSchema.safeParse(text);
  if (parsed.success) return { ok: true, email: parsed.data };
  const at = text.indexOf('@');
  if (at === -1) return { ok: false, message: 'An email address needs an “@” and a domain, like name@company.com.' };
  if (at === 0) return { ok: false, message: 'Add the name before the “@”.' };
  if (text.indexOf('@', at + 1) !== -1) return { ok: false, message: 'An email address has only one “@”.' };
  const domain = text.slice(at + 1);
  if (domain === '') return { ok: false, message: 'Add the domain after the “@”, like company.com.' };
  if (!domain.includes('.')) return { ok: false, message: `“${domain}” is missing its ending, like .com.` };
  if (/\s/.test(text)) return { ok: false, message: 'Remove the spaces inside the address.' };
  return { ok: false, message: 'This does not look like an email address. Check for typos.' };
}
