/** A book record as a webhook contact: the plain export's fields plus the API's answer as bought. */
import { EnrichedContactSchema } from '../api/schemas';
import { crmRow } from '../export/crm';
import type { WebhookContact } from './schema';

export function toWebhookContact(record: { id: string; kind: 'person' | 'company'; value: unknown; lastBoughtAt: number }): WebhookContact {
  const data = record.value && typeof record.value === 'object' && !Array.isArray(record.value) ? (record.value as Record<string, unknown>) : {};
  const person = record.kind === 'person' ? EnrichedContactSchema.safeParse(record.value) : null;
  return {
    id: record.id,
    kind: record.kind,
    fields: person?.success ? crmRow(person.data, record.lastBoughtAt) : {},
    data,
    boughtAt: new Date(record.lastBoughtAt).toISOString(),
  };
}
