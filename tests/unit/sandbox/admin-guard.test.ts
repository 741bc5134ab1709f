import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRefusal, isLoopbackHost, SANDBOX_ADMIN_HEADERS } from '@/sandbox/admin-guard';
import { startSandbox } from '@/sandbox/server';
import { call } from './helpers';

/*
 * Why: one `no-cors` POST from a web page on another local origin queued 1,000 faults. Rows carry the
 * headers each kind of request really has (Chromium's, recorded by the real-browser test below).
 */

const own = '127.0.0.1:8787';

describe('adminRefusal', () => {
  it.each([
    ['test or script in Node: GET, no browser headers', 'GET', { host: own }, null],
    ['test or script in Node: POST with the admin header', 'POST', { host: own, ...SANDBOX_ADMIN_HEADERS }, null],
    ['DELETE with the admin header on localhost', 'DELETE', { host: 'localhost:8787', 'x-sandbox-admin': '1' }, null],
    ['IPv6 loopback', 'POST', { host: '[::1]:8787', 'x-sandbox-admin': '1' }, null],
    ['the sandbox\'s own demo page, same-origin fetch', 'POST', { host: own, origin: `http://${own}`, 'sec-fetch-site': 'same-origin', 'x-sandbox-admin': '1' }, null],
    ['typed into the address bar', 'GET', { host: own, 'sec-fetch-site': 'none' }, null],
    ['POST without the admin header', 'POST', { host: own }, 'X-Sandbox-Admin: 1'],
    ['admin header with another value', 'POST', { host: own, 'x-sandbox-admin': 'yes' }, 'X-Sandbox-Admin: 1'],
    [
      'no-cors fetch POST from another port of 127.0.0.1',
      'POST',
      { host: own, origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors', 'content-type': 'text/plain;charset=UTF-8' },
      'same-site',
    ],
    ['HTML form POST from localhost (text/plain JSON)', 'POST', { host: own, origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' }, 'cross-site'],
    ['<img> GET from a public site', 'GET', { host: own, 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' }, 'cross-site'],
    ['old browser without Sec-Fetch-*, foreign Origin', 'POST', { host: own, origin: 'http://evil.example', 'x-sandbox-admin': '1' }, 'origin http://evil.example'],
    ['sandboxed iframe or file:// page (Origin null)', 'POST', { host: own, origin: 'null', 'x-sandbox-admin': '1' }, 'origin null'],
    // A rebound name is same-origin for the browser, so it may send any header: the Host gives it away.
    ['DNS rebinding (evil.example → 127.0.0.1)', 'POST', { host: 'evil.example:8787', 'sec-fetch-site': 'same-origin', 'x-sandbox-admin': '1' }, 'loopback'],
    ['no Host header', 'GET', {}, 'loopback'],
  ])('%s', (_case, method, headers, refusal) => {
    const result = adminRefusal(method, new Headers(headers as Record<string, string>));
    if (refusal === null) expect(result).toBeNull();
    else expect(result).toContain(refusal);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1:8787', true],
    ['127.0.0.1', true],
    ['127.12.0.9:80', true],
    ['localhost:8787', true],
    ['[::1]:8787', true],
    ['127.0.0.1.evil.example:8787', false],
    ['127.evil.example', false],
    ['127.0.0.256:8787', false],
    ['localhost.evil.example', false],
    ['[::2]:8787', false],
    ['0.0.0.0:8787', false],
    ['', false],
  ])('%s → %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});

describe('the sandbox over HTTP', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ quiet: true });
  });
  afterAll(() => sandbox.close());

  const faults = async () => ((await call(sandbox.url, '/_sandbox/faults')).json() as { faults: unknown[] }).faults;
  const spec = JSON.stringify({ mode: '500', count: 1000 });

  it.each([
    ['POST without the admin header', { 'Content-Type': 'application/json' }, 403],
    ['POST as a no-cors page sends it', { 'Content-Type': 'text/plain', Origin: 'http://127.0.0.1:3000', 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'no-cors' }, 403],
    ['POST with the admin header', { 'Content-Type': 'application/json', ...SANDBOX_ADMIN_HEADERS }, 200],
  ])('%s → %i', async (_case, headers, status) => {
    await call(sandbox.url, '/_sandbox/faults', { method: 'DELETE', headers: { ...SANDBOX_ADMIN_HEADERS } });
    const res = await call(sandbox.url, '/_sandbox/faults', { method: 'POST', headers, body: spec });
    expect(res.status).toBe(status);
    expect(await faults()).toHaveLength(status === 200 ? 1 : 0);
  });

  it.each([
    ['/_sandbox/faults', 403],
    ['/_sandbox/requests', 403],
  ])('DELETE %s without the admin header → %i, nothing cleared', async (path, status) => {
    await call(sandbox.url, '/_sandbox/faults', { method: 'DELETE', headers: { ...SANDBOX_ADMIN_HEADERS } });
    await call(sandbox.url, '/_sandbox/faults', { method: 'POST', headers: { ...SANDBOX_ADMIN_HEADERS, 'Content-Type': 'application/json' }, body: spec });
    expect((await call(sandbox.url, path, { method: 'DELETE' })).status).toBe(status);
    expect(await faults()).toHaveLength(1);
  });
});

const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));

describe('a real Chromium page on another local origin', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let page: Server;
  let pagePort: number;
  let browser: Browser;

  beforeAll(async () => {
    if (!chromiumPath) throw new Error('Chromium not found: run `bash scripts/ensure-chromium.sh` or set CHROMIUM_PATH.');
    sandbox = await startSandbox({ quiet: true });
    page = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>attacker</title>'));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pagePort = (page.address() as AddressInfo).port;
    browser = await chromium.launch({ executablePath: chromiumPath });
  });
  afterAll(async () => {
    await browser?.close();
    page?.close();
    await sandbox?.close();
  });

  // 127.0.0.1 on another port is same-site; localhost is cross-site to 127.0.0.1.
  it.each([['127.0.0.1'], ['localhost']])('from http://%s:<port>: no-cors fetch, text/plain form and CORS fetch all queue nothing', async (pageHost) => {
    const tab = await browser.newPage();
    try {
      await tab.goto(`http://${pageHost}:${pagePort}/`);
      const outcome = await tab.evaluate(async (target) => {
        const body = JSON.stringify({ mode: '500', count: 1000 });
        // 1. The attack of the report: an opaque POST; it resolves once the sandbox answered.
        const noCors = await fetch(target, { method: 'POST', mode: 'no-cors', body }).then(
          (r) => r.type,
          (e: Error) => `failed: ${e.message}`,
        );
        // 2. A CORS request may carry the header only after a preflight, which the admin routes never approve.
        const cors = await fetch(target, { method: 'POST', headers: { 'X-Sandbox-Admin': '1', 'Content-Type': 'application/json' }, body }).then(
          (r) => `answered ${r.status}`,
          () => 'blocked',
        );
        // 3. A classic form CSRF: a text/plain form whose one field spells JSON.
        const frame = document.createElement('iframe');
        frame.name = 'sink';
        document.body.append(frame);
        const form = Object.assign(document.createElement('form'), { action: target, method: 'POST', enctype: 'text/plain', target: 'sink' });
        const field = Object.assign(document.createElement('input'), { type: 'hidden', name: '{"mode":"500","count":1000,"x":"', value: '"}' });
        form.append(field);
        document.body.append(form);
        const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
        form.submit();
        await loaded;
        return { noCors, cors };
      }, `${sandbox.url}/_sandbox/faults`);
      expect(outcome).toEqual({ noCors: 'opaque', cors: 'blocked' });
      expect(((await call(sandbox.url, '/_sandbox/faults')).json() as { faults: unknown[] }).faults).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});
