/**
 * The API key must never follow a redirect. A real API stand-in answers every request with a
 * 30x; a second real server ("elsewhere") records whatever reaches it. For each status and each kind of target
 * (another origin, plain http from https, the same origin) the call must fail as `redirected`, name the target
 * and tell the user to update the address, and no request may carry the key past the first hop.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEnrichmentClient } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import { API_KEY_HEADER } from '@/lib/api/limits';
import { describeError } from '@/lib/errors/catalogue';
import { toErrorData } from '@/lib/errors/to-error-data';
import { budget } from '../time-budget';

const KEY = 'sk_redirect_test_0123456789';

interface Seen {
  path: string;
  key: string | undefined;
}

/** Every request that reached a server, by server name. */
const seen: Record<'api' | 'elsewhere', Seen[]> = { api: [], elsewhere: [] };
let redirect: { status: number; location: string } = { status: 302, location: '/' };

function record(name: 'api' | 'elsewhere', req: IncomingMessage): void {
  const key = req.headers[API_KEY_HEADER.toLowerCase()];
  seen[name].push({ path: req.url ?? '', key: typeof key === 'string' ? key : undefined });
}

function apiHandler(req: IncomingMessage, res: ServerResponse): void {
  record('api', req);
  if (req.url?.startsWith('/moved')) {
    // The same-origin target: would answer like the real API if the client ever got here.
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ valid: true }));
    return;
  }
  res.writeHead(redirect.status, { location: redirect.location, 'access-control-allow-origin': '*' }).end();
}

function elsewhereHandler(req: IncomingMessage, res: ServerResponse): void {
  record('elsewhere', req);
  res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end('{}');
}

const servers: Server[] = [];
let apiHttp: string;
let apiHttps: string;
let elsewhereHttp: string;
let httpsFetch: typeof globalThis.fetch;

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  // A self-signed certificate for a real https stand-in: the "https API redirects to http" case.
  const dir = mkdtempSync(join(tmpdir(), 'ipe-redirect-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' });
  const tls = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  apiHttp = `http://127.0.0.1:${await listen(createHttpServer(apiHandler))}`;
  apiHttps = `https://127.0.0.1:${await listen(createHttpsServer(tls, apiHandler))}`;
  elsewhereHttp = `http://127.0.0.1:${await listen(createHttpServer(elsewhereHandler))}`;
  const insecure = new Agent({ connect: { rejectUnauthorized: false } });
  // ky hands fetch a Request; rebuilt for the undici package's fetch, which trusts the self-signed certificate.
  httpsFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = request.body ? await request.arrayBuffer() : undefined;
    return (await undiciFetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      redirect: request.redirect,
      ...(body ? { body } : {}),
      dispatcher: insecure,
    })) as unknown as Response;
  }) as typeof globalThis.fetch;
}, budget(60_000));

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

beforeEach(() => {
  seen.api.length = 0;
  seen.elsewhere.length = 0;
});

const STATUSES = [301, 302, 303, 307, 308] as const;
type Target = 'another origin' | 'plain http' | 'same origin';
const TARGETS: Target[] = ['another origin', 'plain http', 'same origin'];

/** Base URL of the API stand-in and where it redirects, for one kind of target. */
function scenario(target: Target): { base: string; location: string; expected: string; fetch?: typeof globalThis.fetch } {
  switch (target) {
    case 'another origin':
      // A host with no permission and a CORS `*`: the worst case the review found.
      return { base: apiHttp, location: `${elsewhereHttp}/steal?x=1`, expected: `${elsewhereHttp}/steal` };
    case 'plain http':
      // https → http: the key would travel in clear to an address the settings refuse.
      return { base: apiHttps, location: `${elsewhereHttp}/v1/enrich`, expected: `${elsewhereHttp}/v1/enrich`, fetch: httpsFetch };
    case 'same origin':
      // Even on the same origin, a redirect means the configured address is not the API's: say so.
      return { base: apiHttp, location: '/moved/v1/enrich', expected: `${apiHttp}/moved/v1/enrich` };
  }
}

const rows = STATUSES.flatMap((status) => TARGETS.map((target) => [status, target] as const));

describe('API calls refuse redirects: one could carry the key to another host', () => {
  it.each(rows)('%i to %s: fails as "redirected", names the target, and the key goes nowhere else', async (status, target) => {
    const s = scenario(target);
    redirect = { status, location: s.location };
    const client = createEnrichmentClient({
      baseUrl: s.base,
      getApiKey: () => Promise.resolve(KEY),
      ...(s.fetch ? { fetch: s.fetch } : {}),
    });

    const error = await client.emails.verify('jane@example.com').then(
      () => undefined,
      (err: unknown) => err,
    );

    expect(isApiError(error, 'redirected'), String(error)).toBe(true);
    const data = toErrorData(error);
    expect(data.kind).toBe('redirected');
    expect(data.status).toBe(status);
    expect(data.message).toContain(`redirects to ${s.expected}`);
    expect(data.message).toContain('update the address in settings');
    expect(data.message).not.toContain(KEY);
    expect(describeError(data).actions).toContain('open-settings');
    // Exactly one request, to the configured API; nothing followed the redirect (with or without the key).
    expect(seen.api).toHaveLength(1);
    expect(seen.api[0]?.key).toBe(KEY);
    expect(seen.elsewhere).toEqual([]);
  });

  it('does not retry a redirect, even on a free, idempotent endpoint', async () => {
    redirect = { status: 307, location: `${elsewhereHttp}/v1/verify` };
    const client = createEnrichmentClient({ baseUrl: apiHttp, getApiKey: () => Promise.resolve(KEY) });
    await expect(client.checkKey()).rejects.toMatchObject({ kind: 'redirected' });
    expect(seen.api).toHaveLength(1);
    expect(seen.elsewhere).toEqual([]);
  });

  it('a 308 is not remembered: the next call goes to the configured address again', async () => {
    redirect = { status: 308, location: `${elsewhereHttp}/v1/verify` };
    const client = createEnrichmentClient({ baseUrl: apiHttp, getApiKey: () => Promise.resolve(KEY) });
    await expect(client.emails.verify('a@example.com')).rejects.toMatchObject({ kind: 'redirected' });
    await expect(client.emails.verify('b@example.com')).rejects.toMatchObject({ kind: 'redirected' });
    expect(seen.api).toHaveLength(2);
    expect(seen.elsewhere).toEqual([]);
  });

  it('without a Location header the error still says the address redirects', async () => {
    redirect = { status: 302, location: '' };
    const client = createEnrichmentClient({ baseUrl: apiHttp, getApiKey: () => Promise.resolve(KEY) });
    const error = await client.emails.verify('c@example.com').catch((err: unknown) => err);
    expect(toErrorData(error).message).toContain('redirects to another address');
  });
});
