/**
 * What a webhook receives: JSON, one object per contact, at most 100 per request. The schema is the
 * documentation: docs/webhook.md is generated from it with `z.toJSONSchema` (scripts: see that page).
 */
import { z } from 'zod';
import { CRM_COLUMNS } from '../export/crm';

export const WEBHOOK_SCHEMA_ID = 'in-page-enrich.contacts.v1';
export const WEBHOOK_BATCH_SIZE = 100;

const crmFields = Object.fromEntries(CRM_COLUMNS.map((c) => [c, z.string()])) as Record<(typeof CRM_COLUMNS)[number], z.ZodString>;

export const WebhookContactSchema = z
  .strictObject({
    /** The contact book's id for this record: stable across sends, so a receiver can upsert on it. */
    id: z.string(),
    kind: z.enum(['person', 'company']),
    /** The same one-value-per-column fields as the plain CSV export ('' when unknown). */
    fields: z.strictObject(crmFields).partial(),
    /** The enrichment API's answer as it was bought (spec: EnrichedContact or Company). */
    data: z.record(z.string(), z.unknown()),
    boughtAt: z.iso.datetime(),
  })
  .meta({ id: 'WebhookContact', description: 'One contact (or company) from the contact book.' });
export type WebhookContact = z.infer<typeof WebhookContactSchema>;

export const WebhookPayloadSchema = z
  .strictObject({
    schema: z.literal(WEBHOOK_SCHEMA_ID),
    /** Set on the free "Send a test" request: no contacts, nothing to store. */
    test: z.boolean(),
    /** One id per user action ("Send" on a list): every batch of that send carries it. */
    sendId: z.string(),
    batch: z.strictObject({ index: z.int().nonnegative(), count: z.int().positive() }),
    sentAt: z.iso.datetime(),
    /** Where the contacts came from: a contact, a saved list or a bulk job. */
    source: z.strictObject({ kind: z.enum(['contact', 'list', 'bulk', 'test']), id: z.string().optional(), name: z.string().optional() }),
    contacts: z.array(WebhookContactSchema).max(WEBHOOK_BATCH_SIZE),
  })
  .meta({ id: 'WebhookPayload', description: 'The body of every POST the extension makes to your webhook.' });
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

export function webhookJsonSchema(): unknown {
  return z.toJSONSchema(WebhookPayloadSchema, { target: 'draft-2020-12' });
}
