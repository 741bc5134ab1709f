/**
 * A hostile or broken service must not fill the worker's memory: every answer is read with a byte cap derived from what
 * was asked (lib/api/limits.ts, maxAnswerBytes), before any parsing. A real HTTP server on 127.0.0.1 plays a hostile
 * API, announcing the length or streaming without one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrichmentClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { maxAnswerBytes } from '@/lib/api/limits';

let server: Server;
let base = '';
const written: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const bytes = Number(url.searchParams.get('email')?.split('@')[0]?.slice(1) ?? 0);
    const filler = 'x'.repeat(Math.max(0, bytes - 40));
    const body = JSON.stringify({ result: { full_name: 'A', notes: filler } });
    if (url.searchParams.get('email')?.startsWith('c')) {
      // Streamed without Content-Length, 64 kB at a time, until the client stops reading.
      res.writeHead(200, { 'content-type': 'application/json' });
      let sent = 0;
      const more = () => {
        while (sent < body.length) {
          const part = body.slice(sent, sent + 65_536);
          sent += part.length;
          if (!res.write(part)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('close', () => written.push(sent));
      more();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => createEnrichmentClient({ baseUrl: base, getApiKey: () => Promise.resolve('test-key') });
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected a failure');
};

describe('answers are read with a byte cap from what was asked', () => {
  it('an answer within the cap of one record is read and parsed', async () => {
    const reply = await client().contacts.enrich({ email: `n${10_000}@acme.com` });
    expect(reply.found).toBe(true);
  });

  it('an announced 5 MB answer to a one-record lookup is refused unread with a clear error', async () => {
    const err = await failure(client().contacts.enrich({ email: `n${5_000_000}@acme.com` }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe('bad_response');
    expect(err.message).toMatch(new RegExp(`larger than ${Math.ceil(maxAnswerBytes(1) / 1024)} kB, more than the request can need`));
  });

  it('a streamed 50 MB answer without a length stops being read just past the cap', async () => {
    const err = await failure(client().contacts.enrich({ email: `c${50_000_000}@acme.com` }));
    expect(err.kind).toBe('bad_response');
    expect(err.message).toMatch(/larger than \d+ kB/);
    // The server saw the reader go away long before 50 MB (socket buffers allow a few MB in flight).
    await expect.poll(() => written.at(-1) ?? Infinity).toBeLessThan(20_000_000);
  });
});
