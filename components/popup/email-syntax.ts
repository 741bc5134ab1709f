/**
 * The syntax check the popup runs before any call, so "bob@" never costs a credit. It accepts exactly what the
 * API client accepts (EmailVerificationParamsSchema), and explains what is missing in words.
 */
import { EmailVerificationParamsSchema } from '@/lib/api/requests';
import { t } from '@/lib/i18n/t';

export type EmailSyntax = { ok: true; email: string } | { ok: false; message: string } | { ok: 'empty' };

const emailSchema = EmailVerificationParamsSchema.shape.email;

export function checkEmailSyntax(input: string): EmailSyntax {
  const text = input.trim();
  if (text === '') return { ok: 'empty' };
  const parsed = emailSchema.safeParse(text);
  if (parsed.success) return { ok: true, email: parsed.data };
  const at = text.indexOf('@');
  if (at === -1) return { ok: false, message: t('popup_syntax_no_at') };
  if (at === 0) return { ok: false, message: t('popup_syntax_no_name') };
  if (text.indexOf('@', at + 1) !== -1) return { ok: false, message: t('popup_syntax_two_at') };
  const domain = text.slice(at + 1);
  if (domain === '') return { ok: false, message: t('popup_syntax_no_domain') };
  if (!domain.includes('.')) return { ok: false, message: t('popup_syntax_no_tld', domain) };
  if (/\s/.test(text)) return { ok: false, message: t('popup_syntax_spaces') };
  return { ok: false, message: t('popup_syntax_other') };
}
