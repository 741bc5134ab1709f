import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SANDBOX_ADMIN_HEADERS } from '@/sandbox/admin-guard';
import { BODY_EXCERPT_BYTES, BULK_BODY_LIMIT_BYTES, bodyExcerpt } from '@/sandbox/body';
import { RequestLog } from '@/sandbox/request-log';
import { call, freshKey } from './helpers';

/*
 * Why: the sandbox once read every POST body before checking the key, with no limit, and logged whole
 * bodies (eight 100 MB POSTs: 1.2 GB; seventeen 200 MB POSTs: out of memory). The sandbox under test runs in its
 * own process (the CLI), so its memory is measured apart from the client that sends the bodies.
 */

const MB = 1024 * 1024;
const HUGE = 50 * MB;

interface HugeAnswer {
  status: number;
  text: string;
}

/**
 * POSTs a body declared as `total` bytes (Content-Length, or chunked) but writes at most `sendAtMost` of them and
 * then waits for the answer: an answer proves the sandbox did not need the rest (before the fix it waited for the
 * whole body, so these requests never got one). Nothing is held in memory beyond one 64 kB chunk.
 */
function hugePost(
  base: string,
  path: string,
  headers: Record<string, string>,
  framing: 'length' | 'chunked',
  { total = HUGE, sendAtMost = total }: { total?: number; sendAtMost?: number } = {},
): Promise<HugeAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(new URL(path, base), {
      method: 'POST',
      headers: { ...headers, ...(framing === 'length' ? { 'Content-Length': String(total) } : {}) },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        req.destroy();
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, '{"field_type":"email","value":"a@b.co"},');
    const pump = (): void => {
      while (!answered && sent < sendAtMost) {
        const n = Math.min(chunk.length, sendAtMost - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered && sent === total) req.end();
    };
    pump();
  });
}

/** The sandbox CLI in a child process on a free port. */
async function startChildSandbox(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (data: Buffer) => {
      out += data.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited (${code}) before listening: ${out}`)));
  });
  child.stdout?.resume();
  return { url, child };
}

const memory = async (url: string) =>
  ((await call(url, '/_sandbox/info')).json() as { memory: { rssBytes: number; heapUsedBytes: number } }).memory;

describe('huge bodies (a sandbox in its own process)', () => {
  let url: string;
  let child: ChildProcess;
  let before: { rssBytes: number; heapUsedBytes: number };
  const key = freshKey();

  beforeAll(async () => {
    ({ url, child } = await startChildSandbox());
    // Warm up the paths under test so the baseline already holds their code and caches.
    const form = new FormData();
    form.set('query_list', JSON.stringify([{ field_type: 'email', value: 'nobody@example.com' }]));
    expect((await call(url, '/v1/bulk-enrich', { key, method: 'POST', body: form })).status).toBe(200);
    before = await memory(url);
  });
  afterAll(() => {
    child.kill('SIGTERM');
  });

  // Rows: case, path, headers, framing, bytes written before waiting, status, what the error body says.
  it.each([
    ['no key, Content-Length', '/v1/bulk-enrich', {}, 'length', 1 * MB, 401, 'invalid_key'],
    ['no key, chunked', '/v1/bulk-enrich', {}, 'chunked', 1 * MB, 401, 'invalid_key'],
    ['unknown key, chunked', '/v1/prospector', { 'X-API-Key': 'stolen-or-guessed' }, 'chunked', 1 * MB, 401, 'invalid_key'],
    ['valid key, Content-Length', '/v1/bulk-enrich', { 'X-API-Key': key }, 'length', 1 * MB, 413, 'larger than 8 MB'],
    // Without a length the sandbox counts while streaming: it answers once 8 MB have passed.
    ['valid key, chunked', '/v1/bulk-enrich', { 'X-API-Key': key }, 'chunked', 12 * MB, 413, 'larger than 8 MB'],
    ['valid key, contact search, chunked', '/v1/prospector', { 'X-API-Key': freshKey('enterprise') }, 'chunked', 4 * MB, 413, 'larger than 1 MB'],
    ['admin route without the admin header', '/_sandbox/faults', {}, 'chunked', 1 * MB, 403, 'X-Sandbox-Admin'],
    ['admin route with the admin header', '/_sandbox/faults', { ...SANDBOX_ADMIN_HEADERS }, 'length', 1 * MB, 413, 'larger than 64 kB'],
  ] as const)('50 MB POST, %s: answered without the rest of the body', async (_case, path, headers, framing, sendAtMost, status, says) => {
    const answer = await hugePost(url, path, { 'Content-Type': 'application/json', ...headers }, framing, { sendAtMost });
    expect(answer.status).toBe(status);
    expect(answer.text).toContain(says);
  });

  it('keeps its memory bounded after eight more 50 MB POSTs sent whole, and logs no body it refused', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await hugePost(url, '/v1/bulk-enrich', {}, i % 2 ? 'chunked' : 'length')).status).toBe(401);
      expect((await hugePost(url, '/v1/bulk-enrich', { 'X-API-Key': key }, 'chunked')).status).toBe(413);
    }
    const after = await memory(url);
    const grewMb = (after.rssBytes - before.rssBytes) / MB;
    console.info(
      `sandbox RSS ${(before.rssBytes / MB).toFixed(1)} MB → ${(after.rssBytes / MB).toFixed(1)} MB after 16 POSTs of up to 50 MB ` +
        `(heap ${(before.heapUsedBytes / MB).toFixed(1)} → ${(after.heapUsedBytes / MB).toFixed(1)} MB)`,
    );
    // Before the fix every body stayed referenced from the log: 16 × 50 MB = 800 MB.
    expect(grewMb).toBeLessThan(100);
    const logged = (await call(url, '/_sandbox/requests')).json() as { requests: Array<{ status: number; body?: string }> };
    const refused = logged.requests.filter((r) => r.status === 401 || r.status === 413);
    expect(refused.length).toBeGreaterThanOrEqual(12);
    expect(refused.filter((r) => r.body !== undefined)).toEqual([]);
  });
});

describe('bodies within the limit', () => {
  const url = inject('sandboxUrl');

  it('a bulk body just under the limit is read and validated (400 for its content, not 413)', async () => {
    const value = 'x'.repeat(2048);
    const list = JSON.stringify(Array.from({ length: 1001 }, () => ({ field_type: 'email', value })));
    expect(list.length).toBeLessThan(BULK_BODY_LIMIT_BYTES);
    const res = await call(url, '/v1/bulk-enrich', {
      key: freshKey(),
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query_list: list }),
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('query_list');
  });

  it.each([
    ['multipart without a boundary', 'multipart/form-data', 'query_list=[]'],
    ['multipart cut in the middle of a part', 'multipart/form-data; boundary=XyZ', '--XyZ\r\nContent-Disposition: form-data; name="query_list"\r\n\r\n[{"field'],
    ['multipart with a boundary that never appears', 'multipart/form-data; boundary=nope', '{"query_list":"[]"}'],
    ['multipart with no part headers', 'multipart/form-data; boundary=XyZ', '--XyZ\r\n\r\n--XyZ--\r\n'],
  ])('%s → 400 with a readable error, not 500', async (_case, type, body) => {
    const res = await call(url, '/v1/bulk-enrich', { key: freshKey(), method: 'POST', headers: { 'Content-Type': type }, body });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'bad_request' });
  });

  it('the request log keeps the first 20,000 bytes of an accepted body and its full size', async () => {
    const key = freshKey();
    const emails = Array.from({ length: 1000 }, (_, i) => ({ field_type: 'email', value: `person.number.${i}@nowhere.example` }));
    const body = JSON.stringify({ query_list: JSON.stringify(emails) });
    expect((await call(url, '/v1/bulk-enrich', { key, method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).status).toBe(200);
    const { requests } = (await call(url, `/_sandbox/requests?key=${key}`)).json() as { requests: Array<{ body?: string; bodyBytes?: number }> };
    expect(requests[0]?.bodyBytes).toBe(Buffer.byteLength(body));
    expect(requests[0]?.body).toBe(body.slice(0, BODY_EXCERPT_BYTES));
  });
});

describe('body excerpts', () => {
  it.each([
    ['a short body whole', 'a'.repeat(10), 'a'.repeat(10)],
    ['exactly the excerpt size', 'b'.repeat(BODY_EXCERPT_BYTES), 'b'.repeat(BODY_EXCERPT_BYTES)],
    ['a long body cut', 'c'.repeat(BODY_EXCERPT_BYTES * 3), 'c'.repeat(BODY_EXCERPT_BYTES)],
    // "é" is 2 bytes: the cut falls inside the last one, which is dropped rather than logged as U+FFFD.
    ['a multi-byte character cut at the end', `${'d'.repeat(BODY_EXCERPT_BYTES - 1)}é tail`, 'd'.repeat(BODY_EXCERPT_BYTES - 1)],
  ])('%s', (_case, text, expected) => {
    expect(bodyExcerpt(new TextEncoder().encode(text))).toBe(expected);
  });
});

describe('request log excerpt budget', () => {
  const entry = (body?: string) => ({ time: '', method: 'POST', path: '/v1/bulk-enrich', query: {}, key: null, status: 200, durationMs: 1, ...(body === undefined ? {} : { body }) });

  it.each([
    // budget, bodies added, how many newest keep their body
    [50_000, 10, 2],
    [100_000, 10, 5],
    [1_000_000, 10, 10],
    [10, 3, 1], // the newest always keeps its excerpt
  ])('budget %i chars, %i excerpts of 20,000 → the newest %i keep theirs', (budget, count, kept) => {
    const log = new RequestLog(budget);
    for (let i = 0; i < count; i++) {
      log.add(entry('z'.repeat(20_000)));
      log.add(entry()); // a GET in between holds nothing
    }
    const withBody = log.list().filter((e) => e.body !== undefined);
    expect(withBody).toHaveLength(kept);
    const posts = log.list().filter((e) => e.id % 2 === 1);
    expect(withBody.map((e) => e.id)).toEqual(posts.slice(-kept).map((e) => e.id));
    expect(log.list()).toHaveLength(count * 2);
  });

  it('clear() resets the budget', () => {
    const log = new RequestLog(40_000);
    log.add(entry('z'.repeat(20_000)));
    log.add(entry('z'.repeat(20_000)));
    log.clear();
    log.add(entry('z'.repeat(20_000)));
    log.add(entry('z'.repeat(20_000)));
    expect(log.list().filter((e) => e.body !== undefined)).toHaveLength(2);
  });
});
