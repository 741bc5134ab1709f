/**
 * The syntax check the popup runs before any call, so "bob@" never costs a credit. The address is read by the one
 * parser the lookup box and the right-click use (lib/selection/query.ts), so what people paste reads as the address
 * it holds: `mailto:jane@acme.com`, `Jane Doe <jane@acme.com>`, `jane@acme.com;` (the API's own check accepted
 * those as written and the service, asked about "mailto:jane@acme.com", answered "undeliverable" for a credit).
 * What is not an address is explained in words.
 */
import { parseQuery } from '@/lib/selection/query';
import { t } from '@/lib/i18n/t';

export type EmailSyntax = { ok: true; email: string } | { ok: false; message: string } | { ok: 'empty' };

export function checkEmailSyntax(input: string): EmailSyntax {
  const text = input.trim();
  if (text === '') return { ok: 'empty' };
  // A space is allowed only before an address in <…>: "bob smith@acme.com" must not verify smith@acme.com unasked.
  const spaced = /\s/.test(text) && !/^[^<>]*<[^<>\s]+>$/.test(text);
  const emails = parseQuery(text).flatMap((m) => (m.kind === 'email' ? [m.email] : []));
  if (emails.length > 1) return { ok: false, message: t('popup_syntax_several') };
  if (emails.length === 1 && !spaced) return { ok: true, email: emails[0] as string };
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
