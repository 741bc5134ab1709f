import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n/t';
import { generateSigningSecret, sendToWebhook, SigningSecretSchema, WebhookDestinationSchema } from '@/lib/webhook';

/**
 * Real deliveries to a receiver on 127.0.0.1, checked with the `standardwebhooks` package (the scheme's reference
 * library, not our code): what a receiver following docs/webhook.md would accept.
 */
interface Received {
  body: string;
  headers: IncomingMessage['headers'];
}
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((r) => s.close(r));
    }),
  );
});

/** Answers each request with the next status of `script` (then 200); 'silent' never answers. */
async function receiver(script: Array<number | 'silent'> = []) {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ body, headers: req.headers });
      const next = script.shift() ?? 200;
      if (next !== 'silent') res.writeHead(next).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got };
}

const signed = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});
const noWait = () => Promise.resolve();

describe('signed deliveries (Standard Webhooks)', () => {
  it('a generated secret is whsec_ + base64 of 32 bytes, accepted by the destination and by the reference library', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(SigningSecretSchema.safeParse(secret).success).toBe(true);
    expect(WebhookDestinationSchema.safeParse({ url: 'https://hooks.example.com/x', signingSecret: secret }).success).toBe(true);
    expect(() => new Webhook(secret)).not.toThrow();
    expect(generateSigningSecret()).not.toBe(secret);
  });

  it('every delivery verifies with the reference library, and the payload it returns is the one sent', async () => {
    const secret = generateSigningSecret();
    const hook = await receiver();
    await sendToWebhook({ destination: { url: hook.url, signingSecret: secret }, contacts: [], source: { kind: 'test' }, sleep: noWait });
    expect(hook.got).toHaveLength(1);
    const [got] = hook.got;
    expect(got?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(got?.body ?? '', signed(got!))).toMatchObject({ test: true, contacts: [] });
  });

  it('a retry of the same delivery carries the same webhook-id (the idempotency key) and its own valid signature', async () => {
    const secret = generateSigningSecret();
    const hook = await receiver([503, 500]);
    const report = await sendToWebhook({ destination: { url: hook.url, signingSecret: secret }, contacts: [], source: { kind: 'test' }, sleep: noWait });
    expect(report.batches[0]).toMatchObject({ ok: true, attempts: 3 });
    const ids = hook.got.map((g) => g.headers['webhook-id']);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBe(hook.got[0]?.headers['idempotency-key']);
    for (const got of hook.got) expect(() => new Webhook(secret).verify(got.body, signed(got))).not.toThrow();
  });

  it('a tampered body, another secret or an old timestamp fails verification', async () => {
    const secret = generateSigningSecret();
    const hook = await receiver();
    await sendToWebhook({ destination: { url: hook.url, signingSecret: secret }, contacts: [], source: { kind: 'test' }, sleep: noWait });
    const got = hook.got[0]!;
    const verifier = new Webhook(secret);
    expect(() => verifier.verify(got.body.replace('"test":true', '"test":false'), signed(got))).toThrow(/signature/i);
    expect(() => new Webhook(generateSigningSecret()).verify(got.body, signed(got))).toThrow(/signature/i);

    // Signed ten minutes ago (the reference library accepts five minutes of skew): a replay is refused.
    const old = await receiver();
    const tenMinutesAgo = Date.now() - 10 * 60_000;
    await sendToWebhook({ destination: { url: old.url, signingSecret: secret }, contacts: [], source: { kind: 'test' }, sleep: noWait, now: () => tenMinutesAgo });
    expect(() => verifier.verify(old.got[0]!.body, signed(old.got[0]!))).toThrow(/timestamp/i);
  });

  it('without a signing secret no signature headers are sent; a destination saved before signing still parses and sends its header', async () => {
    const stored = { url: 'http://127.0.0.1:1/hook', secretHeader: { name: 'X-Hook-Secret', value: 's3cret' } };
    const parsed = WebhookDestinationSchema.parse(stored);
    const hook = await receiver();
    await sendToWebhook({ destination: { ...parsed, url: hook.url }, contacts: [], source: { kind: 'test' }, sleep: noWait });
    expect(hook.got[0]?.headers['x-hook-secret']).toBe('s3cret');
    expect(hook.got[0]?.headers['webhook-signature']).toBeUndefined();
  });

  it('a secret that is not whsec_ base64 is refused when stored', () => {
    expect(WebhookDestinationSchema.safeParse({ url: 'https://hooks.example.com/x', signingSecret: 'hunter2' }).success).toBe(false);
  });
});

describe('attempt timeout', () => {
  it('a receiver that never answers ends as timed out after each attempt\'s timeout, retried like a network error', async () => {
    const hook = await receiver(['silent', 'silent']);
    const report = await sendToWebhook({ destination: { url: hook.url }, contacts: [], source: { kind: 'test' }, sleep: noWait, maxAttempts: 2, attemptTimeoutMs: 300 });
    expect(hook.got).toHaveLength(2);
    expect(report).toMatchObject({ sent: 0, failed: 0 });
    expect(report.batches).toEqual([{ index: 0, contacts: 0, ok: false, attempts: 2, error: t('errors_webhook_timed_out', '0.3') }]);
  });

  it('a silent first attempt then an answer is delivered on the retry', async () => {
    const hook = await receiver(['silent', 200]);
    const report = await sendToWebhook({ destination: { url: hook.url }, contacts: [], source: { kind: 'test' }, sleep: noWait, attemptTimeoutMs: 2000 });
    expect(report.batches[0]).toMatchObject({ ok: true, attempts: 2, status: 200 });
    expect(hook.got[0]?.headers['idempotency-key']).toBe(hook.got[1]?.headers['idempotency-key']);
  });

  it('the user\'s cancel still stops a pending attempt (not reported as a timeout)', async () => {
    const hook = await receiver(['silent']);
    const controller = new AbortController();
    const sending = sendToWebhook({ destination: { url: hook.url }, contacts: [], source: { kind: 'test' }, sleep: noWait, attemptTimeoutMs: 60_000, signal: controller.signal });
    while (hook.got.length === 0) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const report = await sending;
    expect(report.batches[0]).toMatchObject({ ok: false, attempts: 1 });
    expect(report.batches[0]?.error).toBeUndefined();
  });
});
