/**
 * Sends contacts to a webhook: batches of ≤ 100 in order, each retried with backoff on a network error, 408,
 * 429 or 5xx (Retry-After first), and never sent again once the receiver answered 2xx. Every batch carries an
 * `Idempotency-Key` (send id + batch index) so a receiver can drop a repeat of a request whose answer was lost.
 * A 4xx other than 408/429 is final: the receiver refused the data, sending it again would not help. So is a
 * redirect, reported as not confirmed: the address moved (only the user can save the new one), or the receiver
 * answers every delivery that way after taking it (Google Apps Script), so it must not be sent again unasked.
 * Each attempt waits at most WEBHOOK_ATTEMPT_TIMEOUT_MS for the answer: a receiver that never answers ends as
 * "timed out" instead of leaving "Send" pending forever. With a signing secret, every attempt is signed per Standard
 * Webhooks (sign.ts): `webhook-id` is the batch's idempotency key, the same on every retry.
 */
import { type WebhookDestination } from './destination';
import { WEBHOOK_BATCH_SIZE, WEBHOOK_SCHEMA_ID, type WebhookContact, type WebhookPayload } from './schema';
import { signatureHeaders } from './sign';
import { t } from '../i18n/t';

/** How long one attempt waits for the receiver's answer (docs/webhook.md): Zapier, Make and n8n answer in ~1 s. */
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 15_000;

export interface SendOptions {
  destination: WebhookDestination;
  contacts: readonly WebhookContact[];
  source: WebhookPayload['source'];
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  newId?: () => string;
  maxAttempts?: number;
  baseDelayMs?: number;
  attemptTimeoutMs?: number;
  onProgress?: (progress: { sent: number; total: number }) => void;
  signal?: AbortSignal;
}

export interface BatchOutcome {
  index: number;
  contacts: number;
  ok: boolean;
  attempts: number;
  status?: number;
  error?: string;
}

export interface SendReport {
  sendId: string;
  sent: number;
  failed: number;
  batches: BatchOutcome[];
}

const RETRYABLE = (status: number) => status === 408 || status === 425 || status === 429 || status >= 500;
const MAX_DELAY_MS = 30_000;

function retryAfterMs(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** A redirect fetch did not follow: browsers give an opaque response (status 0), Node the 30x itself. */
function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

export function batches<T>(items: readonly T[], size = WEBHOOK_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function sendToWebhook(options: SendOptions): Promise<SendReport> {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const sendId = (options.newId ?? (() => crypto.randomUUID()))();
  const maxAttempts = options.maxAttempts ?? 5;
  const base = options.baseDelayMs ?? 500;
  const timeoutMs = options.attemptTimeoutMs ?? WEBHOOK_ATTEMPT_TIMEOUT_MS;
  const isTest = options.source.kind === 'test';
  const groups = isTest ? [[]] : batches(options.contacts);
  const report: SendReport = { sendId, sent: 0, failed: 0, batches: [] };

  for (const [index, group] of groups.entries()) {
    const payload: WebhookPayload = {
      schema: WEBHOOK_SCHEMA_ID,
      test: isTest,
      sendId,
      batch: { index, count: groups.length },
      sentAt: new Date(now()).toISOString(),
      source: options.source,
      contacts: group,
    };
    const deliveryId = `${sendId}-${index}`;
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Idempotency-Key': deliveryId };
    if (options.destination.secretHeader) headers[options.destination.secretHeader.name] = options.destination.secretHeader.value;
    const outcome: BatchOutcome = { index, contacts: group.length, ok: false, attempts: 0 };
    while (outcome.attempts < maxAttempts && !options.signal?.aborted) {
      outcome.attempts++;
      let delay = Math.min(MAX_DELAY_MS, base * 2 ** (outcome.attempts - 1)) * (0.8 + Math.random() * 0.4);
      const attempt = attemptSignal(options.signal, timeoutMs);
      try {
        // Signed per attempt: the timestamp is when this attempt left, so a receiver's freshness check holds on retries.
        const signed = options.destination.signingSecret ? await signatureHeaders(options.destination.signingSecret, deliveryId, now() / 1000, body) : {};
        const response = await fetchFn(options.destination.url, {
          method: 'POST',
          headers: { ...headers, ...signed },
          body,
          // Never follow a redirect: the permission covers this origin only, and the contacts and the secret header
          // would go wherever the receiver points. 'manual', not 'error': 'error' rejects like a network failure, so a
          // receiver that moved was retried 5 times and reported as "fetch failed" (audit r9).
          redirect: 'manual',
          credentials: 'omit',
          signal: attempt.signal,
        });
        if (isRedirect(response)) {
          // Final: the same address redirects again on every retry. The browser hides where to (an opaque redirect
          // has status 0 and no Location), so the words ask the user to save the new address; a 30x status that
          // Node shows is kept, status 0 is no answer to report (nor is an earlier attempt's 5xx).
          if (response.status) outcome.status = response.status;
          else delete outcome.status;
          outcome.error = t('errors_webhook_redirected');
          break;
        }
        outcome.status = response.status;
        if (response.ok) {
          outcome.ok = true;
          delete outcome.error;
          break;
        }
        outcome.error = t('errors_webhook_receiver_status', response.status);
        if (!RETRYABLE(response.status)) break;
        delay = Math.min(MAX_DELAY_MS, retryAfterMs(response) ?? delay);
      } catch (error) {
        if (options.signal?.aborted) break;
        outcome.error = attempt.timedOut() ? t('errors_webhook_timed_out', String(timeoutMs / 1000)) : error instanceof Error ? error.message : String(error);
      } finally {
        attempt.done();
      }
      if (outcome.attempts < maxAttempts) await sleep(delay);
    }
    report.batches.push(outcome);
    if (outcome.ok) report.sent += group.length;
    else report.failed += group.length;
    options.onProgress?.({ sent: report.sent, total: options.contacts.length });
  }
  return report;
}

/** One attempt's signal: the caller's cancel or the attempt's own timeout, whichever comes first. */
function attemptSignal(outer: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('timeout', 'TimeoutError'));
  }, timeoutMs);
  const cancel = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', cancel, { once: true });
  if (outer?.aborted) cancel();
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', cancel);
    },
  };
}
