/**
 * Where the webhook goes: an https URL the user typed (http only to this machine, for tests and local tools) and
 * an optional static secret header and an optional Standard Webhooks signing secret (sign.ts). A destination saved
 * before signing existed has no `signingSecret` and still parses: it keeps sending its header until the user
 * generates a secret. Nothing is ever sent anywhere else; the host permission for exactly this origin is
 * asked when the destination is saved.
 */
import { z } from 'zod';
import { isLoopbackHost, originPattern as permissionPattern } from '../permissions/api-origin';
import { SigningSecretSchema } from './sign';
import { t } from '../i18n/t';

/** Header names a page may not set (fetch forbids them) or that would confuse the request. */
const FORBIDDEN_HEADERS = /^(host|content-length|content-type|cookie|origin|referer|connection|transfer-encoding|proxy-.*|sec-.*)$/i;

export const WebhookUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((text) => {
    try {
      const url = new URL(text);
      if (url.username || url.password) return false;
      return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
    } catch {
      return false;
    }
  }, { error: () => t('options_webhook_error_url') });

export const WebhookDestinationSchema = z.strictObject({
  url: WebhookUrlSchema,
  secretHeader: z
    .strictObject({
      name: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9-]+$/, { error: () => t('options_webhook_error_header_name') }).refine((n) => !FORBIDDEN_HEADERS.test(n), { error: () => t('options_webhook_error_header_forbidden') }),
      value: z.string().min(1).max(1000).regex(/^[\x20-\x7e]+$/, { error: () => t('options_webhook_error_header_value') }),
    })
    .optional(),
  /** `whsec_…`, generated in the background ('webhook/secret') and shown once; never sent back to a page. */
  signingSecret: SigningSecretSchema.optional(),
});
export type WebhookDestination = z.infer<typeof WebhookDestinationSchema>;

/** The match pattern for the host permission: `https://hooks.zapier.com/*` (one rule for the API and the webhook). */
export function originPattern(url: string): string {
  const pattern = permissionPattern(url);
  if (!pattern) throw new Error('Not a web address.');
  return pattern;
}
