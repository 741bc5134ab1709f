// The signing secret as the panel uses it: the background's real handlers ('webhook/secret', 'webhook/get',
// 'webhook/set', 'webhook/test') on the contact book's memory store (IndexedDB does not exist in Node), and a real
// receiver on 127.0.0.1 checking the test request with the standardwebhooks package.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { SenderInfo } from '@/lib/messaging/router';
import { installFakePermissions } from '../permissions/fake-permissions';

vi.mock('@/lib/contacts/idb-store', async () => {
  const { createMemoryContactBookStore } = await import('@/lib/contacts/store');
  return { createIdbContactBookStore: () => createMemoryContactBookStore() };
});

const { createContactHandlers } = await import('@/entrypoints/background/contacts');
const handlers = createContactHandlers(() => Promise.reject(new Error('no services in this test')));
const panel = {} as SenderInfo;

const got: Array<{ body: string; headers: IncomingMessage['headers'] }> = [];
let server: Server;
let url = '';
beforeAll(async () => {
  installFakePermissions({ required: ['http://127.0.0.1/*'], optional: [] });
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ body, headers: req.headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  fakeBrowser.reset();
  await new Promise((r) => server.close(r));
});

const signedHeaders = (g: (typeof got)[number]) => ({
  'webhook-id': String(g.headers['webhook-id']),
  'webhook-timestamp': String(g.headers['webhook-timestamp']),
  'webhook-signature': String(g.headers['webhook-signature']),
});

describe('the signing secret in the background', () => {
  it('needs a saved webhook first, and says so', async () => {
    await expect(handlers['webhook/secret']({}, panel)).rejects.toMatchObject({ data: { kind: 'invalid_message' } });
  });

  it('is generated once, never read back, kept when the address is saved again, and signs the test request', async () => {
    await handlers['webhook/set']({ destination: { url, secretHeader: { name: 'X-Hook-Secret', value: 'old' } } }, panel);
    expect(await handlers['webhook/get']({}, panel)).toEqual({ url, secretHeaderName: 'X-Hook-Secret', signed: false });

    const { secret } = await handlers['webhook/secret']({}, panel);
    expect(secret).toMatch(/^whsec_/);
    const after = await handlers['webhook/get']({}, panel);
    expect(after).toEqual({ url, secretHeaderName: 'X-Hook-Secret', signed: true });
    expect(JSON.stringify(after)).not.toContain(secret.slice(6));

    // Saved again from the form (which never holds the secret): still signed with the same secret.
    await handlers['webhook/set']({ destination: { url } }, panel);
    expect((await handlers['webhook/get']({}, panel)).signed).toBe(true);

    const report = await handlers['webhook/test']({}, panel);
    expect(report.batches[0]).toMatchObject({ ok: true, attempts: 1, status: 204 });
    const last = got.at(-1)!;
    expect(new Webhook(secret).verify(last.body, signedHeaders(last))).toMatchObject({ test: true });
  });

  it('a new receiver (another origin, here another port) does not inherit the secret: it starts unsigned', async () => {
    await handlers['webhook/set']({ destination: { url } }, panel);
    await handlers['webhook/secret']({}, panel);
    expect((await handlers['webhook/get']({}, panel)).signed).toBe(true);
    const elsewhere = new URL(url);
    elsewhere.port = String(Number(elsewhere.port) === 65535 ? 65534 : Number(elsewhere.port) + 1);
    await handlers['webhook/set']({ destination: { url: elsewhere.href } }, panel);
    expect(await handlers['webhook/get']({}, panel)).toMatchObject({ url: elsewhere.href, signed: false });
    // Back to the first receiver: still unsigned until a secret is generated for it (the old one is gone for good).
    await handlers['webhook/set']({ destination: { url } }, panel);
    expect((await handlers['webhook/get']({}, panel)).signed).toBe(false);
  });

  it('a new secret replaces the old one: requests signed with it no longer verify with the old', async () => {
    const { secret: first } = await handlers['webhook/secret']({}, panel);
    const { secret: second } = await handlers['webhook/secret']({}, panel);
    expect(second).not.toBe(first);
    await handlers['webhook/test']({}, panel);
    const last = got.at(-1)!;
    expect(() => new Webhook(second).verify(last.body, signedHeaders(last))).not.toThrow();
    expect(() => new Webhook(first).verify(last.body, signedHeaders(last))).toThrow();
  });

  it('removing the webhook removes the secret with it', async () => {
    await handlers['webhook/set']({ destination: null }, panel);
    expect(await handlers['webhook/get']({}, panel)).toEqual({ url: null, secretHeaderName: null, signed: false });
  });
});
