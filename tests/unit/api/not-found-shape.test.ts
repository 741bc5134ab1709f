import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrichmentClient } from '@/lib/api/client';

// A base URL that points at some other web server (a proxy, a docs site): its 404 page is not the API's
// "no match", and must not be cached as one.
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/v1/enrich?email=known')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ errorText: 'No contact found for email "known".' }));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' }).end('<html><title>404 Not Found</title></html>');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe('404 answers', () => {
  it('the API’s { errorText } body is a normal "no match"', async () => {
    const client = createEnrichmentClient({ baseUrl, getApiKey: async () => 'test-standard' });
    await expect(client.contacts.enrich({ email: 'known@acme.com' })).resolves.toMatchObject({
      found: false,
      errorText: 'No contact found for email "known".',
    });
  });

  it('a 404 page from some other server is an unexpected answer that points at the base URL', async () => {
    const client = createEnrichmentClient({ baseUrl, getApiKey: async () => 'test-standard' });
    await expect(client.contacts.enrich({ email: 'jane@acme.com' })).rejects.toMatchObject({
      kind: 'bad_response',
      status: 404,
      message: expect.stringContaining('Check the API base URL'),
    });
  });
});
