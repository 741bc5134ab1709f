/** Webhook push: a destination the user sets, a documented JSON payload, batched and retried sends. */
export { toWebhookContact } from './contact';
export { originPattern, WebhookDestinationSchema, WebhookUrlSchema, type WebhookDestination } from './destination';
export { WEBHOOK_BATCH_SIZE, WEBHOOK_SCHEMA_ID, WebhookContactSchema, webhookJsonSchema, WebhookPayloadSchema, type WebhookContact, type WebhookPayload } from './schema';
export { batches, sendToWebhook, WEBHOOK_ATTEMPT_TIMEOUT_MS, type BatchOutcome, type SendReport } from './send';
export { generateSigningSecret, signatureHeaders, SigningSecretSchema, type SignatureHeaders } from './sign';
