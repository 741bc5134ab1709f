import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n/t';
import { originPattern, sendToWebhook, toWebhookContact, WebhookDestinationSchema, WebhookPayloadSchema, webhookJsonSchema, type WebhookPayload } from '@/lib/webhook';
import { contact } from '../export/contact';

/** A real receiver on 127.0.0.1 answering each request with the next status of `script` (then 200). */
async function receiver(script: number[] = []) {
  const got: Array<{ payload: WebhookPayload; headers: IncomingMessage['headers']; status: number }> = [];
  const statuses = [...script];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const status = statuses.shift() ?? 200;
      got.push({ payload: JSON.parse(body) as WebhookPayload, headers: req.headers, status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got };
}
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const people = (n: number) =>
  Array.from({ length: n }, (_, i) => toWebhookContact({ id: `person:${i}`, kind: 'person', value: contact({ _id: String(i), current_work_email: `p${i}@acme.com` }), lastBoughtAt: Date.UTC(2026, 10, 1) }));
const noWait = () => Promise.resolve();

describe('webhook sends', () => {
  it.each([
    [1, [1]],
    [100, [100]],
    [101, [100, 1]],
    [250, [100, 100, 50]],
  ])('%i contacts go out in batches of %j, each valid against the documented schema', async (n, sizes) => {
    const hook = await receiver();
    const report = await sendToWebhook({ destination: { url: hook.url }, contacts: people(n), source: { kind: 'list', id: 'l1', name: 'Leads' }, sleep: noWait });
    expect(hook.got.map((g) => g.payload.contacts.length)).toEqual(sizes);
    for (const { payload } of hook.got) expect(WebhookPayloadSchema.safeParse(payload).success).toBe(true);
    expect(report).toMatchObject({ sent: n, failed: 0 });
  });

  it('a receiver answering 500 twice then 200 gets each contact exactly once', async () => {
    const hook = await receiver([500, 500]);
    const report = await sendToWebhook({ destination: { url: hook.url }, contacts: people(150), source: { kind: 'bulk', id: 'job' }, sleep: noWait });
    const delivered = hook.got.filter((g) => g.status === 200).flatMap((g) => g.payload.contacts.map((c) => c.id));
    expect(delivered).toHaveLength(150);
    expect(new Set(delivered).size).toBe(150);
    expect(hook.got.map((g) => [g.payload.batch.index, g.status])).toEqual([[0, 500], [0, 500], [0, 200], [1, 200]]);
    // The retried request is the same request: same idempotency key.
    expect(new Set(hook.got.filter((g) => g.payload.batch.index === 0).map((g) => g.headers['idempotency-key'])).size).toBe(1);
    expect(report.batches.map((b) => b.attempts)).toEqual([3, 1]);
  });

  it.each([
    [[400], 1, 'refused data is not sent again'],
    [[401], 1, 'a wrong secret is not retried'],
    [[500, 500, 500], 3, 'gives up after the last attempt'],
    [[429, 200], 2, 'a 429 is retried'],
  ])('%j → %i attempts (%s)', async (script, attempts) => {
    const hook = await receiver(script);
    const report = await sendToWebhook({ destination: { url: hook.url }, contacts: people(1), source: { kind: 'contact', id: 'person:0' }, sleep: noWait, maxAttempts: 3 });
    expect(hook.got).toHaveLength(attempts);
    expect(report.batches[0]?.attempts).toBe(attempts);
  });

  // Audit r9: fetch's redirect 'error' rejected like a network failure, so a receiver that moved was asked 5 times
  // and the user read "fetch failed". A redirect is final and says what to do.
  it.each([301, 302, 307, 308])('a receiver that redirects (%i) is asked once and the user is told to save the new address', async (status) => {
    let hits = 0;
    const server: Server = createServer((req, res) => {
      hits++;
      if (req.url === '/old') res.writeHead(status, { Location: '/new' }).end();
      else res.writeHead(200).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    const slept: number[] = [];
    const report = await sendToWebhook({
      destination: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/old` },
      contacts: people(1),
      source: { kind: 'contact', id: 'person:0' },
      sleep: (ms) => {
        slept.push(ms);
        return Promise.resolve();
      },
    });
    expect(hits).toBe(1);
    expect(slept).toEqual([]);
    expect(report).toMatchObject({ sent: 0, failed: 1 });
    expect(report.batches).toEqual([{ index: 0, contacts: 1, ok: false, attempts: 1, status, error: t('errors_webhook_redirected') }]);
  });

  it('a browser\'s opaque redirect (status 0, no Location) is final too, with the same words and no status', async () => {
    const calls: RequestInit[] = [];
    const opaque = { type: 'opaqueredirect', status: 0, ok: false, headers: new Headers() } as Response;
    const report = await sendToWebhook({
      destination: { url: 'https://hooks.example.com/old' },
      contacts: [],
      source: { kind: 'test' },
      fetch: (_url, init) => (calls.push(init ?? {}), Promise.resolve(opaque)),
      sleep: noWait,
    });
    expect(calls).toHaveLength(1);
    // Not followed: the permission covers this origin only.
    expect(calls[0]?.redirect).toBe('manual');
    expect(report.batches).toEqual([{ index: 0, contacts: 0, ok: false, attempts: 1, error: t('errors_webhook_redirected') }]);
  });

  it('the secret header is sent; the test request has no contacts', async () => {
    const hook = await receiver();
    await sendToWebhook({ destination: { url: hook.url, secretHeader: { name: 'X-Hook-Secret', value: 's3cret' } }, contacts: [], source: { kind: 'test' }, sleep: noWait });
    expect(hook.got).toHaveLength(1);
    expect(hook.got[0]?.headers['x-hook-secret']).toBe('s3cret');
    expect(hook.got[0]?.payload).toMatchObject({ test: true, contacts: [] });
  });

  it('a contact carries one-value fields and the API answer', () => {
    const [one] = people(1);
    expect(one?.fields).toMatchObject({ work_email: 'p0@acme.com', mobile_phone: '+14155550142', bought_at: '2026-11-01T00:00:00.000Z' });
    expect(one?.data).toMatchObject({ _id: '0' });
  });

  it('the JSON Schema for docs is generated from the zod schema', () => {
    expect(JSON.stringify(webhookJsonSchema())).toContain('"contacts"');
  });
});

describe('destination', () => {
  it.each([
    ['https://hooks.zapier.com/hooks/catch/1/abc', true],
    ['https://hook.eu1.make.com/xyz', true],
    ['http://127.0.0.1:5678/webhook', true],
    ['http://localhost:5678/webhook', true],
    ['http://hooks.example.com/x', false],
    ['javascript:alert(1)', false],
    ['https://user:pass@hooks.example.com/', false],
    ['ftp://files.example.com', false],
    ['not a url', false],
  ])('%s → %s', (url, ok) => {
    expect(WebhookDestinationSchema.safeParse({ url }).success).toBe(ok);
  });

  it.each([
    ['X-Webhook-Secret', true],
    ['Authorization', true],
    ['Cookie', false],
    ['Bad Header', false],
  ])('secret header %s → %s', (name, ok) => {
    expect(WebhookDestinationSchema.safeParse({ url: 'https://a.example/', secretHeader: { name, value: 'v' } }).success).toBe(ok);
  });

  it('asks for the host permission of exactly that host', () => {
    expect(originPattern('https://hooks.zapier.com/hooks/catch/1')).toBe('https://hooks.zapier.com/*');
  });
});
